// swift-tools-version: 6.3
// Waymark: a geodesy kernel for AR navigation. See README.md.
// 6.3: the C ABI adapters use `@c @implementation`, which arrived with Swift 6.3.
import PackageDescription

let package = Package(
    name: "Waymark",
    // The lowest systems the code needs: the core's SIMD types arrived with iOS 13 /
    // macOS 10.15 (watchOS 6, tvOS 13); the CLI's `bench` times with ContinuousClock
    // (macOS 13). Nothing else is gated by availability (no UInt128, no Span).
    platforms: [.macOS(.v13), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        // Everything: the core, the PROJ layer, the walk simulators and the readers (import Waymark).
        .library(name: "Waymark", targets: ["Waymark"]),
        // The core alone: no PROJ, no Foundation (frames, short-range geodesics,
        // GCJ-02/BD-09, matrices).
        .library(name: "WaymarkCore", targets: ["WaymarkCore"]),
        // AR navigation on the core: the navigator and its estimators, route arrows,
        // screen math, labels, POIs (no PROJ, no Foundation).
        .library(name: "WaymarkNavigation", targets: ["WaymarkNavigation"]),
        // Karney geodesics, the PROJ pipeline reference, CRS transforms, the geoid.
        .library(name: "WaymarkPROJ", targets: ["WaymarkPROJ"]),
        // The readers of the formats Waymark takes (GPX, KML, TCX, NMEA, field logs) on the
        // core: no PROJ, no Foundation, Embedded-Swift clean.
        .library(name: "WaymarkIO", targets: ["WaymarkIO"]),
        // The C ABI's Swift side; the shipped C library is built by CMake (Embedded).
        .library(name: "WaymarkC", targets: ["WaymarkC"]),
        // The seeded walk simulators on the core (experimental: may change in any minor
        // version before 1.0, as the C header's WAYMARK_EXPERIMENTAL section).
        .library(name: "WaymarkSimulation", targets: ["WaymarkSimulation"]),
        .executable(name: "waymark", targets: ["waymark-cli"]),
    ],
    // The CLI's argument parsing, help, completions and suggestions; the libraries
    // depend on nothing.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // PROJ's C API (proj.h, geodesic.h) from the system: apt libproj-dev, brew proj.
        .systemLibrary(
            name: "CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"]), .brew(["proj"])]
        ),
        // What files Waymark's PROJ contexts may open: PROJ's file API, restricted
        // (static inline C, so the Embedded library needs no C target for it).
        .systemLibrary(name: "CProjFilePolicy", pkgConfig: "proj"),
        // The C library's maths, so the core needs no platform module and no PROJ.
        .systemLibrary(name: "CWaymarkMath"),
        // The core: no PROJ, no Foundation, Embedded-Swift clean (scripts/check-embedded
        // proves it, and builds it for wasm32).
        .target(name: "WaymarkCore", dependencies: ["CWaymarkMath", "CWaymarkKernels"], linkerSettings: [.linkedLibrary("m")]),
        // The core's C kernels: the run-time CPU dispatch and the AVX2 + FMA paths (a C
        // function target attribute, so no unsafeFlags anywhere; see the README's speed section).
        .target(name: "CWaymarkKernels", linkerSettings: [.linkedLibrary("m")]),
        // AR navigation on top of the core: no PROJ, no Foundation, Embedded-Swift clean.
        .target(name: "WaymarkNavigation", dependencies: ["WaymarkCore", "CWaymarkMath"]),
        // The PROJ layer on top of the core (and the navigator's geoid heights).
        .target(name: "WaymarkPROJ", dependencies: ["WaymarkCore", "WaymarkNavigation", "CProj", "CProjFilePolicy"]),
        // The seeded walk simulators (field tests of the heading corrector and the
        // navigator) on top of the core: no PROJ, no Foundation, Embedded-Swift clean.
        .target(name: "WaymarkSimulation", dependencies: ["WaymarkCore", "WaymarkNavigation", "WaymarkIO", "CWaymarkMath"]),
        // The C library's strtod for the readers (a module of its own, as CWaymarkMath).
        .systemLibrary(name: "CWaymarkText"),
        // The format readers on top of the core: one parser per format, for the CLI and,
        // through the C API, every binding (no PROJ, no Foundation, Embedded-Swift clean).
        .target(name: "WaymarkIO", dependencies: ["WaymarkCore", "WaymarkNavigation", "CWaymarkText"]),
        // The report pages (HTML and SVG: `waymark accuracy`, `accuracy TRACK`, the run
        // pages' drawing) for the CLI and, through the C API, Python: no PROJ (the exact
        // geodesic is handed in), no Foundation, Embedded-Swift clean.
        .target(name: "WaymarkReports", dependencies: ["WaymarkCore", "WaymarkNavigation", "WaymarkIO", "CWaymarkMath"]),
        // The umbrella: re-exports the five.
        .target(name: "Waymark", dependencies: ["WaymarkCore", "WaymarkNavigation", "WaymarkPROJ", "WaymarkSimulation", "WaymarkIO"]),
        // The C ABI: include/waymark.h as a module (its experimental section included),
        // implemented by thin Swift adapters.
        .systemLibrary(name: "CWaymark"),
        // WAYMARK_PROJ: the full flavour (CMake's core flavour compiles without it).
        .target(name: "WaymarkC", dependencies: ["WaymarkCore", "WaymarkNavigation", "WaymarkPROJ", "WaymarkSimulation", "WaymarkIO",
                                                 "WaymarkReports", "CWaymark"],
                swiftSettings: [.define("WAYMARK_PROJ")]),
        // The C floor `waymark bench` and Benchmarks/ measure against (not in the library,
        // not a product: Benchmarks/ compiles the same sources as its own target).
        // It includes the kernels' degree sine and cosine (waymark_sincosd.h), so the floor
        // does the same polynomial work.
        .target(name: "CReferenceKernels", dependencies: ["CWaymarkKernels"]),
        .executableTarget(name: "waymark-cli", dependencies: [
            "Waymark", "WaymarkNavigation", "WaymarkSimulation", "WaymarkIO", "WaymarkReports", "CReferenceKernels", "WaymarkC", "CWaymark",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "WaymarkTests", dependencies: ["Waymark", "WaymarkCore", "WaymarkNavigation", "WaymarkPROJ", "WaymarkSimulation", "WaymarkIO", "WaymarkReports", "CProj", "CWaymark"]),
        .testTarget(name: "CLITests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)

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
        .library(name: "Waymark", targets: ["Waymark"]),
        // The C ABI's Swift side; the shipped C library is built by CMake (Embedded).
        .library(name: "WaymarkC", targets: ["WaymarkC"]),
        .library(name: "CReferenceKernels", targets: ["CReferenceKernels"]),
        .executable(name: "waymark", targets: ["waymark-cli"]),
    ],
    targets: [
        // PROJ's C API (proj.h, geodesic.h) from the system: apt libproj-dev, brew proj.
        .systemLibrary(
            name: "CProj",
            pkgConfig: "proj",
            providers: [.apt(["libproj-dev"]), .brew(["proj"])]
        ),
        // The core: no Foundation, Embedded-Swift clean (scripts/check-embedded proves it).
        .target(name: "Waymark", dependencies: ["CProj"], linkerSettings: [.linkedLibrary("m")]),
        // The C ABI: include/waymark.h as a module, implemented by thin Swift adapters.
        .systemLibrary(name: "CWaymark", path: "include"),
        .target(name: "WaymarkC", dependencies: ["Waymark", "CWaymark"]),
        // The C floor `waymark bench` and Benchmarks/ measure against (not in the library).
        .target(name: "CReferenceKernels"),
        .executableTarget(name: "waymark-cli", dependencies: ["Waymark", "CReferenceKernels", "CProj"]),
        .testTarget(name: "WaymarkTests", dependencies: ["Waymark", "CProj"]),
        .testTarget(name: "CLITests", dependencies: []),
    ],
    swiftLanguageModes: [.v6]
)

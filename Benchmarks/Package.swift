// swift-tools-version: 6.1
// Waymark's benchmarks (ordo-one/package-benchmark). Run from this folder:
//   swift package benchmark            (all suites)
//   swift package benchmark --filter "geo→scene.*"
// Wall-clock ratios against PROJ and the C floor in one process: `waymark bench`.
import PackageDescription

let package = Package(
    name: "WaymarkBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Waymark", path: ".."),
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The C floor the benchmarks measure against: the main package's
        // Sources/CReferenceKernels (not a product there), through the symlink
        // Sources/CReferenceFloor, under its own name (target names are unique across
        // the package graph).
        // WaymarkCore brings CWaymarkKernels' headers (the floor includes waymark_sincosd.h).
        .target(name: "CReferenceFloor", dependencies: [.product(name: "WaymarkCore", package: "Waymark")]),
        .executableTarget(
            name: "WaymarkBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "package-benchmark"),
                .product(name: "Waymark", package: "Waymark"),
                .product(name: "WaymarkCore", package: "Waymark"),
                .product(name: "WaymarkPROJ", package: "Waymark"),
                "CReferenceFloor",
            ],
            path: "Benchmarks/WaymarkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
    ]
)

import Benchmark
import CReferenceFloor
import Waymark
@_spi(CPUPaths) import WaymarkCore
@_spi(CPUPaths) import WaymarkPROJ

/// One suite per capability. Set-up (route generation, frames, PROJ objects) happens
/// outside the measured closures; each benchmark runs a whole batch per iteration, so
/// the malloc counts it reports are per batch (the hot paths must show 0). The plain
/// names run the dispatched path (AVX-512 or AVX2 + FMA where the CPU has it); "(baseline path)"
/// variants force the portable code in the same process.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                           maxDuration: .seconds(2), maxIterations: 1_000)

    let origin = try! GeodeticCoordinate(latitude: 55.73, longitude: 37.601, height: 150)
    let frame = SceneFrame(origin: origin, axes: .eus)

    for n in [1_000, 10_000, 100_000] {
        let route = Route(count: n, origin: origin)
        let input = route.buffer
        Benchmark("geo→scene exact n=\(n)") { benchmark in
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! frame.scenePositions(geodetic: input, stride: 24, into: out, stride: 24, count: n)
                blackHole(out[0])
            }
        }
        Benchmark("geo→scene exact (baseline path) n=\(n)") { benchmark in
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! frame.scenePositions(geodetic: input, stride: 24, into: out, stride: 24, count: n, path: .baseline)
                blackHole(out[0])
            }
        }
        Benchmark("geo→scene PROJ pipeline n=\(n)") { benchmark in
            let pipeline = try! ProjTopocentricPipeline(origin: origin)
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! pipeline.forward(geodetic: input, stride: 24, into: out, stride: 24, count: n)
                blackHole(out[0])
            }
        }
        for baseline in [SphericalBaseline.haversine, .metersPerDegree] {
            Benchmark("geo→scene baseline \(baseline.method) n=\(n)") { benchmark in
                let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
                defer { out.deallocate() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    try! frame.scenePositions(geodetic: input, stride: 24, into: out, stride: 24, count: n, baseline: baseline)
                    blackHole(out[0])
                }
            }
        }
        Benchmark("geo→scene C floor vector n=\(n)") { benchmark in
            var floor = wmref_frame()
            wmref_frame_init(&floor, origin.latitude, origin.longitude, origin.height, 6_378_137, 1 / 298.257223563)
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                wmref_forward_vector(&floor, input.assumingMemoryBound(to: Double.self), out, n)
                blackHole(out[0])
            }
        }
        // AVX-512 machines have AVX2 + FMA too: both floors run there.
        if CPUPath.supported != .baseline {
            Benchmark("geo→scene C floor vector AVX2 n=\(n)") { benchmark in
                var floor = wmref_frame()
                wmref_frame_init(&floor, origin.latitude, origin.longitude, origin.height, 6_378_137, 1 / 298.257223563)
                let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
                defer { out.deallocate() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    wmref_forward_vector_avx2(&floor, input.assumingMemoryBound(to: Double.self), out, n)
                    blackHole(out[0])
                }
            }
        }
        if CPUPath.supported == .avx512 {
            Benchmark("geo→scene C floor vector AVX-512 n=\(n)") { benchmark in
                var floor = wmref_frame()
                wmref_frame_init(&floor, origin.latitude, origin.longitude, origin.height, 6_378_137, 1 / 298.257223563)
                let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
                defer { out.deallocate() }
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    wmref_forward_vector_avx512(&floor, input.assumingMemoryBound(to: Double.self), out, n)
                    blackHole(out[0])
                }
            }
        }
    }

    let n = 10_000
    let route = Route(count: n, origin: origin)
    let input = route.buffer

    Benchmark("scene→geo n=\(n)") { benchmark in
        let scene = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        defer { scene.deallocate(); out.deallocate() }
        try! frame.scenePositions(geodetic: input, stride: 24, into: scene, stride: 24, count: n)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! frame.geodeticPositions(scene: scene, stride: 24, into: out, stride: 24, count: n)
            blackHole(out[0])
        }
    }
    Benchmark("scene→geo (baseline path) n=\(n)") { benchmark in
        let scene = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        defer { scene.deallocate(); out.deallocate() }
        try! frame.scenePositions(geodetic: input, stride: 24, into: scene, stride: 24, count: n)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! frame.geodeticPositions(scene: scene, stride: 24, into: out, stride: 24, count: n, path: .baseline)
            blackHole(out[0])
        }
    }
    Benchmark("anchor transforms (baseline path) n=\(n)") { benchmark in
        let out = UnsafeMutablePointer<Matrix4x4f>.allocate(capacity: n)
        defer { out.deallocate() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! frame.anchorTransforms(geodetic: input, stride: 24, intoUnaligned: UnsafeMutableRawPointer(out), count: n, path: .baseline)
            blackHole(out[0])
        }
    }
    Benchmark("anchor transforms n=\(n)") { benchmark in
        let out = UnsafeMutablePointer<Matrix4x4f>.allocate(capacity: n)
        defer { out.deallocate() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! frame.anchorTransforms(geodetic: input, stride: 24, into: out, count: n)
            blackHole(out[0])
        }
    }
    for shortRange in [false, true] {
        let name = shortRange ? "short-range" : "geod_inverse"
        Benchmark("geodesic inverse batch (\(name)) n=\(n)") { benchmark in
            let d = UnsafeMutablePointer<Double>.allocate(capacity: n), a = UnsafeMutablePointer<Double>.allocate(capacity: n)
            defer { d.deallocate(); a.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! Geodesic.wgs84.inverse(from: origin, geodetic: input, stride: 24, distances: d, azimuths1: a,
                                            azimuths2: nil, count: n, shortRange: shortRange)
                blackHole(d[0])
            }
        }
        Benchmark("polyline length (\(name)) n=\(n)") { benchmark in
            let d = UnsafeMutablePointer<Double>.allocate(capacity: n)
            defer { d.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try! Geodesic.wgs84.length(geodetic: input, stride: 24, count: n, cumulative: d, shortRange: shortRange))
            }
        }
    }
    Benchmark("geodesic inverse batch (short-range, baseline path) n=\(n)") { benchmark in
        let d = UnsafeMutablePointer<Double>.allocate(capacity: n), a = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer { d.deallocate(); a.deallocate() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! Geodesic.wgs84.inverse(from: origin, geodetic: input, stride: 24, distances: d, azimuths1: a,
                                        azimuths2: nil, count: n, path: .baseline)
            blackHole(d[0])
        }
    }
    Benchmark("polyline length (short-range, baseline path) n=\(n)") { benchmark in
        let d = UnsafeMutablePointer<Double>.allocate(capacity: n)
        defer { d.deallocate() }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try! Geodesic.wgs84.length(geodetic: input, stride: 24, count: n, cumulative: d, path: .baseline))
        }
    }
    Benchmark("geodesic direct n=\(n)") { benchmark in
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var lat = 0.0
            for i in 0..<n { lat += try! Geodesic.wgs84.direct(from: origin, azimuth: Double(i % 360), distance: 1_500).destination.latitude }
            blackHole(lat)
        }
    }
    for conversion in [ChinaDatum.Conversion.gcj02FromWGS84, .wgs84FromGCJ02] {
        Benchmark("GCJ-02 \(conversion) n=\(n)") { benchmark in
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! ChinaDatum.convert(conversion, region: .everywhere, geodetic: input, stride: 24, into: out, stride: 24, count: n)
                blackHole(out[0])
            }
        }
        Benchmark("GCJ-02 \(conversion) (baseline path) n=\(n)") { benchmark in
            let out = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
            defer { out.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                try! ChinaDatum.convert(conversion, region: .everywhere, geodetic: input, stride: 24, into: out, stride: 24,
                                        count: n, path: .baseline)
                blackHole(out[0])
            }
        }
    }
    Benchmark("mat4f transform points n=\(n)") { benchmark in
        let points = UnsafeMutablePointer<Float>.allocate(capacity: 3 * n)
        defer { points.deallocate() }
        points.initialize(repeating: 1, count: 3 * n)
        let m = Matrix4x4f.translation(SIMD3(1, 2, 3)) * Matrix4x4f.rotationAboutY(cos: 0.8, sin: 0.6)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try! m.transformPoints(UnsafeMutableRawPointer(points), stride: 12, count: n)
            blackHole(points[0])
        }
    }
    Benchmark("mat4f multiply ×\(n)") { benchmark in
        let a = Matrix4x4f.translation(SIMD3(1, 2, 3)), b = Matrix4x4f.rotationAboutY(cos: 0.8, sin: 0.6)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            var m = a
            for _ in 0..<n { m = b * m }
            blackHole(m)
        }
    }
}

/// A generated winding walk of `count` points near the origin, as packed
/// (latitude, longitude, height) triples; lives for the whole run.
struct Route: @unchecked Sendable {
    let buffer: UnsafeMutableRawPointer

    init(count: Int, origin: GeodeticCoordinate) {
        let p = UnsafeMutablePointer<Double>.allocate(capacity: 3 * count)
        for i in 0..<count {
            let t = Double(i) / Double(max(count - 1, 1))
            p[3 * i] = origin.latitude + 0.012 * t + 0.0015 * Double(i % 97) / 97
            p[3 * i + 1] = origin.longitude + 0.018 * t + 0.0010 * Double(i % 89) / 89
            p[3 * i + 2] = origin.height + Double(i % 20)
        }
        buffer = UnsafeMutableRawPointer(p)
    }
}

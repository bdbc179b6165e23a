#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CReferenceKernels
import CWaymark
import Waymark
import WaymarkC

/// `waymark bench [--points N] [--repeat R] [--threads T]`: every contender on the same
/// generated walking route in one process, repetitions interleaved, median ns per point,
/// and ratios: `vs_proj` = PROJ pipeline time / this time (higher is better), `vs_floor`
/// = this time / the vectorised C floor's (1.0 = as fast as the floor),
/// `vs_geod_inverse` = PROJ's geod_inverse time / this time for distance work. With
/// `--threads T`, geo → scene and scene → geo split over T threads as well
/// (`geo_to_scene_threads_T`, `scene_to_geo_threads_T`): wall-clock ns per point of the
/// whole batch and `speedup` = the one-thread line's time / this time. The call overhead:
/// `geo_to_scene_1_point` and `geo_to_scene_16_point` (and their `scene_to_geo_` twins)
/// convert the same points through the C ABI's `wm_frame_forward` (`wm_frame_reverse`)
/// one or 16 points per call, ns per point, with `vs_batch` = this time / the N-point
/// batch's (`geo_to_scene`, `scene_to_geo`); `scene_to_geo`'s `vs_geo_to_scene` = its
/// time / `geo_to_scene`'s.
enum BenchCommand {
    struct Contender {
        let name: String
        let distanceWork: Bool
        let run: () -> Void
    }

    /// `n` points per run, `repeats` repetitions, and the batches split over `threads`
    /// threads too when it is given.
    static func run(points n: Int, repeats: Int, threads: Int? = nil, _ out: inout Output) throws(CLIError) {

        // A winding 2 km walk near Moscow's Gorky Park, n points, heights 140–160 m.
        let origin = try! GeodeticCoordinate(latitude: 55.7300, longitude: 37.6010, height: 150)
        var route = [GeodeticCoordinate]()
        route.reserveCapacity(n)
        for i in 0..<n {
            let t = Double(i) / Double(max(n - 1, 1))
            route.append(try! GeodeticCoordinate(latitude: 55.7300 + 0.012 * t + 0.0015 * sin(t * 25),
                                                 longitude: 37.6010 + 0.018 * t + 0.0010 * cos(t * 17),
                                                 height: 150 + 10 * sin(t * 9)))
        }
        let frame = SceneFrame(origin: origin, axes: .eus)
        let pipeline = try! ProjTopocentricPipeline(origin: origin)
        var floor = wmref_frame()
        wmref_frame_init(&floor, origin.latitude, origin.longitude, origin.height, 6_378_137, 1 / 298.257223563)
        let input = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        for (i, p) in route.enumerated() { input[3 * i] = p.latitude; input[3 * i + 1] = p.longitude; input[3 * i + 2] = p.height }
        let output = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        let scene = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        try! frame.scenePositions(geodetic: input, stride: 24, into: scene, stride: 24, count: n)
        let matrices = UnsafeMutablePointer<Matrix4x4f>.allocate(capacity: n)
        let distances = UnsafeMutablePointer<Double>.allocate(capacity: n)
        let floats = UnsafeMutablePointer<Float>.allocate(capacity: 3 * n)
        for i in 0..<(3 * n) { floats[i] = Float(scene[i]) }
        let transform = Matrix4x4f.translation(SIMD3(1, 2, 3)) * Matrix4x4f.rotationAboutY(cos: 0.8, sin: 0.6)
        let gcj = UnsafeMutablePointer<Double>.allocate(capacity: 3 * n)
        try! ChinaDatum.convert(.gcj02FromWGS84, region: .everywhere, geodetic: input, stride: 24, into: gcj, stride: 24, count: n)
        // The C ABI's frame and typed buffers for the per-call lines.
        let cFrame = UnsafeMutablePointer<wm_frame>.allocate(capacity: 1)
        _ = wm_frame_init(cFrame, wm_geodetic(lat_deg: origin.latitude, lon_deg: origin.longitude, height_m: origin.height),
                          WM_AXES_EUS)
        let cGeodetic = UnsafeMutablePointer<wm_geodetic>.allocate(capacity: n)
        let cScene = UnsafeMutablePointer<wm_vec3>.allocate(capacity: n)
        let cBack = UnsafeMutablePointer<wm_geodetic>.allocate(capacity: n)
        for (i, p) in route.enumerated() {
            cGeodetic[i] = wm_geodetic(lat_deg: p.latitude, lon_deg: p.longitude, height_m: p.height)
            cScene[i] = wm_vec3(x: scene[3 * i], y: scene[3 * i + 1], z: scene[3 * i + 2])
        }
        defer {
            for p in [input, output, scene, distances, gcj] { p.deallocate() }
            matrices.deallocate(); floats.deallocate()
            cFrame.deallocate(); cGeodetic.deallocate(); cScene.deallocate(); cBack.deallocate()
        }
        /// All n points through the C ABI, `per` points per call.
        func perCall(_ per: Int, reverse: Bool) -> () -> Void {
            {
                var i = 0
                while i < n {
                    let k = min(per, n - i)
                    if reverse { _ = wm_frame_reverse(cFrame, cScene + i, 24, cBack + i, 24, k, nil) }
                    else { _ = wm_frame_forward(cFrame, cGeodetic + i, 24, cScene + i, 24, k, nil) }
                    i += k
                }
            }
        }

        var contenders: [Contender] = [
            Contender(name: "floor_c_vector", distanceWork: false) { wmref_forward_vector(&floor, input, output, n) },
            Contender(name: "floor_c_scalar", distanceWork: false) { wmref_forward_scalar(&floor, input, output, n) },
            Contender(name: "proj_pipeline", distanceWork: false) {
                try! pipeline.forward(geodetic: input, stride: 24, into: output, stride: 24, count: n)
            },
            Contender(name: "geo_to_scene", distanceWork: false) {
                try! frame.scenePositions(geodetic: input, stride: 24, into: output, stride: 24, count: n)
            },
            Contender(name: "haversine_baseline", distanceWork: false) {
                try! frame.scenePositions(geodetic: input, stride: 24, into: output, stride: 24, count: n, baseline: .haversine)
            },
            Contender(name: "meters_per_degree_baseline", distanceWork: false) {
                try! frame.scenePositions(geodetic: input, stride: 24, into: output, stride: 24, count: n, baseline: .metersPerDegree)
            },
            Contender(name: "scene_to_geo", distanceWork: false) {
                try! frame.geodeticPositions(scene: scene, stride: 24, into: output, stride: 24, count: n)
            },
            Contender(name: "geo_to_scene_1_point", distanceWork: false, run: perCall(1, reverse: false)),
            Contender(name: "geo_to_scene_16_point", distanceWork: false, run: perCall(16, reverse: false)),
            Contender(name: "scene_to_geo_1_point", distanceWork: false, run: perCall(1, reverse: true)),
            Contender(name: "scene_to_geo_16_point", distanceWork: false, run: perCall(16, reverse: true)),
            Contender(name: "anchor_transforms", distanceWork: false) {
                try! frame.anchorTransforms(geodetic: input, stride: 24, into: matrices, count: n)
            },
            Contender(name: "geod_inverse", distanceWork: true) {
                try! Geodesic.wgs84.inverse(from: origin, geodetic: input, stride: 24, distances: distances,
                                            azimuths1: output, azimuths2: nil, count: n)
            },
            Contender(name: "short_range_geodesic", distanceWork: true) {
                try! Geodesic.wgs84.inverse(from: origin, geodetic: input, stride: 24, distances: distances,
                                            azimuths1: output, azimuths2: nil, count: n, shortRange: true)
            },
            Contender(name: "haversine_distance_bearing", distanceWork: true) {
                let h = Haversine.standard
                for i in 0..<n {
                    let (d, b) = h.inverse(origin, route[i])
                    distances[i] = d
                    output[i] = b
                }
            },
            Contender(name: "polyline_length", distanceWork: true) {
                distances[0] = try! Geodesic.wgs84.length(geodetic: input, stride: 24, count: n, cumulative: distances)
            },
            Contender(name: "polyline_length_short_range", distanceWork: true) {
                distances[0] = try! Geodesic.wgs84.length(geodetic: input, stride: 24, count: n, cumulative: distances, shortRange: true)
            },
            Contender(name: "gcj02_forward", distanceWork: false) {
                try! ChinaDatum.convert(.gcj02FromWGS84, region: .everywhere, geodetic: input, stride: 24, into: output, stride: 24, count: n)
            },
            Contender(name: "gcj02_exact_inverse", distanceWork: false) {
                try! ChinaDatum.convert(.wgs84FromGCJ02, region: .everywhere, geodetic: gcj, stride: 24, into: output, stride: 24, count: n)
            },
            Contender(name: "mat4f_transform_points", distanceWork: false) {
                try! transform.transformPoints(UnsafeMutableRawPointer(floats), stride: 12, count: n)
            },
        ]

        if BenchFloor.hasAVX512Floor {
            contenders.insert(Contender(name: "floor_c_vector_avx512", distanceWork: false) {
                wmref_forward_vector_avx512(&floor, input, output, n)
            }, at: 1)
        }
        if BenchFloor.hasAVX2Floor {
            contenders.insert(Contender(name: "floor_c_vector_avx2", distanceWork: false) {
                wmref_forward_vector_avx2(&floor, input, output, n)
            }, at: 1)
        }

        // The split batches, timed in the same interleaved rounds as the rest. Each
        // chunk goes through the same call as geo_to_scene / scene_to_geo.
        let runner = threads.map { ChunkedRunner(threads: $0, count: n) }
        defer { runner?.stop() }
        var speedupOf: [String: String] = [:]
        if let runner {
            let shared = SharedBuffers(input: input, scene: scene, output: output)
            let geo = "geo_to_scene_threads_\(runner.threads)", back = "scene_to_geo_threads_\(runner.threads)"
            contenders.append(Contender(name: geo, distanceWork: false) {
                runner.run { start, count in
                    try! frame.scenePositions(geodetic: shared.input + 3 * start, stride: 24, into: shared.output + 3 * start,
                                              stride: 24, count: count)
                }
            })
            contenders.append(Contender(name: back, distanceWork: false) {
                runner.run { start, count in
                    try! frame.geodeticPositions(scene: shared.scene + 3 * start, stride: 24, into: shared.output + 3 * start,
                                                 stride: 24, count: count)
                }
            })
            speedupOf = [geo: "geo_to_scene", back: "scene_to_geo"]
        }

        let batchOf = ["geo_to_scene_1_point": "geo_to_scene", "geo_to_scene_16_point": "geo_to_scene",
                       "scene_to_geo_1_point": "scene_to_geo", "scene_to_geo_16_point": "scene_to_geo"]
        var samples = [[Double]](repeating: [], count: contenders.count)
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            for (k, contender) in contenders.enumerated() {
                samples[k].append(nanoseconds(clock.measure { contender.run() }) / Double(n))
            }
        }
        let medians = samples.map(median)
        let floorTime = medians[contenders.firstIndex { $0.name == BenchFloor.referenceName }!]
        let projTime = medians[contenders.firstIndex { $0.name == "proj_pipeline" }!]
        let geodTime = medians[contenders.firstIndex { $0.name == "geod_inverse" }!]
        out.line("# waymark bench: points=\(n) repeat=\(repeats), median ns per point; vs_proj = PROJ pipeline / this,")
        out.line("# vs_floor = this / vectorised C floor (\(BenchFloor.referenceName), the build matching the path), vs_geod_inverse = geod_inverse / this")
        out.line(BenchFloor.pathLine)
        for (k, contender) in contenders.enumerated() {
            var line = "\(contender.name) ns_per_point=\(rounded(medians[k])) vs_proj=\(rounded(projTime / medians[k])) vs_floor=\(rounded(medians[k] / floorTime))"
            if contender.distanceWork { line += " vs_geod_inverse=\(rounded(geodTime / medians[k]))" }
            if let batch = batchOf[contender.name] {
                line += " vs_batch=\(rounded(medians[k] / medians[contenders.firstIndex { $0.name == batch }!]))"
            }
            if contender.name == "scene_to_geo" {
                line += " vs_geo_to_scene=\(rounded(medians[k] / medians[contenders.firstIndex { $0.name == "geo_to_scene" }!]))"
            }
            if let single = speedupOf[contender.name] {
                line += " speedup=\(rounded(medians[contenders.firstIndex { $0.name == single }!] / medians[k]))"
            }
            out.line(line)
        }
        let navigator = NavigatorBench.measure(repeats: repeats)
        out.line("navigator_add_fix ns_per_call=\(rounded(navigator.addFix)) share_of_120hz_frame=\(rounded(navigator.addFix / (1e9 / 120))) "
                 + "cells=\(navigator.cells)")
        out.line("navigator_update ns_per_call=\(rounded(navigator.update)) arrows=\(navigator.arrows) "
                 + "share_of_120hz_frame=\(rounded(navigator.update / (1e9 / 120)))")
        // A fix with its GPS velocity and the route as evidence: three updates of every cell.
        let full = NavigatorBench.measure(repeats: repeats, velocityAndRoute: true)
        out.line("navigator_add_fix_velocity_route ns_per_call=\(rounded(full.addFix)) "
                 + "share_of_120hz_frame=\(rounded(full.addFix / (1e9 / 120))) cells=\(full.cells)")
        // The GPS model learnt on the way: more cells on the first fixes, most dropping out
        // once the heading is known; the slowest single call is the budget's test.
        let learning = NavigatorBench.measure(repeats: repeats, learning: true)
        out.line("navigator_add_fix_learning ns_per_call=\(rounded(learning.addFix)) max_ns_per_call=\(rounded(learning.maximumAddFix)) "
                 + "share_of_120hz_frame=\(rounded(learning.addFix / (1e9 / 120))) "
                 + "max_share_of_120hz_frame=\(rounded(learning.maximumAddFix / (1e9 / 120))) cells=\(learning.cells)")
    }

    /// The bench's buffers as the runner's threads see them: each thread writes only its
    /// own chunk's rows, and the runner's semaphores order those writes before the
    /// caller reads them.
    struct SharedBuffers: @unchecked Sendable {
        let input: UnsafeMutablePointer<Double>
        let scene: UnsafeMutablePointer<Double>
        let output: UnsafeMutablePointer<Double>
    }

    static func nanoseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e9 + Double(d.components.attoseconds) / 1e9
    }

    static func median(_ v: [Double]) -> Double {
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    /// Three significant digits (never 0 for a positive value).
    static func rounded(_ x: Double) -> String {
        guard x.isFinite, x > 0 else { return x.description }
        var scale = 1.0
        while x * scale < 100 && scale < 1e15 { scale *= 10 }
        while x * scale >= 1000 && scale > 1 { scale /= 10 }
        return ((x * scale).rounded() / scale).description
    }
}

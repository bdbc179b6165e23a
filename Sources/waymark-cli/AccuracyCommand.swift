import Waymark

/// `waymark accuracy`: how wrong the spherical baselines are, against the exact method,
/// over distances and latitudes, worst case over bearings (every degree).
enum AccuracyCommand {
    static let distances: [Double] = [10, 100, 500, 1_000, 2_000, 5_000, 10_000, 50_000]
    static let latitudes: [Double] = [0, 30, 45, 60, 80]

    static func run(_ words: ArraySlice<String>, _ out: inout Output) throws(CLIError) {
        _ = try Arguments(words, allowed: [])
        out.line("# Seed baselines vs the exact ellipsoidal method (WGS-84), worst over 360 bearings.")
        out.line("# position errors: |baseline - exact| of the ENU position (horizontal, and 3-D incl. the")
        out.line("# curvature drop the baselines ignore); distance error: |haversine - geodesic|.")
        out.line("latitude_deg,distance_m,haversine_horizontal_error_m,haversine_3d_error_m,"
                 + "meters_per_degree_horizontal_error_m,meters_per_degree_3d_error_m,haversine_distance_error_m")
        for latitude in latitudes {
            let origin = try! GeodeticCoordinate(latitude: latitude, longitude: 0)
            let frame = LocalTangentFrame(origin: origin)
            for distance in distances {
                var worst = [Double](repeating: 0, count: 5)
                for bearing in 0..<360 {
                    let point = try! Geodesic.wgs84.direct(from: origin, azimuth: Double(bearing), distance: distance).destination
                    let exact = frame.forward(point)
                    let h = SphericalBaseline.haversine.enu(of: point, from: origin) - exact
                    let m = SphericalBaseline.metersPerDegree.enu(of: point, from: origin) - exact
                    let errors = [horizontal(h), full(h), horizontal(m), full(m),
                                  abs(Haversine.standard.distance(origin, point) - distance)]
                    for k in 0..<5 { worst[k] = max(worst[k], errors[k]) }
                }
                out.line(([latitude, distance] + worst).map(format).joined(separator: ","))
            }
        }
    }

    static func horizontal(_ v: SIMD3<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
    static func full(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

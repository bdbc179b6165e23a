import Waymark

/// The one computation behind `waymark accuracy`: how wrong the spherical baselines are
/// against the exact ellipsoidal method. The CSV, the HTML page and the SVG all read
/// these numbers, so a figure can never disagree with the table.
enum AccuracyReport {
    /// The distances the CSV has always printed (a contract: outside tools read it).
    static let tableDistances: [Double] = [10, 100, 500, 1_000, 2_000, 5_000, 10_000, 50_000]
    /// The plots' distances: 1-2-5 steps over 10 m … 50 km, a superset of the table's,
    /// so every table row is also a plotted point.
    static let plotDistances: [Double] = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    static let latitudes: [Double] = [0, 30, 45, 60, 80]

    /// Worst errors over 360 bearings (every degree) at one latitude and distance, metres.
    struct Row {
        var latitude: Double
        var distance: Double
        /// |baseline − exact| of the ENU position, east/north only.
        var haversineHorizontal: Double
        /// The same in 3-D, including the curvature drop the baselines ignore.
        var haversine3D: Double
        var metersPerDegreeHorizontal: Double
        var metersPerDegree3D: Double
        /// |haversine distance − geodesic distance|.
        var haversineDistance: Double

        /// The CSV's columns, in order.
        var values: [Double] {
            [latitude, distance, haversineHorizontal, haversine3D, metersPerDegreeHorizontal, metersPerDegree3D, haversineDistance]
        }
    }

    /// One row per latitude and distance, latitude-major (the CSV's order).
    static func rows(distances: [Double], latitudes: [Double] = latitudes) -> [Row] {
        var rows: [Row] = []
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
                rows.append(Row(latitude: latitude, distance: distance, haversineHorizontal: worst[0], haversine3D: worst[1],
                                metersPerDegreeHorizontal: worst[2], metersPerDegree3D: worst[3], haversineDistance: worst[4]))
            }
        }
        return rows
    }

    /// One point of the demo route in the scene (eus, origin = the route's first point):
    /// where the exact method and each baseline put it.
    struct RoutePoint {
        var exact: SIMD3<Double>
        var haversine: SIMD3<Double>
        var metersPerDegree: SIMD3<Double>
        var haversineError: Double { length(haversine - exact) }
        var metersPerDegreeError: Double { length(metersPerDegree - exact) }
    }

    /// The built-in demo route as `waymark demo` places it (same frame, same calls).
    static func demoRoute() -> [RoutePoint] {
        let route = SampleRoute.coordinates()
        let frame = SceneFrame(origin: route[0], axes: .eus)
        return route.map { point in
            RoutePoint(exact: frame.scenePosition(of: point),
                       haversine: frame.scenePosition(of: point, baseline: .haversine),
                       metersPerDegree: frame.scenePosition(of: point, baseline: .metersPerDegree))
        }
    }

    static func horizontal(_ v: SIMD3<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
    static func full(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

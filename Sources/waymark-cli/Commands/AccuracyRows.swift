import Waymark
import WaymarkReports

/// `waymark accuracy`'s numbers (the page in WaymarkReports draws them): Karney's
/// geodesics (WaymarkPROJ) against both baselines, and the demo route.
extension AccuracyReport {
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
}

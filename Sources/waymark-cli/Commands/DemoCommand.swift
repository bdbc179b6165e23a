import Waymark

/// `waymark demo` (and `waymark` alone): the built-in sample route in ARKit scene
/// coordinates, with each spherical baseline's error against the exact method.
enum DemoCommand {
    static func run(_ out: inout Output) throws(CLIError) {
        let route = SampleRoute.coordinates()
        let origin = route[0]
        let frame = SceneFrame(origin: origin, axes: .eus)
        let geodesic = Geodesic.wgs84

        out.line("# Waymark demo: \(route.count)-point walking route in Moscow, origin = point 0,")
        out.line("# scene axes eus (ARKit gravityAndHeading: x east, y up, z south), metres.")
        out.line("# *_error_m: distance from the exact (ellipsoidal) scene position.")
        out.line("index,lat,lon,x,y,z,distance_m,azimuth_deg,haversine_error_m,meters_per_degree_error_m")
        var worst = (haversine: 0.0, metersPerDegree: 0.0)
        var sumSquares = (haversine: 0.0, metersPerDegree: 0.0)
        for (i, point) in route.enumerated() {
            let exact = frame.scenePosition(of: point)
            let toPoint = geodesic.inverse(origin, point)
            let hErr = length(frame.scenePosition(of: point, baseline: .haversine) - exact)
            let mErr = length(frame.scenePosition(of: point, baseline: .metersPerDegree) - exact)
            worst = (max(worst.haversine, hErr), max(worst.metersPerDegree, mErr))
            sumSquares = (sumSquares.haversine + hErr * hErr, sumSquares.metersPerDegree + mErr * mErr)
            out.line("\(i)," + [point.latitude, point.longitude, exact.x, exact.y, exact.z,
                                toPoint.distance, toPoint.azimuth1, hErr, mErr].map(format).joined(separator: ","))
        }
        let n = Double(route.count)
        let ellipsoidal = route.withUnsafeBufferPointer { geodesic.length(of: $0) }
        var haversine = 0.0
        for i in 1..<route.count { haversine += Haversine.standard.distance(route[i - 1], route[i]) }
        out.line("")
        out.line("# summary")
        out.line("baseline,max_error_m,rms_error_m")
        out.line("haversine,\(format(worst.haversine)),\(format((sumSquares.haversine / n).squareRoot()))")
        out.line("meters-per-degree,\(format(worst.metersPerDegree)),\(format((sumSquares.metersPerDegree / n).squareRoot()))")
        out.line("")
        out.line("route_length_ellipsoidal_m,route_length_haversine_m,difference_m")
        out.line("\(format(ellipsoidal)),\(format(haversine)),\(format(haversine - ellipsoidal))")
    }

    static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

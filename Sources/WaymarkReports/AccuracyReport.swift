import WaymarkCore

/// The one computation behind `waymark accuracy`: how wrong the spherical baselines are
/// against the exact ellipsoidal method. The CSV, the HTML page and the SVG all read
/// these numbers, so a figure can never disagree with the table. The numbers are the
/// CLI's (`rows(distances:)` needs Karney's geodesics, WaymarkPROJ); the page draws them.
package enum AccuracyReport {
    /// The distances the CSV has always printed (a contract: outside tools read it).
    package static let tableDistances: [Double] = [10, 100, 500, 1_000, 2_000, 5_000, 10_000, 50_000]
    /// The plots' distances: 1-2-5 steps over 10 m … 50 km, a superset of the table's,
    /// so every table row is also a plotted point.
    package static let plotDistances: [Double] = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000]
    package static let latitudes: [Double] = [0, 30, 45, 60, 80]

    /// Worst errors over 360 bearings (every degree) at one latitude and distance, metres.
    package struct Row {
        package var latitude: Double
        package var distance: Double
        /// |baseline − exact| of the ENU position, east/north only.
        package var haversineHorizontal: Double
        /// The same in 3-D, including the curvature drop the baselines ignore.
        package var haversine3D: Double
        package var metersPerDegreeHorizontal: Double
        package var metersPerDegree3D: Double
        /// |haversine distance − geodesic distance|.
        package var haversineDistance: Double

        /// The CSV's columns, in order.
        package var values: [Double] {
            [latitude, distance, haversineHorizontal, haversine3D, metersPerDegreeHorizontal, metersPerDegree3D, haversineDistance]
        }

        package init(latitude: Double, distance: Double, haversineHorizontal: Double, haversine3D: Double,
                     metersPerDegreeHorizontal: Double, metersPerDegree3D: Double, haversineDistance: Double) {
            self.latitude = latitude; self.distance = distance; self.haversineHorizontal = haversineHorizontal
            self.haversine3D = haversine3D; self.metersPerDegreeHorizontal = metersPerDegreeHorizontal
            self.metersPerDegree3D = metersPerDegree3D; self.haversineDistance = haversineDistance
        }
    }

    /// One point of the demo route in the scene (eus, origin = the route's first point):
    /// where the exact method and each baseline put it.
    package struct RoutePoint {
        package var exact: SIMD3<Double>
        package var haversine: SIMD3<Double>
        package var metersPerDegree: SIMD3<Double>
        package var haversineError: Double { length(haversine - exact) }
        package var metersPerDegreeError: Double { length(metersPerDegree - exact) }

        package init(exact: SIMD3<Double>, haversine: SIMD3<Double>, metersPerDegree: SIMD3<Double>) {
            self.exact = exact; self.haversine = haversine; self.metersPerDegree = metersPerDegree
        }
    }

    package static func horizontal(_ v: SIMD3<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
    package static func full(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
    package static func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
}

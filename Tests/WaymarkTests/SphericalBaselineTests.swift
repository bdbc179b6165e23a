import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Seed baselines")
struct SphericalBaselineTests {
    let origin = try! GeodeticCoordinate(latitude: 55.75, longitude: 37.6, height: 0)

    @Test("haversine: x = d·sin b, z = −d·cos b, y = h − h0 in eus")
    func haversineBaseline() throws {
        let frame = SceneFrame(origin: origin, axes: .eus)
        let p = try GeodeticCoordinate(latitude: 55.752, longitude: 37.605, height: 2.5)
        let d = Haversine.standard.distance(origin, p), b = Haversine.standard.initialBearing(origin, p) * .pi / 180
        let s = frame.scenePosition(of: p, baseline: .haversine)
        #expect(abs(s.x - d * sin(b)) < 1e-9 && abs(s.z + d * cos(b)) < 1e-9 && abs(s.y - 2.5) < 1e-12)
    }

    @Test("meters-per-degree: Δx = Δlon·2πR·cos(lat0)/360, Δz = −Δlat·2πR/360")
    func metersPerDegreeBaseline() throws {
        let frame = SceneFrame(origin: origin, axes: .eus)
        let p = try GeodeticCoordinate(latitude: 55.752, longitude: 37.605, height: 0)
        let r = 6_371_008.8
        let s = frame.scenePosition(of: p, baseline: .metersPerDegree)
        #expect(abs(s.x - 0.005 * 2 * .pi * r * cos(55.75 * .pi / 180) / 360) < 1e-6)
        #expect(abs(s.z + 0.002 * 2 * .pi * r / 360) < 1e-6)
        #expect(s.y == 0)
        // Across the antimeridian Δlon is folded: 179.999 → -179.999 is +0.002°.
        let o2 = try GeodeticCoordinate(latitude: 0, longitude: 179.999)
        let q = try GeodeticCoordinate(latitude: 0, longitude: -179.999)
        let e = SphericalBaseline.metersPerDegree.enu(of: q, from: o2)
        #expect(abs(e.x - 0.002 * 2 * .pi * r / 360) < 1e-6)
    }

    @Test("custom radius is used; bad radius rejected")
    func customRadius() throws {
        let small = try SphericalBaseline(.haversine, radius: 1000)
        let a = try GeodeticCoordinate(latitude: 0, longitude: 0), b = try GeodeticCoordinate(latitude: 0, longitude: 90)
        #expect(abs(small.enu(of: b, from: a).x - 1000 * .pi / 2) < 1e-9)
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try SphericalBaseline(.metersPerDegree, radius: -1) }
    }

    @Test("baselines err by centimetres at 100 m and metres at 2 km; the exact method does not")
    func baselinesAreMeasurablyWrong() throws {
        let frame = LocalTangentFrame(origin: origin)
        for (distance, lower, upper) in [(100.0, 0.01, 0.5), (2000.0, 0.5, 8.0)] {
            let p = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: distance).destination
            let exact = frame.forward(p)
            let err = norm(SphericalBaseline.haversine.enu(of: p, from: origin) - exact)
            #expect(err > lower && err < upper, "\(distance) m: \(err)")
            #expect(abs(norm(SIMD3(exact.x, exact.y, 0)) - distance) < 1e-3)
        }
    }
}

/// The names before 0.1.0's renaming still compile for one release (deprecated).
@Suite("deprecated names")
struct DeprecatedNameTests {
    @available(*, deprecated)
    @Test("SeedBaseline and SeedTransform are the renamed types")
    func oldNamesStillWork() throws {
        let old: SeedBaseline = .haversine
        #expect(old == SphericalBaseline.haversine)
        let origin = try GeodeticCoordinate(latitude: 55.7, longitude: 37.6)
        let target = try GeodeticCoordinate(latitude: 55.71, longitude: 37.62)
        #expect(SeedTransform.transformMatrix(.identity, origin: origin, waypoint: target)
                == HaversineWaypointMatrix.transformMatrix(.identity, origin: origin, waypoint: target))
    }
}

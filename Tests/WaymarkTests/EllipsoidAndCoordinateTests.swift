import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Ellipsoid and GeodeticCoordinate")
struct EllipsoidAndCoordinateTests {
    @Test func wgs84Constants() {
        #expect(Ellipsoid.wgs84.equatorialRadius == 6_378_137)
        #expect(Ellipsoid.wgs84.flattening == 1 / 298.257223563)
        #expect(abs(Ellipsoid.wgs84.polarRadius - 6_356_752.314245179) < 1e-6)
        #expect(abs(Ellipsoid.wgs84.eccentricitySquared - 0.00669437999014) < 1e-14)
        #expect(Ellipsoid.grs80.flattening == 1 / 298.257222101)
        #expect(Ellipsoid.meanEarthRadius == 6_371_008.8)
    }

    @Test(arguments: [(0.0, 0.0), (-1.0, 0.0), (.nan, 0.0), (.infinity, 0.0), (6_378_137, 1.0),
                      (6_378_137, .nan), (6_378_137, 2.0), (6_378_137, -.infinity)])
    func invalidEllipsoidsAreRejected(a: Double, f: Double) {
        #expect(throws: WaymarkError.invalidEllipsoid) { try Ellipsoid(equatorialRadius: a, flattening: f) }
    }

    @Test func validEllipsoids() throws {
        let sphere = try Ellipsoid.sphere(radius: 6_371_000)
        #expect(sphere.flattening == 0 && sphere.eccentricitySquared == 0)
        let prolate = try Ellipsoid(equatorialRadius: 6_378_137, flattening: -1 / 300)
        #expect(prolate.eccentricitySquared < 0)
    }

    @Test func longitudeIsNormalised() throws {
        #expect(try GeodeticCoordinate(latitude: 0, longitude: 180).longitude == -180)
        #expect(try GeodeticCoordinate(latitude: 0, longitude: -180).longitude == -180)
        #expect(try GeodeticCoordinate(latitude: 0, longitude: 539).longitude == 179)
        #expect(try GeodeticCoordinate(latitude: 0, longitude: 360).longitude == 0)
        #expect(try GeodeticCoordinate(latitude: 0, longitude: -190.5).longitude == 169.5)
        #expect(try GeodeticCoordinate(latitude: 90, longitude: 0).latitude == 90)
    }

    @Test func badCoordinatesAreRejected() {
        #expect(throws: WaymarkError.invalidInput(.latitudeOutOfRange)) { try GeodeticCoordinate(latitude: 90.000001, longitude: 0) }
        #expect(throws: WaymarkError.invalidInput(.latitudeOutOfRange)) { try GeodeticCoordinate(latitude: -91, longitude: 0) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try GeodeticCoordinate(latitude: .nan, longitude: 0) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try GeodeticCoordinate(latitude: 0, longitude: .infinity) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try GeodeticCoordinate(latitude: 0, longitude: 0, height: -.infinity) }
    }

    @Test func layoutMatchesTheCStruct() {
        #expect(MemoryLayout<GeodeticCoordinate>.size == 24)
        #expect(MemoryLayout<GeodeticCoordinate>.stride == 24)
        #expect(MemoryLayout<GeodeticCoordinate>.offset(of: \.longitude) == 8)
        #expect(MemoryLayout<GeodeticCoordinate>.offset(of: \.height) == 16)
    }

    @Test func sincosdIsExactAtQuadrants() {
        for k in -8...8 {
            let (s, c) = AngleMath.sincosd(Double(k) * 90)
            let expected: [(Double, Double)] = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            let e = expected[((k % 4) + 4) % 4]
            #expect(s == e.0 && c == e.1, "sincosd(\(k * 90))")
        }
        let (s30, c60) = (AngleMath.sincosd(30).sin, AngleMath.sincosd(60).cos)
        #expect(abs(s30 - 0.5) < 1e-16 && abs(c60 - 0.5) < 1e-16)
    }
}

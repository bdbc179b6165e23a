import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Haversine baseline")
struct HaversineTests {
    @Test func knownValues() throws {
        let h = Haversine.standard
        #expect(h.radius == 6_371_008.8)
        let a = try GeodeticCoordinate(latitude: 0, longitude: 0)
        let b = try GeodeticCoordinate(latitude: 0, longitude: 1)
        #expect(abs(h.distance(a, b) - 6_371_008.8 * .pi / 180) < 1e-8)
        #expect(h.initialBearing(a, b) == 90)
        let n = try GeodeticCoordinate(latitude: 1, longitude: 0)
        #expect(h.initialBearing(a, n) == 0)
        // Big Ben → Statue of Liberty on a 6371 km sphere (values from an independent
        // Python evaluation of the same formulas).
        let london = try GeodeticCoordinate(latitude: 51.5007, longitude: -0.1246)
        let newYork = try GeodeticCoordinate(latitude: 40.6892, longitude: -74.0445)
        let sphere = try Haversine(radius: 6371)
        #expect(abs(sphere.distance(london, newYork) - 5574.840456848555) < 1e-9)
        #expect(abs(sphere.initialBearing(london, newYork) - -71.66314033847218) < 1e-12)
    }

    @Test func destinationInvertsInverse() throws {
        var rng = SeededRandom(seed: 3)
        let h = try Haversine(radius: 6_371_000)
        for _ in 0..<1000 {
            let a = try GeodeticCoordinate(latitude: rng.uniform(-80...80), longitude: rng.uniform(-180...180))
            let bearing = rng.uniform(-180...180), distance = rng.uniform(1...100_000)
            let b = try h.destination(from: a, bearing: bearing, distance: distance)
            #expect(abs(h.distance(a, b) - distance) < 1e-6)
            #expect(abs(angleDifference(h.initialBearing(a, b), bearing)) < 1e-8)
        }
    }

    @Test func badRadiusAndInput() throws {
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try Haversine(radius: 0) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try Haversine(radius: .nan) }
        let a = try GeodeticCoordinate(latitude: 0, longitude: 0)
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try Haversine.standard.destination(from: a, bearing: .nan, distance: 1) }
    }

    @Test("haversine differs from the geodesic by 0.1–0.6 % — the reason Waymark exists")
    func baselineErrorIsReal() throws {
        let a = try GeodeticCoordinate(latitude: 55.75, longitude: 37.6)
        let b = try GeodeticCoordinate(latitude: 55.76, longitude: 37.6)
        let relative = abs(Haversine.standard.distance(a, b) - Geodesic.wgs84.inverse(a, b).distance) / Geodesic.wgs84.inverse(a, b).distance
        #expect(relative > 1e-3 && relative < 6e-3)
    }
}

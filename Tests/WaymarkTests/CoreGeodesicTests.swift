import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

/// The core's geodesics for lines of any length (no PROJ): short range up to 10 km,
/// Vincenty beyond — measured here against Karney's `geod_inverse`.
@Suite("Core geodesics without PROJ (short range + Vincenty) against geod_inverse")
struct CoreGeodesicTests {
    let karney = Geodesic.wgs84
    let core = ShortRangeGeodesic.wgs84

    @Test("Vincenty: 100,000 random lines 10 km – 19,000 km, not nearly antipodal: 0.1 mm and 1e-8°")
    func vincentyLongLines() throws {
        var rng = SeededRandom(seed: 2026)
        var worstD = 0.0, worstA = 0.0, tested = 0
        for _ in 0..<100_000 {
            let a = try GeodeticCoordinate(latitude: rng.uniform(-89...89), longitude: rng.uniform(-180...180))
            let b = try karney.direct(from: a, azimuth: rng.uniform(-180...180), distance: rng.uniform(10_000...19_000_000)).destination
            let exact = karney.inverse(a, b)
            // Nearly antipodal ends (the far side within 1°) are documented as unreliable.
            let antipode = try GeodeticCoordinate(latitude: -a.latitude, longitude: a.longitude + (a.longitude < 0 ? 180 : -180))
            guard karney.inverse(b, antipode).distance > 111_000 else { continue }
            let v = core.inverseAnyLength(a, b)
            worstD = max(worstD, abs(v.distance - exact.distance))
            worstA = max(worstA, abs(angleDifference(v.azimuth1, exact.azimuth1)), abs(angleDifference(v.azimuth2, exact.azimuth2)))
            tested += 1
        }
        print("Vincenty over \(tested) lines: distance worst \(worstD) m, azimuth worst \(worstA)°")
        #expect(tested > 90_000)
        #expect(worstD <= 1e-4)
        #expect(worstA <= 1e-8)
    }

    @Test("inverseAnyLength is the short-range method up to 10 km, bit for bit")
    func shortLinesAreShortRange() throws {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<10_000 {
            let a = try GeodeticCoordinate(latitude: rng.uniform(-89...89), longitude: rng.uniform(-180...180))
            let b = try karney.direct(from: a, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...9_990)).destination
            let s = try #require(core.inverse(a, b))
            #expect(core.inverseAnyLength(a, b) == s)
            #expect(karney.fastInverse(a, b) == s)
        }
    }

    @Test("nearly antipodal lines: a finite answer within 0.5 % of Karney's distance, never a hang")
    func nearlyAntipodal() throws {
        var rng = SeededRandom(seed: 3)
        var worst = 0.0
        defer { print("Vincenty nearly antipodal: worst relative distance error \(worst)") }
        for _ in 0..<2_000 {
            let a = try GeodeticCoordinate(latitude: rng.uniform(-60...60), longitude: rng.uniform(-180...180))
            let b = try GeodeticCoordinate(latitude: -a.latitude + rng.uniform(-0.5...0.5),
                                           longitude: a.longitude + (a.longitude < 0 ? 180 : -180) + rng.uniform(-0.5...0.5))
            let v = core.inverseAnyLength(a, b), exact = karney.inverse(a, b)
            #expect(v.distance.isFinite && v.azimuth1.isFinite && v.azimuth2.isFinite)
            worst = max(worst, abs(v.distance - exact.distance) / exact.distance)
            #expect(abs(v.distance - exact.distance) <= 0.005 * exact.distance)
        }
    }

    @Test("the simulator's reference route end is geod_direct's 300 m north, to the bit")
    func simulatorRouteEnd() throws {
        let s = FieldSimulator.Scenario()
        let direct = try karney.direct(from: s.route[0], azimuth: 0, distance: 300).destination
        #expect(s.route[1] == direct)
    }
}

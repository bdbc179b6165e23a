import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("Short-range geodesic against geod_inverse")
struct ShortRangeGeodesicTests {
    let g = Geodesic.wgs84

    /// The normal-section azimuth at `a` towards `b` in 80-bit arithmetic: the reference
    /// for lines under 29 m, where the geodesic differs from the normal section by
    /// < 1e-14 rad and geod_inverse's own azimuth round-off (≈ 1 nm sideways, i.e. 7e-8°
    /// at 1 m — checked against 40-digit arithmetic) exceeds 1e-8°.
    func extendedAzimuth(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> Double {
        let ra: Float80 = 6_378_137, f: Float80 = 1 / 298.257223563
        let e2 = f * (2 - f), d = Float80.pi / 180
        func ecef(_ p: GeodeticCoordinate) -> (Float80, Float80, Float80) {
            let phi = Float80(p.latitude) * d, lam = Float80(p.longitude) * d
            let n = ra / (1 - e2 * sin(phi) * sin(phi)).squareRoot()
            return (n * cos(phi) * cos(lam), n * cos(phi) * sin(lam), n * (1 - e2) * sin(phi))
        }
        let p1 = ecef(a), p2 = ecef(b)
        let dx = p2.0 - p1.0, dy = p2.1 - p1.1, dz = p2.2 - p1.2
        let phi = Float80(a.latitude) * d, lam = Float80(a.longitude) * d
        let east = -sin(lam) * dx + cos(lam) * dy
        let north = -sin(phi) * cos(lam) * dx - sin(phi) * sin(lam) * dy + cos(phi) * dz
        return Double(atan2(east, north) / d)
    }

    /// Distance difference (m) and azimuth error (°): against geod_inverse for lines of
    /// 29 m and more; below that against the 80-bit normal section (to 1e-8° from 5 cm,
    /// and as ≤ 0.01 nm sideways below 5 cm, where 80 bits run out too), and against
    /// geod_inverse as ≤ 5 nm sideways.
    func compare(_ a: GeodeticCoordinate, _ b: GeodeticCoordinate) -> (distance: Double, azimuth: Double)? {
        guard let fast = g.shortRangeInverse(a, b) else { return nil }
        let exact = g.inverse(a, b)
        let s = exact.distance
        var da = max(abs(angleDifference(fast.azimuth1, exact.azimuth1)), abs(angleDifference(fast.azimuth2, exact.azimuth2)))
        if s < 29 && s > 0 {
            let sideways = da * .pi / 180 * s
            let reference = abs(angleDifference(fast.azimuth1, extendedAzimuth(a, b)))
            let ok = sideways <= 5e-9 && (s >= 0.05 ? reference <= 1e-8 : reference * .pi / 180 * s <= 1e-11)
            da = ok ? (s >= 0.05 ? reference : 0) : max(da, reference, 1)
        }
        return (abs(fast.distance - s), da)
    }
    @Test("random lines up to 10 km anywhere below 89.99°: 1 µm and 1e-8°")
    func randomLines() throws {
        var rng = SeededRandom(seed: 99)
        var worstD = 0.0, worstA = 0.0
        for i in 0..<200_000 {
            let a = try GeodeticCoordinate(latitude: rng.uniform(-89.9...89.9), longitude: rng.uniform(-180...180))
            let length = i % 4 == 0 ? rng.uniform(0...1) : i % 4 == 1 ? rng.uniform(0...100) : rng.uniform(0...9_999)
            let b = try g.direct(from: a, azimuth: rng.uniform(-180...180), distance: length).destination
            guard let r = compare(a, b) else { continue }
            if r.azimuth > 1e-8 && ProcessInfo.processInfo.environment["WAYMARK_DIAG"] != nil {
                let f = g.shortRangeInverse(a, b)!, e = g.inverse(a, b)
                print("DIAG \(a.latitude) \(a.longitude) \(b.latitude) \(b.longitude) fast \(f.azimuth1) exact \(e.azimuth1)")
            }
            worstD = max(worstD, r.distance); worstA = max(worstA, r.azimuth)
        }
        print("short-range geodesic: worst distance \(worstD) m, worst azimuth \(worstA)°")
        #expect(worstD <= 1e-6)
        #expect(worstA <= 1e-8)
    }
}

extension ShortRangeGeodesicTests {
    @Test("reference vectors within 10 km (geodesic_wgs84.csv, GeodTest short rows): 1 µm and 1e-8° vs geod_inverse")
    func referenceVectors() throws {
        var rows: [(GeodeticCoordinate, GeodeticCoordinate)] = []
        for row in try TestData.rows("geodesic_wgs84.csv") where row.number("s12_m") <= 10_000 {
            rows.append((try GeodeticCoordinate(latitude: row.number("lat1"), longitude: row.number("lon1")),
                         try GeodeticCoordinate(latitude: row.number("lat2"), longitude: row.number("lon2"))))
        }
        for row in try TestData.rows("external/geodesic_geodtest_short.csv") where row.number("s12") <= 10_000 {
            rows.append((try GeodeticCoordinate(latitude: row.number("lat1"), longitude: row.number("lon1")),
                         try GeodeticCoordinate(latitude: row.number("lat2"), longitude: row.number("lon2"))))
        }
        var covered = 0, worstD = 0.0, worstA = 0.0
        for (a, b) in rows {
            guard let r = compare(a, b) else { continue }
            covered += 1
            worstD = max(worstD, r.distance); worstA = max(worstA, r.azimuth)
            #expect(r.distance <= 1e-6 && r.azimuth <= 1e-8, "\(a) \(b)")
        }
        print("short-range geodesic on \(covered) of \(rows.count) reference lines ≤ 10 km: worst \(worstD) m, \(worstA)°")
        #expect(covered >= rows.count - 60)   // only lines within 0.01° of a pole fall back
    }

    @Test func fallsBackBeyondRangeAndNearPoles() throws {
        let a = try GeodeticCoordinate(latitude: 10, longitude: 10)
        #expect(g.shortRangeInverse(a, try GeodeticCoordinate(latitude: 10.2, longitude: 10)) == nil)
        #expect(g.shortRangeInverse(try GeodeticCoordinate(latitude: 89.995, longitude: 0), try GeodeticCoordinate(latitude: 89.996, longitude: 1)) == nil)
        let far = try GeodeticCoordinate(latitude: 40, longitude: 100)
        #expect(g.fastInverse(a, far) == g.inverse(a, far))
        #expect(g.shortRangeInverse(a, a)?.distance == 0)
    }
}

extension ShortRangeGeodesicTests {
    @Test("four-lane batch: same accuracy as the scalar method, fallback lanes go to geod_inverse")
    func batch() throws {
        var rng = SeededRandom(seed: 31)
        let origin = try GeodeticCoordinate(latitude: 48.2, longitude: 179.99)
        var points: [GeodeticCoordinate] = []
        for i in 0..<1003 {
            let reach = i % 7 == 0 ? 50_000.0 : 9_000    // some beyond 10 km: geod_inverse lanes
            points.append(try g.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...reach)).destination)
        }
        var d = [Double](repeating: 0, count: points.count), a1 = d, a2 = d
        try points.withUnsafeBytes { p in
            try d.withUnsafeMutableBufferPointer { dp in
                try a1.withUnsafeMutableBufferPointer { ap in
                    try a2.withUnsafeMutableBufferPointer { bp in
                        try g.inverse(from: origin, geodetic: p.baseAddress!, stride: 24, distances: dp.baseAddress, azimuths1: ap.baseAddress,
                                      azimuths2: bp.baseAddress, count: points.count, shortRange: true)
                    }
                }
            }
        }
        for (i, p) in points.enumerated() {
            let exact = g.inverse(origin, p)
            #expect(abs(d[i] - exact.distance) <= 1e-6)
            let da = max(abs(angleDifference(a1[i], exact.azimuth1)), abs(angleDifference(a2[i], exact.azimuth2)))
            #expect(da <= 1e-8 || da * .pi / 180 * exact.distance <= 5e-9, "\(i): \(da)")
        }
        var cumulative = [Double](repeating: 0, count: points.count)
        let total = try points.withUnsafeBytes { p in
            try cumulative.withUnsafeMutableBufferPointer { try g.length(geodetic: p.baseAddress!, stride: 24, count: points.count, cumulative: $0.baseAddress, shortRange: true) }
        }
        let reference = points.withUnsafeBufferPointer { g.length(of: $0) }
        #expect(abs(total - reference) <= 1e-6 * Double(points.count))
        #expect(cumulative.last == total)
    }
}

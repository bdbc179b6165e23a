import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkPROJ
import Waymark

@Suite("LocalTangentFrame: closed form and PROJ pipeline")
struct LocalTangentFrameTests {
    @Test("enu_wgs84.csv: closed form and PROJ pipeline within 1e-6 m")
    func generatedReferenceSet() throws {
        let rows = try TestData.rows("enu_wgs84.csv")
        #expect(rows.count == 2000)
        var worstClosed = 0.0, worstProj = 0.0, worstReverse = 0.0, worstBetween = 0.0
        for row in rows {
            let origin = try GeodeticCoordinate(latitude: row.number("lat0"), longitude: row.number("lon0"), height: row.number("h0_m"))
            let point = try GeodeticCoordinate(latitude: row.number("lat"), longitude: row.number("lon"), height: row.number("h_m"))
            let expected = SIMD3(row.number("east_m"), row.number("north_m"), row.number("up_m"))
            let frame = LocalTangentFrame(origin: origin)
            let closed = norm(frame.forward(point) - expected)
            let viaProj = try ProjTopocentricPipeline(origin: origin).forward(point)
            let proj = norm(viaProj - expected)
            // The file prints heights to 1e-6 m, which bounds agreement with it; the two
            // methods agree with each other far more closely.
            let between = norm(viaProj - frame.forward(point))
            worstBetween = max(worstBetween, between)
            #expect(between <= 1e-8, "closed form vs PROJ \(row)")
            // Reverse of the reference ENU lands on the reference point.
            let back = try frame.reverse(expected)
            let reverse = norm(frame.forward(back) - expected)
            worstClosed = max(worstClosed, closed); worstProj = max(worstProj, proj); worstReverse = max(worstReverse, reverse)
            #expect(closed <= 1e-6 && proj <= 1e-6, "\(row)")
            #expect(abs(back.latitude - point.latitude) <= 1e-11 && abs(back.height - point.height) <= 1e-6, "\(row)")
        }
        print("enu_wgs84: worst closed form \(worstClosed) m, PROJ \(worstProj) m, closed vs PROJ \(worstBetween) m, reverse \(worstReverse) m")
        // The README's accuracy table prints these bounds.
        #expect(worstClosed <= 9.9e-7 && worstProj <= 9.9e-7 && worstBetween <= 3.4e-9)
    }

    /// Tolerance from the file's prose: "1 mm …", "0.005 m (printed to 2 decimals)",
    /// "abs 1e-5 …", or pytest's default (relative 1e-6, absolute 1e-12).
    struct Tolerance {
        var absolute: Double
        var relative: Double
        init(_ text: String) {
            if text.hasPrefix("pytest") || text.contains("rel 1e-6") {
                absolute = 1e-12; relative = 1e-6
                return
            }
            let number = text.split(whereSeparator: { $0 == " " || $0 == "(" }).compactMap { Double($0) }.first ?? 0
            absolute = text.contains(" mm") ? number * 1e-3 : number
            relative = 0
            // A value printed to N decimals is known to one unit in its last place:
            // GeographicLib's CartConvert page prints 5783.64 where PROJ 9 and this
            // library both give 5783.6466 (a truncation, or an older release).
            if let range = text.range(of: "printed to "), let n = Int(text[range.upperBound...].prefix(while: \.isNumber)) {
                absolute = max(absolute, pow(10, -Double(n)))
            }
        }
        func accepts(_ got: Double, _ expected: Double) -> Bool {
            abs(got - expected) <= absolute + relative * abs(expected)
        }
    }

    /// Azimuth (degrees), elevation (degrees) and slant range (metres) of an ENU vector.
    static func aer(_ v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(atan2(v.x, v.y) * 180 / .pi, atan2(v.z, (v.x * v.x + v.y * v.y).squareRoot()) * 180 / .pi, norm(v))
    }

    @Test("external ENU vectors (PROJ gie / IOGP, GeographicLib, Octave, pymap3d, HoloLab) at their tolerances")
    func externalVectors() throws {
        let rows = try TestData.rows("external/enu_reference_vectors.csv")
        #expect(rows.count == 20)
        for row in rows {
            let name = row["case"]!
            let origin = try GeodeticCoordinate(latitude: row.number("lat0"), longitude: row.number("lon0"), height: row.number("h0"))
            let point = try GeodeticCoordinate(latitude: row.number("lat"), longitude: row.number("lon"), height: row.number("h"))
            let enu = SIMD3(row.number("e"), row.number("n"), row.number("u"))
            let frame = LocalTangentFrame(origin: origin)
            let pipeline = try ProjTopocentricPipeline(origin: origin)
            let direction = row["direction"]!
            let tolerance = Tolerance(row["tolerance"]!)
            let fromAER = row["enu_derived_from_aer"] == "1"
            if direction == "geodetic2enu" || direction == "both" {
                let got = frame.forward(point)
                // AER-derived rows state their tolerance on azimuth, elevation and range.
                let (g, e) = fromAER ? (Self.aer(got), Self.aer(enu)) : (got, enu)
                for k in 0..<3 { #expect(tolerance.accepts(g[k], e[k]), "\(name) forward \(got) vs \(enu)") }
                #expect(norm(try pipeline.forward(point) - got) <= 1e-6, "\(name) PROJ")
            }
            if direction == "enu2geodetic" || direction == "both" {
                let back = try frame.reverse(enu)
                if row["tolerance"]!.contains("deg") || tolerance.relative > 0 {
                    // Tolerances in degrees (latitude, longitude) and metres (height).
                    #expect(tolerance.accepts(back.latitude, point.latitude) && tolerance.accepts(back.longitude, point.longitude)
                            && tolerance.accepts(back.height, point.height), "\(name) reverse \(back)")
                } else {
                    // Tolerances in metres: compare where the two points are.
                    #expect(norm(frame.forward(back) - frame.forward(point)) <= tolerance.absolute, "\(name) reverse \(back)")
                }
            }
        }
    }

    @Test("external ECEF ⇄ ENU vectors at their tolerances")
    func externalECEFVectors() throws {
        let rows = try TestData.rows("external/enu_ecef_reference_vectors.csv")
        #expect(rows.count == 14)
        for row in rows {
            let origin = try GeodeticCoordinate(latitude: row.number("lat0"), longitude: row.number("lon0"), height: row.number("h0"))
            let frame = LocalTangentFrame(origin: origin)
            let ecef = SIMD3(row.number("x"), row.number("y"), row.number("z"))
            let enu = SIMD3(row.number("e"), row.number("n"), row.number("u"))
            let tolerance = Tolerance(row["tolerance"]!)
            let fromAER = row["enu_derived_from_aer"] == "1"
            let direction = row["direction"]!
            if direction == "ecef2enu" || direction == "both" {
                let g = frame.geocentric.reverse(x: ecef.x, y: ecef.y, z: ecef.z)
                let got = frame.forward(try GeodeticCoordinate(latitude: g.latitude, longitude: g.longitude, height: g.height))
                // Unit vectors straight down have no azimuth: compare those as ENU.
                let useAER = fromAER && norm(SIMD3(enu.x, enu.y, 0)) > 1e-9
                let (a, b) = useAER ? (Self.aer(got), Self.aer(enu)) : (got, enu)
                for k in 0..<3 {
                    #expect(tolerance.accepts(a[k], b[k]) || abs(a[k] - b[k]) <= 1e-9, "\(row["case"]!) \(got) vs \(enu)")
                }
            }
            if direction == "enu2ecef" || direction == "both" {
                let got = frame.ecef(of: try frame.reverse(enu))
                for k in 0..<3 { #expect(tolerance.accepts(got[k], ecef[k]), "\(row["case"]!) \(got) vs \(ecef)") }
            }
        }
    }

    @Test("round trip within 1e-12° and 1e-6 m: ≤ 100 km, heights −500…10 000 m, poles and ±180°")
    func roundTrip() throws {
        var rng = SeededRandom(seed: 42)
        var origins: [GeodeticCoordinate] = try [(90, 0), (-90, 0), (90, 135), (0, 180), (0, -180), (45, 180), (-33.9, 179.9999),
                                                  (89.999, -180), (0, 0), (55.75, 37.62)]
            .map { try GeodeticCoordinate(latitude: $0.0, longitude: $0.1, height: 0) }
        for _ in 0..<40 {
            origins.append(try GeodeticCoordinate(latitude: rng.uniform(-90...90), longitude: rng.uniform(-180...180), height: rng.uniform(-500...10_000)))
        }
        var worstLat = 0.0, worstLonArc = 0.0, worstHeight = 0.0
        for origin in origins {
            let frame = LocalTangentFrame(origin: origin)
            for _ in 0..<250 {
                let flat = try Geodesic.wgs84.direct(from: origin, azimuth: rng.uniform(-180...180), distance: rng.uniform(0...100_000)).destination
                let point = try GeodeticCoordinate(latitude: flat.latitude, longitude: flat.longitude, height: rng.uniform(-500...10_000))
                let back = try frame.reverse(frame.forward(point))
                let dLat = abs(back.latitude - point.latitude)
                // Longitude is judged as an arc on the parallel: near a pole a longitude
                // difference means nothing (at the pole itself, any longitude is right).
                let dLonArc = abs(angleDifference(back.longitude, point.longitude)) * cos(point.latitude * .pi / 180)
                let dh = abs(back.height - point.height)
                worstLat = max(worstLat, dLat); worstLonArc = max(worstLonArc, dLonArc); worstHeight = max(worstHeight, dh)
                #expect(dLat <= 1e-12 && dLonArc <= 1e-12 && dh <= 1e-6, "\(origin) → \(point): \(back)")
                #expect(back.longitude >= -180 && back.longitude < 180)
            }
        }
        print("round trip: worst latitude \(worstLat)°, longitude arc \(worstLonArc)°, height \(worstHeight) m")
        // The README's accuracy table prints these bounds.
        #expect(worstLat <= 2.2e-14 && worstLonArc <= 2.9e-14 && worstHeight <= 4.0e-9)
    }

    @Test func otherEllipsoidsAgreeWithPROJ() throws {
        let shapes = [Ellipsoid.grs80, try .sphere(radius: 6_371_008.8), try Ellipsoid(equatorialRadius: 6_378_388, flattening: 1 / 297)]
        var rng = SeededRandom(seed: 5)
        for shape in shapes {
            let origin = try GeodeticCoordinate(latitude: 48.2, longitude: 16.37, height: 180)
            let frame = LocalTangentFrame(origin: origin, ellipsoid: shape)
            let pipeline = try ProjTopocentricPipeline(origin: origin, ellipsoid: shape)
            for _ in 0..<100 {
                let p = try GeodeticCoordinate(latitude: rng.uniform(47.8...48.6), longitude: rng.uniform(15.8...16.9), height: rng.uniform(-100...3000))
                #expect(norm(frame.forward(p) - (try pipeline.forward(p))) <= 1e-6, "\(shape)")
                let back = try frame.reverse(frame.forward(p))
                #expect(abs(back.latitude - p.latitude) <= 1e-12 && abs(back.height - p.height) <= 1e-6, "\(shape)")
                let viaProj = try pipeline.reverse(frame.forward(p))
                #expect(abs(viaProj.latitude - p.latitude) <= 1e-11 && abs(viaProj.height - p.height) <= 1e-6, "\(shape)")
            }
        }
    }

    @Test("prolate shapes: closed-form round trip; PROJ refuses them with an error, not a crash")
    func prolate() throws {
        let shape = try Ellipsoid(equatorialRadius: 6_378_137, flattening: -1 / 150)
        var rng = SeededRandom(seed: 6)
        for latitude in [-90.0, -45, 0, 30, 89.9, 90] {
            let origin = try GeodeticCoordinate(latitude: latitude, longitude: 10, height: 0)
            let frame = LocalTangentFrame(origin: origin, ellipsoid: shape)
            #expect(norm(frame.forward(origin)) < 1e-9)
            for _ in 0..<100 {
                let enu = SIMD3(rng.uniform(-50_000...50_000), rng.uniform(-50_000...50_000), rng.uniform(-500...10_000))
                #expect(norm(frame.forward(try frame.reverse(enu)) - enu) <= 1e-6, "\(latitude)")
            }
        }
        #expect(throws: WaymarkError.self) { try ProjTopocentricPipeline(origin: try GeodeticCoordinate(latitude: 0, longitude: 0), ellipsoid: shape) }
    }

    @Test func exactDecimalRoundTrips() throws {
        var rng = SeededRandom(seed: 11)
        for v in [6_378_137.0, 1 / 298.257223563, 1 / 297.0, 0.1, 123.456, -1 / 150.0] + (0..<200).map({ _ in rng.uniform(-1e6...1e6) }) {
            let text = try #require(ExactDecimal.text(v))
            #expect(Double(text) == v, "\(v) → \(text)")
        }
        #expect(ExactDecimal.text(.nan) == nil)
        #expect(ExactDecimal.text(.infinity) == nil)
        #expect(ExactDecimal.text(0) == "0")
        #expect(ExactDecimal.text(0.1) == "0.1000000000000000055511151231257827021181583404541015625")
        #expect(ExactDecimal.text(-2.5) == "-2.5")
        #expect(ExactDecimal.text(0x1p64) == "18446744073709551616")
        #expect(ExactDecimal.text(1e23) == "99999999999999991611392")
        // Every finite double, not only ellipsoid-sized ones: tiny fractions, subnormals,
        // huge integers, random bit patterns.
        var extremes: [Double] = [1e-7, 0.0000001, -1e-300, .leastNonzeroMagnitude, .leastNormalMagnitude,
                                  .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0x1p-74, 0x1p-75, 0x1p74, 1e300]
        for _ in 0..<300 {
            let v = Double(bitPattern: rng.next())
            if v.isFinite { extremes.append(v) }
        }
        for v in extremes {
            let text = try #require(ExactDecimal.text(v))
            #expect(Double(text) == v, "\(v) → \(text.prefix(40))…")
        }
        #expect(ExactDecimal.text(.leastNonzeroMagnitude)?.count == 2 + 1074)
    }

    @Test("PROJ's pipeline takes every valid origin, e.g. latitude 1e-7 (once refused as an invalid ellipsoid)")
    func pipelineTakesTinyOrigins() throws {
        for (lat, lon) in [(0.0000001, 10.0), (1e-300, -1e-12), (-45.123456789012345, 179.99999999999997)] {
            let origin = try GeodeticCoordinate(latitude: lat, longitude: lon, height: 12.5)
            let pipeline = try ProjTopocentricPipeline(origin: origin)
            let frame = LocalTangentFrame(origin: origin)
            let point = try GeodeticCoordinate(latitude: lat + 0.01, longitude: lon - 0.01, height: 40)
            #expect(norm(try pipeline.forward(point) - frame.forward(point)) < 1e-8, "\(lat),\(lon)")
        }
    }
}

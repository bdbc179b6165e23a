import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkPROJ
import Waymark

@Suite("Points of interest: clustering, radar, compression, proximity")
struct PointsOfInterestTests {
    let user = try! GeodeticCoordinate(latitude: 55.75, longitude: 37.62)
    func at(_ azimuth: Double, _ distance: Double) -> GeodeticCoordinate {
        try! Geodesic.wgs84.direct(from: user, azimuth: azimuth, distance: distance).destination
    }

    @Test("seed 003 clustering: within half the user's distance to a nearer attraction; 500 m limit")
    func clustering() throws {
        let a = at(0, 100)                       // head
        let b = at(0, 140)                       // 40 m beyond a: within 50 m → joins a
        let c = at(0, 160)                       // 60 m beyond a: a new cluster
        let d = at(90, 300)                      // its own
        let e = at(180, 600)                     // beyond 500 m: hidden
        let f = at(2, 130)                       // ~30 m from a → joins a
        let clusters = try POIClustering.clusters(user: user, points: [b, c, d, e, a, f])
        #expect(clusters.map(\.head) == [4, 1, 2])
        #expect(clusters[0].members == [4, 5, 0] && clusters[0].count == 3)
        #expect(clusters[1].members == [1] && clusters[2].members == [2])
        #expect(abs(clusters[0].distance - 100) < 1e-6)
        // Walking closer shrinks the zones: 20 m from a, its zone is 10 m and b (40 m
        // past a) gets a marker of its own.
        let near = try Geodesic.wgs84.direct(from: user, azimuth: 0, distance: 80).destination
        let split = try POIClustering.clusters(user: near, points: [a, b])
        #expect(split.count == 2)
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try POIClustering.clusters(user: user, points: [a], radius: 0) }
        #expect(try POIClustering.clusters(user: user, points: []).isEmpty)
    }

    /// Seed 003's four-quadrant radar code, transcribed (bearing in radians, y down).
    static func seedRadar(bearing b: Double, distance d: Double, radius r: Double) -> SIMD2<Double> {
        if b > 0 && b < .pi / 2 { return SIMD2(r + cos(.pi / 2 - b) * d, r - sin(.pi / 2 - b) * d) }
        if b > .pi / 2 && b < .pi { return SIMD2(r + cos(b - .pi / 2) * d, r + sin(b - .pi / 2) * d) }
        if b > .pi && b < 3 * .pi / 2 { return SIMD2(r - cos(3 * .pi / 2 - b) * d, r + sin(3 * .pi / 2 - b) * d) }
        if b > 3 * .pi / 2 && b < 2 * .pi { return SIMD2(r - cos(b - 3 * .pi / 2) * d, r - sin(b - 3 * .pi / 2) * d) }
        if b == 0 { return SIMD2(r, r - d) }
        if b == .pi / 2 { return SIMD2(r + d, r) }
        if b == .pi { return SIMD2(r, r + d) }
        return SIMD2(r - d, r)
    }

    @Test("radar: one formula equals the seed's four quadrants; range scaling, clamping, heading")
    func radar() throws {
        let radar = try Radar(radius: 60, range: 60)
        for degrees in stride(from: 0.0, to: 360, by: 7.5) {
            for d in [0.0, 10, 33.3, 60] {
                let ours = try radar.position(distance: d, bearing: degrees)
                let seed = Self.seedRadar(bearing: degrees * .pi / 180, distance: d, radius: 60)
                #expect(abs(ours.x - seed.x) < 1e-9 && abs(ours.y - seed.y) < 1e-9, "\(degrees)° \(d) m")
            }
        }
        let scaled = try Radar(radius: 60, range: 500)
        #expect(try scaled.position(distance: 250, bearing: 90) == SIMD2(90, 60))
        #expect(try scaled.position(distance: 5000, bearing: 0) == SIMD2(60, 0))          // clamped to the rim
        let turned = try scaled.position(distance: 500, bearing: 90, heading: 90)        // facing east: east is up
        #expect(abs(turned.x - 60) < 1e-9 && abs(turned.y) < 1e-9)
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try Radar(radius: 60, range: 0) }
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try scaled.position(distance: bad, bearing: 0) }
            #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try scaled.position(distance: 1, bearing: bad) }
            #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try scaled.position(distance: 1, bearing: 0, heading: bad) }
        }
    }

    @Test func compression() {
        #expect(PlacementCompression.linear.placement(forDistance: 2000) == (12, 1))
        #expect(PlacementCompression.clamp(limit: 100).placement(forDistance: 400) == (100, 0.25))
        #expect(PlacementCompression.clamp(limit: 100).placement(forDistance: 40) == (40, 1))
        #expect(PlacementCompression.none.placement(forDistance: 40) == (40, 1))
    }

    @Test("proximity: enter at 40 m, leave beyond 50 m")
    func proximity() throws {
        var gate = try ProximityGate()
        #expect(gate.update(distance: 45) == false)
        #expect(gate.update(distance: 40) == true)
        #expect(gate.update(distance: 48) == true)      // hysteresis
        #expect(gate.update(distance: .nan) == true)
        #expect(gate.update(distance: 50.5) == false)
        #expect(gate.update(distance: 45) == false)
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try ProximityGate(enter: 50, leave: 40) }
    }
}

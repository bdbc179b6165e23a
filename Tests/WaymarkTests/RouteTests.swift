import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkPROJ
import Waymark

@Suite("Route: projection, window, arrows, legs")
struct RouteTests {
    // An L: 30 m north, then 12 m east (eus: north is −z), flat.
    let route = try! RoutePath(points: [SIMD3(0, 0, 0), SIMD3(0, 0, -30), SIMD3(12, 0, -30)], axes: .eus)

    @Test func projectionAndRemaining() {
        let p = route.project(SIMD3(2, 1.5, -10))          // 2 m east of the first leg, camera 1.5 m up
        #expect(p.segment == 0 && abs(p.fraction - 1.0 / 3) < 1e-12 && abs(p.offset - 2) < 1e-12)
        #expect(p.point == SIMD3(0, 0, -10) && abs(p.distanceAlong - 10) < 1e-12)
        #expect(abs(route.remainingDistance(from: p) - 32) < 1e-12)
        #expect(!route.isOffRoute(p, threshold: 5) && route.isOffRoute(p, threshold: 1.5))
        // Exactly on the corner vertex: end of the first segment.
        let corner = route.project(SIMD3(0, 0, -30))
        #expect(corner.offset == 0 && abs(corner.distanceAlong - 30) < 1e-12)
        // Beyond the finish: clamped to it.
        let past = route.project(SIMD3(20, 0, -30))
        #expect(past.segment == 1 && past.fraction == 1 && abs(past.offset - 8) < 1e-12 && route.remainingDistance(from: past) == 0)
    }

    @Test("arrows at k · spacing over the window, yaw along their segment, legs joining end to start")
    func arrows() throws {
        let p = route.project(SIMD3(0, 0, -20))
        let arrows = try route.arrows(from: p, spacing: 3, ahead: 100)
        #expect(route.window(from: p, ahead: 100) == 20...42)
        // Anchored to the route (k · 3 m), not to the user: 21, 24, …, 42.
        #expect(arrows.map(\.distanceAlong) == [21, 24, 27, 30, 33, 36, 39, 42])
        #expect(arrows[0].yaw == 0)                              // north: −z, no rotation
        #expect(abs(arrows[4].yaw + 90) < 1e-12)                 // east: −90° about +y
        #expect(arrows[4].position == SIMD3(3, 0, -30))
        for (a, b) in zip(arrows, arrows.dropFirst()) { #expect(a.legs.last!.end == b.position) }
        #expect(arrows.last!.legs.isEmpty)                       // at the finish: no section left
        // Every 4 m, the arrow at 28 m turns the corner inside its section: two legs,
        // a 90° right turn (positive = right, as the hint's turn).
        let four = try route.arrows(from: p, spacing: 4, ahead: 100)
        let corner = four[2].legs
        #expect(four[2].distanceAlong == 28)
        #expect(corner.count == 2 && abs(corner[1].turn - 90) < 1e-12 && corner[0].turn == 0)
        #expect(corner[0].start == SIMD3(0, 0, -28) && corner[0].end == SIMD3(0, 0, -30) && corner[1].end == SIMD3(2, 0, -30))
        #expect(route.legCount(from: 28, to: 32) == 2)
        // A shorter window; a start beyond the route's end (once a trap) has none past it.
        #expect(try route.arrows(from: p, spacing: 3, ahead: 6).count == 2)
        var beyond = p
        beyond.distanceAlong = 1e9
        #expect(try route.arrows(from: beyond, spacing: 3).map(\.distanceAlong) == [42])
        beyond.distanceAlong = -5
        #expect(try route.arrows(from: beyond, spacing: 3, ahead: 4).map(\.distanceAlong) == [0, 3])
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try route.arrows(from: p, spacing: 0) }
        // k would not fit an Int: an error, not a trap.
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try route.arrowRange(from: 20, spacing: 1e-300, ahead: 1) }
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try route.arrowRange(from: 0, spacing: .leastNonzeroMagnitude, ahead: 1) }
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try route.arrows(from: p, spacing: .nan) }
        // Left turns are negative.
        let left = try RoutePath(points: [SIMD3(0, 0, 0), SIMD3(0, 0, -10), SIMD3(-10, 0, -10)])
        #expect(abs(left.legs(from: 5, to: 15)[1].turn + 90) < 1e-12)
        let unity = try RoutePath(points: [SIMD3(0, 0, 0), SIMD3(0, 0, 10), SIMD3(10, 0, 10)], axes: .eun)
        #expect(abs(unity.legs(from: 5, to: 15)[1].turn - 90) < 1e-12)       // north then east: right
    }

    @Test("degenerate routes: one point, zero-length segments, U-turn")
    func degenerate() throws {
        let single = try RoutePath(points: [SIMD3(1, 0, 1)])
        let p = single.project(SIMD3(4, 0, 5))
        #expect(p.offset == 5 && single.length == 0 && single.remainingDistance(from: p) == 0)
        #expect(try single.arrows(from: p).isEmpty)
        let repeated = try RoutePath(points: [SIMD3(0, 0, 0), SIMD3(0, 0, 0), SIMD3(0, 0, -6), SIMD3(0, 0, -6)])
        #expect(repeated.length == 6)
        let arrows = try repeated.arrows(from: repeated.project(.zero), spacing: 3)
        #expect(arrows.count == 3 && arrows.allSatisfy { $0.yaw == 0 })       // 0, 3, 6
        #expect(repeated.legs(from: 0, to: 6).count == 1)
        let uTurn = try RoutePath(points: [SIMD3(0, 0, 0), SIMD3(0, 0, -5), SIMD3(0, 0, 0)])
        let legs = uTurn.legs(from: 3, to: 7)
        #expect(legs.count == 2 && legs[1].turn == 180)
        #expect(throws: WaymarkError.badCount) { try RoutePath(points: []) }
        #expect(throws: WaymarkError.invalidElement(index: 1, fault: .nonFinite)) { try RoutePath(points: [.zero, SIMD3(.nan, 0, 0)]) }
    }

    @Test("routes from geographic points through the frame; other axes")
    func fromGeography() throws {
        let origin = try GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864)
        let frame = SceneFrame(origin: origin, axes: .enu)
        // 45 m, not 50: an arrow every 10 m must not hang on the last bit of the length
        // (the CPU paths round differently; 50 m sat exactly on the fifth arrow's edge).
        let north = try Geodesic.wgs84.direct(from: origin, azimuth: 0, distance: 45).destination
        let route = try RoutePath(points: frame.scenePositions(of: [origin, north]), axes: .enu)
        #expect(abs(route.length - 45) < 1e-3)
        let arrows = try route.arrows(from: route.project(.zero), spacing: 10)
        #expect(arrows.count == 5 && abs(arrows[0].yaw) < 1e-6)
        #expect(abs(route.yaw(of: SIMD3(1, 0, 0))! + 90) < 1e-12)   // enu: east is −90° about +z
    }
}

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkCore
@testable import WaymarkNavigation
import Waymark

/// GPS velocity and the route as evidence (issue 35): the velocity against the exact
/// posterior that uses it too, the city walk with route evidence, and the walks that leave
/// the route (a parallel street, a wrong turn, a detour).
@Suite("GPS velocity and route evidence")
struct VelocityRouteTests {
    static func route(_ enu: [(Double, Double)]) -> [GeodeticCoordinate] { NavigatorTests.route(enu) }

    /// A 1 km city walk with three corners.
    static let city = route([(0, 0), (0, 250), (200, 250), (200, 520), (480, 520)])

    /// Correlated GPS (σ 5 m, 4 m of it over 30 s), position drift 0.1 m/√m, GPS velocity
    /// of 0.2 m/s per axis (half of it over 10 s), frames every 0.5 s.
    static func walk(_ route: [GeodeticCoordinate], seed: UInt64) -> WalkSimulator.Scenario {
        var s = NavigatorEstimatorTests.walk(route, seed: seed)
        s.velocitySigma = 0.2
        return s
    }

    static func configuration(_ s: WalkSimulator.Scenario, route: Bool) -> Navigator.Configuration {
        var c = NavigatorEstimatorTests.configuration(s)
        c.velocityCorrelatedShare = s.velocityCorrelatedShare
        c.velocityCorrelationTime = s.velocityCorrelationTime
        c.routeEvidence = route
        return c
    }

    /// The frames' errors, pooled: heading (degrees), first arrow and anchor (m), and the
    /// share within 2σ of the reported heading and anchor σ.
    struct Pool {
        var heading: [Double] = [], arrow: [Double] = [], anchor: [Double] = []
        var headingWithin = 0, headingTotal = 0, anchorWithin = 0, anchorTotal = 0
        mutating func add(_ trial: NavigatorTrial, where keep: (NavigatorTrial.Sample) -> Bool) {
            for x in trial.samples where keep(x) {
                if let e = x.headingError {
                    heading.append(e)
                    if let sg = x.headingSigma { headingTotal += 1; if abs(e) <= 2 * sg { headingWithin += 1 } }
                }
                if let e = x.arrowError { arrow.append(e) }
                if let e = x.anchorError {
                    anchor.append(e)
                    if let sg = x.anchorSigma { anchorTotal += 1; if e <= 2 * sg { anchorWithin += 1 } }
                }
            }
        }
        func p95(_ v: [Double]) -> Double { NavigatorTrial.quantile(v, 0.95) ?? .nan }
        var headingCalibration: Double { Double(headingWithin) / Double(max(headingTotal, 1)) }
        var anchorCalibration: Double { Double(anchorWithin) / Double(max(anchorTotal, 1)) }
        var summary: String {
            "heading p95 \(p95(heading))°, arrow p95 \(p95(arrow)) m, anchor p95 \(p95(anchor)) m, within 2σ "
                + "\(headingCalibration) / \(anchorCalibration) (\(headingTotal) / \(anchorTotal) frames)"
        }
    }

    @Test("GPS velocity: the first correction 3–5 s after starting to walk, as the exact posterior's; heading p95 within 1.1× of it")
    func velocityAgainstReference() throws {
        var pool = NavigatorEstimatorTests.Paired()
        for seed: UInt64 in 1...5 {
            var s = Self.walk(NavigatorEstimatorTests.bend, seed: seed)
            s.waitBefore = 10
            var m = NavigatorEstimatorTests.model(s)
            m.useVelocity = true
            m.velocityCorrelatedShare = s.velocityCorrelatedShare
            m.velocityCorrelationTime = s.velocityCorrelationTime
            try pool.add(s, configuration: Self.configuration(s, route: false), model: m)
        }
        let walking = pool.firstApplied.map { $0 - 10 }, reference = pool.referenceFirstApplied.map { $0 - 10 }
        print("velocity: \(pool.summary); first applied \(walking) s after starting to walk (reference \(reference))")
        for (mine, theirs) in zip(walking, reference) {
            #expect(mine <= 10, "first applied \(mine) s after starting to walk")
            #expect(mine <= theirs + 1, "first applied \(mine) s, the exact posterior's \(theirs) s")
        }
        #expect(pool.heading.count > 3000)
        #expect(pool.headingRatio <= 1.1, "\(pool.summary)")
        #expect(pool.arrowRatio <= 1.1, "\(pool.summary)")
        #expect(pool.headingCalibration >= 0.9 && pool.anchorCalibration >= 0.9, "\(pool.summary)")
    }

    @Test("a course reported standing still does not turn the map")
    func courseStandingStill() throws {
        var s = Self.walk(NavigatorEstimatorTests.bend, seed: 3)
        s.waitBefore = 60
        s.walkDistance = 0
        s.velocityMinimumSpeed = 0   // a course on every fix, however slow the measured speed
        let trial = try NavigatorTrial(WalkSimulator(s), configuration: Self.configuration(s, route: false))
        let corrections = trial.samples.compactMap(\.correction)
        #expect(trial.navigator.velocitiesUsed > 40)
        #expect(corrections.allSatisfy { $0 == corrections.first }, "the map turned: \(Set(corrections))")
    }

    /// The city walk of issue 35: 1 km, three corners, correlated GPS, GPS velocity, a
    /// walker 1–6 m to one side of the route's centre line who crosses the street at half
    /// the corners and cuts them. Frames after the first corner. `side`: the route offset's
    /// sides (nil: the defaults); `route` false: no route evidence; `drift`: the session's
    /// position drift, m/√m (nil: the walk's 0.1).
    static func cityPool(route: Bool, side: (offset: Double, sigma: Double)? = nil, drift: Double? = nil,
                         seeds: ClosedRange<UInt64>) throws -> (pool: Pool, arrowBySeed: [Double]) {
        var pool = Pool(), bySeed: [Double] = []
        for seed in seeds {
            var s = Self.walk(Self.city, seed: seed)
            s.lateralOffset = 1...6
            if let drift { s.positionDrift = drift }
            var c = Self.configuration(s, route: route)
            if let side { c.routeSideOffset = side.offset; c.routeOffsetSigma = side.sigma }
            let trial = try NavigatorTrial(WalkSimulator(s), configuration: c)
            pool.add(trial) { $0.trueAlong > 260 }
            var one = Pool()
            one.add(trial) { $0.trueAlong > 260 }
            bySeed.append(one.p95(one.arrow))
        }
        return (pool, bySeed)
    }

    @Test("the city walk with GPS velocity: the sides of the street told apart, one Gaussian offset, no route evidence")
    func cityWalk() throws {
        let none = try Self.cityPool(route: false, seeds: 1...8)
        let gaussian = try Self.cityPool(route: true, side: (0, 4), seeds: 1...8)
        let sides = try Self.cityPool(route: true, seeds: 1...8)
        for (name, result) in [("none", none), ("one Gaussian", gaussian), ("two sides", sides)] {
            let (pool, bySeed) = result
            print("city, route evidence \(name): \(pool.summary); arrow p95 per seed \(bySeed.min()!)–\(bySeed.max()!) m")
            #expect(pool.heading.count > 5000)
            #expect(pool.p95(pool.heading) <= 1.5, "\(name): \(pool.summary)")
            #expect(pool.headingCalibration >= 0.9 && pool.anchorCalibration >= 0.9, "\(name): \(pool.summary)")
        }
        // The README's table, as printed: heading p95, first arrow p95 (per seed) and the
        // truth within 2σ. The 3 m is not reached: see the README.
        func row(_ r: (pool: Pool, arrowBySeed: [Double])) -> String {
            func f(_ x: Double) -> String { String(format: "%.1f", x) }
            return "\(f(r.pool.p95(r.pool.heading)))° | \(f(r.pool.p95(r.pool.arrow))) m (\(f(r.arrowBySeed.min()!))–"
                + "\(f(r.arrowBySeed.max()!)) m) | \(Int((100 * r.pool.headingCalibration).rounded(.down))) % / "
                + "\(Int((100 * r.pool.anchorCalibration).rounded(.down))) %"
        }
        #expect(row(none) == "1.1° | 4.1 m (3.2–5.2 m) | 94 % / 100 %")
        #expect(row(gaussian) == "0.6° | 3.8 m (2.5–4.7 m) | 99 % / 99 %")
        #expect(row(sides) == "0.5° | 3.4 m (2.4–4.0 m) | 100 % / 100 %")
    }

    @Test("a harder set of seeds: telling the sides apart gains most where the GPS drifts furthest")
    func cityWalkOtherSeeds() throws {
        let gaussian = try Self.cityPool(route: true, side: (0, 4), seeds: 9...16)
        let sides = try Self.cityPool(route: true, seeds: 9...16)
        print("city, seeds 9–16: one Gaussian \(gaussian.pool.summary); two sides \(sides.pool.summary)")
        // The README: 5.1 m → 4.2 m.
        #expect(String(format: "%.1f", gaussian.pool.p95(gaussian.pool.arrow)) == "5.1")
        #expect(String(format: "%.1f", sides.pool.p95(sides.pool.arrow)) == "4.2")
        #expect(sides.pool.headingCalibration >= 0.9 && sides.pool.anchorCalibration >= 0.9, "\(sides.pool.summary)")
    }

    @Test("with a session drifting 0.05 m/√m the first arrow's p95 is under 3 m (issue 35's aim), heading p95 under 1.5°, honest σ")
    func cityWalkLowerDrift() throws {
        let (pool, bySeed) = try Self.cityPool(route: true, drift: 0.05, seeds: 1...8)
        print("city, drift 0.05 m/√m, two sides: \(pool.summary); arrow p95 per seed \(bySeed.min()!)–\(bySeed.max()!) m")
        #expect(pool.p95(pool.arrow) <= 3, "\(pool.summary)")
        #expect(String(format: "%.1f", pool.p95(pool.arrow)) == "2.7", "the README's figure: \(pool.summary)")
        #expect(pool.p95(pool.heading) <= 1.5, "\(pool.summary)")
        #expect(pool.headingCalibration >= 0.9 && pool.anchorCalibration >= 0.9, "\(pool.summary)")
    }

    /// Walks that leave the route: along a parallel street 20 m away, round a 30 m
    /// detour, and a wrong turn of 40 m and back.
    static let leaving: [(name: String, scenario: @Sendable (UInt64) -> WalkSimulator.Scenario)] = [
        ("parallel street", { seed in
            var s = walk(city, seed: seed)
            s.lateralOffset = 1...6
            // Within the second leg (250–450 m): a detour's sideways shift follows the leg it
            // is on, so one across a corner would jump the walker 28 m in a frame.
            s.detour = 260...440
            s.detourOffset = 20
            return s
        }),
        ("detour", { seed in
            var s = walk(city, seed: seed)
            s.lateralOffset = 1...6
            s.detour = 560...660
            s.detourOffset = -30
            return s
        }),
        ("wrong turn", { seed in
            var s = walk(city, seed: seed)
            s.lateralOffset = 1...6
            s.wrongTurn = 400
            return s
        }),
    ]

    @Test("leaving the route: route evidence switches off, arrows no worse than without it by more than 10 % (p95)")
    func leavingTheRoute() throws {
        for kind in Self.leaving {
            var with = Pool(), without = Pool()
            var offFrames = 0, awayFrames = 0
            for seed: UInt64 in 1...6 {
                let s = kind.scenario(seed)
                let on = try NavigatorTrial(WalkSimulator(s), configuration: Self.configuration(s, route: true))
                let off = try NavigatorTrial(WalkSimulator(s), configuration: Self.configuration(s, route: false))
                with.add(on) { $0.trueAlong > 260 }
                without.add(off) { $0.trueAlong > 260 }
                // Frames well inside the detour (its middle, 20 m from either end).
                if let d = s.detour {
                    for x in on.samples where x.trueAlong > d.lowerBound + 20 && x.trueAlong < d.upperBound - 20 {
                        awayFrames += 1
                        if x.routeEvidence == .off { offFrames += 1 }
                    }
                }
            }
            print("\(kind.name): with route evidence \(with.summary); without \(without.summary); off on \(offFrames) of \(awayFrames) frames away")
            #expect(with.p95(with.arrow) <= 1.1 * without.p95(without.arrow), "\(kind.name)")
            // Well inside a detour or along the parallel street the evidence is off: no frame
            // is pulled back onto the route.
            if awayFrames > 0 { #expect(Double(offFrames) >= 0.9 * Double(awayFrames), "\(kind.name): off on \(offFrames) of \(awayFrames)") }
            #expect(with.headingCalibration >= 0.9 && with.anchorCalibration >= 0.9, "\(kind.name): \(with.summary)")
        }
    }
}



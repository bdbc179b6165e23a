import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkCore
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

    @Test("explore")
    func explore() throws {
        // Velocity against the reference.
        var pool = NavigatorEstimatorTests.Paired()
        var starts: [Double] = [], refStarts: [Double] = []
        for seed: UInt64 in 1...5 {
            var s = Self.walk(NavigatorEstimatorTests.bend, seed: seed)
            s.waitBefore = 10
            var m = NavigatorEstimatorTests.model(s)
            m.useVelocity = true
            m.velocityCorrelatedShare = s.velocityCorrelatedShare
            m.velocityCorrelationTime = s.velocityCorrelationTime
            let before = pool.firstApplied.count
            try pool.add(s, configuration: Self.configuration(s, route: false), model: m)
            starts.append(pool.firstApplied[before] - 10)
            refStarts.append(pool.referenceFirstApplied[before] - 10)
        }
        print("velocity: \(pool.summary); first applied after walking \(starts) vs \(refStarts)")
        // City walk.
        for routeOn in [false, true] {
            var heading: [Double] = [], arrow: [Double] = [], within = 0, total = 0, awithin = 0, atotal = 0
            for seed: UInt64 in 1...5 {
                var s = Self.walk(Self.city, seed: seed)
                s.lateralOffset = 1...6
                let trial = try NavigatorTrial(WalkSimulator(s), configuration: Self.configuration(s, route: routeOn))
                for x in trial.samples where x.trueAlong > 260 {
                    if let e = x.headingError { heading.append(e); if let sg = x.headingSigma { total += 1; if abs(e) <= 2 * sg { within += 1 } } }
                    if let e = x.arrowError { arrow.append(e) }
                    if let e = x.anchorError, let sg = x.anchorSigma { atotal += 1; if e <= 2 * sg { awithin += 1 } }
                }
                print("  seed \(seed) route \(routeOn): used \(trial.navigator.routeMeasurementsUsed) velocities \(trial.navigator.velocitiesUsed) state \(trial.navigator.routeEvidence)")
            }
            print("city route \(routeOn): heading p95 \(NavigatorTrial.quantile(heading, 0.95)!) arrow p95 \(NavigatorTrial.quantile(arrow, 0.95)!) within \(Double(within)/Double(total)) anchor within \(Double(awithin)/Double(atotal))")
        }
    }
}

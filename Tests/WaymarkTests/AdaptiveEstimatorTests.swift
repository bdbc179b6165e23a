import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkCore
@testable import WaymarkNavigation
import WaymarkSimulation
import Waymark

/// The navigator with its default settings (the GPS model a prior, not the truth) on walks
/// whose GPS differs from what the defaults assume, held walk by walk against the exact
/// posterior told each walk's true model (`ExactPosterior`): issue 49's mismatches.
@Suite("Adaptive estimator: the phone it meets, walk by walk")
struct AdaptiveEstimatorTests {
    typealias Paired = NavigatorEstimatorTests.Paired

    /// A 1 km zig-zag: six legs of about 170 m turning ±60°.
    static let zigzag = NavigatorTests.route([(0, 0), (85, 147), (0, 294), (85, 441), (0, 588), (85, 735), (0, 882), (50, 970)])

    /// One mismatch: the walk, and what the exact reference is told of it.
    struct Mismatch: Sendable, CustomStringConvertible {
        var name: String
        var scenario: @Sendable (UInt64) -> WalkSimulator.Scenario
        var description: String { name }
    }

    /// The base walk: σ 5 m per axis, 4 m of it slowly varying, the AR session's
    /// position drift 0.1 m/√m, frames every 0.5 s.
    static func walk(_ route: [GeodeticCoordinate], seed: UInt64) -> WalkSimulator.Scenario {
        NavigatorEstimatorTests.walk(route, seed: seed)
    }

    static let mismatches: [Mismatch] = [
        Mismatch(name: "urban canyon, zig-zag (σ 15 m, 12 m over 15 s, accuracy ×1.5 understated)") { seed in
            var s = walk(zigzag, seed: seed)
            s.gpsSigma = 15
            s.gpsCorrelatedShare = 0.8
            s.gpsCorrelationTime = 15
            s.accuracyUnderstatement = 1.5
            return s
        },
        Mismatch(name: "τ 15 s") { seed in
            var s = walk(NavigatorEstimatorTests.bend, seed: seed)
            s.gpsCorrelationTime = 15
            return s
        },
        Mismatch(name: "τ 180 s") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.gpsCorrelationTime = 180
            return s
        },
        Mismatch(name: "accuracy half the error") { seed in
            var s = walk(NavigatorEstimatorTests.bend, seed: seed)
            s.accuracyUnderstatement = 2
            return s
        },
        Mismatch(name: "accuracy twice the error") { seed in
            var s = walk(NavigatorEstimatorTests.bend, seed: seed)
            s.accuracyUnderstatement = 0.5
            return s
        },
        Mismatch(name: "slow bias (σ 7 m, 6.7 m over 600 s)") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.gpsSigma = 7
            s.gpsCorrelatedShare = 0.95
            s.gpsCorrelationTime = 600
            return s
        },
        Mismatch(name: "5 % heavy tail") { seed in
            var s = walk(NavigatorEstimatorTests.bend, seed: seed)
            s.outlierProbability = 0.05
            return s
        },
    ]

    /// One walk against the exact posterior told its true model.
    /// The defaults with the GPS model learnt on the way.
    static var learning: Navigator.Configuration {
        var c = Navigator.Configuration()
        c.gpsModelLearning = true
        return c
    }

    static func paired(_ s: WalkSimulator.Scenario, configuration: Navigator.Configuration = learning) throws -> Paired {
        var p = Paired()
        try p.add(s, configuration: configuration, model: NavigatorEstimatorTests.model(s))
        return p
    }

    /// Each walk of a mismatch twice: with the GPS model learnt and with the configured
    /// one (the default), each against the exact posterior told the walk's true model.
    static func compare(_ m: Mismatch, seeds: ClosedRange<UInt64>) throws -> (learnt: [Paired], configured: [Paired]) {
        var learnt: [Paired] = [], configured: [Paired] = []
        for seed in seeds {
            let s = m.scenario(seed)
            learnt.append(try paired(s))
            configured.append(try paired(s, configuration: Navigator.Configuration()))
            print("\(m.name) seed \(seed): learnt: first applied \(learnt.last!.firstApplied) vs \(learnt.last!.referenceFirstApplied); "
                  + "\(learnt.last!.summary)")
            print("\(m.name) seed \(seed): configured: first applied \(configured.last!.firstApplied); \(configured.last!.summary)")
        }
        return (learnt, configured)
    }

    @Test("survey: each mismatch, four seeds, learnt and configured (printed for the issue's table)", arguments: mismatches)
    func survey(_ m: Mismatch) throws {
        let (learnt, configured) = try Self.compare(m, seeds: 301...304)
        #expect(learnt.count == 4 && configured.count == 4)
        for walk in learnt + configured { #expect(walk.heading.count > 100, "\(m.name): \(walk.summary)") }
    }

    @Test("GPS error held 180 s where the default assumes 60 s: learnt, the anchor's σ is honest on every walk (≥ 90 % within 2σ)")
    func longCorrelation() throws {
        let (learnt, configured) = try Self.compare(Self.mismatches[2], seeds: 311...314)
        for walk in learnt {
            #expect(walk.anchorCalibration >= 0.9 && walk.headingCalibration >= 0.9, "\(walk.summary)")
            #expect(walk.arrowRatio <= 1.15, "\(walk.summary)")
        }
        let worst = { (walks: [Paired]) in walks.map(\.anchorCalibration).min() ?? 0 }
        print("τ 180 s: worst walk's anchor within 2σ learnt \(worst(learnt)), configured \(worst(configured))")
    }

    @Test("a slowly varying bias (6.7 m over 600 s): learnt, the first correction within 2 × the exact posterior's and sooner than the configured model's on every walk, its σ no less honest")
    func slowBias() throws {
        let (learnt, configured) = try Self.compare(Self.mismatches[5], seeds: 311...314)
        for (l, c) in zip(learnt, configured) {
            let mine = l.firstApplied[0], theirs = l.referenceFirstApplied[0], before = c.firstApplied[0]
            #expect(theirs.isFinite && mine <= 2 * theirs, "learnt \(mine) s against the exact's \(theirs) s")
            #expect(mine < before, "learnt \(mine) s against the configured model's \(before) s")
            #expect(l.headingCalibration >= 0.9, "\(l.summary)")
            // Not yet ≥ 90 % on every walk (one of these four is at 57 %: a bias held for
            // 600 s is longer than the grid's longest model, 240 s), but never less honest.
            #expect(l.anchorCalibration >= c.anchorCalibration, "learnt \(l.summary); configured \(c.summary)")
        }
    }

    @Test("accuracy reported at half the error: learnt, the anchor's σ is more honest than the configured model's, pooled and on the worst walk")
    func understatedAccuracy() throws {
        let (learnt, configured) = try Self.compare(Self.mismatches[3], seeds: 311...314)
        func pooled(_ walks: [Paired]) -> Double {
            Double(walks.map(\.anchorWithin).reduce(0, +)) / Double(max(walks.map(\.anchorTotal).reduce(0, +), 1))
        }
        let worst = { (walks: [Paired]) in walks.map(\.anchorCalibration).min() ?? 0 }
        print("half the error: anchor within 2σ pooled learnt \(pooled(learnt)), configured \(pooled(configured)); "
              + "worst walk learnt \(worst(learnt)), configured \(worst(configured))")
        #expect(pooled(learnt) >= pooled(configured) + 0.1)
        #expect(worst(learnt) >= worst(configured))
    }
}

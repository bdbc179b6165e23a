import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import WaymarkCore
import Waymark

/// The navigator's estimator against the exact posterior of the simulator's model
/// (`ExactPosterior`, an independent grid over the heading with a Kalman filter of the rest
/// per cell), and its honesty scenario by scenario: issue 34's "done when".
@Suite("Navigator estimator against the exact posterior")
struct NavigatorEstimatorTests {
    static func route(_ enu: [(Double, Double)]) -> [GeodeticCoordinate] { NavigatorTests.route(enu) }

    /// 600 m with a turn: north 300 m, then north-east.
    static let bend = route([(0, 0), (0, 300), (212, 512)])

    /// One scenario kind: the walk, and whether the reference can follow it exactly.
    struct Kind: Sendable, CustomStringConvertible {
        var name: String
        var scenario: @Sendable (UInt64) -> WalkSimulator.Scenario
        var description: String { name }
    }

    /// Correlated GPS as the issue states it (σ 5 m per axis, 4 m of it over 30 s), the AR
    /// session's position drift (0.1 m/√m), no yaw drift (the reference holds the heading
    /// fixed), frames every 0.5 s.
    static func walk(_ route: [GeodeticCoordinate], seed: UInt64) -> WalkSimulator.Scenario {
        var s = WalkSimulator.Scenario(route: route)
        s.gpsCorrelatedShare = 0.8
        s.positionDrift = 0.1
        s.frameInterval = 0.5
        s.seed = seed
        return s
    }

    /// Issue 22's scenario kinds (loop, outage, mid-route start, multipath, urban canyon,
    /// detour, stairs, slow, runner, landscape, looking down).
    static let kinds: [Kind] = [
        Kind(name: "loop") { seed in
            var s = walk(route([(0, 0), (0, 150), (150, 150), (150, 0), (0, 0)]), seed: seed)
            s.headingError = 25
            return s
        },
        Kind(name: "60 s outage") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.outage = 150...210
            s.walkDistance = 450
            return s
        },
        Kind(name: "start mid-route") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.startAlong = 400
            s.walkDistance = 450
            s.headingError = 30
            return s
        },
        Kind(name: "multipath") { seed in
            var s = walk(bend, seed: seed)
            s.outlierProbability = 0.05
            return s
        },
        Kind(name: "urban canyon") { seed in
            var s = walk(bend, seed: seed)
            s.gpsSigma = 7.5
            s.accuracyUnderstatement = 1.5
            return s
        },
        Kind(name: "detour") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.detour = 200...320
            s.detourOffset = 25
            s.walkDistance = 450
            return s
        },
        Kind(name: "stairs") { seed in
            var s = walk(NavigatorFilterTests.route3([(0, 0, 0), (0, 40, 0), (0, 70, 15), (0, 110, 15), (0, 140, 0), (0, 300, 0)]),
                         seed: seed)
            s.gpsVerticalSigma = 7.5
            s.speed = 1.0
            return s
        },
        Kind(name: "slow walker") { seed in
            var s = walk(bend, seed: seed)
            s.speed = 0.4
            s.walkDistance = 160
            return s
        },
        Kind(name: "runner") { seed in
            var s = walk(NavigatorFilterTests.kilometre, seed: seed)
            s.speed = 2.5
            return s
        },
        Kind(name: "landscape, compass") { seed in
            var s = walk(bend, seed: seed)
            s.roll = 90
            s.compassSigma = 10
            return s
        },
        Kind(name: "looking down, compass") { seed in
            var s = walk(bend, seed: seed)
            s.pitch = -60
            s.compassSigma = 10
            return s
        },
    ]

    /// The navigator told the simulator's model (the reference knows it too).
    static func configuration(_ s: WalkSimulator.Scenario) -> Navigator.Configuration {
        var c = Navigator.Configuration()
        c.gpsCorrelatedShare = s.gpsCorrelatedShare
        c.gpsCorrelationTime = s.gpsCorrelationTime
        c.positionDrift = s.positionDrift
        c.yawDrift = s.yawDrift
        return c
    }

    static func model(_ s: WalkSimulator.Scenario) -> ExactPosterior.Model {
        var m = ExactPosterior.Model()
        m.accuracyScale = s.accuracyUnderstatement
        m.gpsCorrelatedShare = s.gpsCorrelatedShare
        m.gpsCorrelationTime = s.gpsCorrelationTime
        m.positionDrift = s.positionDrift
        m.useCompass = s.compassSigma != nil
        m.gate = s.outlierProbability > 0 ? 4 : nil
        return m
    }

    /// The navigator's and the reference's errors over the same frames: those from the
    /// later of their first applied corrections on.
    struct Paired {
        var heading: [Double] = [], arrow: [Double] = [], referenceHeading: [Double] = [], referenceArrow: [Double] = []
        var headingWithin = 0, headingTotal = 0, anchorWithin = 0, anchorTotal = 0
        var firstApplied: [Double] = [], referenceFirstApplied: [Double] = []
        var forced = 0
        var referenceHeadingWithin = 0, referenceHeadingTotal = 0

        mutating func add(_ s: WalkSimulator.Scenario, configuration: Navigator.Configuration? = nil) throws {
            let walk = WalkSimulator(s)
            let trial = try NavigatorTrial(walk, configuration: configuration ?? NavigatorEstimatorTests.configuration(s))
            let frames = try ExactPosterior.run(walk, model: NavigatorEstimatorTests.model(s), arrowAlong: trial.samples.map(\.arrowAlong))
            #expect(frames.count == trial.samples.count)
            let mine = trial.firstApplied ?? .infinity
            let theirs = ExactPosterior.firstApplied(frames, sigma: 5) ?? .infinity
            firstApplied.append(mine)
            referenceFirstApplied.append(theirs)
            forced += trial.navigator.fixesForced
            let from = max(mine, theirs)
            for (sample, frame) in zip(trial.samples, frames) where sample.time >= from {
                if let e = sample.headingError {
                    heading.append(e)
                    referenceHeading.append(frame.headingError)
                    if let sigma = sample.headingSigma { headingTotal += 1; if e.magnitude <= 2 * sigma { headingWithin += 1 } }
                    referenceHeadingTotal += 1
                    if frame.headingError.magnitude <= 2 * frame.headingSigma { referenceHeadingWithin += 1 }
                }
                if let e = sample.arrowError, let r = frame.arrowError { arrow.append(e); referenceArrow.append(r) }
                if let e = sample.anchorError, let sigma = sample.anchorSigma { anchorTotal += 1; if e <= 2 * sigma { anchorWithin += 1 } }
            }
        }

        func p95(_ v: [Double]) -> Double { NavigatorTrial.quantile(v, 0.95) ?? .nan }
        var headingRatio: Double { p95(heading) / p95(referenceHeading) }
        var arrowRatio: Double { p95(arrow) / p95(referenceArrow) }
        var headingCalibration: Double { Double(headingWithin) / Double(max(headingTotal, 1)) }
        var anchorCalibration: Double { Double(anchorWithin) / Double(max(anchorTotal, 1)) }
        var summary: String {
            func f(_ x: Double) -> String { String(Int((x * 100).rounded())) }
            return "heading p95 \(p95(heading)) vs \(p95(referenceHeading)) (×\(headingRatio)), arrow p95 \(p95(arrow)) vs "
                + "\(p95(referenceArrow)) (×\(arrowRatio)), within 2σ \(f(headingCalibration)) % / \(f(anchorCalibration)) % "
                + "(reference's heading \(f(Double(referenceHeadingWithin) / Double(max(referenceHeadingTotal, 1)))) %), forced \(forced)"
        }
    }

    @Test("within 10 % of the exact posterior, pooled: correlated and white GPS, initial errors 0/15/30/90°, 0.4/1.4/2.5 m/s")
    func pooledAgainstReference() throws {
        var pool = Paired()
        for share in [0.8, 0.0] {
            for error in [0.0, 15, 30, 90] {
                for (i, speed) in [0.4, 1.4, 2.5].enumerated() {
                    var s = Self.walk(Self.bend, seed: UInt64(100 + i) &+ UInt64(error))
                    s.gpsCorrelatedShare = share
                    s.headingError = error
                    s.speed = speed
                    if speed < 1 { s.walkDistance = 200 }
                    try pool.add(s)
                }
            }
        }
        print("pooled: \(pool.summary)")
        #expect(pool.heading.count > 3000)
        #expect(pool.headingRatio <= 1.1, "\(pool.summary)")
        #expect(pool.arrowRatio <= 1.1, "\(pool.summary)")
    }

    @Test("within 25 % of the exact posterior and honest σ (≥ 90 % within 2σ) in each scenario kind", arguments: kinds)
    func scenarioKind(_ kind: Kind) throws {
        var pool = Paired()
        for seed: UInt64 in 21...25 { try pool.add(kind.scenario(seed)) }
        print("\(kind.name): \(pool.summary)")
        #expect(pool.headingTotal > 300 && pool.anchorTotal > 300)
        #expect(pool.headingRatio <= 1.25, "\(kind.name): \(pool.summary)")
        #expect(pool.arrowRatio <= 1.25, "\(kind.name): \(pool.summary)")
        #expect(pool.headingCalibration >= 0.9, "\(kind.name): \(pool.summary)")
        #expect(pool.anchorCalibration >= 0.9, "\(kind.name): \(pool.summary)")
    }
}

import Testing
@testable import WaymarkCore
import Waymark

@Suite("Scratch") struct ScratchEstimator {
    static let start = try! GeodeticCoordinate(latitude: 55.7339, longitude: 37.5886, height: 158)
    static func route(_ enu: [(Double, Double)], height: Double = 0) -> [GeodeticCoordinate] {
        let t = LocalTangentFrame(origin: start)
        return enu.map { t.reverseUnchecked(SIMD3($0.0, $0.1, height)) }
    }
    @Test(arguments: [(1.0, 0.1)]) func scratch(_ yp: (Double, Double)) throws {
        let (Y, PD) = yp
        for (name, share) in [("white", 0.0), ("correlated", 0.8)] {
            var hw = 0, ht = 0, aw = 0, at = 0
            var heads: [Double] = [], arrows: [Double] = [], progress: [Double] = []
            var firsts: [Double] = []
            for seed: UInt64 in 1...6 {
                var s = WalkSimulator.Scenario(route: Self.route([(0, 0), (0, 500), (300, 700), (300, 1000)]))
                s.gpsCorrelatedShare = share
                s.seed = seed
                s.frameInterval = 0.5
                s.yawDrift = Y
                s.positionDrift = PD
                var c = Navigator.Configuration(); c.yawDrift = Y; c.positionDrift = PD
                let trial = try NavigatorTrial(WalkSimulator(s), configuration: c)
                let h = trial.calibration { ($0.headingError, $0.headingSigma) }
                let a = trial.calibration { ($0.anchorError, $0.anchorSigma) }
                hw += h.within; ht += h.total; aw += a.within; at += a.total
                heads += trial.samples.compactMap { $0.headingError }
                arrows += trial.samples.compactMap { $0.state == .applied ? $0.arrowError : nil }
                progress += trial.samples.compactMap { $0.progressError }
                firsts.append(trial.firstApplied ?? -1)
                let late = trial.samples.filter { $0.time > 60 }
                if false { print("  seed \(seed): anchor p50 \(NavigatorTrial.quantile(late.compactMap { $0.anchorError }, 0.5)!) p95 \(NavigatorTrial.quantile(late.compactMap { $0.anchorError }, 0.95)!) sigma p50 \(NavigatorTrial.quantile(late.compactMap { $0.anchorSigma }, 0.5)!) arrow late p95 \(NavigatorTrial.quantile(late.compactMap { $0.arrowError }, 0.95)!) prog late p95 \(NavigatorTrial.quantile(late.compactMap { $0.progressError }, 0.95)!) rejected \(trial.navigator.fixesRejected)") }
            }
            print("\(Y) \(PD) \(name): heading within 2σ \(Double(hw)/Double(ht)) anchor \(Double(aw)/Double(at)) headP95 \(NavigatorTrial.quantile(heads, 0.95)!) arrowP95 \(NavigatorTrial.quantile(arrows, 0.95)!) progP95 \(NavigatorTrial.quantile(progress, 0.95)!) first \(firsts)")
        }
    }
}

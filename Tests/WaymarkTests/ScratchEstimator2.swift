import Testing
@testable import WaymarkCore
import Waymark

@Suite("Scratch2") struct ScratchEstimator2 {
    @Test func debug() throws {
        var s = WalkSimulator.Scenario(route: ScratchEstimator.route([(0, 0), (0, 500), (300, 700), (300, 1000)]))
        s.frameInterval = 0.5
        var c = Navigator.Configuration(); c.yawDrift = 0; c.positionDrift = 0; c.gpsCorrelatedShare = 0.8; s.gpsCorrelatedShare = 0.8
        let trial = try NavigatorTrial(WalkSimulator(s), configuration: c)
        for smp in trial.samples where Int(smp.time * 2) % 40 == 0 {
            print("t \(smp.time) state \(smp.state) he \(smp.headingError ?? .nan) hs \(smp.headingSigma ?? .nan) ae \(smp.anchorError ?? .nan) as \(smp.anchorSigma ?? .nan) arrow \(smp.arrowError ?? .nan) prog \(smp.progressError ?? .nan)")
        }
    }
}

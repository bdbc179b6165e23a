import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation

/// ``HeadingCorrector`` and the navigator's ``FixStore`` fit the heading with one engine
/// (``TrackFitter``): on the same fixes they give the same numbers to the bit, and
/// differ only where each keeps its own answer to a rejection round that empties the track.
@Suite("One heading-fit engine for the corrector and the navigator")
struct HeadingFitEngineTests {
    static let origin = try! GeodeticCoordinate(latitude: 55.73397, longitude: 37.58864, height: 0)

    /// A 20-fix walk 40° east of north seen by a session whose compass is 12° off,
    /// with a fixed, uneven GPS error and mixed accuracies.
    static func walk(frame: SceneFrame) throws -> [LocationEstimate] {
        let truth = SceneFrame(origin: origin)
        return try (0..<20).map { i in
            let t = Double(i)
            let (s, c) = AngleMath.sincosd(40)
            let enu = SIMD3(1.4 * t * s, 1.4 * t * c, 0)
            let error = SIMD3(3 * AngleMath.sincosd(97 * t).sin, 2 * AngleMath.sincosd(53 * t + 11).cos, 0)
            let fix = truth.tangentFrame.reverseUnchecked(enu + error)
            var session = truth
            try session.setEstimate(sceneOrigin: .zero, headingCorrection: 12)
            return try LocationEstimate(fix: fix, horizontalAccuracy: [3, 5, 8][i % 3], verticalAccuracy: 10, timestamp: t,
                                        scenePosition: session.scenePosition(fromENU: enu))
        }
    }

    /// The corrector's robust correction when its 20-estimate buffer triggers, and the
    /// fix store's robust fit over the same estimates.
    static func both(rejection: Double) throws -> (HeadingCorrector.Correction?, TrackFit?) {
        let frame = SceneFrame(origin: origin)
        let walk = try walk(frame: frame)
        var configuration = HeadingCorrector.Configuration()
        configuration.bufferCount = walk.count
        configuration.bufferInterval = 1000
        configuration.rejection = rejection
        var corrector = try HeadingCorrector(configuration: configuration)
        var correction: HeadingCorrector.Correction? = nil
        for e in walk { correction = corrector.add(e, frame: frame) }
        var store = FixStore(capacity: walk.count)
        for e in walk {
            store.append(FixRecord(gps: frame.tangentFrame.forward(e.fix), hasHeight: false, scene: e.scenePosition,
                                   horizontalAccuracy: e.horizontalAccuracy, verticalAccuracy: e.verticalAccuracy,
                                   time: e.timestamp, serial: 0))
        }
        #expect(store.gather(frame: frame) == walk.count)
        return (correction, store.robustFit(rejection: rejection))
    }

    @Test("the corrector's robust correction is the fix store's fit to the bit")
    func sameFit() throws {
        let (correction, fit) = try Self.both(rejection: 3)
        let c = try #require(correction), f = try #require(fit)
        #expect(c.angle.bitPattern == f.angle.bitPattern)
        #expect(c.uncertainty?.bitPattern == f.sigma.bitPattern)
        #expect(c.used == f.used)
        #expect(abs(c.angle - 12) < 5)      // the compass error, within the noise of a 27 m walk
    }

    @Test("a rejection round that leaves too few fixes: no correction from the corrector, the round before's fit from the fix store")
    func collapse() throws {
        let (correction, fit) = try Self.both(rejection: 0.01)
        #expect(correction == nil)
        let f = try #require(fit)
        #expect(f.used >= 2)
    }

    @Test("the circular mean and the running sum the pairs estimators use agree to the bit")
    func circularSum() {
        let angles = [179.5, -179.25, 170, -3, 12.125]
        var sum = CircularSum()
        for a in angles { sum.add(a) }
        #expect(sum.mean?.bitPattern == CircularMean.of(angles)?.bitPattern)
        #expect(CircularSum().mean == nil)
    }
}

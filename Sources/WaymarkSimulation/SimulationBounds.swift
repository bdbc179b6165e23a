import WaymarkCore
import WaymarkNavigation

extension Limits {
    /// The longest simulated walk (`wm_simulate`, `waymark simulate`): 3 600 s, an
    /// hour (5 km at walking pace) at one sample per second. The heading corrector's
    /// cost grows with its history, so a run's cost grows quadratically with its
    /// length (measured: 0.04 s for 2 400 s, 4.4 s for 19 200 s, 102 s for a day);
    /// the limit keeps one call well under a second. Checked on the requested
    /// duration, or on the route's length over the speed, before anything runs.
    public static let maximumSimulatedSeconds = 3_600.0
}

extension FieldSimulator.Scenario {
    /// How many samples ``FieldSimulator/run()`` will produce (one per second from
    /// t = 0 through the duration), found without running it, so callers check their
    /// capacity and ``Limits/maximumSimulatedSeconds`` before the work is done.
    ///
    /// The duration is ``duration`` when set, else the route's length over ``speed``
    /// (the walk's end), as ``FieldSimulator/run()`` takes it.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a route of fewer than 2 points, a
    ///   speed that is not finite and positive, or a duration (given or implied) that is
    ///   not finite or longer than ``Limits/maximumSimulatedSeconds``.
    public func sampleCount() throws(WaymarkError) -> Int {
        guard route.count >= 2 else { throw .invalidInput(.outOfRange) }
        guard speed.isFinite else { throw .invalidInput(.nonFinite) }
        guard speed > 0 else { throw .invalidInput(.notPositive) }
        let seconds: Double
        if let duration {
            seconds = duration
        } else {
            let world = LocalTangentFrame(origin: route[0])
            seconds = try RoutePath(points: route.map { world.forward($0) }, axes: .enu).length / speed
        }
        guard seconds.isFinite else { throw .invalidInput(.nonFinite) }
        guard seconds <= Limits.maximumSimulatedSeconds else { throw .invalidInput(.outOfRange) }
        // run() samples t = 0, 1, 2, … while t ≤ duration + 1e-9.
        return seconds < 0 ? 0 : Int((seconds + 1e-9).rounded(.down)) + 1
    }
}

import ArgumentParser
import Waymark

extension Choice {
    /// `--route-evidence`: whether the navigator takes the route as evidence.
    enum OnOff: String, CaseIterable, ExpressibleByArgument, Sendable {
        case on, off
    }
}

/// `--route-evidence on|off` (`simulate` and `replay`): the navigator's
/// ``Navigator/Configuration/routeEvidence`` (default off), and `--route-side-offset-m`
/// (``Navigator/Configuration/routeSideOffset``).
struct RouteEvidenceOptions: ParsableArguments {
    @Option(name: .customLong("route-evidence"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The filter takes the route as evidence of where the user is (default: off).", valueName: "on|off"),
            completion: .list(["on", "off"]), transform: Given.choice("route-evidence"))
    var routeEvidence: [Given<Choice.OnOff>] = []
    @Option(name: .customLong("route-side-offset-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("With route evidence: where each side of the street lies from the route's centre line, m; the fixes tell the sides apart (default: \(Navigator.Configuration().routeSideOffset); 0: one Gaussian about the line).",
                               valueName: "M"),
            transform: Given.number("route-side-offset-m", { $0 >= 0 && $0 <= 1000 }, "in [0, 1000] m"))
    var routeSideOffset: [Given<Double>] = []

    /// The flags given, by name.
    var given: [String] {
        (routeEvidence.isEmpty ? [] : ["route-evidence"]) + (routeSideOffset.isEmpty ? [] : ["route-side-offset-m"])
    }

    /// `configuration` with route evidence as told.
    /// - Throws: a usage error for `on` with the window fits, which take no route evidence.
    func applying(to configuration: Navigator.Configuration) throws(CLIError) -> Navigator.Configuration {
        var c = configuration
        if let side = routeSideOffset.value { c.routeSideOffset = side }
        guard let v = routeEvidence.value else { return c }
        if v == .on && c.method != .filter { throw .usage("--route-evidence on is the filter's: the window fits take no route evidence") }
        c.routeEvidence = v == .on
        return c
    }
}

/// The walker and the phone's GPS velocity in `simulate`'s walk (``WalkSimulator``):
/// GPS velocity, a walker beside the route who crosses streets and cuts corners, pauses
/// at corners and a wrong turn.
struct WalkerOptions: ParsableArguments {
    @Option(name: .customLong("velocity-sigma-mps"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Fixes carry a GPS velocity with this error per axis, m/s (half of it over 10 s; no course below 0.5 m/s; default: none).",
                               valueName: "S"),
            transform: Given.number("velocity-sigma-mps", { $0 > 0 && $0 <= 100 }, "in (0, 100] m/s"))
    var velocitySigma: [Given<Double>] = []
    @Option(name: .customLong("lateral-offset-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The walker keeps MIN to MAX metres to one side of the route on each leg, crossing at corners (default: on it).",
                               valueName: "MIN:MAX"),
            transform: Given.interval("lateral-offset-m"))
    var lateralOffset: [Given<ClosedRange<Double>>] = []
    @Option(name: .customLong("crossing-probability"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("With --lateral-offset-m: the chance of crossing the street at a corner (default: 0.5).", valueName: "P"),
            transform: Given.number("crossing-probability", { $0 >= 0 && $0 <= 1 }, "in [0, 1]"))
    var crossingProbability: [Given<Double>] = []
    @Option(name: .customLong("corner-pause-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("At half the corners the walker waits MIN to MAX seconds (default: never).", valueName: "MIN:MAX"),
            transform: Given.interval("corner-pause-s"))
    var cornerPause: [Given<ClosedRange<Double>>] = []
    @Option(name: .customLong("wrong-turn-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("At the first corner from D metres along the route the walker goes 40 m straight on and back (default: none).",
                               valueName: "D"),
            transform: Given.number("wrong-turn-m", { $0 >= 0 }, "non-negative"))
    var wrongTurn: [Given<Double>] = []

    /// The flags given, by name.
    var given: [String] {
        [("velocity-sigma-mps", velocitySigma.isEmpty), ("lateral-offset-m", lateralOffset.isEmpty),
         ("crossing-probability", crossingProbability.isEmpty), ("corner-pause-s", cornerPause.isEmpty),
         ("wrong-turn-m", wrongTurn.isEmpty)].filter { !$0.1 }.map(\.0)
    }

    /// `walk` with these models.
    /// - Throws: a usage error for a negative or too large offset or pause, or
    ///   `--crossing-probability` without `--lateral-offset-m`.
    func applying(to walk: WalkSimulator.Scenario) throws(CLIError) -> WalkSimulator.Scenario {
        var w = walk
        w.velocitySigma = velocitySigma.value
        if let o = lateralOffset.value {
            guard o.lowerBound >= 0, o.upperBound <= 1000 else { throw .usage("--lateral-offset-m must lie in [0, 1000] m") }
            w.lateralOffset = o
        }
        if let p = crossingProbability.value {
            guard w.lateralOffset != nil else { throw .usage("--crossing-probability needs --lateral-offset-m") }
            w.crossingProbability = p
        }
        if let p = cornerPause.value {
            guard p.lowerBound >= 0, p.upperBound <= 3600 else { throw .usage("--corner-pause-s must lie in [0, 3600] s") }
            w.cornerPause = p
        }
        w.wrongTurn = wrongTurn.value
        return w
    }
}

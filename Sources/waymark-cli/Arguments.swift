import Waymark

/// A command's parsed arguments, as the command bodies read them: option values by
/// name (without the dashes), the switches given, and the input FILE (nil: standard
/// input). ArgumentParser reads the command line (``WaymarkCLI``); the bodies check
/// the values (coordinates, choices, counts) and say what is wrong with them.
struct Arguments {
    var options: [String: String] = [:]
    var flags: Set<String> = []
    var file: String?

    /// Records an option declared as repeatable so that a repeat can be refused: the
    /// old parser's rule, which scripts rely on (`--origin` twice is a usage error,
    /// not the last one silently winning).
    mutating func option(_ name: String, _ values: [String]) throws(CLIError) {
        guard values.count <= 1 else { throw .usage("option --\(name) given twice") }
        if let value = values.first { options[name] = value }
    }

    mutating func flag(_ name: String, _ given: Bool) {
        if given { flags.insert(name) }
    }

    /// The positional FILE: at most one; `-` is standard input.
    mutating func file(_ words: [String]) throws(CLIError) {
        guard words.count <= 1 else { throw .usage("more than one input file: \(words[0]) and \(words[1])") }
        file = words.first == "-" ? nil : words.first
    }

    /// `--origin LAT,LON[,H]`, required.
    func origin() throws(CLIError) -> GeodeticCoordinate { try coordinate("origin") }

    /// A `--NAME LAT,LON[,H]` option as a validated coordinate (degrees, metres).
    func coordinate(_ name: String) throws(CLIError) -> GeodeticCoordinate {
        guard let text = options[name] else { throw .usage("--\(name) LAT,LON[,H] is required") }
        let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        guard fields.count == 2 || fields.count == 3,
              let lat = Double(fields[0]), let lon = Double(fields[1])
        else { throw .usage("--\(name) takes LAT,LON[,H] in degrees and metres, got '\(text)'") }
        var height = 0.0
        if fields.count == 3 {
            guard let h = Double(fields[2]) else { throw .usage("--\(name) height '\(fields[2])' is not a number") }
            height = h
        }
        do {
            return try GeodeticCoordinate(latitude: lat, longitude: lon, height: height)
        } catch {
            throw .usage("--\(name): \(describe(error, latitude: lat))")
        }
    }

    /// `--axes eus|enu|eun|ENGINE`, default eus; ENGINE is a preset of `SceneAxes.presets`
    /// (`unreal` is in centimetres).
    func axes() throws(CLIError) -> SceneAxes {
        switch options["axes"] ?? "eus" {
        case "eus": return .eus
        case "enu": return .enu
        case "eun": return .eun
        case let other:
            if let preset = SceneAxes.presets.first(where: { $0.name == other }) { return preset.axes }
            throw .usage("--axes must be eus, enu, eun or an engine preset (\(axesPresetNames)), got '\(other)'")
        }
    }

    /// An option restricted to a fixed set of words.
    func choice(_ name: String, default value: String, among words: [String]) throws(CLIError) -> String {
        let chosen = options[name] ?? value
        guard words.contains(chosen) else {
            throw .usage("--\(name) must be one of \(words.joined(separator: ", ")), got '\(chosen)'")
        }
        return chosen
    }

    /// A positive integer option.
    func count(_ name: String, default value: Int) throws(CLIError) -> Int {
        guard let text = options[name] else { return value }
        guard let n = Int(text), n > 0 else { throw .usage("--\(name) must be a positive integer, got '\(text)'") }
        return n
    }
}

/// Human wording of a core error for a value read from input.
func describe(_ error: WaymarkError, latitude: Double? = nil) -> String {
    switch error {
    case .invalidInput(let fault), .invalidElement(_, let fault):
        switch fault {
        case .nonFinite: return "value is not finite (NaN or infinity)"
        case .latitudeOutOfRange:
            if let latitude { return "latitude \(latitude) is outside [-90, 90]" }
            return "latitude is outside [-90, 90]"
        case .notPositive: return "value must be positive"
        case .outOfRange: return "value is out of range"
        }
    case .invalidEllipsoid: return "invalid ellipsoid"
    case .badStride: return "stride smaller than an element"
    case .badCount: return "bad count"
    case .projFailure, .gridMissing, .noConvergence: return error.message
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s.removeLast() }
        return s
    }
}

extension Substring {
    func trimmingNewline() -> Substring {
        var s = self
        while let c = s.last, c == "\n" || c == "\r" { s.removeLast() }
        return s.trimmingSpaces()
    }
}

/// The engine presets `--axes` takes besides eus, enu and eun, comma-separated.
let axesPresetNames = SceneAxes.presets.map(\.name).joined(separator: ", ")

/// Every word `--axes` takes (shell completion).
let axesChoices = ["eus", "enu", "eun"] + SceneAxes.presets.map(\.name)

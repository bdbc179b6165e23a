import Waymark

/// A command's parsed arguments: `--flag value` / `--flag=value` options and at most
/// one positional FILE.
struct Arguments {
    private(set) var options: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var file: String?

    /// Parses `words` accepting only `allowed` option names and `switches` (flags
    /// without a value), both without the dashes.
    init(_ words: ArraySlice<String>, allowed: Set<String>, switches: Set<String> = []) throws(CLIError) {
        var rest = words
        while let word = rest.popFirst() {
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                if switches.contains(String(body)) {
                    flags.insert(String(body))
                    continue
                }
                let name: String, value: String
                if let eq = body.firstIndex(of: "=") {
                    name = String(body[..<eq])
                    value = String(body[body.index(after: eq)...])
                } else {
                    name = String(body)
                    guard let next = rest.popFirst() else { throw .usage("option --\(name) needs a value") }
                    value = next
                }
                guard allowed.contains(name) else { throw .usage("unknown option --\(name)") }
                guard options[name] == nil else { throw .usage("option --\(name) given twice") }
                options[name] = value
            } else if word == "-" || !word.hasPrefix("-") {
                guard file == nil else { throw .usage("more than one input file: \(file!) and \(word)") }
                file = word == "-" ? nil : word
            } else {
                throw .usage("unknown option \(word)")
            }
        }
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

    /// `--axes eus|enu|eun`, default eus.
    func axes() throws(CLIError) -> SceneAxes {
        switch options["axes"] ?? "eus" {
        case "eus": return .eus
        case "enu": return .enu
        case "eun": return .eun
        case let other: throw .usage("--axes must be eus, enu or eun, got '\(other)'")
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

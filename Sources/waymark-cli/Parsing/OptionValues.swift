import ArgumentParser
import Waymark

// The transforms of the value options: each word is parsed once, when the command line
// is read, into the type the command body uses, and a bad word is a usage error (exit 64)
// naming the option and what it takes.

extension Given where Value == String {
    /// A file name, a CRS definition: any word.
    static func text(_ name: String) -> @Sendable (String) throws -> Given { parse(name) { $0 } }
}

extension Given where Value == GeodeticCoordinate {
    /// `--NAME LAT,LON[,H]`: degrees and metres, a valid coordinate.
    static func coordinate(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            let fields = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard fields.count == 2 || fields.count == 3,
                  let lat = Double(fields[0]), let lon = Double(fields[1])
            else { throw .usage("--\(name) takes LAT,LON[,H] in degrees and metres, got '\(text)'") }
            var height = 0.0
            if fields.count == 3 {
                guard let h = Double(fields[2]) else { throw .usage("--\(name) height '\(fields[2])' is not a number") }
                height = h
            }
            do throws(WaymarkError) {
                return try GeodeticCoordinate(latitude: lat, longitude: lon, height: height)
            } catch {
                throw .usage("--\(name): \(describe(error, latitude: lat))")
            }
        }
    }
}

extension Given where Value: ExpressibleByArgument & CaseIterable {
    /// One of the enumeration's words; `expected` is how the message lists them
    /// (default: "one of a, b, c").
    static func choice(_ name: String, expected: String? = nil) -> @Sendable (String) throws -> Given {
        parse(name) { word throws(CLIError) in
            guard let value = Value(argument: word) else {
                throw .usage("--\(name) must be \(expected ?? "one of " + Value.allValueStrings.joined(separator: ", ")), got '\(word)'")
            }
            return value
        }
    }
}

extension ExpressibleByArgument where Self: CaseIterable {
    /// The words as help shows them: `a|b|c`.
    static var valueNames: String { allValueStrings.joined(separator: "|") }
}

extension Given where Value == Double {
    /// A finite number; `valid` and `range` add a bound and how the message states it
    /// (`message` replaces the whole message when the bound is not met).
    static func number(_ name: String, _ valid: @escaping @Sendable (Double) -> Bool = { _ in true }, _ range: String = "",
                       message: String? = nil) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            guard let v = Double(text), v.isFinite else { throw .usage("--\(name) must be a number, got '\(text)'") }
            guard valid(v) else { throw .usage(message ?? "--\(name) must be \(range), got '\(text)'") }
            return v
        }
    }
}

extension Given where Value == Int {
    /// A positive integer (a count).
    static func count(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            guard let n = Int(text), n > 0 else { throw .usage("--\(name) must be a positive integer, got '\(text)'") }
            return n
        }
    }

    /// A positive integer no larger than `limit`.
    static func count(_ name: String, atMost limit: Int) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            guard let n = Int(text), n > 0, n <= limit else {
                throw .usage("--\(name) must be an integer from 1 to \(limit), got '\(text)'")
            }
            return n
        }
    }
}

extension Given where Value == UInt64 {
    /// A random seed: any non-negative 64-bit integer.
    static func seed(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            guard let seed = UInt64(text) else { throw .usage("--\(name) must be a non-negative integer, got '\(text)'") }
            return seed
        }
    }
}

extension Given where Value == ClosedRange<Double> {
    /// `START:END`, seconds, 0 ≤ START < END.
    static func interval(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in try parseInterval(text, name) }
    }
}

extension Given where Value == [ClosedRange<Double>] {
    /// `START:END[,START:END…]`: intervals that do not overlap, in time order.
    static func intervals(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { text throws(CLIError) in
            var intervals: [ClosedRange<Double>] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                intervals.append(try parseInterval(String(part), name))
            }
            intervals.sort { $0.lowerBound < $1.lowerBound }
            for k in intervals.indices.dropFirst() where intervals[k].lowerBound <= intervals[k - 1].upperBound {
                throw .usage("--\(name) intervals must not overlap")
            }
            return intervals
        }
    }
}

/// `START:END`, seconds, 0 ≤ START < END.
private func parseInterval(_ text: String, _ name: String) throws(CLIError) -> ClosedRange<Double> {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, let a = Double(parts[0].trimmingSpaces()), let b = Double(parts[1].trimmingSpaces()),
          a.isFinite, b.isFinite, a >= 0, a < b else {
        throw .usage("--\(name) takes START:END in seconds with 0 <= START < END, got '\(text)'")
    }
    return a...b
}

/// `--reset-at T[,T…]`: times in seconds after the start. Repeatable: every occurrence
/// adds its times.
func resetTimes(_ text: String) throws(CLIError) -> [Double] {
    var times: [Double] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let t = Double(part.trimmingSpaces()), t.isFinite, t > 0 else {
            throw .usage("--reset-at takes times in seconds after the start (above 0), got '\(part)'")
        }
        times.append(t)
    }
    return times
}

/// `--viewport WxH`: the viewport in points.
struct Viewport: Sendable {
    var width = 390.0, height = 844.0

    static func parse(_ name: String) -> @Sendable (String) throws -> Given<Viewport> {
        Given.parse(name) { text throws(CLIError) in
            let sides = text.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]), width > 0, height > 0,
                  width.isFinite, height.isFinite else { throw .usage("--\(name) must be WIDTHxHEIGHT in points, got '\(text)'") }
            return Viewport(width: width, height: height)
        }
    }
}

extension Given where Value == SceneAxes {
    /// `--axes eus|enu|eun|ENGINE`: ENGINE is a preset of `SceneAxes.presets` (`unreal`
    /// is in centimetres).
    static func axes(_ name: String) -> @Sendable (String) throws -> Given {
        parse(name) { word throws(CLIError) in
            switch word {
            case "eus": return .eus
            case "enu": return .enu
            case "eun": return .eun
            case let other:
                if let preset = SceneAxes.presets.first(where: { $0.name == other }) { return preset.axes }
                throw .usage("--\(name) must be eus, enu, eun or an engine preset (\(axesPresetNames)), got '\(other)'")
            }
        }
    }
}

/// The engine presets `--axes` takes besides eus, enu and eun, comma-separated.
let axesPresetNames = SceneAxes.presets.map(\.name).joined(separator: ", ")

/// Every word `--axes` takes (shell completion).
let axesChoices = ["eus", "enu", "eun"] + SceneAxes.presets.map(\.name)

/// A required `--NAME LAT,LON[,H]` (`--origin` by default).
func required(_ given: [Given<GeodeticCoordinate>], _ name: String = "origin") throws(CLIError) -> GeodeticCoordinate {
    guard let value = given.value else { throw .usage("--\(name) LAT,LON[,H] is required") }
    return value
}

/// `--to csv|json|geojson` (`--output-format` on commands whose `--to` means something
/// else: datum, transform, geoid).
///
/// - csv: a header line and comma-separated rows (the default, unchanged).
/// - json: one array of objects keyed by the column names.
/// - geojson: for geographic results only: a FeatureCollection of Points, positions
///   `[lon, lat(, h)]`, the other columns as properties; a single LineString Feature when
///   the rows came from one route (a GeoJSON LineString, a GPX track or route, a
///   polyline) and carry nothing but coordinates.
enum OutputFormat: String, CaseIterable {
    case csv, json, geojson
}

/// The output options every command accepts, taken out of its words before the
/// command's own parsing sees them.
enum OutputOptions {
    /// The commands that write rows and so take `--to` / `--output-format`.
    static let rowCommands: Set<String> = ["scene", "geodetic", "inverse", "direct", "datum", "transform", "geoid", "arrows"]
    /// The row commands whose own `--to` means something else.
    static let ownTo: Set<String> = ["datum", "transform", "geoid"]

    static func extract(from words: ArraySlice<String>, command: String, into out: inout Output) throws(CLIError) -> ArraySlice<String> {
        var rest: [String] = []
        var i = words.startIndex
        var formatGiven = false
        // `--name value` or `--name=value`: the value, or nil when `word` is not that option.
        func value(_ name: String) throws(CLIError) -> String? {
            let word = words[i]
            if word == "--\(name)" {
                i += 1
                guard i < words.endIndex else { throw .usage("option --\(name) needs a value") }
                return words[i]
            }
            if word.hasPrefix("--\(name)=") { return String(word.dropFirst(name.count + 3)) }
            return nil
        }
        func formatValue() throws(CLIError) -> String? {
            if let v = try value("output-format") { return v }
            return ownTo.contains(command) ? nil : try value("to")
        }
        while i < words.endIndex {
            let word = words[i]
            if word == "--line-buffered" {
                out.lineBuffered = true
            } else if let text = try value("precision") {
                guard let n = Int(text), (0...17).contains(n) else {
                    throw .usage("--precision takes a whole number of decimals from 0 to 17, not '\(text)'")
                }
                out.precision = n
            } else if rowCommands.contains(command), let text = try formatValue() {
                let name = word.hasPrefix("--to") ? "--to" : "--output-format"
                guard !formatGiven else { throw .usage("option \(name) given twice") }
                guard let format = OutputFormat(rawValue: text) else {
                    throw .usage("\(name) must be one of csv, json, geojson, got '\(text)'")
                }
                formatGiven = true
                out.format = format
            } else {
                rest.append(word)
            }
            i += 1
        }
        return rest[...]
    }
}

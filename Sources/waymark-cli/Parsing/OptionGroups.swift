import ArgumentParser

// The options several commands share, as ArgumentParser groups.
//
// Value options are declared as arrays taking one word per occurrence, unconditionally:
// the next word is the value whatever it looks like (`--origin -33.9,151.2`), and a
// repeated option is refused (``Arguments/option(_:_:)``, exit 64): one value per option
// keeps a command line unambiguous.
// Values are checked by the command bodies, which name what is wrong with them.

/// `--precision N` and `--line-buffered`: every command.
struct OutputOptionGroup: ParsableArguments {
    @Option(name: .customLong("precision"), parsing: .unconditional,
            help: ArgumentHelp("Fixed decimals (0 to 17) for row values; default: the shortest form that reads back as the same double.",
                               valueName: "N"))
    var precision: String?

    @Flag(name: .customLong("line-buffered"),
          help: "Flush every row at once (the default when standard output is a terminal).")
    var lineBuffered = false

    /// The output these options ask for, its values checked (exit 64 otherwise).
    func output(format: OutputFormat) throws(CLIError) -> Output {
        var out = Output()
        out.lineBuffered = lineBuffered || isTerminal()
        if let text = precision {
            guard let n = Int(text), (0...17).contains(n) else {
                throw .usage("--precision takes a whole number of decimals from 0 to 17, not '\(text)'")
            }
            out.precision = n
        }
        out.format = format
        return out
    }
}

/// `--to csv|json|geojson` and its synonym `--output-format`: the row commands whose
/// `--to` is free (scene, geodetic, inverse, direct, arrows).
struct RowOutputGroup: ParsableArguments {
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Output format: csv (default), json or geojson.", valueName: "csv|json|geojson"),
            completion: .list(OutputFormat.allCases.map(\.rawValue)))
    var to: [String] = []

    @Option(name: .customLong("output-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The same as --to.", valueName: "csv|json|geojson"),
            completion: .list(OutputFormat.allCases.map(\.rawValue)))
    var outputFormat: [String] = []

    func format() throws(CLIError) -> OutputFormat {
        try OutputFormat.chosen(to.map { ("--to", $0) } + outputFormat.map { ("--output-format", $0) })
    }
}

/// `--output-format csv|json|geojson` alone: datum, transform and geoid, whose `--to`
/// is their own.
struct OutputFormatGroup: ParsableArguments {
    @Option(name: .customLong("output-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Output format: csv (default), json or geojson.", valueName: "csv|json|geojson"),
            completion: .list(OutputFormat.allCases.map(\.rawValue)))
    var outputFormat: [String] = []

    func format() throws(CLIError) -> OutputFormat {
        try OutputFormat.chosen(outputFormat.map { ("--output-format", $0) })
    }
}

extension OutputFormat {
    /// The one format given (csv when none); two are a usage error.
    static func chosen(_ given: [(name: String, value: String)]) throws(CLIError) -> OutputFormat {
        guard let (name, text) = given.first else { return .csv }
        guard given.count == 1 else { throw .usage("option \(given[1].name) given twice") }
        guard let format = OutputFormat(rawValue: text) else {
            throw .usage("\(name) must be one of csv, json, geojson, got '\(text)'")
        }
        return format
    }
}

/// The input options of the row commands that read points (their `--from`, a format
/// or their own datum, is declared by each command).
struct RowInputGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format (default: the FILE's extension, else csv).", valueName: inputFormatNames),
            completion: .list(InputFormat.allCases.map(\.rawValue)))
    var inputFormat: [String] = []

    @Option(name: .customLong("delimiter"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("CSV field delimiter (default: a header line's, else the first data line's).",
                               valueName: "comma|semicolon|tab|whitespace|auto"),
            completion: .list(["auto"] + CSVDelimiter.allCases.map(\.rawValue)))
    var delimiter: [String] = []

    @Option(name: .customLong("heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GPX <ele>: made ellipsoidal through EGM96 (default), or kept with orthometric.",
                               valueName: "ellipsoidal|orthometric"),
            completion: .list(["ellipsoidal", "orthometric"]))
    var heights: [String] = []

    @Flag(name: .customLong("lon-lat"), help: "Headerless CSV rows are longitude first.")
    var lonLat = false

    @Flag(name: .customLong("keep-columns"), help: "Carry CSV columns past the coordinates (a track's time) through to the output.")
    var keepColumns = false

    @OptionGroup var track: TrackInputGroup

    func add(to args: inout Arguments) throws(CLIError) {
        try args.option("input-format", inputFormat)
        try args.option("delimiter", delimiter)
        try args.option("heights", heights)
        args.flag("lon-lat", lonLat)
        args.flag("keep-columns", keepColumns)
        try track.add(to: &args)
    }
}

/// The options of the track formats (``TrackOptions``).
struct TrackInputGroup: ParsableArguments {
    @Option(name: .customLong("gpx-part"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The GPX part read (default: the first track, else the first route, else the waypoints).",
                               valueName: "track|route|waypoints"),
            completion: .list(TrackOptions.GPXPart.allCases.map(\.rawValue)))
    var gpxPart: [String] = []

    @Option(name: .customLong("polygons"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GeoJSON and KML polygons: skipped with a warning (default) or their rings read.", valueName: "skip|rings"),
            completion: .list(["skip", "rings"]))
    var polygons: [String] = []

    @Option(name: .customLong("missing-heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A track point without a height among points with one: an error (default), left out, or every height ignored.",
                               valueName: "error|drop-points|ignore-heights"),
            completion: .list(TrackOptions.MissingHeights.allCases.map(\.rawValue)))
    var missingHeights: [String] = []

    func add(to args: inout Arguments) throws(CLIError) {
        try args.option("gpx-part", gpxPart)
        try args.option("polygons", polygons)
        try args.option("missing-heights", missingHeights)
    }
}

/// The input options of the row commands whose rows are not points (geodetic, direct,
/// transform): CSV only, so their help offers nothing else.
struct CSVInputGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format: csv only (these rows are not points).", valueName: "csv"),
            completion: .list(["csv"]))
    var inputFormat: [String] = []

    @Option(name: .customLong("delimiter"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("CSV field delimiter (default: a header line's, else the first data line's).",
                               valueName: "comma|semicolon|tab|whitespace|auto"),
            completion: .list(["auto"] + CSVDelimiter.allCases.map(\.rawValue)))
    var delimiter: [String] = []

    @Flag(name: .customLong("keep-columns"), help: "Carry CSV columns past the coordinates through to the output.")
    var keepColumns = false

    func add(to args: inout Arguments) throws(CLIError) {
        try args.option("input-format", inputFormat)
        try args.option("delimiter", delimiter)
        args.flag("keep-columns", keepColumns)
    }
}

/// The formats `--from` / `--input-format` name, as help shows them.
let inputFormatNames = InputFormat.allCases.map(\.rawValue).joined(separator: "|")

/// The help of a `--from` that names the input format.
let inputFormatHelp = ArgumentHelp("Input format (default: the FILE's extension, else csv).", valueName: inputFormatNames)
let inputFormatCompletion = CompletionKind.list(InputFormat.allCases.map(\.rawValue))
/// The help of a `--from` on a command whose rows are not points: CSV only.
let csvFormatHelp = ArgumentHelp("Input format: csv only (these rows are not points).", valueName: "csv")
let fileHelp = ArgumentHelp("The input (default: standard input; - is standard input).", valueName: "FILE")
let coordinateHelp = "LAT,LON[,H]"

/// Runs a command body on its parsed arguments with its output; whatever the body
/// wrote is flushed before an error is reported, so the rows already out are complete.
func execute(_ args: Arguments, _ out: inout Output, _ body: (Arguments, inout Output) throws(CLIError) -> Void) throws(CLIError) {
    do {
        try body(args, &out)
    } catch {
        out.flush()
        throw error
    }
    out.finish()
    out.flush()
}

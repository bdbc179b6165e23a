import ArgumentParser
import Waymark

// The options several commands share, as ArgumentParser groups; value options are
// arrays of ``Given`` (one occurrence each, parsed where declared).

/// `--precision N` and `--line-buffered`: every command.
struct OutputOptionGroup: ParsableArguments {
    /// A repeated `--precision` is allowed: the last one counts.
    @Option(name: .customLong("precision"), parsing: .unconditional,
            help: ArgumentHelp("Fixed decimals (0 to 17) for row values; default: the shortest form that reads back as the same double.",
                               valueName: "N"),
            transform: { text in
                guard let n = Int(text), (0...17).contains(n) else {
                    throw ParseRefusal.record(.usage("--precision takes a whole number of decimals from 0 to 17, not '\(text)'"))
                }
                return n
            })
    var precision: Int?

    @Flag(name: .customLong("line-buffered"),
          help: "Flush every row at once (the default when standard output is a terminal).")
    var lineBuffered = false

    /// The output these options ask for.
    func output(format: OutputFormat) -> Output {
        var out = Output()
        out.lineBuffered = lineBuffered || isTerminal()
        out.precision = precision
        out.format = format
        return out
    }
}

/// `--to csv|json|geojson` and its synonym `--output-format`: the row commands whose
/// `--to` is free (scene, geodetic, inverse, direct, arrows).
struct RowOutputGroup: ParsableArguments {
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Output format: csv (default), json or geojson.", valueName: OutputFormat.valueNames),
            completion: OutputFormat.defaultCompletionKind, transform: Given.choice("to"))
    var to: [Given<OutputFormat>] = []

    @Option(name: .customLong("output-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The same as --to.", valueName: OutputFormat.valueNames),
            completion: OutputFormat.defaultCompletionKind, transform: Given.choice("output-format"))
    var outputFormat: [Given<OutputFormat>] = []

    func format() throws(CLIError) -> OutputFormat { try OutputFormat.chosen(to + outputFormat) }
}

/// `--origin`, required: the commands whose scene has no other origin (scene,
/// geodetic, arrows).
struct OriginOption: ParsableArguments {
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene's origin (required).", valueName: coordinateHelp), transform: Given.coordinate("origin"))
    var origin: [Given<GeodeticCoordinate>] = []

    /// The origin given; none is a usage error.
    func value() throws(CLIError) -> GeodeticCoordinate { try required(origin) }
}

/// `--axes`'s help: the named conventions, then the engine presets.
let axesHelp = ArgumentHelp("Scene axes (default: eus), or an engine preset: arkit, realitykit, scenekit, arcore, arcore-unity, unity, unreal (centimetres), godot, threejs, webxr, bevy.", valueName: "eus|enu|eun|ENGINE")

/// `--origin` and `--axes`: the scene frame of the conversion commands (scene, geodetic).
struct SceneFrameOptions: ParsableArguments {
    @OptionGroup var origin: OriginOption

    @Option(name: .customLong("axes"), parsing: .unconditionalSingleValue, help: axesHelp, completion: .list(axesChoices),
            transform: Given.axes("axes"))
    var axes: [Given<SceneAxes>] = []

    /// The frame these options name (EUS axes when none is given).
    func frame() throws(CLIError) -> SceneFrame { SceneFrame(origin: try origin.value(), axes: axes.value ?? .eus) }
}

/// `--from FORMAT`, the input's point format: the commands that read points (scene,
/// accuracy, length, arrows, geoid).
struct PointFormatOption: ParsableArguments {
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp,
            completion: InputFormat.defaultCompletionKind, transform: Given.choice("from"))
    var from: [Given<InputFormat>] = []
}

/// `--from csv`: the commands whose rows are not points (geodetic, direct), so CSV is
/// their only format.
struct CSVFormatOption: ParsableArguments {
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: csvFormatHelp, completion: .list(["csv"]),
            transform: Given.choice("from"))
    var from: [Given<InputFormat>] = []
}

/// `--output-format csv|json|geojson` alone: datum, transform and geoid, whose `--to`
/// is their own.
struct OutputFormatGroup: ParsableArguments {
    @Option(name: .customLong("output-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Output format: csv (default), json or geojson.", valueName: OutputFormat.valueNames),
            completion: OutputFormat.defaultCompletionKind, transform: Given.choice("output-format"))
    var outputFormat: [Given<OutputFormat>] = []

    func format() throws(CLIError) -> OutputFormat { try OutputFormat.chosen(outputFormat) }
}

extension OutputFormat {
    /// The one format given (csv when none); two are a usage error.
    static func chosen(_ given: [Given<OutputFormat>]) throws(CLIError) -> OutputFormat {
        guard given.count <= 1 else { throw .usage("option --\(given[1].name) given twice") }
        return given.value ?? .csv
    }
}

/// Which part of a track file is read: `--gpx-part`, `--polygons` (the row commands and
/// `read`).
struct TrackPartOptions: ParsableArguments {
    @Option(name: .customLong("gpx-part"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The GPX part read (default: the first track, else the first route, else the waypoints).",
                               valueName: TrackOptions.GPXPart.valueNames),
            completion: TrackOptions.GPXPart.defaultCompletionKind, transform: Given.choice("gpx-part"))
    var gpxPart: [Given<TrackOptions.GPXPart>] = []

    @Option(name: .customLong("polygons"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GeoJSON and KML polygons: skipped with a warning (default) or their rings read.",
                               valueName: Choice.Polygons.valueNames),
            completion: Choice.Polygons.defaultCompletionKind, transform: Given.choice("polygons"))
    var polygons: [Given<Choice.Polygons>] = []
}

/// The input options of the row commands that read points (their `--from`, a format
/// or their own datum, is declared by each command).
struct RowInputGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format (default: the FILE's extension, else csv).", valueName: InputFormat.valueNames),
            completion: InputFormat.defaultCompletionKind, transform: Given.choice("input-format"))
    var inputFormat: [Given<InputFormat>] = []

    @OptionGroup var csv: DelimiterOption

    @Option(name: .customLong("heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GPX <ele>: made ellipsoidal through EGM96 (default), or kept with orthometric.",
                               valueName: Choice.Heights.valueNames),
            completion: Choice.Heights.defaultCompletionKind, transform: Given.choice("heights", expected: "ellipsoidal or orthometric"))
    var heights: [Given<Choice.Heights>] = []

    @Flag(name: .customLong("lon-lat"), help: "Headerless CSV rows are longitude first.")
    var lonLat = false

    @Flag(name: .customLong("keep-columns"), help: "Carry CSV columns past the coordinates (a track's time) through to the output.")
    var keepColumns = false

    @OptionGroup var parts: TrackPartOptions

    @Option(name: .customLong("missing-heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A track point without a height among points with one: an error (default), left out, or every height ignored.",
                               valueName: TrackOptions.MissingHeights.valueNames),
            completion: TrackOptions.MissingHeights.defaultCompletionKind, transform: Given.choice("missing-heights"))
    var missingHeights: [Given<TrackOptions.MissingHeights>] = []

    /// These options, with the command's `--from` when it names the input format.
    func options(from: [Given<InputFormat>] = [], file: String?) -> InputOptions {
        InputOptions(file: file, from: from.first, inputFormat: inputFormat.first, delimiter: csv.delimiter.value,
                     heights: heights.value, lonLat: lonLat, keepColumns: keepColumns,
                     gpxPart: parts.gpxPart.value, polygons: parts.polygons.value, missingHeights: missingHeights.value)
    }
}

/// The input options of the row commands whose rows are not points (geodetic, direct,
/// transform): CSV only, so their help offers nothing else.
struct CSVInputGroup: ParsableArguments {
    @Option(name: .customLong("input-format"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format: csv only (these rows are not points).", valueName: "csv"),
            completion: .list(["csv"]), transform: Given.choice("input-format"))
    var inputFormat: [Given<InputFormat>] = []

    @OptionGroup var csv: DelimiterOption

    @Flag(name: .customLong("keep-columns"), help: "Carry CSV columns past the coordinates through to the output.")
    var keepColumns = false

    /// These options, with the command's `--from` when it names the input format.
    func options(from: [Given<InputFormat>] = [], file: String?) -> InputOptions {
        InputOptions(file: file, from: from.first, inputFormat: inputFormat.first, delimiter: csv.delimiter.value,
                     keepColumns: keepColumns)
    }
}

/// `--delimiter`'s words as help shows them: the delimiters, then `auto`.
private let delimiterValueNames = "comma|semicolon|tab|whitespace|auto"

/// The help of a `--from` that names the input format.
let inputFormatHelp = ArgumentHelp("Input format (default: the FILE's extension, else csv).", valueName: InputFormat.valueNames)
/// The help of a `--from` on a command whose rows are not points: CSV only.
let csvFormatHelp = ArgumentHelp("Input format: csv only (these rows are not points).", valueName: "csv")
let fileHelp = ArgumentHelp("The input (default: standard input; - is standard input).", valueName: "FILE")
let coordinateHelp = "LAT,LON[,H]"

/// `--delimiter`: every command that reads CSV.
struct DelimiterOption: ParsableArguments {
    @Option(name: .customLong("delimiter"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("CSV field delimiter (default: a header line's, else the first data line's).",
                               valueName: delimiterValueNames),
            completion: Choice.Delimiter.defaultCompletionKind, transform: Given.choice("delimiter"))
    var delimiter: [Given<Choice.Delimiter>] = []
}

/// The filter's GPS error model (`simulate` and `replay`): what share of a fix's σ varies
/// slowly and over how long — the navigator's defaults (fitted on real phone logs) unless
/// told, e.g. for walks simulated with another model or a phone measured to differ.
struct FilterGPSOptions: ParsableArguments {
    @Option(name: .customLong("filter-gps-correlated-share"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The filter's GPS model: the slowly varying share it assumes (default: the navigator's, 0.96).",
                               valueName: "F"),
            transform: Given.number("filter-gps-correlated-share", { $0 >= 0 && $0 < 1 }, "in [0, 1)"))
    var share: [Given<Double>] = []
    @Option(name: .customLong("filter-gps-correlation-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The filter's GPS model: the correlation time it assumes (default: the navigator's, 60).",
                               valueName: "T"),
            transform: Given.number("filter-gps-correlation-s", { $0 > 0 }, "positive"))
    var correlationTime: [Given<Double>] = []
    @Option(name: .customLong("gps-model"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The filter's GPS model and accuracy confidence from `waymark gps-model --write` (the two flags above win).",
                               valueName: "FILE"),
            completion: .file(), transform: Given.text("gps-model"))
    var modelFile: [Given<String>] = []

    /// The flags given, by name.
    var given: [String] {
        (share.isEmpty ? [] : ["filter-gps-correlated-share"]) + (correlationTime.isEmpty ? [] : ["filter-gps-correlation-s"])
            + (modelFile.isEmpty ? [] : ["gps-model"])
    }
}

import ArgumentParser
import Waymark

// Every command of `waymark` and its options (names, values and defaults are the CLI's
// contract); the bodies live in Commands/.

struct Demo: WaymarkCommand {
    static let entry = HelpText.Entry.demo
    static let configuration = helpConfiguration("demo", "The built-in 55-point walking route in ARKit coordinates, with the spherical baselines' errors.")
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) { try DemoCommand.run(&out) }
}

struct Scene: WaymarkCommand {
    static let entry = HelpText.Entry.scene
    static let configuration = helpConfiguration("scene", "Rows lat,lon[,h] -> x,y,z (AR scene coordinates).", input: "[FILE]")
    @OptionGroup var frame: SceneFrameOptions
    @Option(name: .customLong("method"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The exact method (default: ellipsoidal), PROJ's pipeline or a spherical baseline.",
                               valueName: Choice.SceneMethod.valueNames),
            completion: Choice.SceneMethod.defaultCompletionKind, transform: Given.choice("method"))
    var method: [Given<Choice.SceneMethod>] = []
    @OptionGroup var source: PointFormatOption
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try ConversionCommands.scene(self, &out) }
}

struct Geodetic: WaymarkCommand {
    static let entry = HelpText.Entry.geodetic
    static let configuration = helpConfiguration("geodetic", "Rows x,y,z -> lat,lon,h.", input: "[FILE]")
    @OptionGroup var frame: SceneFrameOptions
    @OptionGroup var source: CSVFormatOption
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try ConversionCommands.geodetic(self, &out) }
}

struct Inverse: WaymarkCommand {
    static let entry = HelpText.Entry.inverse
    static let configuration = helpConfiguration("inverse", "Rows lat1,lon1,lat2,lon2 -> distance_m,azimuth1_deg,azimuth2_deg.", input: "[FILE]")
    @Option(name: .customLong("method"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Karney's ellipsoidal geodesic (default) or the haversine.", valueName: Choice.InverseMethod.valueNames),
            completion: Choice.InverseMethod.defaultCompletionKind, transform: Given.choice("method"))
    var method: [Given<Choice.InverseMethod>] = []
    @Option(name: .customLong("pairs"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Read lat,lon[,h] points (any format) and solve each point and the next.", valueName: Choice.Pairs.valueNames),
            completion: Choice.Pairs.defaultCompletionKind, transform: Given.choice("pairs"))
    var pairs: [Given<Choice.Pairs>] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format (default: the FILE's extension, else csv); point formats with --pairs consecutive.",
                               valueName: InputFormat.valueNames),
            completion: InputFormat.defaultCompletionKind, transform: Given.choice("from"))
    var from: [Given<InputFormat>] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try GeodesicCommands.inverse(self, &out) }
}

struct Direct: WaymarkCommand {
    static let entry = HelpText.Entry.direct
    static let configuration = helpConfiguration("direct", "Rows lat1,lon1,azimuth1_deg,distance_m -> lat2,lon2,azimuth2_deg.", input: "[FILE]")
    @OptionGroup var source: CSVFormatOption
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try GeodesicCommands.direct(self, &out) }
}

struct Accuracy: WaymarkCommand {
    static let entry = HelpText.Entry.accuracy
    static let configuration = helpConfiguration("accuracy", "The spherical baselines' errors by distance and latitude, or on a track (CSV), and report pages.", input: "[TRACK]")
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write a self-contained report page.", valueName: "FILE"), completion: .file(), transform: Given.text("html"))
    var html: [Given<String>] = []
    @Option(name: .customLong("svg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write the figures as one SVG.", valueName: "FILE"), completion: .file(), transform: Given.text("svg"))
    var svg: [Given<String>] = []
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene origin for a TRACK (default: its first point).", valueName: coordinateHelp),
            transform: Given.coordinate("origin"))
    var origin: [Given<GeodeticCoordinate>] = []
    @OptionGroup var source: PointFormatOption
    @OptionGroup var input: RowInputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("A track or route in any input format (without one: the built-in table; - is standard input).",
                                 valueName: "TRACK"), completion: .file())
    var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) { try AccuracyCommand.run(self, &out) }
}

struct Length: WaymarkCommand {
    static let entry = HelpText.Entry.length
    static let configuration = helpConfiguration("length", "A track's length and per-segment distance and azimuth by each method.", input: "[FILE]")
    @OptionGroup var source: PointFormatOption
    @OptionGroup var input: RowInputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The track or route (any input format; default: standard input).", valueName: "TRACK"), completion: .file())
    var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) { try LengthCommand.run(self, &out) }
}

/// The help of `--estimator` (simulate and replay) on its deprecated name.
private let estimatorNote = "seed is a deprecated name of pairwise"

struct Simulate: WaymarkCommand {
    static let entry = HelpText.Entry.simulate
    static let configuration = helpConfiguration("simulate", "The heading corrector or the navigator in seeded field simulations.")
    @Option(name: .customLong("route"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The walk (default: straight, 300 m).", valueName: "straight|sample|FILE"), completion: .file(),
            transform: Choice.Route.parse("route"))
    var route: [Given<Choice.Route>] = []
    @Option(name: .customLong("runs"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Runs (default: 100).", valueName: "N"),
            transform: Given.count("runs"))
    var runs: [Given<Int>] = []
    @Option(name: .customLong("random-seed"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Random seed of the first run (default: 1).", valueName: "S"), transform: Given.seed("random-seed"))
    var randomSeed: [Given<UInt64>] = []
    @Option(name: .customLong("seed"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Deprecated name of --random-seed.", valueName: "S"), transform: Given.seed("seed"))
    var seed: [Given<UInt64>] = []
    @Option(name: .customLong("heading-error-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass error (default: 15).", valueName: "D"), transform: Given.number("heading-error-deg"))
    var headingErrorDeg: [Given<Double>] = []
    @Option(name: .customLong("gps-sigma-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GPS noise (default: 5).", valueName: "M"),
            transform: Given.number("gps-sigma-m", { $0 >= 0 }, message: "--gps-sigma-m must not be negative"))
    var gpsSigmaM: [Given<Double>] = []
    @Flag(name: .customLong("jumps"), help: "Add GPS jumps.")
    var jumps = false
    @Option(name: .customLong("drift-deg-per-min"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass drift.", valueName: "R"), transform: Given.number("drift-deg-per-min"))
    var driftDegPerMin: [Given<Double>] = []
    @Option(name: .customLong("duration-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Walk duration.", valueName: "T"),
            transform: Given.number("duration-s", { $0 > 0 }, message: "--duration-s must be positive"))
    var durationS: [Given<Double>] = []
    @Option(name: .customLong("estimator"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Heading estimator (default: robust; with --navigator: filter); \(estimatorNote).",
                               valueName: Choice.Estimator.helpNames),
            completion: Choice.Estimator.defaultCompletionKind, transform: Given.choice("estimator"))
    var estimator: [Given<Choice.Estimator>] = []
    @Option(name: .customLong("speed-mps"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Walking speed (default: 1.4).", valueName: "V"),
            transform: Given.number("speed-mps", { $0 > 0 }, message: "--speed-mps must be positive"))
    var speedMps: [Given<Double>] = []
    @Flag(name: .customLong("navigator"), help: "Run the walks through the navigator and print its figures.")
    var navigator = false
    @Option(name: .customLong("alignment"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's alignment (--navigator, --html; default: gravity-and-heading).",
                               valueName: "gravity|gravity-and-heading"),
            completion: .list(["gravity", "gravity-and-heading"]), transform: Given.choice("alignment"))
    var alignment: [Given<Choice.Alignment>] = []
    @Option(name: .customLong("gps-correlated-share"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Slowly varying share of the GPS error (default: 0, white).", valueName: "F"),
            transform: Given.number("gps-correlated-share", { $0 >= 0 && $0 < 1 }, "in [0, 1)"))
    var gpsCorrelatedShare: [Given<Double>] = []
    @Option(name: .customLong("gps-correlation-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Its correlation time (default: 30).", valueName: "T"),
            transform: Given.number("gps-correlation-s", { $0 > 0 }, "positive"))
    var gpsCorrelationS: [Given<Double>] = []
    @Option(name: .customLong("outliers"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Probability of a 30-60 m multipath outlier per fix (default: 0).", valueName: "P"),
            transform: Given.number("outliers", { $0 >= 0 && $0 <= 1 }, "a probability in [0, 1]"))
    var outliers: [Given<Double>] = []
    @Option(name: .customLong("compass-sigma-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass readings every 0.5 s with this 1-sigma error (default: none).", valueName: "S"),
            transform: Given.number("compass-sigma-deg", { $0 > 0 && $0 <= 180 }, "in (0, 180]"))
    var compassSigmaDeg: [Given<Double>] = []
    @Option(name: .customLong("compass-disturbance"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Magnetic disturbances per second (default: 0).", valueName: "R"),
            transform: Given.number("compass-disturbance", { $0 >= 0 && $0 <= 2 }, "between 0 and 2 per second"))
    var compassDisturbance: [Given<Double>] = []
    @Option(name: .customLong("outage"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("No fixes in this interval, seconds.", valueName: "START:END"), transform: Given.interval("outage"))
    var outage: [Given<ClosedRange<Double>>] = []
    /// Repeatable: every occurrence adds its times.
    @Option(name: .customLong("reset-at"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A tracking reset at this time, seconds (repeatable or a comma list).", valueName: "T"),
            transform: { text in
                do throws(CLIError) { return try resetTimes(text) } catch { throw ParseRefusal.record(error) }
            })
    var resetAt: [[Double]] = []
    @Option(name: .customLong("limited"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Limited tracking in this interval, seconds (a comma list for several).", valueName: "START:END"),
            transform: Given.intervals("limited"))
    var limited: [Given<[ClosedRange<Double>]>] = []
    @Option(name: .customLong("yaw-drift-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's yaw drift, degrees per square-root minute (default: 0).", valueName: "D"),
            transform: Given.number("yaw-drift-deg", { $0 >= 0 }, "non-negative (degrees per √minute)"))
    var yawDriftDeg: [Given<Double>] = []
    @Option(name: .customLong("position-drift-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's position drift, metres per square-root metre (default: 0).", valueName: "D"),
            transform: Given.number("position-drift-m", { $0 >= 0 }, "non-negative (metres per √metre)"))
    var positionDriftM: [Given<Double>] = []
    @Option(name: .customLong("frame-interval-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Seconds between camera frames of the walk (default: 0.1; the tests use 0.5).", valueName: "T"),
            transform: Given.number("frame-interval-s", { $0 >= 0.01 && $0 <= 60 }, "in [0.01, 60] seconds"))
    var frameIntervalS: [Given<Double>] = []
    @OptionGroup var walker: WalkerOptions
    @OptionGroup var filterGPS: FilterGPSOptions
    @OptionGroup var routeEvidence: RouteEvidenceOptions
    @Option(name: .customLong("svg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the runs' plot.", valueName: "FILE"), completion: .file(), transform: Given.text("svg"))
    var svg: [Given<String>] = []
    @Option(name: .customLong("log"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the first run's walk as a field log.", valueName: "FILE"), completion: .file(), transform: Given.text("log"))
    var log: [Given<String>] = []
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the first run's report page.", valueName: "FILE"), completion: .file(), transform: Given.text("html"))
    var html: [Given<String>] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var files: [String] = []

    mutating func validate() throws {
        try validateOptions()
        if !randomSeed.isEmpty && !seed.isEmpty { throw ValidationError("--random-seed and --seed say the same thing: give one") }
    }

    /// The random seed of the first run: `--random-seed`, or its deprecated name `--seed`.
    var firstSeed: UInt64 { randomSeed.value ?? seed.value ?? 1 }

    func body(_ out: inout Output) throws(CLIError) { try NavigationCommands.simulate(self, &out) }
}

struct Replay: WaymarkCommand {
    static let entry = HelpText.Entry.replay
    static let configuration = helpConfiguration("replay", "Runs the navigator over a field log, one row per frame.", input: "LOG")
    @Option(name: .customLong("route"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The route (rows lat,lon[,h], GeoJSON, GPX or a polyline; required).", valueName: "ROUTE"),
            completion: .file(), transform: Given.text("route"))
    var route: [Given<String>] = []
    @Option(name: .customLong("fov-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Camera field of view (default: 60).", valueName: "DEG"),
            transform: Given.number("fov-deg", { $0 > 0 && $0 < 180 }, message: "--fov-deg must be between 0 and 180"))
    var fovDeg: [Given<Double>] = []
    @Option(name: .customLong("viewport"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Viewport in points (default: 390x844).", valueName: "WxH"), transform: Viewport.parse("viewport"))
    var viewport: [Given<Viewport>] = []
    @Option(name: .customLong("route-heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("What the route's heights are.", valueName: Choice.RouteHeights.valueNames),
            completion: Choice.RouteHeights.defaultCompletionKind, transform: Given.choice("route-heights"))
    var routeHeights: [Given<Choice.RouteHeights>] = []
    @Option(name: .customLong("estimator"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The navigator's estimator: the filter, or the window fits (default: filter); \(estimatorNote).",
                               valueName: Choice.Estimator.helpNames),
            completion: Choice.Estimator.defaultCompletionKind, transform: Given.choice("estimator"))
    var estimator: [Given<Choice.Estimator>] = []
    @Option(name: .customLong("alignment"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("How the AR session was aligned (the filter's; default: gravity-and-heading).",
                               valueName: "gravity|gravity-and-heading"),
            completion: .list(["gravity", "gravity-and-heading"]), transform: Given.choice("alignment"))
    var alignment: [Given<Choice.Alignment>] = []
    @OptionGroup var filterGPS: FilterGPSOptions
    @OptionGroup var routeEvidence: RouteEvidenceOptions
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write a report page.", valueName: "FILE"), completion: .file(), transform: Given.text("html"))
    var html: [Given<String>] = []
    @Option(name: .customLong("explain"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write, per fix and compass reading, what the filter made of it (CSV).", valueName: "FILE"),
            completion: .file(), transform: Given.text("explain"))
    var explain: [Given<String>] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The field log (default: standard input).", valueName: "LOG"), completion: .file())
    var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) { try ReplayCommand.run(self, &out) }
}

struct Arrows: WaymarkCommand {
    static let entry = HelpText.Entry.arrows
    static let configuration = helpConfiguration("arrows", "Rows x,y,z,yaw_deg (eus) of the route arrows ahead of the user.", input: "ROUTE_FILE")
    @OptionGroup var origin: OriginOption
    @Option(name: .customLong("position"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The user's position (required).", valueName: coordinateHelp), transform: Given.coordinate("position"))
    var position: [Given<GeodeticCoordinate>] = []
    @Option(name: .customLong("spacing-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Arrow spacing (default: 3).", valueName: "M"),
            transform: Given.number("spacing-m", { $0 > 0 }, message: "--spacing-m and --ahead-m must be positive"))
    var spacingM: [Given<Double>] = []
    @Option(name: .customLong("ahead-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("How far ahead (default: 100).", valueName: "M"),
            transform: Given.number("ahead-m", { $0 > 0 }, message: "--spacing-m and --ahead-m must be positive"))
    var aheadM: [Given<Double>] = []
    @OptionGroup var source: PointFormatOption
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The route (rows lat,lon[,h]).", valueName: "ROUTE_FILE"), completion: .file())
    var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try NavigationCommands.arrows(self, &out) }
}

struct Bench: WaymarkCommand {
    static let entry = HelpText.Entry.bench
    static let configuration = helpConfiguration("bench", "Speed of every path against PROJ and a vectorised C floor.")
    @Option(name: .customLong("points"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Points per run (default: 10000).", valueName: "N"), transform: Given.count("points"))
    var points: [Given<Int>] = []
    @Option(name: .customLong("repeat"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Repetitions (default: 15).", valueName: "R"), transform: Given.count("repeat"))
    var repeats: [Given<Int>] = []
    @Option(name: .customLong("threads"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also split geo -> scene and scene -> geo over N threads (1 to \(ChunkedRunner.maximumThreads)).",
                               valueName: "N"),
            transform: Given.count("threads", atMost: ChunkedRunner.maximumThreads))
    var threads: [Given<Int>] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) {
        try BenchCommand.run(points: points.value ?? 10_000, repeats: repeats.value ?? 15, threads: threads.value, &out)
    }
}

struct Datum: WaymarkCommand {
    static let entry = HelpText.Entry.datum
    static let configuration = helpConfiguration("datum", "Rows lat,lon -> lat,lon between WGS-84, GCJ-02 and BD-09 (exact both ways).", input: "[FILE]")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The rows' datum (required).", valueName: Choice.Datum.valueNames),
            completion: Choice.Datum.defaultCompletionKind, transform: Given.choice("from"))
    var from: [Given<Choice.Datum>] = []
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The output's datum (required).", valueName: Choice.Datum.valueNames),
            completion: Choice.Datum.defaultCompletionKind, transform: Given.choice("to"))
    var to: [Given<Choice.Datum>] = []
    @Option(name: .customLong("region"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Where the offsets apply (default: china-rectangle).", valueName: Choice.Region.valueNames),
            completion: Choice.Region.defaultCompletionKind, transform: Given.choice("region"))
    var region: [Given<Choice.Region>] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try DatumCommands.datum(self, &out) }
}

struct Transform: WaymarkCommand {
    static let entry = HelpText.Entry.transform
    static let configuration = helpConfiguration("transform", "Rows x,y[,z] -> x,y,z between CRSs (EPSG codes, PROJ strings, WKT).", input: "[FILE]")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The rows' CRS (required).", valueName: "CRS"), transform: Given.text("from"))
    var from: [Given<String>] = []
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The output's CRS (required).", valueName: "CRS"), transform: Given.text("to"))
    var to: [Given<String>] = []
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try DatumCommands.transform(self, &out) }
}

struct GeoidCommand: WaymarkCommand {
    static let entry = HelpText.Entry.geoid
    static let configuration = helpConfiguration("geoid", "Rows lat,lon,h -> lat,lon,h between sea-level and ellipsoid heights (EGM96), or the undulation.", input: "[FILE]")
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The heights written (default: ellipsoidal).", valueName: Choice.Heights.valueNames),
            completion: Choice.Heights.defaultCompletionKind, transform: Given.choice("to"))
    var to: [Given<Choice.Heights>] = []
    @Flag(name: .customLong("undulation"), help: "Write the undulation of rows lat,lon[,h].")
    var undulation = false
    @Option(name: .customLong("interpolation"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Between the grid's nodes: PROJ's bilinear (default) or NGA's cubic.", valueName: Choice.Interpolation.valueNames),
            completion: Choice.Interpolation.defaultCompletionKind, transform: Given.choice("interpolation"))
    var interpolation: [Given<Choice.Interpolation>] = []
    @OptionGroup var source: PointFormatOption
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var files: [String] = []

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try DatumCommands.geoid(self, &out) }
}

/// `waymark version`: the same line as `waymark --version`.
struct Version: DocumentedCommand {
    static let entry = HelpText.Entry.version
    static let configuration: CommandConfiguration = {
        CommandConfiguration(commandName: "version", abstract: "Prints \"waymark MAJOR.MINOR.PATCH\" (as --version does).")
    }()
    /// Words after `version` are ignored.
    @Argument(help: .hidden) var words: [String] = []
    mutating func run() throws {
        var out = Output()
        out.line(WaymarkCLI.versionLine)
        out.flush()
    }
}

struct Read: WaymarkCommand {
    static let entry = HelpText.Entry.read
    static let configuration = helpConfiguration("read", "What Waymark's readers (every binding's) read from a track file or a field log.", input: "[FILE]")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The FILE's format (default: its extension, as --from's, .csv or .log).",
                               valueName: ReadCommand.Format.valueNames),
            completion: ReadCommand.Format.defaultCompletionKind, transform: Given.choice("from"))
    var from: [Given<ReadCommand.Format>] = []
    @OptionGroup var parts: TrackPartOptions
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The file (default: standard input).", valueName: "FILE"), completion: .file())
    var files: [String] = []

    func body(_ out: inout Output) throws(CLIError) { try ReadCommand.run(self, &out) }
}

struct GPSModel: WaymarkCommand {
    static let entry = HelpText.Entry.gpsModel
    static let configuration = helpConfiguration("gps-model", "Fits a GPS error model (white + Gauss-Markov) to phone fix logs; --write gives the navigator's settings.", input: "LOG...")
    @Flag(name: .customLong("per-log"), help: "Also print each log's own fit, one row per log, before the pooled row.")
    var perLog = false
    @Option(name: .customLong("write"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the navigator's settings from the pooled fit (for replay/simulate --gps-model).", valueName: "FILE"),
            completion: .file(), transform: Given.text("write"))
    var write: [Given<String>] = []
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("GnssLogger fix logs: CSV with a header naming Latitude, Longitude, Accuracy, UtcTimeMillis "
                                 + "(and optionally TrueLatitude, TrueLongitude); - is standard input.", valueName: "LOG"),
              completion: .file())
    var logs: [String] = []
    /// Every LOG is read by the body; the one-FILE rule of the row commands does not apply.
    var files: [String] { [] }

    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ out: inout Output) throws(CLIError) { try GPSModelCommand.run(self, &out) }
}

import ArgumentParser

// Every command of `waymark` and its options (names, values and defaults are the CLI's
// contract); the bodies live in Commands/.

struct Demo: WaymarkCommand {
    static let configuration = helpConfiguration("demo", "The built-in 55-point walking route in ARKit coordinates, with the spherical baselines' errors.")
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var words: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.file(words)
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try DemoCommand.run(args, &out) }
}

struct Scene: WaymarkCommand {
    static let configuration = helpConfiguration("scene", "Rows lat,lon[,h] -> x,y,z (AR scene coordinates).")
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene's origin (required).", valueName: coordinateHelp))
    var origin: [String] = []
    @Option(name: .customLong("axes"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Scene axes (default: eus), or an engine preset: arkit, realitykit, scenekit, arcore, arcore-unity, unity, unreal (centimetres), godot, threejs, webxr, bevy.", valueName: "eus|enu|eun|ENGINE"), completion: .list(axesChoices))
    var axes: [String] = []
    @Option(name: .customLong("method"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The exact method (default: ellipsoidal), PROJ's pipeline or a spherical baseline.",
                               valueName: ConversionCommands.methods.joined(separator: "|")),
            completion: .list(ConversionCommands.methods))
    var method: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp, completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("origin", origin)
        try args.option("axes", axes)
        try args.option("method", method)
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try ConversionCommands.scene(args, &out) }
}

struct Geodetic: WaymarkCommand {
    static let configuration = helpConfiguration("geodetic", "Rows x,y,z -> lat,lon,h.")
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene's origin (required).", valueName: coordinateHelp))
    var origin: [String] = []
    @Option(name: .customLong("axes"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Scene axes (default: eus), or an engine preset: arkit, realitykit, scenekit, arcore, arcore-unity, unity, unreal (centimetres), godot, threejs, webxr, bevy.", valueName: "eus|enu|eun|ENGINE"), completion: .list(axesChoices))
    var axes: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: csvFormatHelp, completion: .list(["csv"]))
    var from: [String] = []
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("origin", origin)
        try args.option("axes", axes)
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try ConversionCommands.geodetic(args, &out) }
}

struct Inverse: WaymarkCommand {
    static let configuration = helpConfiguration("inverse", "Rows lat1,lon1,lat2,lon2 -> distance_m,azimuth1_deg,azimuth2_deg.")
    @Option(name: .customLong("method"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Karney's ellipsoidal geodesic (default) or the haversine.", valueName: "ellipsoidal|haversine"),
            completion: .list(["ellipsoidal", "haversine"]))
    var method: [String] = []
    @Option(name: .customLong("pairs"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Read lat,lon[,h] points (any format) and solve each point and the next.", valueName: "consecutive"),
            completion: .list(["consecutive"]))
    var pairs: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Input format (default: the FILE's extension, else csv); point formats with --pairs consecutive.",
                               valueName: inputFormatNames),
            completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("method", method)
        try args.option("pairs", pairs)
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try GeodesicCommands.inverse(args, &out) }
}

struct Direct: WaymarkCommand {
    static let configuration = helpConfiguration("direct", "Rows lat1,lon1,azimuth1_deg,distance_m -> lat2,lon2,azimuth2_deg.")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: csvFormatHelp, completion: .list(["csv"]))
    var from: [String] = []
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try GeodesicCommands.direct(args, &out) }
}

struct Accuracy: WaymarkCommand {
    static let configuration = helpConfiguration("accuracy", "The spherical baselines' errors by distance and latitude, or on a track (CSV), and report pages.")
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write a self-contained report page.", valueName: "FILE"), completion: .file())
    var html: [String] = []
    @Option(name: .customLong("svg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write the figures as one SVG.", valueName: "FILE"), completion: .file())
    var svg: [String] = []
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene origin for a TRACK (default: its first point).", valueName: coordinateHelp))
    var origin: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp, completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("A track or route in any input format (without one: the built-in table; - is standard input).",
                                 valueName: "TRACK"), completion: .file())
    var words: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("html", html)
        try args.option("svg", svg)
        try args.option("origin", origin)
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(words)
        // No TRACK (as opposed to `-`, standard input): the built-in demo table.
        if words.isEmpty { args.flags.insert("no-track") }
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try AccuracyCommand.run(args, &out) }
}

struct Length: WaymarkCommand {
    static let configuration = helpConfiguration("length", "A track's length and per-segment distance and azimuth by each method.")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp, completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The track or route (any input format; default: standard input).", valueName: "TRACK"), completion: .file())
    var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("from", from)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try LengthCommand.run(args, &out) }
}

struct Simulate: WaymarkCommand {
    static let configuration = helpConfiguration("simulate", "The heading corrector or the navigator in seeded field simulations.")
    @Option(name: .customLong("route"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The walk (default: straight, 300 m).", valueName: "straight|sample|FILE"), completion: .file())
    var route: [String] = []
    @Option(name: .customLong("runs"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Runs (default: 100).", valueName: "N"))
    var runs: [String] = []
    @Option(name: .customLong("seed"), parsing: .unconditionalSingleValue, help: ArgumentHelp("Random seed (default: 1).", valueName: "S"))
    var seed: [String] = []
    @Option(name: .customLong("heading-error-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass error (default: 15).", valueName: "D"))
    var headingErrorDeg: [String] = []
    @Option(name: .customLong("gps-sigma-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("GPS noise (default: 5).", valueName: "M"))
    var gpsSigmaM: [String] = []
    @Flag(name: .customLong("jumps"), help: "Add GPS jumps.")
    var jumps = false
    @Option(name: .customLong("drift-deg-per-min"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass drift.", valueName: "R"))
    var driftDegPerMin: [String] = []
    @Option(name: .customLong("duration-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Walk duration.", valueName: "T"))
    var durationS: [String] = []
    @Option(name: .customLong("estimator"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Heading estimator (default: robust; with --navigator: filter).", valueName: "filter|robust|seed|pairwise"),
            completion: .list(["filter", "robust", "seed", "pairwise"]))
    var estimator: [String] = []
    @Option(name: .customLong("speed-mps"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Walking speed (default: 1.4).", valueName: "V"))
    var speedMps: [String] = []
    @Flag(name: .customLong("navigator"), help: "Run the walks through the navigator and print its figures.")
    var navigator = false
    @Option(name: .customLong("alignment"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's alignment (--navigator, --html; default: gravity-and-heading).",
                               valueName: "gravity|gravity-and-heading"),
            completion: .list(["gravity", "gravity-and-heading"]))
    var alignment: [String] = []
    @Option(name: .customLong("gps-correlated-share"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Slowly varying share of the GPS error (default: 0, white).", valueName: "F"))
    var gpsCorrelatedShare: [String] = []
    @Option(name: .customLong("gps-correlation-s"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Its correlation time (default: 30).", valueName: "T"))
    var gpsCorrelationS: [String] = []
    @Option(name: .customLong("outliers"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Probability of a 30-60 m multipath outlier per fix (default: 0).", valueName: "P"))
    var outliers: [String] = []
    @Option(name: .customLong("compass-sigma-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Compass readings every 0.5 s with this 1-sigma error (default: none).", valueName: "S"))
    var compassSigmaDeg: [String] = []
    @Option(name: .customLong("compass-disturbance"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Magnetic disturbances per second (default: 0).", valueName: "R"))
    var compassDisturbance: [String] = []
    @Option(name: .customLong("outage"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("No fixes in this interval, seconds.", valueName: "START:END"))
    var outage: [String] = []
    @Option(name: .customLong("reset-at"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("A tracking reset at this time, seconds (repeatable or a comma list).", valueName: "T"))
    var resetAt: [String] = []
    @Option(name: .customLong("limited"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Limited tracking in this interval, seconds (a comma list for several).", valueName: "START:END"))
    var limited: [String] = []
    @Option(name: .customLong("yaw-drift-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's yaw drift, degrees per square-root minute (default: 0).", valueName: "D"))
    var yawDriftDeg: [String] = []
    @Option(name: .customLong("position-drift-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The AR session's position drift, metres per square-root metre (default: 0).", valueName: "D"))
    var positionDriftM: [String] = []
    @Option(name: .customLong("svg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the runs' plot.", valueName: "FILE"), completion: .file())
    var svg: [String] = []
    @Option(name: .customLong("log"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the first run's walk as a field log.", valueName: "FILE"), completion: .file())
    var log: [String] = []
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Write the first run's report page.", valueName: "FILE"), completion: .file())
    var html: [String] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var words: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("route", route)
        try args.option("runs", runs)
        try args.option("seed", seed)
        try args.option("heading-error-deg", headingErrorDeg)
        try args.option("gps-sigma-m", gpsSigmaM)
        try args.option("drift-deg-per-min", driftDegPerMin)
        try args.option("duration-s", durationS)
        try args.option("estimator", estimator)
        try args.option("speed-mps", speedMps)
        try args.option("alignment", alignment)
        try args.option("gps-correlated-share", gpsCorrelatedShare)
        try args.option("gps-correlation-s", gpsCorrelationS)
        try args.option("outliers", outliers)
        try args.option("compass-sigma-deg", compassSigmaDeg)
        try args.option("compass-disturbance", compassDisturbance)
        try args.option("outage", outage)
        // Repeatable: every --reset-at, each a time or a comma list.
        if !resetAt.isEmpty { args.options["reset-at"] = resetAt.joined(separator: ",") }
        try args.option("limited", limited)
        try args.option("yaw-drift-deg", yawDriftDeg)
        try args.option("position-drift-m", positionDriftM)
        try args.option("svg", svg)
        try args.option("log", log)
        try args.option("html", html)
        args.flag("jumps", jumps)
        args.flag("navigator", navigator)
        try args.file(words)
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try NavigationCommands.simulate(args, &out) }
}

struct Replay: WaymarkCommand {
    static let configuration = helpConfiguration("replay", "Runs the navigator over a field log, one row per frame.")
    @Option(name: .customLong("route"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The route (rows lat,lon[,h], GeoJSON, GPX or a polyline; required).", valueName: "ROUTE"),
            completion: .file())
    var route: [String] = []
    @Option(name: .customLong("fov-deg"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Camera field of view (default: 60).", valueName: "DEG"))
    var fovDeg: [String] = []
    @Option(name: .customLong("viewport"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Viewport in points (default: 390x844).", valueName: "WxH"))
    var viewport: [String] = []
    @Option(name: .customLong("route-heights"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("What the route's heights are.", valueName: "ellipsoidal|orthometric|none"),
            completion: .list(["ellipsoidal", "orthometric", "none"]))
    var routeHeights: [String] = []
    @Option(name: .customLong("estimator"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The navigator's estimator: the filter, or the window fits (default: filter).", valueName: "filter|robust|seed"),
            completion: .list(["filter", "robust", "seed"]))
    var estimator: [String] = []
    @Option(name: .customLong("alignment"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("How the AR session was aligned (the filter's; default: gravity-and-heading).",
                               valueName: "gravity|gravity-and-heading"),
            completion: .list(["gravity", "gravity-and-heading"]))
    var alignment: [String] = []
    @Option(name: .customLong("html"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write a report page.", valueName: "FILE"), completion: .file())
    var html: [String] = []
    @Option(name: .customLong("explain"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Also write, per fix and compass reading, what the filter made of it (CSV).", valueName: "FILE"),
            completion: .file())
    var explain: [String] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The field log (default: standard input).", valueName: "LOG"), completion: .file())
    var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("route", route)
        try args.option("fov-deg", fovDeg)
        try args.option("viewport", viewport)
        try args.option("route-heights", routeHeights)
        try args.option("estimator", estimator)
        try args.option("alignment", alignment)
        try args.option("html", html)
        try args.option("explain", explain)
        try args.file(file)
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try ReplayCommand.run(args, &out) }
}

struct Arrows: WaymarkCommand {
    static let configuration = helpConfiguration("arrows", "Rows x,y,z,yaw_deg (eus) of the route arrows ahead of the user.")
    @Option(name: .customLong("origin"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The scene's origin (required).", valueName: coordinateHelp))
    var origin: [String] = []
    @Option(name: .customLong("position"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The user's position (required).", valueName: coordinateHelp))
    var position: [String] = []
    @Option(name: .customLong("spacing-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Arrow spacing (default: 3).", valueName: "M"))
    var spacingM: [String] = []
    @Option(name: .customLong("ahead-m"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("How far ahead (default: 100).", valueName: "M"))
    var aheadM: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp, completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var rows: RowOutputGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: ArgumentHelp("The route (rows lat,lon[,h]).", valueName: "ROUTE_FILE"), completion: .file())
    var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("origin", origin)
        try args.option("position", position)
        try args.option("spacing-m", spacingM)
        try args.option("ahead-m", aheadM)
        try args.option("from", from)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try NavigationCommands.arrows(args, &out) }
}

struct Bench: WaymarkCommand {
    static let configuration = helpConfiguration("bench", "Speed of every path against PROJ and a vectorised C floor.")
    @Option(name: .customLong("points"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Points per run (default: 10000).", valueName: "N"))
    var points: [String] = []
    @Option(name: .customLong("repeat"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Repetitions (default: 15).", valueName: "R"))
    var repeats: [String] = []
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: .hidden) var words: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("points", points)
        try args.option("repeat", repeats)
        try args.file(words)
        return args
    }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try BenchCommand.run(args, &out) }
}

struct Datum: WaymarkCommand {
    static let configuration = helpConfiguration("datum", "Rows lat,lon -> lat,lon between WGS-84, GCJ-02 and BD-09 (exact both ways).")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The rows' datum (required).", valueName: "wgs84|gcj02|bd09"), completion: .list(["wgs84", "gcj02", "bd09"]))
    var from: [String] = []
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The output's datum (required).", valueName: "wgs84|gcj02|bd09"), completion: .list(["wgs84", "gcj02", "bd09"]))
    var to: [String] = []
    @Option(name: .customLong("region"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Where the offsets apply (default: china-rectangle).", valueName: "china-rectangle|everywhere"),
            completion: .list(["china-rectangle", "everywhere"]))
    var region: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("from", from)
        try args.option("to", to)
        try args.option("region", region)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try DatumCommands.datum(args, &out) }
}

struct Transform: WaymarkCommand {
    static let configuration = helpConfiguration("transform", "Rows x,y[,z] -> x,y,z between CRSs (EPSG codes, PROJ strings, WKT).")
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The rows' CRS (required).", valueName: "CRS"))
    var from: [String] = []
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The output's CRS (required).", valueName: "CRS"))
    var to: [String] = []
    @OptionGroup var input: CSVInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("from", from)
        try args.option("to", to)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try DatumCommands.transform(args, &out) }
}

struct GeoidCommand: WaymarkCommand {
    static let configuration = helpConfiguration("geoid", "Rows lat,lon,h -> lat,lon,h between sea-level and ellipsoid heights (EGM96), or the undulation.")
    @Option(name: .customLong("to"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("The heights written (default: ellipsoidal).", valueName: "ellipsoidal|orthometric"),
            completion: .list(["ellipsoidal", "orthometric"]))
    var to: [String] = []
    @Flag(name: .customLong("undulation"), help: "Write the undulation of rows lat,lon[,h].")
    var undulation = false
    @Option(name: .customLong("interpolation"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp("Between the grid's nodes: PROJ's bilinear (default) or NGA's cubic.", valueName: "bilinear|cubic"),
            completion: .list(["bilinear", "cubic"]))
    var interpolation: [String] = []
    @Option(name: .customLong("from"), parsing: .unconditionalSingleValue, help: inputFormatHelp, completion: inputFormatCompletion)
    var from: [String] = []
    @OptionGroup var input: RowInputGroup
    @OptionGroup var rows: OutputFormatGroup
    @OptionGroup var output: OutputOptionGroup
    @Argument(help: fileHelp, completion: .file()) var file: [String] = []

    func arguments() throws(CLIError) -> Arguments {
        var args = Arguments()
        try args.option("to", to)
        try args.option("interpolation", interpolation)
        try args.option("from", from)
        args.flag("undulation", undulation)
        try input.add(to: &args)
        try args.file(file)
        return args
    }
    func format() throws(CLIError) -> OutputFormat { try rows.format() }
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError) { try DatumCommands.geoid(args, &out) }
}

/// `waymark version`: the same line as `waymark --version`.
struct Version: ParsableCommand {
    static let configuration: CommandConfiguration = {
        CommandConfiguration(commandName: "version", abstract: "Prints \"waymark MAJOR.MINOR.PATCH\" (as --version does).")
    }()
    /// Words after `version` were ignored before; they still are.
    @Argument(help: .hidden) var words: [String] = []
    mutating func run() throws {
        var out = Output()
        out.line(WaymarkCLI.versionLine)
        out.flush()
    }
}

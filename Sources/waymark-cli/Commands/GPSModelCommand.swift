import Waymark

/// `waymark gps-model [--per-log] [--write FILE] [--to csv|json] LOG...`: fits one GPS
/// error model (``GPSErrorFit``: white + Gauss–Markov per axis, REML, profile-likelihood
/// 95 % intervals) to every LOG pooled, each with its own unknown mean, and prints it as
/// one row (`--per-log`: each log's own fit first, one row each); `--write FILE` writes
/// the navigator's settings from the pooled fit (``GPSModelFile``), which `replay` and
/// `simulate` take with `--gps-model FILE`. A LOG may also be a Waymark field log (the
/// header `t_s,event,…`: what `simulate --log` writes and `replay` reads): its fixes'
/// errors against the AR session's track (``GPSErrorSeries/fieldLog(_:axes:)``), one series
/// per stretch between tracking resets.
enum GPSModelCommand {
    static let columns = "white_sigma_m,correlated_sigma_m,sigma_m,correlation_time_s,correlation_time_lo_s,correlation_time_hi_s,"
        + "correlated_share,correlated_share_lo,correlated_share_hi,median_accuracy_m,accuracy_ratio,lag1_autocorrelation,"
        + "model_lag1_autocorrelation,fixes,logs"

    static func run(_ command: GPSModel, _ out: inout Output) throws(CLIError) {
        guard !command.logs.isEmpty else { throw .usage("gps-model needs at least one LOG (a GnssLogger fix CSV with a header line, or a Waymark field log)") }
        if command.logs.filter({ $0 == "-" }).count > 1 { throw .usage("standard input (-) can be read once") }
        let writePath = command.write.value
        if let writePath, writePath.isEmpty { throw .usage("--write needs a FILE name") }
        var series: [[GPSErrorSeries]] = []
        for path in command.logs {
            let bytes = try WholeInput.read(path == "-" ? nil : path)
            series.append(try Self.series(bytes, name: path == "-" ? "standard input" : path))
        }
        let pooled = try fit(series.flatMap { $0 })
        try out.header(columns, extras: ["log"])
        if command.perLog {
            for (path, s) in zip(command.logs, series) { out.row(values(try fit(s)), extras: [path]) }
        }
        out.row(values(pooled), extras: ["pooled"])
        if let writePath { try TextFile.write(GPSModelFile.text(pooled, logs: series.count), to: writePath) }
    }

    static func fit(_ series: [GPSErrorSeries]) throws(CLIError) -> GPSErrorFit {
        do { return try GPSErrorFit.fit(series) } catch { throw .library(error, .data) }
    }

    static func values(_ f: GPSErrorFit) -> [Double] {
        [f.whiteSigma, f.correlatedSigma, f.sigma, f.correlationTime, f.correlationTimeInterval.lowerBound,
         f.correlationTimeInterval.upperBound, f.correlatedShare, f.correlatedShareInterval.lowerBound,
         f.correlatedShareInterval.upperBound, f.medianAccuracy, f.accuracyRatio, f.lag1Autocorrelation ?? .nan,
         f.modelLag1Autocorrelation, Double(f.fixCount), Double(f.seriesCount)]
    }

    /// Whether `bytes` are a Waymark field log (its header's first column is `t_s`).
    static func isFieldLog(_ bytes: [UInt8]) -> Bool { bytes.starts(with: Array("t_s,".utf8)) }

    /// One log's series (a fix log's one, a field log's one per stretch between tracking
    /// resets), its faults as data errors naming the file and the line.
    static func series(_ bytes: [UInt8], name: String) throws(CLIError) -> [GPSErrorSeries] {
        if isFieldLog(bytes) {
            do throws(StreamFault) { return try GPSErrorSeries.fieldLog(bytes) } catch {
                switch error {
                case .data(let fault):
                    throw CLIError(kind: .data, message: fault.line > 0 ? "\(name): line \(fault.line): \(fault.reason)"
                                                                     : "\(name): \(fault.reason)")
                case .unreadable:
                    throw CLIError(kind: .ioError, message: "\(name): could not be read")
                }
            }
        }
        do { return [try GPSErrorSeries(fixLog: bytes)] } catch {
            switch error {
            case .invalidElement(let row, let fault):
                let reason: String
                switch fault {
                case .nonFinite: reason = "a missing or unreadable number"
                case .notPositive: reason = "an accuracy that is not positive"
                case .latitudeOutOfRange: reason = "a latitude outside [-90, 90]"
                default: reason = "a time not after the previous fix's, or a position or accuracy beyond 10,000 km"
                }
                throw CLIError(kind: .data, message: "\(name): line \(GPSErrorSeries.fixLogLine(ofRow: row, in: bytes)): \(reason)")
            default:
                throw CLIError(kind: .data, message: "\(name): not a fix log: it needs a header line naming Latitude, Longitude, "
                    + "Accuracy and UtcTimeMillis (TrueLatitude and TrueLongitude both or neither) and at least "
                    + "\(GPSErrorSeries.minimumCount) rows")
            }
        }
    }
}

import Waymark
import WaymarkIO

/// The settings file `waymark gps-model --write FILE` writes and `replay`/`simulate
/// --gps-model FILE` read: the navigator's GPS model (``GPSModelSettings``) as text.
///
/// ```
/// # waymark gps-model 1
/// # any comment lines (the writer puts the fit and its 95 % intervals here)
/// gps_correlated_share=0.9999
/// gps_correlation_s=59.1
/// accuracy_confidence=0.7
/// ```
///
/// The first line is exactly `# waymark gps-model 1` (the format's version); then, in
/// any order, each of the three keys once as `key=value` (a decimal number, no spaces
/// around `=`): `gps_correlated_share` in [0, 1), `gps_correlation_s` > 0 (seconds),
/// `accuracy_confidence` in (0, 1); blank lines and lines starting with `#` are
/// comments. UTF-8, `\n` or `\r\n`. Anything else — a missing header, an unknown or
/// repeated key, a number that does not read or is out of range, a key missing — is
/// refused (exit 65 with the line); the reader never guesses.
enum GPSModelFile {
    static let header = "# waymark gps-model 1"
    static let keys = ["gps_correlated_share", "gps_correlation_s", "accuracy_confidence"]

    /// The file's text for `fit` of `logs` (paths, for the comment).
    static func text(_ fit: GPSErrorFit, logs: Int) -> String {
        let s = GPSModelSettings(fit)
        var lines = [header,
                     "# fitted by waymark gps-model from \(logs) log\(logs == 1 ? "" : "s"), "
                        + "\(fit.fixCount) fixes (white + Gauss-Markov per axis, REML; see README: waymark gps-model)",
                     "# white_sigma_m=\(format(fit.whiteSigma)) correlated_sigma_m=\(format(fit.correlatedSigma)) "
                        + "median_accuracy_m=\(format(fit.medianAccuracy)) accuracy_ratio=\(format(fit.accuracyRatio))",
                     "# correlation_time_s=\(format(fit.correlationTime)), 95 %: \(format(fit.correlationTimeInterval.lowerBound)) "
                        + "to \(format(fit.correlationTimeInterval.upperBound))",
                     "# correlated_share=\(format(fit.correlatedShare)), 95 %: \(format(fit.correlatedShareInterval.lowerBound)) "
                        + "to \(format(fit.correlatedShareInterval.upperBound))",
                     "# accuracy_confidence: the navigator's sigma (accuracy / sqrt(-2 ln(1 - confidence))) equals the fitted sigma "
                        + "at the median accuracy"]
        if s.shareClamped {
            lines.append("# clamped: gps_correlated_share, fitted \(format(fit.correlatedShare)), written as at most \(format(GPSModelSettings.maximumShare))")
        }
        if s.confidenceClamped {
            lines.append("# clamped: accuracy_confidence into [\(format(GPSModelSettings.confidenceRange.lowerBound)), "
                         + "\(format(GPSModelSettings.confidenceRange.upperBound))]")
        }
        lines += ["gps_correlated_share=\(format(s.correlatedShare))", "gps_correlation_s=\(format(s.correlationTime))",
                  "accuracy_confidence=\(format(s.accuracyConfidence))"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the file at `path`.
    /// - Throws: ``CLIError``: no input (66) when it cannot be opened or read; data (65)
    ///   naming the file and line for anything the format refuses.
    static func read(_ path: String) throws(CLIError) -> GPSModelSettings {
        try parse(WholeInput.read(path), name: path)
    }

    /// Parses the file's bytes; `name` is the path the messages name.
    static func parse(_ bytes: [UInt8], name: String) throws(CLIError) -> GPSModelSettings {
        func refuse(_ line: Int, _ reason: String) -> CLIError { CLIError(kind: .data, message: "\(name): line \(line): \(reason)") }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> String in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if lines.last == "" { lines.removeLast() }
        guard lines.first == header else { throw refuse(1, "not a waymark gps-model file: the first line must be '\(header)'") }
        var values: [String: Double] = [:]
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty && !line.hasPrefix("#") {
            let n = i + 1
            guard let eq = line.firstIndex(of: "=") else { throw refuse(n, "expected key=value or a # comment") }
            let key = String(line[..<eq]), text = String(line[line.index(after: eq)...])
            guard keys.contains(key) else { throw refuse(n, "unknown key '\(key)' (the keys: \(keys.joined(separator: ", ")))") }
            guard values[key] == nil else { throw refuse(n, "\(key) given twice") }
            let bytes = Array(text.utf8)
            guard let v = bytes.withUnsafeBufferPointer({ DecimalText.double($0) }), v.isFinite else {
                throw refuse(n, "\(key): '\(text)' is not a finite number")
            }
            switch key {
            case "gps_correlated_share": guard v >= 0 && v < 1 else { throw refuse(n, "gps_correlated_share must be in [0, 1), not \(text)") }
            case "gps_correlation_s": guard v > 0 else { throw refuse(n, "gps_correlation_s must be positive (seconds), not \(text)") }
            default: guard v > 0 && v < 1 else { throw refuse(n, "accuracy_confidence must be in (0, 1), not \(text)") }
            }
            values[key] = v
        }
        for key in keys where values[key] == nil {
            throw CLIError(kind: .data, message: "\(name): no \(key)= line (the file needs all of \(keys.joined(separator: ", ")))")
        }
        return GPSModelSettings(correlatedShare: values["gps_correlated_share"]!, correlationTime: values["gps_correlation_s"]!,
                                accuracyConfidence: values["accuracy_confidence"]!)
    }
}

import WaymarkIO

/// The settings file `waymark gps-model --write FILE` writes and `replay`/`simulate
/// --gps-model FILE` read: the navigator's GPS model (``GPSModelSettings``) as text.
/// Here, beside the settings and the fit it writes, rather than in WaymarkIO, which the
/// simulators sit on.
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
/// refused (``Fault``, with the line); the reader never guesses. Bytes are compared,
/// not Characters (Embedded Swift), so a `#` or `=` followed by a combining mark still
/// counts as itself.
public enum GPSModelFile {
    /// The first line: the format and its version.
    public static let header = "# waymark gps-model 1"
    /// The three keys, in the order the writer puts them.
    public static let keys = ["gps_correlated_share", "gps_correlation_s", "accuracy_confidence"]

    /// Why a file was refused: the 1-based line at fault (nil when the fault is the
    /// whole file's: a key missing) and the reason, in words a user can act on.
    public struct Fault: Error, Sendable {
        /// The line at fault, or nil for the file as a whole.
        public var line: Int?
        /// What is wrong, without the line.
        public var reason: String
    }

    /// The file's text for `fit` of `logs` fix logs (the count, for a comment): the
    /// fit and its intervals as comments, then the settings (``GPSModelSettings``),
    /// numbers as their shortest round-trip text.
    public static func text(_ fit: GPSErrorFit, logs: Int) -> String {
        let s = GPSModelSettings(fit)
        func format(_ value: Double) -> String { NumberText.shortest(value) }
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

    /// The settings a file's bytes hold.
    /// - Throws: ``Fault`` for anything the format refuses (see the type).
    public static func parse(_ bytes: [UInt8]) throws(Fault) -> GPSModelSettings {
        func refuse(_ line: Int, _ reason: String) -> Fault { Fault(line: line, reason: reason) }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { $0.last == 0x0D ? $0.dropLast() : $0 }
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, first.elementsEqual(header.utf8) else {
            throw refuse(1, "not a waymark gps-model file: the first line must be '\(header)'")
        }
        let names = keys.map { Array($0.utf8) }
        var values: [Double?] = [nil, nil, nil]
        for (i, line) in lines.enumerated().dropFirst() where !line.isEmpty && line.first != 0x23 {
            let n = i + 1
            guard let eq = line.firstIndex(of: 0x3D) else { throw refuse(n, "expected key=value or a # comment") }
            let keyBytes = line[..<eq], text = String(decoding: line[(eq + 1)...], as: UTF8.self)
            guard let k = names.firstIndex(where: { $0.elementsEqual(keyBytes) }) else {
                throw refuse(n, "unknown key '\(String(decoding: keyBytes, as: UTF8.self))' (the keys: \(keys.joined(separator: ", ")))")
            }
            let key = keys[k]
            guard values[k] == nil else { throw refuse(n, "\(key) given twice") }
            guard let v = DecimalText.double(line[(eq + 1)...]), v.isFinite else {
                throw refuse(n, "\(key): '\(text)' is not a finite number")
            }
            switch k {
            case 0: guard v >= 0 && v < 1 else { throw refuse(n, "gps_correlated_share must be in [0, 1), not \(text)") }
            case 1: guard v > 0 else { throw refuse(n, "gps_correlation_s must be positive (seconds), not \(text)") }
            default: guard v > 0 && v < 1 else { throw refuse(n, "accuracy_confidence must be in (0, 1), not \(text)") }
            }
            values[k] = v
        }
        for k in keys.indices where values[k] == nil {
            throw Fault(line: nil, reason: "no \(keys[k])= line (the file needs all of \(keys.joined(separator: ", ")))")
        }
        return GPSModelSettings(correlatedShare: values[0]!, correlationTime: values[1]!, accuracyConfidence: values[2]!)
    }
}

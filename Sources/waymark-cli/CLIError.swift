/// Why the command stopped, with the exit status of BSD's sysexits.h that outside
/// tools check: 64 for a usage error, 65 for bad input data, 69 when a needed
/// resource (a PROJ grid) is not installed.
struct CLIError: Error {
    enum Kind {
        case usage      // EX_USAGE
        case data       // EX_DATAERR
        case unavailable // EX_UNAVAILABLE
    }
    let kind: Kind
    let message: String

    var exitStatus: Int32 {
        switch kind {
        case .usage: return 64
        case .data: return 65
        case .unavailable: return 69
        }
    }

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    /// Bad input at a 1-based line number.
    static func data(line: Int, _ reason: String) -> CLIError { CLIError(kind: .data, message: "line \(line): \(reason)") }
}

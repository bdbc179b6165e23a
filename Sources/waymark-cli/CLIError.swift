/// Why the command stopped, with the exit status of BSD's sysexits.h that outside
/// tools check: 64 for a usage error, 65 for bad input data.
struct CLIError: Error {
    enum Kind {
        case usage      // EX_USAGE
        case data       // EX_DATAERR
    }
    let kind: Kind
    let message: String

    var exitStatus: Int32 { kind == .usage ? 64 : 65 }

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    /// Bad input at a 1-based line number.
    static func data(line: Int, _ reason: String) -> CLIError { CLIError(kind: .data, message: "line \(line): \(reason)") }
}

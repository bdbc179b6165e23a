import WaymarkIO

/// Why the command stopped, with the exit status of BSD's sysexits.h that outside
/// tools check: 64 for a usage error, 65 for bad input data, 66 when the input file
/// cannot be opened or read (missing, unreadable, a directory), 69 when a needed
/// resource (a PROJ grid) is not installed or unreadable, 74 for an I/O error
/// (writing the output or reading the input failed).
struct CLIError: Error {
    enum Kind {
        case usage      // EX_USAGE
        case data       // EX_DATAERR
        case noInput    // EX_NOINPUT
        case unavailable // EX_UNAVAILABLE
        case ioError    // EX_IOERR
    }
    let kind: Kind
    let message: String

    var exitStatus: Int32 {
        switch kind {
        case .usage: return 64
        case .data: return 65
        case .noInput: return 66
        case .unavailable: return 69
        case .ioError: return 74
        }
    }

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    static func noInput(_ message: String) -> CLIError { CLIError(kind: .noInput, message: message) }
    static func ioError(_ message: String) -> CLIError { CLIError(kind: .ioError, message: message) }
    /// Bad input at a 1-based line number.
    static func data(line: Int, _ reason: String) -> CLIError { CLIError(kind: .data, message: "line \(line): \(reason)") }
    /// A reader's fault: bad input at its line.
    static func data(_ fault: ReadFault) -> CLIError { .data(line: fault.line, fault.reason) }
}

extension CLIError: CustomStringConvertible {
    /// The message: what ArgumentParser shows should it report the error itself.
    var description: String { message }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WaymarkIO

/// Buffered standard output: bytes collected in one buffer and written in large blocks
/// (or after every line with ``lineBuffered``), and everything written so far is
/// flushed before an error is reported, so the rows already out are complete. A write
/// that fails (a full disk, a closed standard output, a pipe its reader closed: EPIPE,
/// as `WaymarkCLI` ignores SIGPIPE) ends the run at once with EX_IOERR (74) and a
/// message: nothing more is read or computed for output nobody receives.
///
/// Row commands name their columns with ``header(_:geographic:)`` and write numbers with
/// ``row(_:_:_:)`` and its kin; the chosen ``OutputFormat`` (`--to csv|json|geojson`)
/// decides how they look. Numbers are the shortest text that reads back as the same
/// double (Swift's own printer, written straight into the buffer) or, with
/// ``precision``, fixed decimals.
struct Output {
    private var buffer: [UInt8] = []
    /// Flush after every line (a terminal, or `--line-buffered`), so a pipe shows rows
    /// as they are made; otherwise blocks of 64 KiB.
    var lineBuffered = false
    /// Fixed decimals for row values (`--precision N`); nil: shortest round trip.
    var precision: Int? = nil
    /// `--to`: how rows are written.
    var format: OutputFormat = .csv
    /// The rows came from one route (a LineString, a GPX track or route, a polyline):
    /// `--to geojson` then writes one LineString when rows have no other columns.
    var inputIsRoute = false
    private var writer = RowWriter()

    init() { buffer.reserveCapacity(1 << 17) }

    mutating func line(_ text: String, terminated: Bool = true) {
        buffer.append(contentsOf: text.utf8)
        if terminated { buffer.append(10) }
        endLine()
    }

    /// Names the row columns (`"x,y,z"`): the CSV header line, or JSON's keys.
    /// `geographic`: the columns of latitude, longitude and (optionally) height, which
    /// `--to geojson` needs; without them GeoJSON is a usage error (64).
    mutating func header(_ names: String, geographic: (lat: Int, lon: Int, h: Int?)? = nil,
                         extras: [String] = []) throws(CLIError) {
        let columns = names.split(separator: ",").map(String.init) + extras
        try writer.start(columns: columns, format: format, geographic: geographic,
                         route: inputIsRoute && extras.isEmpty && geographic.map { columns.count == 2 + ($0.h == nil ? 0 : 1) } == true)
        if format == .csv { line(columns.joined(separator: ",")) }
    }

    /// A row of numbers (variadic: for the light commands).
    mutating func row(_ values: Double...) { row(values, extras: []) }

    /// A row of three numbers, without an array (the streaming commands' hot path).
    @inline(__always)
    mutating func row(_ a: Double, _ b: Double, _ c: Double) {
        if format == .csv {
            number(a); buffer.append(44); number(b); buffer.append(44); number(c); buffer.append(10)
            endLine()
        } else {
            row([a, b, c], extras: [])
        }
    }

    /// A row of numbers followed by carried-through text columns (`--keep-columns`).
    mutating func row(_ values: [Double], extras: [String]) {
        switch format {
        case .csv:
            for (i, v) in values.enumerated() {
                if i > 0 { buffer.append(44) }
                number(v)
            }
            for e in extras { buffer.append(44); CSVText.append(e, to: &buffer) }
            buffer.append(10)
        case .json, .geojson:
            writer.row(values, extras: extras, into: &buffer) { v, b in Self.number(v, precision: precision, into: &b) }
        }
        endLine()
    }

    /// Closes what a JSON or GeoJSON document opened (nothing for CSV).
    mutating func finish() {
        writer.finish(into: &buffer)
    }

    @inline(__always)
    private mutating func number(_ v: Double) { Self.number(v, precision: precision, into: &buffer) }

    @inline(__always)
    static func number(_ v: Double, precision: Int?, into buffer: inout [UInt8]) {
        if let precision {
            NumberText.appendFixed(v, decimals: precision, to: &buffer)
        } else {
            NumberText.appendShortest(v, to: &buffer)
        }
    }

    @inline(__always)
    private mutating func endLine() {
        if lineBuffered || buffer.count > 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        let failure = buffer.withUnsafeBufferPointer { writeAll(STDOUT_FILENO, $0) }
        buffer.removeAll(keepingCapacity: true)
        if let failure {
            printError("cannot write standard output: " + String(cString: strerror(failure)))
            exit(CLIError.ioError("").exitStatus)
        }
    }
}

/// Shortest decimal text that reads back as the same `Double` (Swift's `description`,
/// WaymarkIO's ``NumberText``).
func format(_ value: Double) -> String { NumberText.shortest(value) }

/// Standard output is a terminal: rows are then flushed line by line.
func isTerminal() -> Bool { isatty(STDOUT_FILENO) != 0 }

/// Ends the process with `status` (a free function: inside ArgumentParser's commands,
/// `exit` names their own).
func exitProcess(_ status: Int32) -> Never { exit(status) }

/// Writes a message to standard error: the one way the CLI's own messages reach it.
/// They are one line each, so every control character in them, a line break from an
/// echoed file name included, is escaped (``TerminalText``).
func printError(_ message: String) {
    writeAll(STDERR_FILENO, "waymark: " + TerminalText.escaped(message) + "\n")
}

/// Writes all of `text` to a file descriptor (unbuffered; retries partial writes).
/// Returns nil, or the errno of a write that failed.
@discardableResult
func writeAll(_ fd: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { writeAll(fd, $0) }
}

/// Writes all of `bytes` to a file descriptor; nil, or the errno of a failed write.
@discardableResult
func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { return errno }
        if n == 0 { return EIO }
        offset += n
    }
    return nil
}

/// `value` with `decimals` fixed decimals ("%.*f", WaymarkIO's ``NumberText``).
func fixed(_ value: Double, _ decimals: Int) -> String { NumberText.fixed(value, decimals: decimals) }

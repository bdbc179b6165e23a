#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numeric CSV rows from a file or standard input, streamed line by line.
///
/// Blank lines and lines starting with `#` are skipped; a first remaining line whose
/// first field is not a number is a header and skipped too. Every other line must have
/// an allowed number of numeric fields, or reading stops with a data error naming the
/// line. A line longer than ``maximumLineBytes`` or containing a NUL byte is a data
/// error too, so memory stays bounded whatever the input and a NUL can never cut a
/// row short. A path that cannot be opened or read, or is a directory, is EX_NOINPUT
/// (66); a read error later is EX_IOERR (74).
struct CSVInput {
    /// The longest line accepted, newline excluded: 1 MiB.
    static let maximumLineBytes = 1 << 20

    private let fd: Int32
    private let ownsFile: Bool
    private let name: String
    private var lineNumber = 0
    private var sawData = false
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var chunkStart = 0, chunkEnd = 0
    private var atEnd = false
    private var line: [UInt8] = []

    /// Opens `path`, or standard input when nil.
    init(path: String?) throws(CLIError) {
        guard let path else {
            fd = STDIN_FILENO
            ownsFile = false
            name = "standard input"
            return
        }
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw .noInput("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(opened, &info) != 0 || (info.st_mode & S_IFMT) == S_IFDIR {
            closeDescriptor(opened)
            throw .noInput("cannot read \(path): it is a directory")
        }
        fd = opened
        ownsFile = true
        name = path
    }

    func close() { if ownsFile { closeDescriptor(fd) } }

    /// The next raw line (without its newline), or nil at the end of the input.
    private mutating func readLine() throws(CLIError) -> [UInt8]? {
        line.removeAll(keepingCapacity: true)
        while true {
            if chunkStart == chunkEnd {
                if atEnd { return line.isEmpty ? nil : line }
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    let reason = String(cString: strerror(errno))
                    // Nothing read yet (EISDIR, EACCES on a special file): no input at all.
                    if lineNumber == 0 && line.isEmpty { throw .noInput("cannot read \(name): \(reason)") }
                    throw .ioError("cannot read \(name): \(reason)")
                }
                if n == 0 { atEnd = true; continue }
                chunkStart = 0
                chunkEnd = n
            }
            let newline = chunk[chunkStart..<chunkEnd].firstIndex(of: 10)
            let end = newline ?? chunkEnd
            guard line.count + (end - chunkStart) <= Self.maximumLineBytes else {
                throw .data(line: lineNumber + 1, "longer than \(Self.maximumLineBytes) bytes (1 MiB)")
            }
            line.append(contentsOf: chunk[chunkStart..<end])
            chunkStart = newline.map { $0 + 1 } ?? chunkEnd
            if newline != nil { return line }
        }
    }

    /// The next row's numbers and its 1-based line number, or nil at the end.
    mutating func next(fieldCounts: ClosedRange<Int>) throws(CLIError) -> (line: Int, values: [Double])? {
        while let bytes = try readLine() {
            lineNumber += 1
            guard !bytes.contains(0) else { throw .data(line: lineNumber, "contains a NUL byte") }
            let line = String(decoding: bytes, as: UTF8.self)[...].trimmingSpaces().trimmingNewline()
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            if !sawData {
                sawData = true
                if Double(fields[0]) == nil { continue }   // header
            }
            guard fieldCounts.contains(fields.count) else {
                let expected = fieldCounts.count == 1 ? "\(fieldCounts.lowerBound)" : "\(fieldCounts.lowerBound) to \(fieldCounts.upperBound)"
                throw .data(line: lineNumber, "expected \(expected) fields, found \(fields.count)")
            }
            var values: [Double] = []
            values.reserveCapacity(fields.count)
            for (i, field) in fields.enumerated() {
                guard let v = Double(field) else {
                    throw .data(line: lineNumber, "field \(i + 1) '\(field.prefix(40))' is not a number")
                }
                guard v.isFinite else { throw .data(line: lineNumber, "field \(i + 1) '\(field.prefix(40))' is not finite") }
                values.append(v)
            }
            return (lineNumber, values)
        }
        return nil
    }
}

/// close(2), named apart from ``CSVInput/close()``.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #elseif canImport(Darwin)
    _ = Darwin.close(fd)
    #endif
}

extension Substring {
    func trimmingNewline() -> Substring {
        var s = self
        while let c = s.last, c == "\n" || c == "\r" { s.removeLast() }
        return s.trimmingSpaces()
    }
}

/// Buffered standard output: rows are written in blocks, and everything written so
/// far is flushed before an error is reported, so the rows already out are complete.
/// A write that fails (a full disk, a closed standard output, EPIPE when SIGPIPE is
/// ignored) ends the run at once with EX_IOERR (74) and a message: nothing more is
/// read or computed for output nobody receives.
struct Output {
    private var buffer = ""

    mutating func line(_ text: String) {
        buffer += text
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    /// A CSV row of numbers in shortest round-trip form.
    mutating func row(_ values: Double...) {
        line(values.map(format).joined(separator: ","))
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        let failure = writeAll(STDOUT_FILENO, buffer)
        buffer = ""
        if let failure {
            printError("cannot write standard output: " + String(cString: strerror(failure)))
            exit(CLIError.ioError("").exitStatus)
        }
    }
}

/// Shortest decimal text that reads back as the same `Double` (Swift's `description`).
func format(_ value: Double) -> String {
    value == 0 ? (value.sign == .minus ? "-0.0" : "0.0") : value.description
}

/// Writes a message to standard error.
func printError(_ message: String) {
    writeAll(STDERR_FILENO, "waymark: " + message + "\n")
}

/// Writes all of `text` to a file descriptor (unbuffered; retries partial writes).
/// Returns nil, or the errno of a write that failed.
@discardableResult
func writeAll(_ fd: Int32, _ text: String) -> Int32? {
    var text = text
    return text.withUTF8 { bytes -> Int32? in
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
}

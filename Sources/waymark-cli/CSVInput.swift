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
/// line.
struct CSVInput {
    private let stream: UnsafeMutablePointer<FILE>
    private let ownsStream: Bool
    private var lineNumber = 0
    private var sawData = false

    /// Opens `path`, or standard input when nil.
    init(path: String?) throws(CLIError) {
        if let path {
            guard let f = fopen(path, "r") else {
                throw .usage("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            stream = f
            ownsStream = true
        } else {
            guard let f = fdopen(STDIN_FILENO, "r") else { throw .usage("cannot read standard input") }
            stream = f
            ownsStream = false
        }
    }

    func close() { if ownsStream { fclose(stream) } }

    /// The next row's numbers and its 1-based line number, or nil at the end.
    mutating func next(fieldCounts: ClosedRange<Int>) throws(CLIError) -> (line: Int, values: [Double])? {
        var buffer: UnsafeMutablePointer<CChar>? = nil
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, stream) >= 0 {
            lineNumber += 1
            let line = String(cString: buffer!)[...].trimmingSpaces().trimmingNewline()
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
                    throw .data(line: lineNumber, "field \(i + 1) '\(field)' is not a number")
                }
                guard v.isFinite else { throw .data(line: lineNumber, "field \(i + 1) '\(field)' is not finite") }
                values.append(v)
            }
            return (lineNumber, values)
        }
        return nil
    }
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
        writeAll(STDOUT_FILENO, buffer)
        buffer = ""
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
func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Numeric CSV rows from a file or standard input, streamed line by line.
///
/// Blank lines and lines starting with `#` are skipped, and a UTF-8 byte-order mark at
/// the start is dropped. The first remaining line is a header only when none of its
/// fields is a number; then it is skipped, and for geographic rows (`lat,lon[,h]`) a
/// header that names the columns (`lat`/`latitude`, `lon`/`lng`/`long`/`longitude`,
/// `h`/`height`/`alt`/`altitude`/`ele`) puts them in that order, so `lon,lat` files read
/// right. Every other line must have an allowed number of numeric fields, or reading
/// stops with a data error naming the line; a line of numbers separated by semicolons,
/// tabs or spaces is such an error (not a header), and an input with a header but no
/// data rows is one too, so rows are never lost without a word. A line longer than ``maximumLineBytes`` or containing a NUL byte is a data
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
    /// Rows are `lat,lon[,h]`: a header naming the columns may reorder them.
    private let geographic: Bool
    /// Where each output column comes from (from a recognised geographic header).
    private var columnOrder: [Int]? = nil
    private var headerLine: Int? = nil
    private var dataRows = 0

    /// Opens `path`, or standard input when nil. `geographic`: the rows are
    /// `lat,lon[,h]`, so a header naming its columns is honoured.
    init(path: String?, geographic: Bool = false) throws(CLIError) {
        self.geographic = geographic
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
            var text = String(decoding: bytes, as: UTF8.self)[...]
            if lineNumber == 1, text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }   // UTF-8 byte-order mark
            let line = text.trimmingSpaces().trimmingNewline()
            if line.isEmpty || line.hasPrefix("#") { continue }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            if fields.count == 1 {
                // Numbers separated by something else are data in the wrong format, not a header.
                let pieces = line.split(whereSeparator: { $0 == ";" || $0 == "\t" || $0 == " " })
                if pieces.count >= 2, pieces.allSatisfy({ Double($0) != nil }) {
                    throw .data(line: lineNumber, "fields are separated by semicolons, tabs or spaces; comma-separated fields expected")
                }
            }
            if !sawData {
                sawData = true
                if fields.allSatisfy({ Double($0) == nil }) {   // a header
                    headerLine = lineNumber
                    if geographic { columnOrder = Self.geographicOrder(fields) }
                    continue
                }
            }
            if let order = columnOrder {
                // The named columns first, in lat, lon, h order; any others after them.
                let named = order.filter { $0 < fields.count }
                fields = named.map { fields[$0] } + fields.indices.filter { !order.contains($0) }.map { fields[$0] }
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
            dataRows += 1
            return (lineNumber, values)
        }
        if let headerLine, dataRows == 0 {
            throw .data(line: headerLine, "a header and no data rows")
        }
        return nil
    }

    /// The columns of lat, lon and (when named) h in a header, or nil when it does not
    /// name both lat and lon (then the columns are taken as they come).
    static func geographicOrder(_ names: [Substring]) -> [Int]? {
        func index(_ accepted: [String]) -> Int? {
            names.firstIndex { name in
                var bare = name.lowercased()
                bare.removeAll { $0 == "\"" }
                return accepted.contains(bare)
            }
        }
        guard let lat = index(["lat", "latitude"]), let lon = index(["lon", "lng", "long", "longitude"]) else { return nil }
        if let h = index(["h", "height", "alt", "altitude", "ele", "elevation"]) { return [lat, lon, h] }
        return [lat, lon]
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
    /// Flush after every line (a terminal, or `--line-buffered`), so a pipe shows rows
    /// as they are made; otherwise blocks of 64 KiB.
    var lineBuffered = false
    /// Fixed decimals for ``row(_:)`` values (`--precision N`); nil: shortest round trip.
    var precision: Int? = nil

    mutating func line(_ text: String, terminated: Bool = true) {
        buffer += text
        if terminated { buffer += "\n" }
        if lineBuffered || buffer.utf8.count > 1 << 16 { flush() }
    }

    /// A CSV row of numbers, in shortest round-trip form or with ``precision`` decimals.
    mutating func row(_ values: Double...) {
        if let precision {
            line(values.map { fixed($0, precision) }.joined(separator: ","))
        } else {
            line(values.map(format).joined(separator: ","))
        }
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

/// `value` with `decimals` fixed decimals ("%.*f").
func fixed(_ value: Double, _ decimals: Int) -> String {
    var bytes = [CChar](repeating: 0, count: 400)
    let n = withVaList([Int32(decimals), value]) { vsnprintf(&bytes, bytes.count, "%.*f", $0) }
    guard n > 0 else { return format(value) }
    return String(decoding: bytes.prefix(Int(min(n, Int32(bytes.count - 1)))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The output options every command accepts, taken out of its words before the
/// command's own parsing sees them.
enum OutputOptions {
    static func extract(from words: ArraySlice<String>, into out: inout Output) throws(CLIError) -> ArraySlice<String> {
        var rest: [String] = []
        var i = words.startIndex
        while i < words.endIndex {
            let word = words[i]
            if word == "--line-buffered" {
                out.lineBuffered = true
            } else if word == "--precision" || word.hasPrefix("--precision=") {
                let text: String
                if word == "--precision" {
                    i += 1
                    guard i < words.endIndex else { throw .usage("option --precision needs a value") }
                    text = words[i]
                } else {
                    text = String(word.dropFirst("--precision=".count))
                }
                guard let n = Int(text), (0...17).contains(n) else {
                    throw .usage("--precision takes a whole number of decimals from 0 to 17, not '\(text)'")
                }
                out.precision = n
            } else {
                rest.append(word)
            }
            i += 1
        }
        return rest[...]
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WaymarkIO

/// One input row: its numbers, the line it came from, (with `--keep-columns`) the
/// columns it carries through untouched, and its time when the input gives one (GPX
/// `<time>`, KML `<when>`, TCX `<Time>`, NMEA, a CSV time column): seconds since 1970 UTC.
struct Row {
    var line: Int
    var values: [Double]
    var extras: [String] = []
    var time: Double? = nil
}

/// Numeric delimited rows from a file or standard input, streamed line by line from
/// bytes (no String per line or field on the way).
///
/// Blank lines and lines starting with `#` are skipped, CR LF and LF both end a line,
/// and a UTF-8 byte-order mark at the start is dropped. The first remaining line is a
/// header only when none of its fields is a number; then it is skipped, and for
/// geographic rows (`lat,lon[,h]`) a header that names the columns (`lat`/`latitude`,
/// `lon`/`lng`/`long`/`longitude`, `h`/`height`/`alt`/`altitude`/`ele`/`elevation`)
/// puts them in that order, so `lon,lat` files read right, and reads only those
/// columns: the others (a phone logger's speed, accuracy, battery, …) are ignored, or
/// carried through with `--keep-columns`. Such a header may also name a time column
/// (`time`/`timestamp`/`datetime`/`date_time`/`time_utc`/`utc`): seconds since 1970 UTC,
/// or ISO 8601 with `Z` or an offset (a zoneless time is an error naming the line), the
/// row's time for the commands that use it (`accuracy`, `length`). The delimiter is `--delimiter`'s, else
/// the one the header line shows, else the one a headerless first data line shows
/// when it is unambiguous (numbers separated by exactly one of semicolons, tabs or
/// runs of spaces; semicolons and tabs together, or tabs and spaces both separating,
/// are a data error naming `--delimiter`), else commas (`--delimiter auto` decides on
/// the first line with data whatever it is); a field may be quoted
/// (`"…"`, `""` for a quote). Every other line must have an allowed number of numeric
/// fields, or reading stops with a data error naming the line; a line of numbers
/// separated by semicolons, tabs or spaces when commas are expected is such an error
/// (not a header), and an input with a header or comments but no data rows is one too,
/// so rows are never lost without a word. A line longer than ``maximumLineBytes`` or containing a
/// NUL byte is a data error too, so memory stays bounded whatever the input and a NUL
/// can never cut a row short. A path that cannot be opened or read, or is a directory,
/// is EX_NOINPUT (66); a read error later is EX_IOERR (74).
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
    /// The current line's fields, unquoted and trimmed: ranges into `fieldBytes`.
    private var fieldBytes: [UInt8] = []
    private var fields: [Range<Int>] = []
    /// The line's buffer was handed to `fieldBytes` (a line without quotes: its fields
    /// are ranges of it); `line` then holds stale bytes.
    private var lineMoved = false
    /// The current line's bytes wherever they are.
    private var lineBytes: [UInt8] { lineMoved ? fieldBytes : line }
    /// Rows are `lat,lon[,h]`: a header naming the columns may reorder them.
    private let geographic: Bool
    private let options: CSVOptions
    private var delimiter: CSVDelimiter?
    /// Where each column comes from (a recognised geographic header, or `--lon-lat`).
    private var columnOrder: [Int]? = nil
    /// How many of the ordered columns a header named as coordinates.
    private var namedCount: Int? = nil
    private var headerNames: [String] = []
    /// The column a geographic header names as the time.
    private var timeColumn: Int? = nil
    private var headerLine: Int? = nil
    /// The first `#` line: an input of nothing but comments is an error too.
    private var firstComment: Int? = nil
    private var dataRows = 0
    /// With `--keep-columns`: the names of the columns carried through (from the header,
    /// or `field3`, … without one), known after the first row.
    private(set) var extraNames: [String] = []

    /// Opens `path`, or standard input when nil. `geographic`: the rows are
    /// `lat,lon[,h]`, so a header naming its columns (or `--lon-lat`) is honoured.
    init(path: String?, geographic: Bool = false, options: CSVOptions = CSVOptions()) throws(CLIError) {
        self.geographic = geographic
        self.options = options
        self.delimiter = options.delimiter
        if geographic && options.lonLat { columnOrder = [1, 0] }
        guard let path else {
            fd = STDIN_FILENO
            ownsFile = false
            name = "standard input"
            return
        }
        fd = try Self.openFile(path)
        ownsFile = true
        name = path
    }

    /// open(2) for reading: a missing file, a directory or an unreadable one is EX_NOINPUT.
    static func openFile(_ path: String) throws(CLIError) -> Int32 {
        let opened = open(path, O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { throw .noInput("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(opened, &info) != 0 || (info.st_mode & S_IFMT) == S_IFDIR {
            closeDescriptor(opened)
            throw .noInput("cannot read \(path): it is a directory")
        }
        return opened
    }

    func close() { if ownsFile { closeDescriptor(fd) } }

    /// `--keep-columns` was given: rows carry text columns (read them with ``next(fieldCounts:)``).
    var keepsColumns: Bool { options.keepColumns }

    /// The next raw line (without its newline) in `line`; false at the end of the input.
    private mutating func readLine() throws(CLIError) -> Bool {
        lineMoved = false
        line.removeAll(keepingCapacity: true)
        while true {
            if chunkStart == chunkEnd {
                if atEnd { return !line.isEmpty }
                let descriptor = fd   // no self inside the closures: that would copy the reader
                let n = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
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
            let (from, to) = (chunkStart, chunkEnd)
            let newline = chunk.withUnsafeBufferPointer { c -> Int? in
                guard let p = memchr(c.baseAddress! + from, 10, to - from) else { return nil }
                return UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self) - c.baseAddress!
            }
            let end = newline ?? chunkEnd
            guard line.count + (end - chunkStart) <= Self.maximumLineBytes else {
                throw .data(line: lineNumber + 1, "longer than \(Self.maximumLineBytes) bytes (1 MiB)")
            }
            let start = chunkStart
            chunk.withUnsafeBufferPointer { c in line.append(contentsOf: UnsafeBufferPointer(rebasing: c[start..<end])) }
            chunkStart = newline.map { $0 + 1 } ?? chunkEnd
            if newline != nil { return true }
        }
    }

    /// The next row, or nil at the end (when a header had no rows after it: a data error).
    mutating func next(fieldCounts: ClosedRange<Int>) throws(CLIError) -> Row? {
        guard try nextFields(fieldCounts: fieldCounts) else { return nil }
        var order = orderedColumns()
        let count: Int
        var extras: [String] = []
        if options.keepColumns {
            count = try coordinateCount(order, fieldCounts)
            extras = order[count...].map { text(fields[$0]) }
            if dataRows == 0 { extraNames = order[count...].map { headerNames.indices.contains($0) ? headerNames[$0] : "field\($0 + 1)" } }
            order = Array(order[..<count])
        } else {
            count = order.count
            try checkCount(count, fieldCounts)
        }
        var values: [Double] = []
        values.reserveCapacity(count)
        for (i, column) in order.enumerated() { values.append(try value(fields[column], index: i)) }
        dataRows += 1
        var time: Double? = nil
        if let timeColumn, timeColumn < fields.count {
            let text = self.text(fields[timeColumn])
            if !text.isEmpty {
                guard let t = Double(text).flatMap({ $0.isFinite ? $0 : nil }) ?? ISOTime.seconds(text, zonelessIsUTC: false) else {
                    throw .data(line: lineNumber, "time '\(text.prefix(40))' is neither seconds since 1970 nor an ISO 8601 time with Z or an offset")
                }
                time = t
            }
        }
        return Row(line: lineNumber, values: values, extras: extras, time: time)
    }

    /// The next row's numbers written to `values` (room for `fieldCounts.upperBound`),
    /// without allocating: the hot path of the streaming commands. Returns the line
    /// number and how many numbers the row had, or nil at the end. Not for
    /// `--keep-columns` (use ``next(fieldCounts:)``).
    mutating func next(into values: UnsafeMutablePointer<Double>, fieldCounts: ClosedRange<Int>) throws(CLIError) -> (line: Int, count: Int)? {
        guard try nextFields(fieldCounts: fieldCounts) else { return nil }
        if columnOrder != nil {
            let columns = orderedColumns()
            try checkCount(columns.count, fieldCounts)
            for (i, column) in columns.enumerated() { values[i] = try value(fields[column], index: i) }
            dataRows += 1
            return (lineNumber, columns.count)
        }
        let count = fields.count
        try Self.checkCount(count, fieldCounts, line: lineNumber)
        // Locals, not self, inside the closures: capturing the reader would copy it.
        let bytes = fieldBytes, ranges = fields
        let bad = bytes.withUnsafeBufferPointer { b -> Int? in
            for i in 0..<count {
                guard let v = DecimalText.double(UnsafeBufferPointer(rebasing: b[ranges[i]])), v.isFinite else { return i }
                values[i] = v
            }
            return nil
        }
        if let bad { _ = try value(fields[bad], index: bad) }   // throws, naming the field
        dataRows += 1
        return (lineNumber, count)
    }

    /// Reads lines until one with data fields (skipping blanks, comments and the header);
    /// false at the end of the input.
    private mutating func nextFields(fieldCounts: ClosedRange<Int>) throws(CLIError) -> Bool {
        while try readLine() {
            lineNumber += 1
            let number = lineNumber   // not self inside the closure: that would copy the reader
            let content = try line.withUnsafeBufferPointer { all throws(CLIError) -> Range<Int>? in
                guard all.isEmpty || memchr(all.baseAddress!, 0, all.count) == nil else {
                    throw CLIError.data(line: number, "contains a NUL byte")
                }
                var start = 0, end = all.count
                // A UTF-8 byte-order mark.
                if number == 1, end >= 3, all[0] == 0xEF, all[1] == 0xBB, all[2] == 0xBF { start = 3 }
                while start < end, Self.isSpace(all[start]) { start += 1 }
                while end > start, Self.isSpace(all[end - 1]) { end -= 1 }
                if start == end { return nil }
                if all[start] == UInt8(ascii: "#") { return start..<start }   // a comment
                return start..<end
            }
            guard let content else { continue }
            if content.isEmpty {
                if firstComment == nil { firstComment = lineNumber }
                continue
            }
            let firstContent = !sawData
            if delimiter == nil {
                if firstContent || options.autoDetect {
                    let candidate = try detectDelimiter(content)
                    try split(content, by: candidate)
                    let header = firstContent && isHeader()
                    if header || options.autoDetect || candidate == .comma {
                        delimiter = candidate
                    } else if numericFields() {
                        // A headerless first data line of numbers separated by one of
                        // semicolons, tabs or runs of spaces: that delimiter, for every line.
                        delimiter = candidate
                    } else if candidate == .tab {
                        try split(content, by: .whitespace)
                        if numericFields() {
                            throw .data(line: lineNumber, "fields are separated by both tabs and spaces: say which with "
                                        + "--delimiter whitespace or --delimiter tab")
                        }
                    }
                    if delimiter == nil { try split(content, by: .comma) }
                } else {
                    try split(content, by: .comma)
                }
            } else {
                try split(content, by: delimiter!)
            }
            if delimiter == nil || delimiter == .comma, fields.count == 1, !options.autoDetect {
                // Numbers separated by something else are data in the wrong format, not a header.
                if let other = otherSeparator(content) {
                    throw .data(line: lineNumber, "fields are separated by \(other); comma-separated fields expected "
                                + "(--delimiter \(other == "semicolons" ? "semicolon" : other == "tabs" ? "tab" : "whitespace") reads them)")
                }
            }
            if firstContent {
                sawData = true
                if isHeader() {
                    headerLine = lineNumber
                    headerNames = fields.map { text($0) }
                    if geographic, let order = Self.geographicOrder(headerNames) {
                        columnOrder = order
                        namedCount = order.count
                        timeColumn = Self.column(headerNames, ["time", "timestamp", "datetime", "date_time", "time_utc", "utc"])
                    }
                    continue
                }
            }
            return true
        }
        if let headerLine, dataRows == 0 {
            throw .data(line: headerLine, "a header and no data rows")
        }
        if let firstComment, dataRows == 0 {
            throw .data(line: firstComment, "comments and no data rows")
        }
        return false
    }

    /// The line split into two or more fields, every one a number.
    private func numericFields() -> Bool {
        fields.count >= 2 && fields.allSatisfy { range in
            fieldBytes.withUnsafeBufferPointer { DecimalText.double(UnsafeBufferPointer(rebasing: $0[range])) } != nil
        }
    }

    private func isHeader() -> Bool {
        fields.allSatisfy { range in fieldBytes.withUnsafeBufferPointer { DecimalText.double(UnsafeBufferPointer(rebasing: $0[range])) } == nil }
    }

    /// The delimiter a line shows: a comma if it has one; else a semicolon or a tab
    /// (both: ambiguous, an error); else spaces; else (one field) a comma.
    private func detectDelimiter(_ content: Range<Int>) throws(CLIError) -> CSVDelimiter {
        var comma = false, semicolon = false, tab = false, space = false, quoted = false
        let line = lineBytes
        for b in line[content] {
            switch b {
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: ","): comma = comma || !quoted
            case UInt8(ascii: ";"): semicolon = semicolon || !quoted
            case 9: tab = tab || !quoted
            case 32: space = space || !quoted
            default: break
            }
        }
        if comma { return .comma }
        if semicolon && tab {
            throw .data(line: lineNumber, "both semicolons and tabs separate fields: say which with --delimiter semicolon or --delimiter tab")
        }
        if semicolon { return .semicolon }
        if tab { return .tab }
        return space ? .whitespace : .comma
    }

    /// "semicolons", "tabs" or "spaces" when a one-field line is numbers separated by them.
    private func otherSeparator(_ content: Range<Int>) -> String? {
        let line = lineBytes
        let bytes = line[content]
        var pieces = 0, allNumbers = true
        var separators: Set<UInt8> = []
        var start = content.lowerBound
        for i in content where [UInt8(ascii: ";"), 9, 32].contains(bytes[i]) {
            separators.insert(bytes[i])
            if i > start {
                pieces += 1
                allNumbers = allNumbers && line.withUnsafeBufferPointer { DecimalText.double(UnsafeBufferPointer(rebasing: $0[start..<i])) } != nil
            }
            start = i + 1
        }
        if content.upperBound > start {
            pieces += 1
            allNumbers = allNumbers && line.withUnsafeBufferPointer { DecimalText.double(UnsafeBufferPointer(rebasing: $0[start..<content.upperBound])) } != nil
        }
        guard pieces >= 2, allNumbers else { return nil }
        if separators.contains(UInt8(ascii: ";")) { return "semicolons" }
        if separators.contains(9) { return "tabs" }
        return "spaces"
    }

    /// Splits the line's `content` into `fields` (unquoted, trimmed).
    private mutating func split(_ content: Range<Int>, by delimiter: CSVDelimiter) throws(CLIError) {
        if lineMoved { swap(&line, &fieldBytes); lineMoved = false }
        // The buffers are moved out while they are worked on (no copies, no retains).
        var out: [UInt8] = [], ranges: [Range<Int>] = [], text: [UInt8] = []
        swap(&out, &fieldBytes); swap(&ranges, &fields); swap(&text, &line)
        defer { swap(&out, &fieldBytes); swap(&ranges, &fields); swap(&text, &line) }
        out.removeAll(keepingCapacity: true)
        ranges.removeAll(keepingCapacity: true)
        let number = lineNumber
        let quoted = text.withUnsafeBufferPointer { memchr($0.baseAddress! + content.lowerBound, 34, content.count) != nil }
        if !quoted {
            // Fields are ranges of the line itself: its buffer becomes the fields' bytes.
            text.withUnsafeBufferPointer { line in Self.ranges(line, content, delimiter, into: &ranges) }
            swap(&out, &text)
            lineMoved = true
            return
        }
        try text.withUnsafeBufferPointer { line throws(CLIError) in
            try Self.split(line, content, delimiter, into: &out, &ranges, line: number)
        }
    }

    /// The fields of a line without quotes, as ranges of the line, trimmed.
    private static func ranges(_ line: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, _ delimiter: CSVDelimiter,
                               into fields: inout [Range<Int>]) {
        var i = content.lowerBound
        let end = content.upperBound
        while true {
            if delimiter == .whitespace { while i < end, isSpace(line[i]) { i += 1 } }
            else { while i < end, line[i] == 32 || line[i] == 9 && delimiter != .tab { i += 1 } }
            let from = i
            while i < end, !separates(line[i], delimiter) { i += 1 }
            var to = i
            while to > from, line[to - 1] == 32 || line[to - 1] == 9 || line[to - 1] == 13 { to -= 1 }
            fields.append(from..<to)
            if i >= end { break }
            i += 1   // the separator
            if delimiter == .whitespace {
                while i < end, isSpace(line[i]) { i += 1 }
                if i >= end { break }
            }
        }
    }

    private static func split(_ line: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, _ delimiter: CSVDelimiter,
                              into fieldBytes: inout [UInt8], _ fields: inout [Range<Int>], line lineNumber: Int) throws(CLIError) {
        let separator = delimiter.byte
        var i = content.lowerBound
        let end = content.upperBound
        while true {
            // One field from i.
            if delimiter == .whitespace { while i < end, isSpace(line[i]) { i += 1 } }
            else { while i < end, line[i] == 32 || line[i] == 9 && separator != 9 { i += 1 } }
            let start = fieldBytes.count
            if i < end, line[i] == UInt8(ascii: "\"") {
                i += 1
                var closed = false
                while i < end {
                    if line[i] == UInt8(ascii: "\"") {
                        if i + 1 < end, line[i + 1] == UInt8(ascii: "\"") { fieldBytes.append(34); i += 2; continue }
                        i += 1
                        closed = true
                        break
                    }
                    fieldBytes.append(line[i])
                    i += 1
                }
                guard closed else { throw .data(line: lineNumber, "field \(fields.count + 1): a quote is not closed") }
                while i < end, line[i] == 32 || line[i] == 9 && separator != 9 { i += 1 }
                guard i == end || separates(line[i], delimiter) else {
                    throw .data(line: lineNumber, "field \(fields.count + 1): text after the closing quote")
                }
                fields.append(start..<fieldBytes.count)
            } else {
                let from = i
                while i < end, !separates(line[i], delimiter) { i += 1 }
                var to = i
                while to > from, line[to - 1] == 32 || line[to - 1] == 9 || line[to - 1] == 13 { to -= 1 }
                fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[from..<to]))
                fields.append(start..<fieldBytes.count)
            }
            if i >= end { break }
            i += 1   // the separator
            if delimiter == .whitespace {
                while i < end, isSpace(line[i]) { i += 1 }
                if i >= end { break }
            }
        }
    }

    @inline(__always)
    private static func separates(_ b: UInt8, _ delimiter: CSVDelimiter) -> Bool {
        delimiter == .whitespace ? (b == 32 || b == 9) : b == delimiter.byte
    }

    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 || b == 10 }

    /// The columns in coordinate order: named (or `--lon-lat`) ones first, any others after.
    private func orderedColumns() -> [Int] {
        guard let order = columnOrder else { return Array(fields.indices) }
        let named = order.filter { $0 < fields.count }
        // A header named the coordinates: the other columns are read only to carry them.
        if namedCount != nil && !options.keepColumns { return named }
        return named + fields.indices.filter { !order.contains($0) }
    }

    private func checkCount(_ count: Int, _ fieldCounts: ClosedRange<Int>) throws(CLIError) {
        try Self.checkCount(count, fieldCounts, line: lineNumber)
    }

    private static func checkCount(_ count: Int, _ fieldCounts: ClosedRange<Int>, line lineNumber: Int) throws(CLIError) {
        guard fieldCounts.contains(count) else {
            let expected = fieldCounts.count == 1 ? "\(fieldCounts.lowerBound)" : "\(fieldCounts.lowerBound) to \(fieldCounts.upperBound)"
            let hint = count > fieldCounts.upperBound ? " (--keep-columns carries extra columns through to the output)" : ""
            throw .data(line: lineNumber, "expected \(expected) fields, found \(count)\(hint)")
        }
    }

    /// With `--keep-columns`: the columns a header named, or else the leading numeric
    /// columns (at most `fieldCounts.upperBound`), are the coordinates.
    private func coordinateCount(_ order: [Int], _ fieldCounts: ClosedRange<Int>) throws(CLIError) -> Int {
        var count: Int
        if let namedCount {
            count = min(namedCount, order.count)
        } else {
            count = 0
            while count < min(order.count, fieldCounts.upperBound),
                  fieldBytes.withUnsafeBufferPointer({ DecimalText.double(UnsafeBufferPointer(rebasing: $0[fields[order[count]]])) }) != nil {
                count += 1
            }
            count = max(count, min(order.count, fieldCounts.lowerBound))   // a bad number is then named below
        }
        try checkCount(count, fieldCounts)
        return count
    }

    private func text(_ range: Range<Int>) -> String { String(decoding: fieldBytes[range], as: UTF8.self) }

    @inline(__always)
    private func value(_ range: Range<Int>, index: Int) throws(CLIError) -> Double {
        guard let v = fieldBytes.withUnsafeBufferPointer({ DecimalText.double(UnsafeBufferPointer(rebasing: $0[range])) }) else {
            throw .data(line: lineNumber, "field \(index + 1) '\(text(range).prefix(40))' is not a number")
        }
        guard v.isFinite else { throw .data(line: lineNumber, "field \(index + 1) '\(text(range).prefix(40))' is not finite") }
        return v
    }

    /// The columns of lat, lon and (when named) h in a header, or nil when it does not
    /// name both lat and lon (then the columns are taken as they come).
    static func geographicOrder(_ names: [String]) -> [Int]? {
        func index(_ accepted: [String]) -> Int? { column(names, accepted) }
        guard let lat = index(["lat", "latitude"]), let lon = index(["lon", "lng", "long", "longitude"]) else { return nil }
        if let h = index(["h", "height", "alt", "altitude", "ele", "elevation"]) { return [lat, lon, h] }
        return [lat, lon]
    }

    /// The first column whose name (any case, quotes dropped) is one of `accepted`.
    static func column(_ names: [String], _ accepted: [String]) -> Int? {
        names.firstIndex { name in
            var bare = name.lowercased()
            bare.removeAll { $0 == "\"" }
            return accepted.contains(bare)
        }
    }
}

/// `--delimiter comma|semicolon|tab|whitespace` (whitespace: runs of spaces and tabs).
enum CSVDelimiter: String, CaseIterable {
    case comma, semicolon, tab, whitespace

    var byte: UInt8 {
        switch self {
        case .comma: return UInt8(ascii: ",")
        case .semicolon: return UInt8(ascii: ";")
        case .tab: return 9
        case .whitespace: return 32
        }
    }
}

/// How delimited text is read (`--delimiter`, `--lon-lat`, `--keep-columns`).
struct CSVOptions {
    /// nil: what the header line shows, else what an unambiguous first data line
    /// shows, else commas.
    var delimiter: CSVDelimiter? = nil
    /// `--delimiter auto`: decided on the first line with data, header or not.
    var autoDetect = false
    /// Headerless geographic rows are `lon,lat[,h]`.
    var lonLat = false
    /// Columns past the coordinates are carried through to the output as text.
    var keepColumns = false
}

/// close(2), named apart from ``CSVInput/close()``.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #elseif canImport(Darwin)
    _ = Darwin.close(fd)
    #endif
}

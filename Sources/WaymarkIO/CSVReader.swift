/// How delimited text separates its fields (the CLI's `--delimiter`).
public enum CSVDelimiter: Sendable, CaseIterable {
    /// `,`.
    case comma
    /// `;`.
    case semicolon
    /// A tab.
    case tab
    /// Runs of spaces and tabs.
    case whitespace

    @inline(__always)
    var byte: UInt8 {
        switch self {
        case .comma: return UInt8(ascii: ",")
        case .semicolon: return UInt8(ascii: ";")
        case .tab: return 9
        case .whitespace: return 32
        }
    }
}

/// How delimited text is read.
public struct CSVOptions: Sendable {
    /// nil: what the header line shows, else what an unambiguous first data line
    /// shows, else commas.
    public var delimiter: CSVDelimiter? = nil
    /// Decide the delimiter on the first line with data, header or not.
    public var autoDetect = false
    /// Headerless geographic rows are `lon,lat[,h]`.
    public var lonLat = false
    /// Columns past the coordinates are carried through as text (``CSVRow/extras``).
    public var keepColumns = false
    /// Faults name the CLI's options that would read the text (`--delimiter tab`,
    /// `--keep-columns`): for the CLI's row commands, which take them. Off, a fault says
    /// only what is wrong (the C API and the bindings read with the defaults).
    public var namesOptions = false

    /// The defaults: the delimiter the text shows, latitude first, no extra columns.
    public init() {}
}

/// One row of delimited numbers: the line it came from, its numbers (in coordinate
/// order when a header named them), the columns carried through with
/// ``CSVOptions/keepColumns``, and its time when a header named a time column (seconds
/// since 1970 UTC).
public struct CSVRow: Sendable {
    /// The row's line (1-based).
    public var line: Int
    /// Its numbers.
    public var values: [Double]
    /// The columns past the coordinates, as text, with ``CSVOptions/keepColumns``.
    public var extras: [String] = []
    /// Its time, seconds since 1970 UTC, when a time column gives one.
    public var time: Double? = nil
}

/// Numeric delimited rows streamed from a ``ByteSource`` line by line through the one
/// ``LineReader`` (lines of at most 1 MiB, no NUL), from bytes: no String per line or
/// field on the way.
///
/// Blank lines and lines starting with `#` are skipped. The first remaining line is a
/// header only when none of its fields is a number; then it is skipped, and for
/// geographic rows (`lat,lon[,h]`) a header that names the columns (`lat`/`latitude`,
/// `lon`/`lng`/`long`/`longitude`, `h`/`height`/`alt`/`altitude`/`ele`/`elevation`, any
/// case) puts them in that order, so `lon,lat` files read right, and reads only those
/// columns: the others (a phone logger's speed, accuracy, battery, …) are ignored, or
/// carried through with ``CSVOptions/keepColumns``. Such a header may also name a time
/// column (`time`/`timestamp`/`datetime`/`date_time`/`time_utc`/`utc`): seconds since
/// 1970 UTC, or ISO 8601 with `Z` or an offset (a zoneless time is a fault naming the
/// line). The delimiter is ``CSVOptions/delimiter``, else the one the header line
/// shows, else the one a headerless first data line shows when it is unambiguous
/// (numbers separated by exactly one of semicolons, tabs or runs of spaces; semicolons
/// and tabs together, or tabs and spaces both separating, are a fault), else commas
/// (``CSVOptions/autoDetect`` decides on the first line with data whatever it is); a
/// field may be quoted (`"…"`, `""` for a quote). Every other line must have an allowed
/// number of numeric fields, or reading stops with a fault naming the line; a line of
/// numbers separated by semicolons, tabs or spaces when commas are expected is such a
/// fault (not a header), and a text with a header or comments but no data rows is one
/// too, so rows are never lost without a word. Numbers are ``DecimalText``'s.
public struct CSVReader<Source: ByteSource> {
    private var reader: LineReader<Source>
    private var sawData = false
    /// The current line's fields, unquoted and trimmed: ranges into `fieldBytes`.
    private var fieldBytes: [UInt8] = []
    private var fields: [Range<Int>] = []
    /// Rows are `lat,lon[,h]`: a header naming the columns may reorder them.
    private let geographic: Bool
    private let options: CSVOptions
    private var delimiter: CSVDelimiter?
    /// Where each column comes from (a recognised geographic header, or `lonLat`).
    private var columnOrder: [Int]? = nil
    /// How many of the ordered columns a header named as coordinates.
    private var namedCount: Int? = nil
    private var headerNames: [[UInt8]] = []
    /// The column a geographic header names as the time.
    private var timeColumn: Int? = nil
    private var headerLine: Int? = nil
    /// The first `#` line: a text of nothing but comments is a fault too.
    private var firstComment: Int? = nil
    private var dataRows = 0
    /// With ``CSVOptions/keepColumns``: the names of the columns carried through (from
    /// the header, or `field3`, … without one), known after the first row.
    public private(set) var extraNames: [String] = []

    /// A reader of `source`. `geographic`: the rows are `lat,lon[,h]`, so a header
    /// naming its columns (or ``CSVOptions/lonLat``) is honoured.
    public init(_ source: Source, geographic: Bool = false, options: CSVOptions = CSVOptions()) {
        reader = LineReader(source)
        self.geographic = geographic
        self.options = options
        delimiter = options.delimiter
        if geographic && options.lonLat { columnOrder = [1, 0] }
    }

    /// ``CSVOptions/keepColumns`` was given: rows carry text columns (read them with
    /// ``next(fieldCounts:)``).
    public var keepsColumns: Bool { options.keepColumns }

    /// The line of the row read last.
    public var lineNumber: Int { reader.lineNumber }

    /// The next row of `fieldCounts` numbers, or nil at the end.
    public mutating func next(fieldCounts: ClosedRange<Int>) throws(StreamFault) -> CSVRow? {
        guard try nextFields(fieldCounts: fieldCounts) else { return nil }
        var order = orderedColumns()
        let count: Int
        var extras: [String] = []
        if options.keepColumns {
            count = try coordinateCount(order, fieldCounts)
            for column in order[count...] { extras.append(String(decoding: fieldBytes[fields[column]], as: UTF8.self)) }
            if dataRows == 0 {
                extraNames = order[count...].map { column in
                    headerNames.indices.contains(column) ? String(decoding: headerNames[column], as: UTF8.self) : "field\(column + 1)"
                }
            }
            order = Array(order[..<count])
        } else {
            count = order.count
            try checkCount(count, fieldCounts)
        }
        var values: [Double] = []
        values.reserveCapacity(count)
        for i in 0..<count { values.append(try value(fields[order[i]], index: i)) }
        dataRows += 1
        var time: Double? = nil
        if let timeColumn, timeColumn < fields.count, !fields[timeColumn].isEmpty {
            let text = fieldBytes[fields[timeColumn]]
            guard let t = DecimalText.double(text).flatMap({ $0.isFinite ? $0 : nil }) ?? ISOTime.seconds(text, zonelessIsUTC: false) else {
                throw fault("time '\(ByteText.quoted(text))' is neither seconds since 1970 nor an ISO 8601 time with Z or an offset")
            }
            time = t
        }
        return CSVRow(line: reader.lineNumber, values: values, extras: extras, time: time)
    }

    /// The next row's numbers written to `values` (room for `fieldCounts.upperBound`),
    /// without allocating: the hot path of streaming. Returns the line and how many
    /// numbers the row had, or nil at the end. Not for ``CSVOptions/keepColumns`` (use
    /// ``next(fieldCounts:)``).
    public mutating func next(into values: UnsafeMutablePointer<Double>, fieldCounts: ClosedRange<Int>)
        throws(StreamFault) -> (line: Int, count: Int)? {
        guard try nextFields(fieldCounts: fieldCounts) else { return nil }
        if columnOrder != nil {
            let columns = orderedColumns()
            try checkCount(columns.count, fieldCounts)
            for (i, column) in columns.enumerated() { values[i] = try value(fields[column], index: i) }
            dataRows += 1
            return (reader.lineNumber, columns.count)
        }
        let count = fields.count
        try checkCount(count, fieldCounts)
        // Locals, not self, inside the closure: capturing the reader would copy it.
        let ranges = fields
        let bad = fieldBytes.withUnsafeBufferPointer { b -> Int? in
            for i in 0..<count {
                guard let v = DecimalText.double(UnsafeBufferPointer(rebasing: b[ranges[i]])), v.isFinite else { return i }
                values[i] = v
            }
            return nil
        }
        if let bad { _ = try value(fields[bad], index: bad) }   // throws, naming the field
        dataRows += 1
        return (reader.lineNumber, count)
    }

    private func fault(_ reason: String) -> StreamFault { .data(ReadFault(line: reader.lineNumber, reason)) }

    /// Reads lines until one with data fields (skipping blanks, comments and the header);
    /// false at the end of the text.
    private mutating func nextFields(fieldCounts: ClosedRange<Int>) throws(StreamFault) -> Bool {
        // The last line's fields may share the line reader's buffer: let go of it, so the
        // reader refills its buffer in place instead of copying it.
        fieldBytes = []
        while try reader.next() {
            let line = reader.line
            var start = 0, end = line.count
            while start < end, ByteText.isSpace(line[start]) { start += 1 }
            while end > start, ByteText.isSpace(line[end - 1]) { end -= 1 }
            if start == end { continue }
            if line[start] == UInt8(ascii: "#") {
                if firstComment == nil { firstComment = reader.lineNumber }
                continue
            }
            let content = start..<end
            let firstContent = !sawData
            if delimiter == nil {
                if firstContent || options.autoDetect {
                    let candidate = try detectDelimiter(line, content)
                    try split(line, content, by: candidate)
                    let header = firstContent && isHeader()
                    if header || options.autoDetect || candidate == .comma {
                        delimiter = candidate
                    } else if numericFields() {
                        // A headerless first data line of numbers separated by one of
                        // semicolons, tabs or runs of spaces: that delimiter, for every line.
                        delimiter = candidate
                    } else if candidate == .tab {
                        try split(line, content, by: .whitespace)
                        if numericFields() {
                            throw fault("fields are separated by both tabs and spaces"
                                        + (options.namesOptions ? ": say which with --delimiter whitespace or --delimiter tab" : ""))
                        }
                    }
                    if delimiter == nil { try split(line, content, by: .comma) }
                } else {
                    try split(line, content, by: .comma)
                }
            } else {
                try split(line, content, by: delimiter!)
            }
            if delimiter == nil || delimiter == .comma, fields.count == 1, !options.autoDetect,
               let other = Self.otherSeparator(line, content) {
                // Numbers separated by something else are data in the wrong format, not a header.
                throw fault("fields are separated by \(other.plural); comma-separated fields expected"
                            + (options.namesOptions ? " (--delimiter \(other.option) reads them)" : ""))
            }
            if firstContent {
                sawData = true
                if isHeader() {
                    headerLine = reader.lineNumber
                    headerNames = fields.map { Array(fieldBytes[$0]) }
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
        if let headerLine, dataRows == 0 { throw .data(ReadFault(line: headerLine, "a header and no data rows")) }
        if let firstComment, dataRows == 0 { throw .data(ReadFault(line: firstComment, "comments and no data rows")) }
        return false
    }

    private func isNumber(_ range: Range<Int>) -> Bool { DecimalText.double(fieldBytes[range]) != nil }

    /// The line split into two or more fields, every one a number.
    private func numericFields() -> Bool { fields.count >= 2 && fields.allSatisfy { isNumber($0) } }

    private func isHeader() -> Bool { fields.allSatisfy { !isNumber($0) } }

    /// The delimiter a line shows: a comma if it has one; else a semicolon or a tab
    /// (both: ambiguous, a fault); else spaces; else (one field) a comma.
    private func detectDelimiter(_ line: [UInt8], _ content: Range<Int>) throws(StreamFault) -> CSVDelimiter {
        var comma = false, semicolon = false, tab = false, space = false, quoted = false
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
            throw fault("both semicolons and tabs separate fields"
                        + (options.namesOptions ? ": say which with --delimiter semicolon or --delimiter tab" : ""))
        }
        if semicolon { return .semicolon }
        if tab { return .tab }
        return space ? .whitespace : .comma
    }

    /// The separator a one-field line of numbers shows, in a fault's words.
    private struct Separator {
        let plural: StaticString, option: StaticString
    }

    /// Semicolons, tabs or spaces when a one-field line is numbers separated by them.
    private static func otherSeparator(_ line: [UInt8], _ content: Range<Int>) -> Separator? {
        var pieces = 0, allNumbers = true
        var semicolon = false, tab = false
        var start = content.lowerBound
        for i in content where line[i] == UInt8(ascii: ";") || line[i] == 9 || line[i] == 32 {
            semicolon = semicolon || line[i] == UInt8(ascii: ";")
            tab = tab || line[i] == 9
            if i > start {
                pieces += 1
                allNumbers = allNumbers && DecimalText.double(line[start..<i]) != nil
            }
            start = i + 1
        }
        if content.upperBound > start {
            pieces += 1
            allNumbers = allNumbers && DecimalText.double(line[start..<content.upperBound]) != nil
        }
        guard pieces >= 2, allNumbers else { return nil }
        if semicolon { return Separator(plural: "semicolons", option: "semicolon") }
        if tab { return Separator(plural: "tabs", option: "tab") }
        return Separator(plural: "spaces", option: "whitespace")
    }

    /// Splits the line's `content` into `fields` (unquoted, trimmed) of `fieldBytes`.
    private mutating func split(_ line: [UInt8], _ content: Range<Int>, by delimiter: CSVDelimiter) throws(StreamFault) {
        fields.removeAll(keepingCapacity: true)
        let quoted = line[content].contains(UInt8(ascii: "\""))
        if !quoted {
            // Fields are ranges of the line itself, whose buffer they share (no copy).
            fieldBytes = line
            Self.ranges(line, content, delimiter, into: &fields)
            return
        }
        fieldBytes = []
        let number = reader.lineNumber
        try Self.split(line, content, delimiter, into: &fieldBytes, &fields, line: number)
    }

    /// The fields of a line without quotes, as ranges of the line, trimmed.
    private static func ranges(_ line: [UInt8], _ content: Range<Int>, _ delimiter: CSVDelimiter, into fields: inout [Range<Int>]) {
        var i = content.lowerBound
        let end = content.upperBound
        while true {
            i = skipBlanks(line, i, end, delimiter)
            let from = i
            while i < end, !separates(line[i], delimiter) { i += 1 }
            fields.append(from..<trimmedEnd(line, from, i))
            if i >= end { break }
            i += 1   // the separator
            if delimiter == .whitespace {
                while i < end, ByteText.isSpace(line[i]) { i += 1 }
                if i >= end { break }
            }
        }
    }

    private static func split(_ line: [UInt8], _ content: Range<Int>, _ delimiter: CSVDelimiter,
                              into fieldBytes: inout [UInt8], _ fields: inout [Range<Int>], line lineNumber: Int) throws(StreamFault) {
        var i = content.lowerBound
        let end = content.upperBound
        while true {
            i = skipBlanks(line, i, end, delimiter)
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
                guard closed else { throw .data(ReadFault(line: lineNumber, "field \(fields.count + 1): a quote is not closed")) }
                while i < end, line[i] == 32 || line[i] == 9 && delimiter != .tab { i += 1 }
                guard i == end || separates(line[i], delimiter) else {
                    throw .data(ReadFault(line: lineNumber, "field \(fields.count + 1): text after the closing quote"))
                }
            } else {
                let from = i
                while i < end, !separates(line[i], delimiter) { i += 1 }
                fieldBytes.append(contentsOf: line[from..<trimmedEnd(line, from, i)])
            }
            fields.append(start..<fieldBytes.count)
            if i >= end { break }
            i += 1   // the separator
            if delimiter == .whitespace {
                while i < end, ByteText.isSpace(line[i]) { i += 1 }
                if i >= end { break }
            }
        }
    }

    /// Past the blanks before a field (a tab is a blank unless it separates).
    @inline(__always)
    private static func skipBlanks(_ line: [UInt8], _ from: Int, _ end: Int, _ delimiter: CSVDelimiter) -> Int {
        var i = from
        if delimiter == .whitespace {
            while i < end, ByteText.isSpace(line[i]) { i += 1 }
        } else {
            while i < end, line[i] == 32 || line[i] == 9 && delimiter != .tab { i += 1 }
        }
        return i
    }

    /// The end of a field without its trailing spaces, tabs and CRs.
    @inline(__always)
    private static func trimmedEnd(_ line: [UInt8], _ from: Int, _ to: Int) -> Int {
        var end = to
        while end > from, line[end - 1] == 32 || line[end - 1] == 9 || line[end - 1] == 13 { end -= 1 }
        return end
    }

    @inline(__always)
    private static func separates(_ b: UInt8, _ delimiter: CSVDelimiter) -> Bool {
        delimiter == .whitespace ? (b == 32 || b == 9) : b == delimiter.byte
    }

    /// The columns in coordinate order: named (or `lonLat`) ones first, any others after.
    private func orderedColumns() -> [Int] {
        guard let order = columnOrder else { return Array(fields.indices) }
        let named = order.filter { $0 < fields.count }
        // A header named the coordinates: the other columns are read only to carry them.
        if namedCount != nil && !options.keepColumns { return named }
        return named + fields.indices.filter { !order.contains($0) }
    }

    private func checkCount(_ count: Int, _ fieldCounts: ClosedRange<Int>) throws(StreamFault) {
        guard fieldCounts.contains(count) else {
            let expected = fieldCounts.lowerBound == fieldCounts.upperBound ? "\(fieldCounts.lowerBound)"
                : "\(fieldCounts.lowerBound) to \(fieldCounts.upperBound)"
            let hint = count > fieldCounts.upperBound && options.namesOptions
                ? " (--keep-columns carries extra columns through to the output)" : ""
            throw fault("expected \(expected) fields, found \(count)\(hint)")
        }
    }

    /// With ``CSVOptions/keepColumns``: the columns a header named, or else the leading
    /// numeric columns (at most `fieldCounts.upperBound`), are the coordinates.
    private func coordinateCount(_ order: [Int], _ fieldCounts: ClosedRange<Int>) throws(StreamFault) -> Int {
        var count: Int
        if let namedCount {
            count = min(namedCount, order.count)
        } else {
            count = 0
            while count < min(order.count, fieldCounts.upperBound), isNumber(fields[order[count]]) { count += 1 }
            count = max(count, min(order.count, fieldCounts.lowerBound))   // a bad number is then named below
        }
        try checkCount(count, fieldCounts)
        return count
    }

    @inline(__always)
    private func value(_ range: Range<Int>, index: Int) throws(StreamFault) -> Double {
        guard let v = DecimalText.double(fieldBytes[range]) else {
            throw fault("field \(index + 1) '\(ByteText.quoted(fieldBytes[range]))' is not a number")
        }
        guard v.isFinite else { throw fault("field \(index + 1) '\(ByteText.quoted(fieldBytes[range]))' is not finite") }
        return v
    }

    /// The columns of lat, lon and (when named) h in a header, or nil when it does not
    /// name both lat and lon (then the columns are taken as they come).
    static func geographicOrder(_ names: [[UInt8]]) -> [Int]? {
        guard let lat = column(names, ["lat", "latitude"]), let lon = column(names, ["lon", "lng", "long", "longitude"]) else {
            return nil
        }
        if let h = column(names, ["h", "height", "alt", "altitude", "ele", "elevation"]) { return [lat, lon, h] }
        return [lat, lon]
    }

    /// The first column whose name (ASCII letters in any case, quotes dropped) is one
    /// of `accepted`.
    static func column(_ names: [[UInt8]], _ accepted: [StaticString]) -> Int? {
        names.firstIndex { name in
            var bare: [UInt8] = []
            for c in name where c != UInt8(ascii: "\"") { bare.append(c >= 65 && c <= 90 ? c + 32 : c) }
            return accepted.contains { ByteText.equals(bare[...], $0) }
        }
    }
}

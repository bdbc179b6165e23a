#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WaymarkIO

/// One input row, whatever the format: its numbers, the line it came from, (with
/// `--keep-columns`) the columns it carries through untouched, and its time when the
/// input gives one (GPX `<time>`, KML `<when>`, TCX `<Time>`, NMEA, a CSV time column):
/// seconds since 1970 UTC.
struct Row {
    var line: Int
    var values: [Double]
    var extras: [String] = []
    var time: Double? = nil
}

/// CSV rows from a file or standard input: WaymarkIO's streaming ``CSVReader`` (every
/// rule of the format) over the file's descriptor, its faults as the CLI's exits — a
/// malformed row is a data error (65) naming its line, a path that cannot be opened or
/// read, or is a directory, EX_NOINPUT (66), a read error later EX_IOERR (74).
struct CSVInput {
    private var reader: CSVReader<DescriptorSource>
    private let input: InputFile

    /// Opens `path`, or standard input when nil. `geographic`: the rows are
    /// `lat,lon[,h]`, so a header naming its columns (or `--lon-lat`) is honoured.
    init(path: String?, geographic: Bool = false, options: CSVOptions = CSVOptions()) throws(CLIError) {
        input = try InputFile(path: path)
        var options = options
        options.namesOptions = true   // the row commands take --delimiter and --keep-columns
        reader = CSVReader(input.source, geographic: geographic, options: options)
    }

    func close() { input.close() }

    /// `--keep-columns` was given: rows carry text columns (read them with ``next(fieldCounts:)``).
    var keepsColumns: Bool { reader.keepsColumns }

    /// With `--keep-columns`: the names of the columns carried through, known after the first row.
    var extraNames: [String] { reader.extraNames }

    /// The next row, or nil at the end.
    mutating func next(fieldCounts: ClosedRange<Int>) throws(CLIError) -> Row? {
        do throws(StreamFault) {
            return try reader.next(fieldCounts: fieldCounts).map { Row(line: $0.line, values: $0.values, extras: $0.extras, time: $0.time) }
        } catch { throw input.exit(error) }
    }

    /// The next row's numbers written to `values` (room for `fieldCounts.upperBound`),
    /// without allocating: the hot path of the streaming commands.
    mutating func next(into values: UnsafeMutablePointer<Double>, fieldCounts: ClosedRange<Int>) throws(CLIError) -> (line: Int, count: Int)? {
        do throws(StreamFault) { return try reader.next(into: values, fieldCounts: fieldCounts) } catch { throw input.exit(error) }
    }
}

import Waymark
import WaymarkIO

/// A field log read from a file or standard input: WaymarkIO's streaming reader
/// (``FieldLog/Reader``, every rule of the format) over the file's descriptor, its faults
/// as the CLI's exits — a malformed row is a data error (65) naming its line, a missing,
/// unreadable or directory log EX_NOINPUT (66), a read error later EX_IOERR (74).
struct FieldLogFile {
    private var reader: FieldLog.Reader<DescriptorSource>
    private let input: InputFile

    init(path: String?) throws(CLIError) {
        input = try InputFile(path: path)
        reader = FieldLog.Reader(input.source)
    }

    func close() { input.close() }

    /// The line of the row ``next()`` returned last.
    var lineNumber: Int { reader.lineNumber }

    /// Reads and checks the header and the first row.
    mutating func readHeader() throws(CLIError) {
        do throws(StreamFault) { try reader.readHeader() } catch { throw input.exit(error) }
    }

    /// The next row in time order; nil at the end.
    mutating func next() throws(CLIError) -> FieldLog.Row? {
        do throws(StreamFault) { return try reader.next() } catch { throw input.exit(error) }
    }
}

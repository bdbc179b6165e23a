#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark
import WaymarkIO

/// A field log read from a file or standard input: WaymarkIO's streaming reader
/// (``FieldLog/Reader``, every rule of the format) over the file's descriptor, its faults
/// as the CLI's exits — a malformed row is a data error (65) naming its line, a missing,
/// unreadable or directory log EX_NOINPUT (66), a read error later EX_IOERR (74).
struct FieldLogFile {
    private var reader: FieldLog.Reader<DescriptorSource>
    private let source: DescriptorSource
    private let name: String
    private let ownsDescriptor: Bool

    init(path: String?) throws(CLIError) {
        let fd = try path.map { p throws(CLIError) in try CSVInput.openFile(p) } ?? STDIN_FILENO
        source = DescriptorSource(fd)
        reader = FieldLog.Reader(source)
        name = path ?? "standard input"
        ownsDescriptor = path != nil
    }

    func close() { if ownsDescriptor { closeDescriptor(source.fd) } }

    /// The line of the row ``next()`` returned last.
    var lineNumber: Int { reader.lineNumber }

    /// Reads and checks the header and the first row.
    mutating func readHeader() throws(CLIError) {
        do throws(StreamFault) { try reader.readHeader() } catch { throw exit(error) }
    }

    /// The next row in time order; nil at the end.
    mutating func next() throws(CLIError) -> FieldLog.Row? {
        do throws(StreamFault) { return try reader.next() } catch { throw exit(error) }
    }

    private func exit(_ fault: StreamFault) -> CLIError {
        switch fault {
        case .data(let f): return .data(f)
        case .unreadable:
            let reason = String(cString: strerror(source.error))
            if !source.readAny { return .noInput("cannot read \(name): \(reason)") }
            return .ioError("cannot read \(name): \(reason)")
        }
    }
}

/// A file descriptor as WaymarkIO's ``ByteSource``: a class, so the errno of a failed
/// read stays where the reader's owner can name it.
final class DescriptorSource: ByteSource {
    let fd: Int32
    /// errno of the read that failed.
    private(set) var error: Int32 = 0
    /// Whether any byte was read (a failure before is "no input", after it an I/O error).
    private(set) var readAny = false

    init(_ fd: Int32) { self.fd = fd }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = systemRead(fd, buffer.baseAddress, buffer.count)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { error = errno } else if n > 0 { readAny = true }
            return n
        }
    }
}

@inline(__always)
private func systemRead(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, p, n)
    #else
    return Darwin.read(fd, p, n)
    #endif
}

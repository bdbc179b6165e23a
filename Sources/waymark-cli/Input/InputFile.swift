#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WaymarkIO

/// A file (or standard input) opened for one of WaymarkIO's streaming readers: its
/// descriptor as their ``ByteSource``, and their faults as the CLI's exits.
struct InputFile {
    let source: DescriptorSource
    /// The path, or "standard input".
    let name: String
    private let ownsDescriptor: Bool

    /// Opens `path`, or standard input when nil.
    init(path: String?) throws(CLIError) {
        source = DescriptorSource(try path.map { p throws(CLIError) in try Self.open(p) } ?? STDIN_FILENO)
        name = path ?? "standard input"
        ownsDescriptor = path != nil
    }

    func close() { if ownsDescriptor { closeDescriptor(source.fd) } }

    /// A reader's fault as the CLI's exit: a malformed text is a data error (65) naming
    /// its line; a source that cannot be read is EX_NOINPUT (66) before any byte came,
    /// EX_IOERR (74) after.
    func exit(_ fault: StreamFault) -> CLIError {
        switch fault {
        case .data(let f): return .data(f)
        case .unreadable:
            let reason = String(cString: strerror(source.error))
            if !source.readAny { return .noInput("cannot read \(name): \(reason)") }
            return .ioError("cannot read \(name): \(reason)")
        }
    }

    /// open(2) for reading: a missing file, a directory or an unreadable one is EX_NOINPUT.
    static func open(_ path: String) throws(CLIError) -> Int32 {
        #if canImport(Glibc)
        let opened = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        #else
        let opened = Darwin.open(path, O_RDONLY | O_CLOEXEC)
        #endif
        guard opened >= 0 else { throw .noInput("cannot open \(path): \(String(cString: strerror(errno)))") }
        var info = stat()
        if fstat(opened, &info) != 0 || (info.st_mode & S_IFMT) == S_IFDIR {
            closeDescriptor(opened)
            throw .noInput("cannot read \(path): it is a directory")
        }
        return opened
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

/// close(2), named apart from the readers' `close()`.
func closeDescriptor(_ fd: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(fd)
    #elseif canImport(Darwin)
    _ = Darwin.close(fd)
    #endif
}

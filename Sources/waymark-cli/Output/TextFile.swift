#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a whole generated file (a report page, an SVG) to a path.
enum TextFile {
    /// Writes `text` to `path`, replacing it. Any failure (no such directory, no
    /// permission, a full disk) is an I/O error, exit 74, naming the path and the reason.
    static func write(_ text: String, to path: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("an output FILE name is empty") }
        guard let file = fopen(path, "wb") else { throw .ioError("cannot write \(path): \(String(cString: strerror(errno)))") }
        var text = text
        let written = text.withUTF8 { bytes in bytes.isEmpty ? 0 : fwrite(bytes.baseAddress!, 1, bytes.count, file) }
        let writeErrno = errno
        let closed = fclose(file) == 0
        guard written == text.utf8.count else {
            throw .ioError("cannot write \(path): \(String(cString: strerror(writeErrno)))")
        }
        guard closed else { throw .ioError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}

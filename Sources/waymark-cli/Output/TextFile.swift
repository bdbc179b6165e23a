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
        let file = try StreamedTextFile(path: path)
        try file.write(text)
        try file.close()
    }
}

/// A generated file written as it is made (`replay --explain`'s rows): memory stays flat
/// however long the log, and the rows before a fault are on disk when the run stops at it.
final class StreamedTextFile {
    private var file: UnsafeMutablePointer<FILE>?
    let path: String

    /// Opens (replaces) `path`. A failure is an I/O error, exit 74, naming the path.
    init(path: String) throws(CLIError) {
        guard !path.isEmpty else { throw .usage("an output FILE name is empty") }
        guard let f = fopen(path, "wb") else { throw .ioError("cannot write \(path): \(String(cString: strerror(errno)))") }
        file = f
        self.path = path
    }

    deinit { if let file { fclose(file) } }

    func write(_ text: String) throws(CLIError) {
        guard let file, !text.isEmpty else { return }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress!, 1, $0.count, file) }
        guard written == text.utf8.count else { throw .ioError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }

    /// Flushes and closes; a failure (a full disk) is an I/O error.
    func close() throws(CLIError) {
        guard let f = file else { return }
        file = nil
        guard fclose(f) == 0 else { throw .ioError("cannot write \(path): \(String(cString: strerror(errno)))") }
    }
}

extension TextFile {
    /// Refuses (usage, exit 64) an output path that names the same file as an input: it
    /// would be replaced before, or while, it is read.
    static func refuseOverwriting(input: String?, with output: String?, option: String) throws(CLIError) {
        guard let input, let output else { return }
        var a = stat(), b = stat()
        guard stat(input, &a) == 0, stat(output, &b) == 0 else { return }
        if a.st_dev == b.st_dev && a.st_ino == b.st_ino {
            throw .usage("\(option) \(output) is the input log itself: it would be overwritten")
        }
    }
}

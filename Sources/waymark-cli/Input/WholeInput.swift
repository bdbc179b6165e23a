import WaymarkIO

/// A whole file (or standard input) in memory, for the formats read as documents
/// (GeoJSON, GPX, polylines). Bounded: more than ``maximumBytes`` is a data error (65).
enum WholeInput {
    static let maximumBytes = 1 << 28   // 256 MiB

    static func read(_ path: String?) throws(CLIError) -> [UInt8] {
        let input = try InputFile(path: path)
        defer { input.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { input.source.read(into: $0) }
            if n < 0 { throw input.exit(.unreadable) }
            if n == 0 { break }
            guard bytes.count + n <= maximumBytes else {
                throw CLIError(kind: .data, message: "\(path ?? "standard input") is larger than 256 MiB; split it or convert it to CSV, which is streamed")
            }
            bytes.append(contentsOf: chunk[..<n])
        }
        // A UTF-8 byte-order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { bytes.removeFirst(3) }
        return bytes
    }
}

/// Where a streamed reader's bytes come from: a file descriptor, a buffer in memory.
public protocol ByteSource {
    /// Fills the start of `buffer`; returns how many bytes (0 at the end), or a
    /// negative number when the source cannot be read (its own error says why).
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// Bytes already in memory as a ``ByteSource``.
public struct BufferSource: ByteSource {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// A source over `bytes`, which must stay valid while it is read.
    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = min(buffer.count, bytes.count - offset)
        if n > 0 { buffer.baseAddress!.copyMemory(from: bytes.baseAddress! + offset, byteCount: n) }
        offset += n
        return n
    }
}

/// Why a streamed read stopped: the text is wrong (a fault at a line), or the source
/// could not be read (an I/O error, which its owner names).
public enum StreamFault: Error {
    /// The text is wrong at a line.
    case data(ReadFault)
    /// The source returned a negative count: it keeps its own error (errno, …).
    case unreadable
}

/// Lines of text streamed from a ``ByteSource`` in bounded memory, the one line reader
/// of the text formats: LF or CR LF ends a line (neither is part of it), a UTF-8
/// byte-order mark at the start is dropped, a line longer than ``maximumLineBytes`` or
/// holding a NUL byte is a fault naming it — so memory stays bounded whatever the input
/// and a NUL can never cut a value short.
public struct LineReader<Source: ByteSource> {
    /// The longest line accepted, its line ending excluded: 1 MiB.
    public static var maximumLineBytes: Int { 1 << 20 }

    private var source: Source
    private var chunk: [UInt8]
    private var chunkStart = 0, chunkEnd = 0
    private var atEnd = false
    /// The line ``next()`` returned last (1-based; 0 before the first).
    public private(set) var lineNumber = 0
    /// The bytes of the line ``next()`` returned last.
    public private(set) var line: [UInt8] = []

    /// A reader of `source`.
    public init(_ source: Source) {
        self.source = source
        chunk = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// The next line into ``line``; false at the end of the text.
    public mutating func next() throws(StreamFault) -> Bool {
        line.removeAll(keepingCapacity: true)
        var any = false
        while true {
            if chunkStart == chunkEnd {
                if atEnd { break }
                let n = chunk.withUnsafeMutableBytes { source.read(into: $0) }
                if n < 0 { throw .unreadable }
                if n == 0 { atEnd = true; continue }
                chunkStart = 0
                chunkEnd = n
                continue
            }
            any = true
            var end = chunkStart
            while end < chunkEnd, chunk[end] != 10 {
                if chunk[end] == 0 { throw .data(ReadFault(line: lineNumber + 1, "a NUL byte in the line")) }
                end += 1
            }
            guard line.count + (end - chunkStart) <= Self.maximumLineBytes else {
                throw .data(ReadFault(line: lineNumber + 1, "longer than \(Self.maximumLineBytes) bytes (1 MiB)"))
            }
            line.append(contentsOf: chunk[chunkStart..<end])
            if end < chunkEnd {
                chunkStart = end + 1
                break
            }
            chunkStart = chunkEnd
        }
        guard any else { return false }
        lineNumber += 1
        if line.last == 13 { line.removeLast() }
        // A byte-order mark, however the source's reads split it.
        if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { line.removeFirst(3) }
        return true
    }
}

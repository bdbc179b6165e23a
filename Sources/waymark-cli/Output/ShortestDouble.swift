/// Swift's shortest round-trip printer (the text of `Double.description`) written
/// straight into a byte buffer: `Double.write(to:)` formats into a stack buffer and
/// hands the ASCII bytes to the stream's `_writeASCII`, so no String is made per
/// number. The text is byte for byte `description` (and so ``format(_:)``), which a test
/// checks on edge values.
enum ShortestDouble {
    @inline(__always)
    static func append(_ value: Double, to buffer: inout [UInt8]) {
        var sink = ByteSink()
        swap(&sink.bytes, &buffer)
        value.write(to: &sink)
        swap(&sink.bytes, &buffer)
    }

    private struct ByteSink: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }
}

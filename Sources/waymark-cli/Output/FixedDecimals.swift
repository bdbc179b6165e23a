#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--precision N`: the C library's `%.*f` (exactly rounded from the binary value),
/// written from a stack buffer straight into the output, without a String per number.
/// (Twice as fast as going through a String; the variadic call's argument casts are
/// most of what is left.)
enum FixedDecimals {
    static func append(_ value: Double, _ decimals: Int, to buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 400) { text in
            let n = withVaList([Int32(decimals), value]) { vsnprintf(text.baseAddress!, text.count, "%.*f", $0) }
            guard n > 0 else { buffer.append(contentsOf: format(value).utf8); return }
            let count = min(Int(n), text.count - 1)
            text.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: count) { buffer.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        }
    }
}

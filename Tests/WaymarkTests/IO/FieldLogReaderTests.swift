import Testing
import WaymarkCore
import WaymarkIO

/// The field-log reader in bounded memory: the 1 MiB line rule, NULs, and the same
/// lines whatever the source's read sizes.
@Suite("field-log reader under hostile input")
struct FieldLogReaderTests {
    /// A source that gives at most `step` bytes a read.
    struct Trickle: ByteSource {
        var bytes: [UInt8]
        var offset = 0
        let step: Int
        mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let n = min(step, buffer.count, bytes.count - offset)
            for i in 0..<n { buffer[i] = bytes[offset + i] }
            offset += n
            return n
        }
    }

    static let log = FieldLog.header + "\n0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,\n0.5,frame,,,,,0,1.4,0,0,0,0\n\n1.0,frame,,,,,0,2.1,0,0,0,0\r\n"

    static func rows(_ text: [UInt8], step: Int = 1 << 20) -> Result<[FieldLog.Row], StreamFault> {
        var reader = FieldLog.Reader(Trickle(bytes: text, step: step))
        var rows: [FieldLog.Row] = []
        do throws(StreamFault) {
            while let row = try reader.next() { rows.append(row) }
            return .success(rows)
        } catch { return .failure(error) }
    }

    static func fault(_ text: [UInt8]) -> ReadFault? {
        if case .failure(.data(let f)) = rows(text) { return f }
        return nil
    }

    @Test("one byte a read gives the rows a whole read gives (CR LF, blank lines, a byte-order mark)")
    func readSizes() {
        let text = [0xEF, 0xBB, 0xBF] + Array(Self.log.utf8)
        guard case .success(let whole) = Self.rows(text), case .success(let trickled) = Self.rows(text, step: 1) else {
            Issue.record("refused"); return
        }
        #expect(whole.count == 3 && trickled.count == 3)
        #expect(whole.map(\.time) == [0, 0.5, 1] && trickled.map(\.time) == [0, 0.5, 1])
    }

    @Test("a line of 64 NULs and junk after a NUL are faults at their line, never a row cut short")
    func nuls() {
        let nuls = Array((FieldLog.header + "\n").utf8) + [UInt8](repeating: 0, count: 64) + [10]
        #expect(Self.fault(nuls)?.line == 2 && Self.fault(nuls)?.reason == "a NUL byte in the line")
        let junk = Array((FieldLog.header + "\n0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,").utf8) + [0] + Array("junk\n".utf8)
        #expect(Self.fault(junk)?.line == 2)
    }

    @Test("a NUL inserted at, or written over, every byte of a field log with every event is refused (issue 52)")
    func nulEverywhere() {
        let text = Array((FieldLog.velocityHeader + "\n0.0,fix,55.7339,37.5886,151.4,5,0,1.4,0,,,,,,,90,3,1.4,0.1\n"
                          + "0.5,frame,,,,,0,1.4,0,-15,0,0,,,,,,,\n0.5,heading,,,,,0,1.4,0,-15,0,0,3.5,5,,,,,\n"
                          + "1.0,tracking,,,,,,,,,,,,,limited,,,,\n").utf8)
        guard case .success(let rows) = Self.rows(text), rows.count == 4 else { Issue.record("the log itself is refused"); return }
        var read = 0
        for k in 0...text.count {
            var inserted = text
            inserted.insert(0, at: k)
            if case .success = Self.rows(inserted) { read += 1 }
            guard k < text.count else { continue }
            var written = text
            written[k] = 0
            if case .success = Self.rows(written) { read += 1 }
        }
        #expect(read == 0, "\(read) placements of a NUL read")
    }

    @Test("a line past 1 MiB is a fault at its line, read in bounded memory")
    func longLine() {
        let long = Array((FieldLog.header + "\n").utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: (1 << 20) + 1) + [10]
        let f = Self.fault(long)
        #expect(f?.line == 2 && f?.reason == "longer than 1048576 bytes (1 MiB)")
        let exact = Array((FieldLog.header + "\n").utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 1 << 20) + [10]
        #expect(Self.fault(exact)?.reason == "expected 12 fields, found 1")
    }

    @Test("the velocity header's fields: empty is none, -1 kept as logged")
    func velocity() {
        let text = FieldLog.velocityHeader + "\n0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,,,,,90,-1,1.4,\n"
        guard case .success(let rows) = Self.rows(Array(text.utf8)), case .fix(_, _, _, _, _, _, let v) = rows.first else {
            Issue.record("refused"); return
        }
        #expect(v == FieldLog.Velocity(course: 90, courseAccuracy: -1, speed: 1.4, speedAccuracy: nil))
    }

    @Test("numbers the CLI refuses are refused here too: digit separators and full-width digits")
    func numbers() {
        for bad in ["55.733_97", "５５.7"] {
            let text = FieldLog.header + "\n0.0,fix,\(bad),37.5886,,5,0,1.4,0,,,\n"
            #expect(Self.fault(Array(text.utf8))?.reason == "lat '\(bad)' is not a number")
        }
    }
}

/// A text column in CSV output (`--keep-columns`): written as it came unless it holds a
/// comma, a quote or a line break, then quoted with quotes doubled.
enum CSVText {
    static func append(_ text: String, to buffer: inout [UInt8]) {
        let needsQuotes = text.utf8.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }
        guard needsQuotes else { buffer.append(contentsOf: text.utf8); return }
        buffer.append(34)
        for b in text.utf8 {
            if b == 34 { buffer.append(34) }
            buffer.append(b)
        }
        buffer.append(34)
    }
}

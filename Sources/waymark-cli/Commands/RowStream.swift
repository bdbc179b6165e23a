/// The row loop the row commands share: the header (with `--keep-columns`' extra
/// columns, known after the first row), then one output row per input row. Rows are
/// written as they come; a bad row stops the run after the rows before it are out.
enum RowStream {
    static func each(_ input: inout RowInput, _ out: inout Output, fieldCounts: ClosedRange<Int>, header: String,
                     geographic: (lat: Int, lon: Int, h: Int?)? = nil,
                     _ body: (Row) throws(CLIError) -> [Double]) throws(CLIError) {
        out.inputIsRoute = input.isRoute
        var pending: Row?
        if input.keepsColumns {
            // The extra columns' names come with the first row.
            pending = try input.next(fieldCounts: fieldCounts)
        }
        try out.header(header, geographic: geographic, extras: input.extraNames)
        if !input.keepsColumns { pending = try input.next(fieldCounts: fieldCounts) }
        while let row = pending {
            out.row(try body(row), extras: row.extras)
            pending = try input.next(fieldCounts: fieldCounts)
        }
    }

    /// Rows per batch of ``triples(_:_:fieldCounts:header:geographic:columns:check:convert:)``.
    static let batch = 1024
    /// Bytes from one triple of doubles to the next in its buffers.
    static let tripleStride = 3 * MemoryLayout<Double>.stride

    /// Rows of numbers converted to rows of three, in batches (one row at a time when
    /// output is line buffered, so each row comes out before the next is read). Each
    /// row's numbers go straight into a slot of three doubles: `check` validates and
    /// completes a slot in place (its line and how many numbers it got); `convert` turns
    /// the first `count` input triples into output triples and says how many it
    /// converted before the first that failed, with that failure. The converted rows are
    /// written (their first `columns` numbers, 2 or 3) before any failure is thrown, as
    /// a row-by-row reader does.
    static func triples(_ input: inout RowInput, _ out: inout Output, fieldCounts: ClosedRange<Int>, header: String,
                        geographic: (lat: Int, lon: Int, h: Int?)? = nil, columns: Int = 3,
                        check: (_ line: Int, _ count: Int, _ slot: UnsafeMutablePointer<Double>) throws(CLIError) -> Void,
                        convert: (_ input: UnsafeMutablePointer<Double>, _ output: UnsafeMutablePointer<Double>, _ count: Int,
                                  _ lines: UnsafePointer<Int>) -> (converted: Int, failure: CLIError?)) throws(CLIError) {
        out.inputIsRoute = input.isRoute
        try out.header(header, geographic: geographic)
        let source = UnsafeMutablePointer<Double>.allocate(capacity: 3 * batch)
        let result = UnsafeMutablePointer<Double>.allocate(capacity: 3 * batch)
        let lines = UnsafeMutablePointer<Int>.allocate(capacity: batch)
        defer { source.deallocate(); result.deallocate(); lines.deallocate() }
        let limit = out.lineBuffered ? 1 : batch
        var failure: CLIError?
        while failure == nil {
            var n = 0
            do throws(CLIError) {
                while n < limit {
                    let slot = source + 3 * n
                    guard let r = try input.next(into: slot, fieldCounts: fieldCounts) else { break }
                    try check(r.line, r.count, slot)
                    lines[n] = r.line
                    n += 1
                }
            } catch {
                failure = error
            }
            if n > 0 {
                let (converted, refused) = convert(source, result, n, lines)
                for i in 0..<converted {
                    if columns == 2 { out.row(result[3 * i], result[3 * i + 1]) } else { out.row(result[3 * i], result[3 * i + 1], result[3 * i + 2]) }
                }
                if let refused { throw refused }
            }
            if n < limit && failure == nil { break }
        }
        if let failure { throw failure }
    }
}

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

    /// Rows read in batches of up to `capacity` (one at a time when output is line
    /// buffered, so each row comes out before the next is read), each row's numbers
    /// straight into its slot of `buffer` (`width` doubles a slot): `check` validates
    /// and completes a slot in place (its line and how many numbers it got); `flush`
    /// converts and writes the first `count` slots. A row that fails is reported after
    /// the rows before it are written.
    static func batches(_ input: inout RowInput, lineBuffered: Bool, fieldCounts: ClosedRange<Int>, width: Int,
                        buffer: UnsafeMutablePointer<Double>, lines: UnsafeMutablePointer<Int>, capacity: Int,
                        check: (_ line: Int, _ count: Int, _ slot: UnsafeMutablePointer<Double>) throws(CLIError) -> Void,
                        flush: (_ count: Int) throws(CLIError) -> Void) throws(CLIError) {
        let limit = lineBuffered ? 1 : capacity
        var failure: CLIError?
        while failure == nil {
            var n = 0
            do throws(CLIError) {
                while n < limit {
                    let slot = buffer + n * width
                    guard let r = try input.next(into: slot, fieldCounts: fieldCounts) else { break }
                    try check(r.line, r.count, slot)
                    lines[n] = r.line
                    n += 1
                }
            } catch {
                failure = error
            }
            if n > 0 { try flush(n) }
            if n < limit && failure == nil { break }
        }
        if let failure { throw failure }
    }
}

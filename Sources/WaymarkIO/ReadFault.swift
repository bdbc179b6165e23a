/// Why a document or log was refused: the 1-based line that holds the fault and what is
/// wrong there, in words a user can act on ("<trkpt> lat '55.7x' or lon '37.6' is not a
/// number"). Every reader of WaymarkIO throws it, and every caller shows it the same
/// way: the CLI as `line N: reason` (exit 65), the C API as `wm_read_report`, Python
/// and JS as their error's `line` and `reason`.
public struct ReadFault: Error, Sendable {
    /// The line the fault is on (1-based; a whole-document fault names the last line).
    public var line: Int
    /// What is wrong, without the line number.
    public var reason: String

    /// A fault at `line`.
    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }
}

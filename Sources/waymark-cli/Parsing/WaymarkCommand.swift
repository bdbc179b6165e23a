import ArgumentParser

/// A waymark command as ArgumentParser sees it: its options parsed once into typed
/// values (``Given``; repeats and extra files refused in `validate()`), then its body
/// run with the output its options ask for.
protocol WaymarkCommand: DocumentedCommand {
    var output: OutputOptionGroup { get }
    /// The positional words: at most one input FILE, `-` for standard input.
    var files: [String] { get }
    /// `--to` / `--output-format` (csv for commands without them).
    func format() throws(CLIError) -> OutputFormat
    func body(_ out: inout Output) throws(CLIError)
}

extension WaymarkCommand {
    func format() throws(CLIError) -> OutputFormat { .csv }

    /// The input FILE; nil: standard input.
    var file: String? { files.first == "-" ? nil : files.first }

    mutating func validate() throws { try validateOptions() }

    /// Refuses a value option given twice and more than one FILE.
    func validateOptions() throws {
        do throws(CLIError) {
            try refuseRepeats(in: self)
            guard files.count <= 1 else { throw .usage("more than one input file: \(files[0]) and \(files[1])") }
        } catch {
            // ArgumentParser prints this message among its own lines, whose breaks it
            // keeps: the message's own are escaped here.
            throw ValidationError(TerminalText.escaped(error.message))
        }
    }

    mutating func run() throws {
        // One buffer, its capacity reserved once: moved, never copied.
        var out = output.output(format: try format())
        try execute(&out) { out throws(CLIError) in try body(&out) }
    }
}

/// Runs a command body with its output; whatever the body wrote is flushed before an
/// error is reported, so the rows already out are complete.
func execute(_ out: inout Output, _ body: (inout Output) throws(CLIError) -> Void) throws(CLIError) {
    do {
        try body(&out)
    } catch {
        out.flush()
        throw error
    }
    out.finish()
    out.flush()
}

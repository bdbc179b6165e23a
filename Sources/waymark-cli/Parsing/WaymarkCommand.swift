import ArgumentParser

/// A waymark command as ArgumentParser sees it: its options parsed once into
/// ``Arguments`` (repeats and extra files refused in `validate()`), then its body run
/// with the output its options ask for.
protocol WaymarkCommand: ParsableCommand {
    var output: OutputOptionGroup { get }
    /// The parsed options by name, for the body.
    func arguments() throws(CLIError) -> Arguments
    /// `--to` / `--output-format` (csv for commands without them).
    func format() throws(CLIError) -> OutputFormat
    func body(_ args: Arguments, _ out: inout Output) throws(CLIError)
}

extension WaymarkCommand {
    func format() throws(CLIError) -> OutputFormat { .csv }

    mutating func validate() throws {
        // ArgumentParser prints this message among its own lines, whose breaks it keeps:
        // the message's own are escaped here.
        do throws(CLIError) { _ = try arguments() } catch { throw ValidationError(TerminalText.escaped(error.message)) }
    }

    mutating func run() throws {
        let args = try arguments()
        // One buffer, its capacity reserved once: moved, never copied.
        var out = try output.output(format: try format())
        try execute(args, &out) { args, out throws(CLIError) in try body(args, &out) }
    }

    /// Help, usage and discussion cut from ``usage`` (once: ArgumentParser asks for a
    /// command's configuration many times while parsing), so `waymark COMMAND --help`, the
    /// root help and the man page say the same things.
    static func helpConfiguration(_ name: String, _ abstract: String) -> CommandConfiguration {
        CommandConfiguration(commandName: name, abstract: abstract, usage: Help.usageLine(for: name),
                             discussion: Help.discussion(for: name))
    }
}

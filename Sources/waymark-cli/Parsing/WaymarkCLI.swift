#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Waymark

/// `waymark`: the root command. With no command it runs `demo`. ArgumentParser gives
/// `--help`, `help COMMAND`, `--version` and `--generate-completion-script`;
/// ``run(_:)`` adds what it does not: a one-line error with a suggestion for a
/// mistyped command (exit 64), `--generate-manual`, and the exit statuses of
/// ``CLIError``.
struct WaymarkCLI: ParsableCommand {
    static let versionLine = "waymark \(WaymarkVersion.string)"

    static let configuration: CommandConfiguration = {
        CommandConfiguration(
            commandName: "waymark",
            abstract: "Geodesy for AR navigation: WGS-84 points to AR scene coordinates, exactly.",
            usage: "waymark [COMMAND] [OPTIONS] [FILE]",
            discussion: Help.rootDiscussion(),
            version: versionLine,
            subcommands: [Demo.self, Scene.self, Geodetic.self, Inverse.self, Direct.self, Accuracy.self, Length.self, Simulate.self,
                          Replay.self, Arrows.self, Bench.self, Datum.self, Transform.self, GeoidCommand.self, Version.self,
                          GPSModel.self, Read.self],
            defaultSubcommand: Demo.self
        )
    }()

    /// Parses `words` (the arguments after the program's name) once and runs the
    /// command; returns the exit status. The caller exits with it once every value of the
    /// run is released: exiting with an error's message still alive is a leak to
    /// LeakSanitizer (an optimised build keeps it in a register it does not scan).
    static func run(_ words: [String]) -> Int32 {
        // A reader that closes the pipe early (`| head`) makes the next write fail with
        // EPIPE, which `Output` reports (exit 74, a message) instead of the process
        // dying silently by the signal.
        signal(SIGPIPE, SIG_IGN)
        let names = Help.commandNames
        if words.first == "--generate-manual" {
            var out = Output()
            out.line(ManualPage.roff(version: WaymarkVersion.string), terminated: false)
            out.flush()
            return 0
        }
        if let first = words.first, first == "--generate-completion-script" || first.hasPrefix("--generate-completion-script=") {
            return completions(words)
        }
        // ArgumentParser would take an unknown command for the default command's
        // argument and print its usage; a mistyped command gets one line and a hint.
        if let first = words.first, !first.hasPrefix("-"), first != "help", !names.contains(first) {
            return fail(.usage("unknown command '\(first)'" + hint(first) + " (waymark help lists the commands)"))
        }
        if words.first == "help", words.count > 1, !names.contains(words[1]) {
            return fail(.usage("no command '\(words[1])'" + hint(words[1]) + " (waymark help lists them)"))
        }
        switch parseAndRun(words) {
        case .done: return 0
        case .refused(let error): return fail(error)
        case .parser(let status, let text): return parserExit(status, text)
        }
    }

    /// How a command line ended.
    private enum Outcome {
        case done
        /// Waymark's own usage, data or I/O error.
        case refused(CLIError)
        /// ArgumentParser's help or error: its exit status and text.
        case parser(ExitCode, String)
    }

    /// Parses and runs `words`. Errors leave as values, so the process exits after the
    /// thrown ones are released (exiting inside the `catch` leaves ArgumentParser's error
    /// alive, which LeakSanitizer reports).
    private static func parseAndRun(_ words: [String]) -> Outcome {
        do {
            var command = try parseAsRoot(words)
            try command.run()
            return .done
        } catch let error as CLIError {
            return .refused(error)
        } catch {
            // An option's value that does not parse: the transform's own message, unless the
            // line asks for help or the version, which win over every other fault (the
            // parser reads values before it looks for those flags).
            if let refused = ParseRefusal.recorded {
                guard let request = helpOrVersion(words) else { return .refused(refused) }
                return .parser(exitCode(for: request), fullMessage(for: request))
            }
            return .parser(exitCode(for: error), fullMessage(for: error))
        }
    }

    /// The help (`-h`, `--help`) or version (`--version`) request among `words`, for the
    /// command the first word names (else the root), as ArgumentParser would raise it.
    private static func helpOrVersion(_ words: [String]) -> CleanExit? {
        let command = configuration.subcommands.first { $0._commandName == words.first } ?? WaymarkCLI.self
        if words.contains(where: { $0 == "-h" || $0 == "--help" }) { return .helpRequest(command) }
        if words.contains("--version") { return .message(configuration.version) }
        return nil
    }

    /// ArgumentParser's help (standard output) or usage error (standard error), as its
    /// `exit(withError:)` writes them, except that an error's text is escaped
    /// (``TerminalText``): it echoes the command line's words. Its lines are the
    /// parser's layout (the error, the usage, a hint), so they are kept.
    private static func parserExit(_ status: ExitCode, _ text: String) -> Int32 {
        if status == .success {
            if !text.isEmpty { print(text) }
        } else if !text.isEmpty {
            writeAll(STDERR_FILENO, TerminalText.escaped(text, keepingLineBreaks: true) + "\n")
        }
        return status.rawValue
    }

    /// `--generate-completion-script bash|zsh|fish`: ArgumentParser's script, its
    /// shell named explicitly (none or another is a usage error rather than a guess from
    /// the environment, which differs between a login shell and a script). Bash's completes `waymark help COMMAND`
    /// too, which ArgumentParser's built-in `help` leaves empty.
    private static func completions(_ words: [String]) -> Int32 {
        let shellName = words[0].hasPrefix("--generate-completion-script=")
            ? String(words[0].dropFirst("--generate-completion-script=".count)) : words.dropFirst().first ?? ""
        guard words.count == (words[0].contains("=") ? 1 : 2), let shell = CompletionShell(rawValue: shellName) else {
            return fail(.usage("--generate-completion-script takes one of bash, zsh, fish"))
        }
        var script = completionScript(for: shell)
        if shell == .bash, let start = script.firstRange(of: "\n_waymark_help() {\n"),
           let end = script[start.upperBound...].firstRange(of: "\n}\n") {
            let names = Help.commandNames.joined(separator: " ")
            script.insert(contentsOf: "\n    COMPREPLY+=($(compgen -W '\(names)' -- \"${cur}\"))", at: end.lowerBound)
        }
        var out = Output()
        out.line(script, terminated: !script.hasSuffix("\n"))
        out.flush()
        return 0
    }

    private static func hint(_ word: String) -> String {
        Help.suggestion(for: word).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Prints the error; returns its exit status.
    private static func fail(_ error: CLIError) -> Int32 {
        printError(error.message)
        return error.exitStatus
    }
}

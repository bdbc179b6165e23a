import ArgumentParser

/// A command with an entry in the help texts (``HelpText/Entry``): its help page, the
/// root help and the man page show it.
protocol DocumentedCommand: ParsableCommand {
    /// The command's entry: its synopsis, then what it does.
    static var entry: String { get }
}

extension DocumentedCommand {
    /// The configuration ArgumentParser lays the command's help out from: `abstract`
    /// (one line, in the root help's list), the usage line (its input after the options),
    /// and the discussion: its entry, then the notes every command shares.
    static func helpConfiguration(_ name: String, _ abstract: String, input: String? = nil) -> CommandConfiguration {
        CommandConfiguration(commandName: name, abstract: abstract,
                             usage: (["waymark", name, "[OPTIONS]"] + (input.map { [$0] } ?? [])).joined(separator: " "),
                             discussion: Help.entry(name, entry) + "\n\n" + Help.reflowedNotes)
    }
}

/// The help texts as ArgumentParser shows them, and suggestions for mistyped command
/// names.
enum Help {
    /// The notes every command shares, as help shows them (wrapped once: ArgumentParser
    /// builds every command's configuration at start-up, before the first row).
    static let reflowedNotes = reflowed(HelpText.optionNotes + "\n\n" + HelpText.conventions)

    /// The commands and their entries, in the root command's order.
    static let commands: [(name: String, entry: String)] = WaymarkCLI.configuration.subcommands.compactMap { command in
        guard let documented = command as? any DocumentedCommand.Type, let name = command.configuration.commandName else { return nil }
        return (name, documented.entry)
    }

    /// The names of the commands.
    static let commandNames = commands.map(\.name)

    /// An entry as help shows it: `waymark NAME`, then its lines indented by two, so
    /// that every line fits the 80 columns ArgumentParser wraps at.
    static func entry(_ name: String, _ text: String) -> String {
        (["waymark \(name)"] + text.split(separator: "\n").map { "  " + $0 }).joined(separator: "\n")
    }

    /// Paragraphs re-wrapped to `width` columns (ArgumentParser would break longer
    /// lines anywhere): an option stays on one line with its value (`--heights
    /// orthometric`), and a choice list broken after `|` is joined again.
    static func reflowed(_ text: String, width: Int = 78) -> String {
        text.split(separator: "\n\n", omittingEmptySubsequences: false).map { paragraph -> String in
            var joined = ""
            for line in paragraph.split(separator: "\n") {
                if !joined.isEmpty && !joined.hasSuffix("|") { joined += " " }
                joined += line
            }
            var words: [String] = []
            for word in joined.split(separator: " ").map(String.init) {
                if let last = words.last, last.hasPrefix("--"), !last.contains(" "),
                   !(last.last.map { ",.;:)".contains($0) } ?? false) {
                    words[words.count - 1] += " " + word
                } else {
                    words.append(word)
                }
            }
            var lines: [String] = [], line = ""
            for word in words {
                if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
                line += (line.isEmpty ? "" : " ") + word
            }
            if !line.isEmpty { lines.append(line) }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The root help's discussion: the introduction, the top-level options and the
    /// shared notes (ArgumentParser lists the commands).
    static func rootDiscussion() -> String {
        HelpText.introduction + "\n\n" + entry("version", Version.entry) + "\n\n" + reflowedNotes
    }

    /// The known command nearest to a mistyped one (edit distance at most 2), if any.
    static func suggestion(for word: String) -> String? {
        let scored = commandNames.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two short words.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}

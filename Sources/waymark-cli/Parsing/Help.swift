/// The help text of each command, cut from ``usage``, and suggestions for mistyped
/// command names.
///
/// The text is split into lines once and the shared notes re-wrapped once: ArgumentParser
/// builds every command's configuration at start-up, and splitting the whole text per
/// command cost a row command tens of milliseconds before its first row.
enum Help {
    /// ``usage``'s lines.
    static let lines = usage.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
    /// ``notes()`` as help shows it.
    static let reflowedNotes = reflowed(notes())
    /// The commands the usage text lists (its lines "  NAME  …" under "commands:").
    static let commandNames: [String] = {
        guard let first = lines.firstIndex(of: "commands:") else { return [] }
        return lines[(first + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }()

    /// The usage text's entry for `command`: its line and the indented lines under it.
    static func entry(for command: String) -> [Substring] {
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }) else { return [] }
        var end = start + 1
        // Continuation lines are indented past the command column.
        while end < lines.count, lines[end].hasPrefix("             ") { end += 1 }
        return Array(lines[start..<end])
    }

    /// The usage's closing paragraphs: the output and input options every command
    /// shares, the conventions, and the exit statuses.
    static func notes() -> String {
        return lines.firstIndex { $0.hasPrefix("Output options") }.map { lines[$0...].joined(separator: "\n") } ?? ""
    }

    /// An entry as help shows it: `waymark NAME`, then its lines indented by two, so
    /// that every line fits the 80 columns ArgumentParser wraps at.
    static func helpEntry(for command: String) -> String {
        let lines = entry(for: command)
        guard let first = lines.first else { return "waymark \(command)" }
        var rest = [first.dropFirst(2 + command.count)] + lines.dropFirst()
        rest = rest.map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
        return (["waymark \(command)"] + rest.map { "  " + $0 }).joined(separator: "\n")
    }

    /// Paragraphs re-wrapped to `width` columns (ArgumentParser would break longer
    /// lines anywhere): an option stays on one line with its value (`--heights
    /// orthometric`), and a choice list broken after `|` is joined again.
    static func reflowed(_ text: String, width: Int = 78) -> String {
        text.components(separatedBy: "\n\n").map { paragraph -> String in
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

    /// A command's help discussion: its entry (options with their values and
    /// defaults, what rows it reads and writes), then the closing notes, exit
    /// statuses included.
    static func discussion(for command: String) -> String {
        helpEntry(for: command) + "\n\n" + reflowedNotes
    }

    /// The command's usage line: its options are in the help below it, its input
    /// (FILE, ROUTE_FILE, LOG) as its entry names it.
    static func usageLine(for command: String) -> String {
        let synopsis = entry(for: command).prefix(3).joined(separator: " ")
        let input = ["[FILE]", "[TRACK]", "ROUTE_FILE", "LOG"].first { synopsis.contains($0) }
        return (["waymark", command, "[OPTIONS]"] + (input.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// The root help's discussion: the introduction, the top-level options and the
    /// closing notes (the commands are listed by ArgumentParser).
    static func rootDiscussion() -> String {
        let first = lines.firstIndex(of: "commands:") ?? lines.count
        // The introduction without its first line, which is the root's abstract.
        let intro = lines[3..<first].joined(separator: "\n").trimmingNewlines()
        return intro + "\n\n" + helpEntry(for: "version") + "\n\n" + reflowedNotes
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

private extension String {
    func trimmingNewlines() -> String {
        var s = Substring(self)
        while s.first == "\n" { s.removeFirst() }
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}

/// Help for one command, cut from the usage text, and suggestions for mistyped names.
enum Help {
    /// The commands the usage text lists (its lines "  NAME  …" under "commands:").
    static func commands(in usage: String) -> [String] {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(of: "commands:") else { return [] }
        return lines[(first + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    /// The usage text's entry for `command` (its line and the indented lines under it),
    /// followed by the usage's closing paragraphs; nil for an unknown command.
    static func text(for command: String, in usage: String) -> String? {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  \(command) ") || $0 == "  \(command)" }) else { return nil }
        var end = start + 1
        // Continuation lines are indented past the command column.
        while end < lines.count, lines[end].hasPrefix("             ") { end += 1 }
        let entry = lines[start..<end].joined(separator: "\n")
        let notes = lines.firstIndex { $0.hasPrefix("Output options") }.map { lines[$0...].joined(separator: "\n") } ?? ""
        return "usage: waymark \(command) [OPTIONS] [FILE]\n\n" + entry + "\n\n" + notes
    }

    /// The known command nearest to a mistyped one (edit distance at most 2), if any.
    static func suggestion(for word: String, in usage: String) -> String? {
        let scored = commands(in: usage).map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }
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

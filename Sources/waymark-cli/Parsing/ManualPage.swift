/// The man page, waymark(1), written from the same usage text as `waymark help`, so the
/// two cannot disagree. `waymark --generate-manual` prints it; `docs/waymark.1` is its
/// committed copy (a test keeps them equal), which CMake installs.
enum ManualPage {
    static func roff(usage: String, version: String) -> String {
        var page = ".TH WAYMARK 1 \"\" \"waymark \(version)\" \"User Commands\"\n"
        page += ".SH NAME\nwaymark \\- geodesy for AR navigation: WGS-84 points to AR scene coordinates, exactly\n"
        page += ".SH SYNOPSIS\n.B waymark\n[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR] [\\fIFILE\\fR]\n"
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: "commands:") else { return page }
        let notes = lines.firstIndex { $0.hasPrefix("Output options") } ?? lines.count
        page += ".SH DESCRIPTION\n" + escape(lines[2..<first].filter { !$0.isEmpty }.joined(separator: "\n")) + "\n"
        page += ".SH COMMANDS\n"
        for line in lines[(first + 1)..<notes] where !line.isEmpty {
            if line.hasPrefix("  "), !line.hasPrefix("   ") {
                let trimmed = line.dropFirst(2)
                let name = trimmed.prefix { $0 != " " }
                let rest = trimmed.dropFirst(name.count).drop { $0 == " " }
                page += ".TP\n.B \(escape(String(name)))\n" + (rest.isEmpty ? "" : escape(String(rest)) + "\n")
            } else {
                page += escape(String(line.drop { $0 == " " })) + "\n"
            }
        }
        let closing = lines[notes...].filter { !$0.isEmpty }
        if let exit = closing.firstIndex(where: { $0.hasPrefix("Degrees, metres") }) {
            page += ".SH OPTIONS\n" + escape(closing[..<exit].joined(separator: "\n")) + "\n"
            page += ".SH CONVENTIONS AND EXIT STATUS\n" + escape(closing[exit...].joined(separator: "\n")) + "\n"
        }
        page += ".SH SEE ALSO\nThe README and include/waymark.h of the Waymark repository.\n"
        return page
    }

    /// Backslashes doubled; a line starting with '.' or '\'' protected.
    static func escape(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var l = String(line).replacing("\\", with: "\\\\").replacing("-", with: "\\-")
            if l.hasPrefix(".") || l.hasPrefix("'") { l = "\\&" + l }
            return l
        }.joined(separator: "\n")
    }
}

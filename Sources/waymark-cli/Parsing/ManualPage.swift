/// The man page, waymark(1), written from the same texts as `waymark help` (the root
/// command's abstract, ``HelpText``, each command's entry), so the two cannot disagree.
/// `waymark --generate-manual` prints it; `docs/waymark.1` is its committed copy (a
/// test keeps them equal), which CMake installs.
enum ManualPage {
    static func roff(version: String) -> String {
        var page = ".TH WAYMARK 1 \"\" \"waymark \(version)\" \"User Commands\"\n"
        page += ".SH NAME\nwaymark \\- geodesy for AR navigation: WGS-84 points to AR scene coordinates, exactly\n"
        page += ".SH SYNOPSIS\n.B waymark\n[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR] [\\fIFILE\\fR]\n"
        page += ".SH DESCRIPTION\n" + section(WaymarkCLI.configuration.abstract + "\n" + HelpText.introduction)
        page += ".SH COMMANDS\n"
        for (name, entry) in Help.commands {
            page += ".TP\n.B \(escape(name))\n" + section(entry)
        }
        page += ".SH OPTIONS\n" + section(HelpText.optionNotes)
        page += ".SH CONVENTIONS AND EXIT STATUS\n" + section(HelpText.conventions)
        page += ".SH SEE ALSO\nThe README and include/waymark.h of the Waymark repository.\n"
        return page
    }

    /// A section's text: its lines without the blank ones, escaped.
    static func section(_ text: String) -> String {
        escape(text.split(separator: "\n").joined(separator: "\n")) + "\n"
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

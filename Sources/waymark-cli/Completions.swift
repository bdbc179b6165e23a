/// Shell completion scripts (`waymark --generate-completion-script bash|zsh|fish`),
/// written from the usage text as the man page is, so completions cannot drift from the
/// help: the commands, each command's options (`--name`), and the values of options
/// the usage spells as choices (`--axes eus|enu|eun`), plus the options every command
/// takes and the input and output options of the row commands.
enum Completions {
    struct Command {
        let name: String
        var options: [String]
        var choices: [String: [String]]
    }

    static func commands(usage: String) -> [Command] {
        Help.commands(in: usage).map { name in
            var command = Command(name: name, options: [], choices: [:])
            guard let text = Help.text(for: name, in: usage) else { return command }
            // The command's own entry: its lines up to the closing paragraphs.
            let entry = text.components(separatedBy: "\n\n").dropFirst().first ?? ""
            add(entry, to: &command)
            command.options += ["--precision", "--line-buffered", "--help"]
            if OutputOptions.rowCommands.contains(name) {
                command.options.append("--output-format")
                command.choices["--output-format"] = OutputFormat.allCases.map(\.rawValue)
                if !OutputOptions.ownTo.contains(name) {
                    command.options.append("--to")
                    command.choices["--to"] = command.choices["--output-format"]
                }
            }
            if ["scene", "geodetic", "inverse", "direct", "datum", "transform", "geoid"].contains(name) {
                command.options += ["--input-format", "--delimiter", "--lon-lat", "--keep-columns", "--heights"]
                command.choices["--input-format"] = InputFormat.allCases.map(\.rawValue)
                command.choices["--delimiter"] = ["auto"] + CSVDelimiter.allCases.map(\.rawValue)
                command.choices["--heights"] = ["ellipsoidal", "orthometric"]
                if !["datum", "transform"].contains(name) {
                    command.options.append("--from")
                    command.choices["--from"] = command.choices["--input-format"]
                }
            }
            if name == "arrows" { command.choices["--from"] = InputFormat.allCases.map(\.rawValue) }
            var seen = Set<String>()
            command.options = command.options.filter { seen.insert($0).inserted }
            return command
        }
    }

    /// `--name` words of an entry, and `--name a|b|c` choices.
    private static func add(_ entry: String, to command: inout Command) {
        let words = entry.split(whereSeparator: { " \n[]".contains($0) }).map(String.init)
        for (i, word) in words.enumerated() where word.hasPrefix("--") && word.count > 2 {
            var name = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "=") { name = String(word[..<eq]); inlineValue = String(word[word.index(after: eq)...]) }
            name = String(name.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
            guard name.count > 2 else { continue }
            command.options.append(name)
            let value = inlineValue ?? (i + 1 < words.count ? words[i + 1] : "")
            if value.contains("|"), !value.hasPrefix("-") {
                let values = value.split(separator: "|").map { String($0.prefix { $0.isLetter || $0.isNumber || $0 == "-" }) }
                if values.allSatisfy({ !$0.isEmpty && $0.lowercased() == $0 }) {
                    command.choices[name] = (command.choices[name] ?? []) + values.filter { !(command.choices[name] ?? []).contains($0) }
                }
            }
        }
    }

    static let topLevel = ["help", "--help", "--version", "--generate-manual", "--generate-completion-script"]

    static func script(for shell: String, usage: String) -> String? {
        let commands = commands(usage: usage)
        switch shell {
        case "bash": return bash(commands)
        case "zsh": return "#compdef waymark\nautoload -U +X bashcompinit && bashcompinit\n" + bash(commands)
        case "fish": return fish(commands)
        default: return nil
        }
    }

    private static func bash(_ commands: [Command]) -> String {
        var s = "# bash completion for waymark (waymark --generate-completion-script bash)\n_waymark() {\n"
        s += "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" cmd=\"${COMP_WORDS[1]}\" opts=\"\"\n"
        s += "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
        s += "        COMPREPLY=($(compgen -W \"\((commands.map(\.name) + topLevel).joined(separator: " "))\" -- \"$cur\")); return\n    fi\n"
        s += "    case \"$cmd\" in\n"
        s += "        help) COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " "))\" -- \"$cur\")); return ;;\n"
        s += "        --generate-completion-script) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n"
        for c in commands {
            s += "        \(c.name))\n            opts=\"\(c.options.joined(separator: " "))\"\n"
            if !c.choices.isEmpty {
                s += "            case \"$prev\" in\n"
                for (option, values) in c.choices.sorted(by: { $0.key < $1.key }) {
                    s += "                \(option)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
                }
                s += "            esac ;;\n"
            } else {
                s += "            ;;\n"
            }
        }
        s += "    esac\n"
        s += "    if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi\n}\n"
        s += "complete -o filenames -F _waymark waymark\n"
        return s
    }

    private static func fish(_ commands: [Command]) -> String {
        var s = "# fish completion for waymark (waymark --generate-completion-script fish)\n"
        s += "complete -c waymark -n __fish_use_subcommand -f -a '\(commands.map(\.name).joined(separator: " ")) help'\n"
        for c in commands {
            for option in c.options {
                let long = option.dropFirst(2)
                let values = c.choices[option].map { " -x -a '\($0.joined(separator: " "))'" } ?? ""
                s += "complete -c waymark -n '__fish_seen_subcommand_from \(c.name)' -l \(long)\(values)\n"
            }
        }
        return s
    }
}

import Foundation
import Testing

/// Every command the README shows with its output — a line `$ COMMAND` in a code block,
/// the lines after it up to the next `$` line or the block's end being what it prints —
/// is run with bash, `waymark` being the built one, on the dispatched CPU path and on the
/// baseline path: standard output must be the README's text exactly on both. The
/// commands run in a scratch directory whose `Tests` is the repository's (the files
/// they name are there; what they write, such as `--html walk.html`, stays out of the
/// repository).
@Suite("README commands print what the README shows", .serialized)
struct ReadmeCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Example { var command: String; var output: String; var line: Int }

    /// The README's `$` commands and their shown output.
    static func examples(_ readme: String) -> [Example] {
        var examples: [Example] = []
        var inBlock = false, current: Example? = nil
        for (k, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated() {
            if line.hasPrefix("```") {
                if let c = current { examples.append(c); current = nil }
                inBlock.toggle()
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ ") {
                if let c = current { examples.append(c) }
                current = Example(command: String(line.dropFirst(2)), output: "", line: k + 1)
            } else if current != nil {
                current!.output += line + "\n"
            }
        }
        return examples
    }

    static func bash(_ command: String, cpu: String?, in directory: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-o", "pipefail", "-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Waymark.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["WAYMARK_CPU"] = cpu
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test("every $ command in README.md, on the dispatched and the baseline CPU path")
    func commands() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let examples = Self.examples(readme)
        #expect(examples.count >= 12, "the README's examples: \(examples.map(\.command))")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-readme-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Tests"), withDestinationURL: Self.root.appendingPathComponent("Tests"))
        for example in examples {
            for cpu in [nil, "baseline"] {
                let r = try Self.bash(example.command, cpu: cpu, in: scratch)
                #expect(r.status == 0 && r.stdout == example.output,
                        "README line \(example.line), WAYMARK_CPU=\(cpu ?? "(unset)"): $ \(example.command)\nprinted:\n\(r.stdout)\(r.stderr)\nREADME shows:\n\(example.output)")
            }
        }
    }
}

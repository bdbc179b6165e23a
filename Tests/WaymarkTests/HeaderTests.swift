import Foundation
import Testing

/// `include/waymark.h` documents every function: a comment right above each `WM_API`
/// declaration, and an "Errors:" line for each one that returns a `wm_status`.
@Suite("C header documentation")
struct HeaderTests {
    struct Declaration {
        var name: String
        var returnsStatus: Bool
        var comment: String
    }

    static func declarations() throws -> [Declaration] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("include/waymark.h")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var result: [Declaration] = []
        for (i, line) in lines.enumerated() where line.hasPrefix("WM_API ") {
            guard let paren = line.firstIndex(of: "(") else { continue }
            let head = line[..<paren].split(separator: " ")
            let name = String(head.last!).trimmingCharacters(in: CharacterSet(charactersIn: "*"))
            // The comment block above it; declarations written one after another with no
            // blank line between share the comment above the first (e.g. the datum group).
            var j = i - 1
            func isDeclarationLine(_ l: String) -> Bool {
                l.hasPrefix("WM_API ") || (l.hasPrefix("  ") && !l.trimmingCharacters(in: .whitespaces).hasPrefix("*"))
            }
            while j >= 0, isDeclarationLine(lines[j]) { j -= 1 }
            var block: [String] = []
            if j >= 0, lines[j].hasSuffix("*/") {
                while j >= 0 {
                    block.insert(lines[j], at: 0)
                    if lines[j].contains("/*") { break }
                    j -= 1
                }
            }
            result.append(Declaration(name: name, returnsStatus: line.hasPrefix("WM_API wm_status "), comment: block.joined(separator: "\n")))
        }
        return result
    }

    @Test("every function has a comment; every function returning wm_status has an Errors: line")
    func documented() throws {
        let all = try Self.declarations()
        #expect(all.count > 50)
        let uncommented = all.filter { $0.comment.isEmpty }.map(\.name)
        let noErrors = all.filter { $0.returnsStatus && !$0.comment.contains("Errors:") }.map(\.name)
        #expect(uncommented.isEmpty, "no comment: \(uncommented.joined(separator: ", "))")
        #expect(noErrors.isEmpty, "no Errors: line: \(noErrors.joined(separator: ", "))")
    }
}

import Foundation
import Testing
import Waymark

/// One version everywhere: the Swift constant, the C header (which CMake reads for the
/// library's and the packages' versions) and the newest release in the changelog.
@Suite("version")
struct VersionTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    static func define(_ name: String, in header: String) -> String? {
        for line in header.split(separator: "\n") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            if words.count >= 3, words[0] == "#define", words[1] == name { return String(words[2]) }
        }
        return nil
    }

    @Test("WaymarkVersion matches waymark.h's WAYMARK_VERSION_* and WAYMARK_VERSION_STRING")
    func headerAgrees() throws {
        let header = try Self.text("include/waymark.h")
        #expect(Self.define("WAYMARK_VERSION_MAJOR", in: header) == "\(WaymarkVersion.major)")
        #expect(Self.define("WAYMARK_VERSION_MINOR", in: header) == "\(WaymarkVersion.minor)")
        #expect(Self.define("WAYMARK_VERSION_PATCH", in: header) == "\(WaymarkVersion.patch)")
        #expect(Self.define("WAYMARK_VERSION_STRING", in: header) == "\"\(WaymarkVersion.string)\"")
        #expect(WaymarkVersion.string == "\(WaymarkVersion.major).\(WaymarkVersion.minor).\(WaymarkVersion.patch)")
    }

    @Test("the newest release in CHANGELOG.md is this version")
    func changelogAgrees() throws {
        let changelog = try Self.text("CHANGELOG.md")
        let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let newest = try #require(releases.first)
        #expect(newest.hasPrefix("## [\(WaymarkVersion.string)] - "), "\(newest)")
    }
}

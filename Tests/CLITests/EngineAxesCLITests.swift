import Foundation
import Testing

/// `--axes` takes the engine presets besides eus, enu and eun.
@Suite("CLI engine axes")
struct EngineAxesCLITests {
    @Test("scene --axes unreal: 100 m due north and 2 m up is (0, -10000, 200) cm; unity (0, 2, 100); geodetic inverts")
    func presets() throws {
        // The point 100 m north and 2 m up of the origin, by the enu frame's inverse.
        let north = try Waymark.run(["geodetic", "--origin", "48.8584,2.2945,35", "--axes", "enu"], input: "0,100,2\n")
        #expect(north.status == 0)
        // Each output is a header line, then the row.
        func row(_ text: String) -> String { String(text.split(separator: "\n").last ?? "") }
        let point = row(north.stdout)
        for (axes, want) in [("unreal", [0.0, -10_000, 200]), ("unity", [0, 2, 100]), ("arkit", [0, 2, -100]),
                             ("godot", [0, 2, -100])] {
            let r = try Waymark.run(["scene", "--origin", "48.8584,2.2945,35", "--axes", axes], input: point + "\n")
            #expect(r.status == 0, "\(r.stderr)")
            let got = row(r.stdout).split(separator: ",").compactMap { Double($0) }
            #expect(got.count == 3)
            for (g, w) in zip(got, want) { #expect(abs(g - w) < 1e-6, "\(axes): \(got)") }
            let back = try Waymark.run(["geodetic", "--origin", "48.8584,2.2945,35", "--axes", axes], input: row(r.stdout) + "\n")
            #expect(back.status == 0)
            let a = row(back.stdout).split(separator: ",").compactMap { Double($0) }
            #expect(a.count == 3)
            let b = point.split(separator: ",").compactMap { Double($0) }
            for (x, y) in zip(a, b) { #expect(abs(x - y) < 1e-9) }
        }
        let bad = try Waymark.run(["scene", "--origin", "48.8584,2.2945,35", "--axes", "maya"], input: "1,2,3\n")
        #expect(bad.status == 64 && bad.stderr.contains("--axes must be eus, enu, eun or an engine preset (arkit,"))
    }
}

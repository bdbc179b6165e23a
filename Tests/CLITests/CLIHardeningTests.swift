import Foundation
import Testing

/// Hostile input and broken output (issue 15, D11–D12): data errors for NUL bytes and
/// over-long lines, EX_NOINPUT for input that cannot be read, EX_IOERR for output that
/// cannot be written, and nothing that grows with a line's length.
@Suite("waymark CLI under hostile input and broken output", .serialized)
struct CLIHardeningTests {
    static let origin = ["scene", "--origin", "55.7,37.6"]

    @Test("a NUL byte is a data error (65), never a row cut short")
    func nulByte() throws {
        let r = try Waymark.run(Self.origin, input: "55.7,37.59\u{0} 43,1\n")
        #expect(r.status == 65 && r.stderr.contains("line 1") && r.stderr.contains("NUL"))
        #expect(r.lines.count <= 1)   // the header at most: no row
        let later = try Waymark.run(Self.origin, input: "55.7,37.59,1\n55.7,37.59\u{0}5,1\n")
        #expect(later.status == 65 && later.stderr.contains("line 2") && later.lines.count == 2)
    }

    @Test("lines up to 1 MiB are read; a longer one is a data error (65) naming it")
    func lineLimit() throws {
        let padding = String(repeating: " ", count: (1 << 20) - 20)
        let longest = "55.7,37.59," + padding + "1"
        #expect(longest.utf8.count <= 1 << 20)
        let ok = try Waymark.run(Self.origin, input: "55.7,37.6,0\n" + longest + "\n")
        #expect(ok.status == 0 && ok.lines.count == 3, "\(ok.stderr)")
        let tooLong = try Waymark.run(Self.origin, input: "55.7,37.6,0\n" + String(repeating: "5", count: (1 << 20) + 1) + "\n")
        #expect(tooLong.status == 65 && tooLong.stderr.contains("line 2") && tooLong.stderr.contains("1 MiB"))
        // No newline at all: still bounded, still line 1.
        let endless = try Waymark.run(Self.origin, input: String(repeating: "7", count: 3 << 20))
        #expect(endless.status == 65 && endless.stderr.contains("line 1"))
    }

    @Test("a missing file, an unreadable one or a directory is EX_NOINPUT (66)")
    func noInput() throws {
        for path in ["/nonexistent/file.csv", FileManager.default.temporaryDirectory.path] {
            let r = try Waymark.run(Self.origin + [path], input: "")
            #expect(r.status == 66 && r.stderr.contains(path), "\(path): \(r.status) \(r.stderr)")
            // A field log for replay too (it was a usage error, 64).
            let route = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-route-\(getpid()).csv")
            try "lat,lon\n55.7339,37.5886\n55.7352,37.5886\n".write(to: route, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: route) }
            let replay = try Waymark.run(["replay", "--route", route.path, path], input: "")
            #expect(replay.status == 66 && replay.stderr.contains(path), "replay \(path): \(replay.status) \(replay.stderr)")
        }
        if getuid() != 0 {   // root reads anything
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-unreadable-\(getpid()).csv")
            try "55.7,37.6,0\n".write(to: url, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            chmod(url.path, 0)
            #expect(try Waymark.run(Self.origin + [url.path], input: "").status == 66)
        }
    }

    @Test("a write error ends the run with EX_IOERR (74) and a message: /dev/full")
    func fullDisk() throws {
        let process = Process()
        process.executableURL = Waymark.executable
        process.arguments = Self.origin
        let input = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardError = error
        process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        try process.run()
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data("55.7,37.59,1\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(message.contains("cannot write standard output"))
    }

    @Test("EPIPE with SIGPIPE ignored: 74 at the first failed write, not after reading everything")
    func brokenPipe() throws {
        // 4 million rows would take the debug build minutes to convert; stopping at the
        // first failed write takes a moment.
        let script = """
            trap '' PIPE
            yes 55.7,37.59,1 | head -n 4000000 | ("$0" scene --origin 55.7,37.6; echo "status $?" >&2) | head -n 1 >/dev/null
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, Waymark.executable.path]
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(message.contains("status 74"), "\(message)")
        #expect(message.contains("cannot write standard output"))
    }

    @Test("simulate refuses a walk longer than the stated limit before running it (179° route)")
    func simulateBounds() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-long-route-\(getpid()).csv")
        try "lat,lon\n0,0\n0,179\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try Waymark.run(["simulate", "--runs", "1", "--route", url.path])
        #expect(r.status == 64 && r.stderr.contains("3600 s"))
        #expect(try Waymark.run(["simulate", "--runs", "1", "--duration-s", "3601"]).status == 64)
    }

    @Test("a partly readable geoid grid is EX_UNAVAILABLE (69) naming the grid, not a data error")
    func truncatedGrid() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-cli-grid-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let grid = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/proj/egm96_15.gtx"))
        try Data(grid.prefix(1_000_000)).write(to: directory.appendingPathComponent("egm96_15.gtx"))
        let process = Process()
        process.executableURL = Waymark.executable
        process.arguments = ["geoid", "--undulation"]
        var environment = ProcessInfo.processInfo.environment
        environment["PROJ_DATA"] = directory.path
        process.environment = environment
        let input = Pipe(), output = Pipe(), error = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (input, output, error)
        try process.run()
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data("-60,10\n80,10\n".utf8))
        try input.fileHandleForWriting.close()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69, "\(message)")
        #expect(message.contains("egm96_15.gtx") && message.contains("line 2"))
    }

    @Test("transform: a grid named by path works from the command line, a FIFO is refused at once (an unreadable grid: 69)")
    func transformGridPaths() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-cli-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("copy.gtx"), fifo = directory.appendingPathComponent("fifo.gtx")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: "/usr/share/proj/egm96_15.gtx"), to: copy)
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let crs = { (path: String) in "+proj=longlat +datum=WGS84 +geoidgrids=\(path) +type=crs" }
        let ok = try Waymark.run(["transform", "--from", crs(copy.path), "--to", "EPSG:4979"], input: "20,10,0\n")
        #expect(ok.status == 0 && abs(numbers(ok.lines[1])[2]) > 1)
        let refused = try Waymark.run(["transform", "--from", crs(fifo.path), "--to", "EPSG:4979"], input: "20,10,0\n")
        #expect(refused.status == 69, "\(refused.status) \(refused.stderr)")
    }
}

/// Input that once lost or misread rows without a word (issue 13's first points).
@Suite("CSV input never loses a row silently")
struct CSVInputTests {
    static let origin = ["scene", "--origin", "55.73397,37.58864,158"]
    static let expected = "355.5561983486451,-1.5135071942137728,-214.90019883586638"

    /// The one output row, read as the expected point: to 1e-9 m, since the digits'
    /// last places depend on the CPU path (AVX2 + FMA rounds fused multiply-adds once).
    static func isExpected(_ lines: [String]) -> Bool {
        guard lines.count == 2, lines[0] == "x,y,z" else { return false }
        let got = lines[1].split(separator: ",").compactMap { Double($0) }
        let want = expected.split(separator: ",").compactMap { Double($0) }
        return got.count == 3 && zip(got, want).allSatisfy { abs($0 - $1) <= 1e-9 }
    }

    /// The README's full-precision rows of the reference point ("Without `--precision`"):
    /// the baseline path's closed form, and the fused paths' differences.
    static let fused = "355.5561983486657,-1.5135071942530463,-214.9001988354147"

    @Test("the README's full-precision rows: the baseline's, and the fused paths' where the CPU has AVX2 + FMA")
    func readmeRows() throws {
        let baseline = try Waymark.$environment.withValue(["WAYMARK_CPU": "baseline"]) {
            try Waymark.run(Self.origin, input: "55.7359,37.5943,156.5\n")
        }
        #expect(baseline.lines == ["x,y,z", Self.expected], "\(baseline.lines)")
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        guard cpu.contains(" avx2") && cpu.contains(" fma") else { return }
        for path in ["avx2", "avx512"] {
            let r = try Waymark.$environment.withValue(["WAYMARK_CPU": path]) {
                try Waymark.run(Self.origin, input: "55.7359,37.5943,156.5\n")
            }
            #expect(r.lines == ["x,y,z", Self.fused], "\(path): \(r.lines)")
        }
    }

    @Test("a UTF-8 byte-order mark does not swallow the first row")
    func byteOrderMark() throws {
        let r = try Waymark.run(Self.origin, input: "\u{FEFF}55.7359,37.5943,156.5\n")
        let plain = try Waymark.run(Self.origin, input: "55.7359,37.5943,156.5\n")
        #expect(r.status == 0 && Self.isExpected(r.lines) && r.lines == plain.lines)
    }

    @Test("a header naming lon before lat is honoured; quoted and long names too")
    func namedColumns() throws {
        for input in ["lon,lat,h\n37.5943,55.7359,156.5\n", "\"Longitude\",\"Latitude\",ele\n37.5943,55.7359,156.5\n",
                      "h,lat,lng\n156.5,55.7359,37.5943\n", "lat,lon,h\n55.7359,37.5943,156.5\n"] {
            let r = try Waymark.run(Self.origin, input: input)
            let plain = try Waymark.run(Self.origin, input: "55.7359,37.5943,156.5\n")
            // Every column order gives the same bits as the plain row, and that row is the expected point.
            #expect(r.status == 0 && Self.isExpected(r.lines) && r.lines == plain.lines, "\(input): \(r.lines) \(r.stderr)")
        }
        let datum = try Waymark.run(["datum", "--from", "wgs84", "--to", "gcj02"], input: "lon,lat\n116.4,39.9\n")
        #expect(datum.status == 0 && datum.lines.count == 2 && datum.lines[1].hasPrefix("39.9"), "\(datum.lines)")
    }

    @Test("semicolons, tabs or spaces between numbers on a headerless first line set the delimiter (rows, never a header); ambiguous or mixed ones are a data error naming --delimiter")
    func otherDelimiters() throws {
        for (input, comma) in [("55.7359;37.5943\n", "55.7359,37.5943\n"), ("55.7359\t37.5943\n", "55.7359,37.5943\n"),
                               ("55.7359 37.5943 156.5\n", "55.7359,37.5943,156.5\n"),
                               ("55.7359 ; 37.5943\r\n55.7;37.6\n", "55.7359,37.5943\n55.7,37.6\n")] {
            let r = try Waymark.run(Self.origin, input: input)
            let expected = try Waymark.run(Self.origin, input: comma)
            #expect(r.status == 0 && r.lines == expected.lines && r.lines.count == comma.split(separator: "\n").count + 1,
                    "\(input.debugDescription): \(r.lines) \(r.stderr)")
        }
        for input in ["55.7359;37.5943\t156.5\n", "55.7359\t37.5943 156.5\n"] {
            let r = try Waymark.run(Self.origin, input: input)
            #expect(r.status == 65 && r.stderr.contains("line 1") && r.stderr.contains("--delimiter"), "\(input.debugDescription): \(r.stderr)")
        }
        // The first line decides: a later line in another delimiter is an error naming it.
        for input in ["55.7359;37.5943\n55.7359,37.5943\n", "55.7359,37.5943\n55.7359;37.5943\n"] {
            let r = try Waymark.run(Self.origin, input: input)
            #expect(r.status == 65 && r.stderr.contains("line 2") && r.lines.count == 2, "\(input.debugDescription): \(r.stderr)")
        }
    }

    @Test("a header without data rows is a data error; a non-numeric field in a first row that has numbers too is not a header")
    func noRows() throws {
        let header = try Waymark.run(Self.origin, input: "lat,lon\n# nothing\n")
        #expect(header.status == 65 && header.stderr.contains("no data rows"), "\(header.stderr)")
        let mixed = try Waymark.run(Self.origin, input: "x,55.7359\n")
        #expect(mixed.status == 65 && mixed.stderr.contains("line 1"), "\(mixed.stderr)")
        let empty = try Waymark.run(Self.origin, input: "")
        #expect(empty.status == 0 && empty.lines == ["x,y,z"])
    }
}

@Suite("output options")
struct OutputOptionTests {
    @Test("--precision N gives N fixed decimals (0 to 17), anywhere on the line; anything else is a usage error")
    func precision() throws {
        let input = "55.7359,37.5943,156.5\n"
        let three = try Waymark.run(["scene", "--origin", "55.73397,37.58864,158", "--precision", "3"], input: input)
        #expect(three.status == 0 && three.lines == ["x,y,z", "355.556,-1.514,-214.900"], "\(three.lines)")
        let zero = try Waymark.run(["scene", "--precision=0", "--origin", "55.73397,37.58864,158"], input: input)
        #expect(zero.lines == ["x,y,z", "356,-2,-215"])
        let inverse = try Waymark.run(["inverse", "--precision", "2"], input: "55.7,37.6,55.71,37.62\n")
        #expect(inverse.status == 0 && inverse.lines[1].split(separator: ",").allSatisfy { $0.split(separator: ".").last?.count == 2 })
        for bad in ["18", "-1", "two"] {
            #expect(try Waymark.run(["scene", "--origin", "0,0", "--precision", bad], input: input).status == 64)
        }
        #expect(try Waymark.run(["scene", "--origin", "0,0", "--precision"], input: input).status == 64)
    }

    @Test("--line-buffered: a row comes out before the input ends")
    func lineBuffered() throws {
        let process = Process()
        process.executableURL = Waymark.executable
        process.arguments = ["scene", "--origin", "55.73397,37.58864,158", "--line-buffered"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("55.7359,37.5943,156.5\n".utf8))
        // Read until the row is there (the header's line and the row's), with standard input
        // still open; the row's last digits depend on the CPU path (CSVInputTests.isExpected).
        var received = ""
        let deadline = Date().addingTimeInterval(20)
        while received.filter({ $0 == "\n" }).count < 2, Date() < deadline {
            received += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        #expect(CSVInputTests.isExpected(received.split(separator: "\n").map(String.init)), "no row before the input ended: \(received)")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}

@Suite("help")
struct HelpTests {
    @Test("COMMAND --help, -h and help COMMAND show that command (exit 0); a typo gets a suggestion (exit 64)")
    func help() throws {
        for arguments in [["scene", "--help"], ["scene", "-h"], ["help", "scene"]] {
            let r = try Waymark.run(arguments)
            #expect(r.status == 0 && r.stdout.contains("USAGE: waymark scene") && r.stdout.contains("--origin LAT,LON[,H]")
                    && r.stdout.contains("Exit status") && !r.stdout.contains("  geodetic "), "\(arguments): \(r.stdout.prefix(80))")
        }
        let all = try Waymark.run(["help"])
        #expect(all.status == 0 && all.stdout.contains("  geodetic ") && all.stdout.contains("  replay "))
        let typo = try Waymark.run(["scen"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'scene'") && typo.stderr.split(separator: "\n").count == 1)
        let unknown = try Waymark.run(["help", "nothing-like-it"])
        #expect(unknown.status == 64 && !unknown.stderr.contains("did you mean"))
    }
}

@Suite("man page")
struct ManualPageTests {
    @Test("docs/waymark.1 is what waymark --generate-manual writes (regenerate it when the usage changes)")
    func committedCopyIsCurrent() throws {
        let r = try Waymark.run(["--generate-manual"])
        #expect(r.status == 0 && r.stdout.hasPrefix(".TH WAYMARK 1"))
        for command in ["scene", "geodetic", "replay", "geoid", "simulate"] {
            #expect(r.stdout.contains(".B \(command)\n"), "\(command)")
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/waymark.1")
        let committed = try String(contentsOf: url, encoding: .utf8)
        #expect(committed == r.stdout, "docs/waymark.1 is stale: run \(Waymark.executable.path) --generate-manual > docs/waymark.1")
    }
}

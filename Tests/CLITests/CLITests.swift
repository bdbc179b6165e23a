import Foundation
import Testing

/// Runs the commands of a suite on the baseline CPU path (`WAYMARK_CPU=baseline`): for
/// suites that compare the CLI's text byte for byte with text recorded on that path (its
/// numbers' last digits depend on the path; both paths' numbers are tested in
/// WaymarkTests' CPUDispatchTests).
struct BaselineCPU: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await Waymark.$environment.withValue(["WAYMARK_CPU": "baseline"]) { try await function() }
    }
}

extension Trait where Self == BaselineCPU {
    /// ``BaselineCPU``.
    static var baselineCPU: Self { BaselineCPU() }
}

/// Runs the built `waymark` executable end to end, as outside tools do.
enum Waymark {
    static let executable: URL = {
        // WAYMARK_TEST_CLI names the binary to test instead (scripts/test: the release CLI
        // the archives ship, whose walks run some ten times faster than a debug build's).
        if let path = ProcessInfo.processInfo.environment["WAYMARK_TEST_CLI"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // The test bundle sits in the build products directory next to `waymark`, whatever
        // the scratch path (`swift test --scratch-path .build-cli` tests .build-cli's
        // waymark): an .xctest directory on Apple platforms, an executable on Linux (whose
        // Bundle.main is the directory holding it). The package's default .build is the
        // last resort.
        let argv0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let candidates = [
            argv0.deletingLastPathComponent().appendingPathComponent("waymark"),
            Bundle.main.bundleURL.appendingPathComponent("waymark"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("waymark"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(".build/debug/waymark"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }
    }

    /// Extra environment for the commands run in the current task (see ``BaselineCPU``).
    @TaskLocal static var environment: [String: String] = [:]

    static func run(_ arguments: [String], input: String? = nil) throws -> Result {
        // A command may stop reading at a bad line: its closed stdin must not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inp
        try process.run()
        // Feed standard input and drain standard error on other threads, so inputs and
        // outputs larger than a pipe's buffer cannot deadlock.
        let writer = inp.fileHandleForWriting
        let fed = DispatchSemaphore(value: 0)
        Thread {
            if let input { try? writer.write(contentsOf: Data(input.utf8)) }
            try? writer.close()
            fed.signal()
        }.start()
        let errors = ErrorBox()
        let drained = DispatchSemaphore(value: 0)
        let reader = err.fileHandleForReading
        Thread {
            errors.data = reader.readDataToEndOfFile()
            drained.signal()
        }.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        fed.wait()
        drained.wait()
        let e = errors.data
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }
}

/// Standard error's bytes, handed from the thread that reads them.
final class ErrorBox: @unchecked Sendable { var data = Data() }

func numbers(_ line: String) -> [Double] { line.split(separator: ",").map { Double($0)! } }

@Suite("waymark CLI end to end", .serialized)
struct CLITests {
    @Test("--version and version print \"waymark MAJOR.MINOR.PATCH\", exit 0")
    func version() throws {
        for arguments in [["--version"], ["version"]] {
            let r = try Waymark.run(arguments)
            #expect(r.status == 0)
            let line = r.stdout.trimmingCharacters(in: .newlines)
            let parts = line.split(separator: " ")
            #expect(parts.count == 2 && parts[0] == "waymark", "\(line)")
            #expect(parts.last?.split(separator: ".").compactMap { Int($0) }.count == 3, "\(line)")
        }
    }

    @Test("no arguments runs the demo: ≥ 50 points, ~2 km, per-point rows and a summary")
    func demo() throws {
        let r = try Waymark.run([])
        #expect(r.status == 0)
        #expect(r.stdout == (try Waymark.run(["demo"])).stdout)
        let lines = r.lines.filter { !$0.hasPrefix("#") }
        let header = "index,lat,lon,x,y,z,distance_m,azimuth_deg,haversine_error_m,meters_per_degree_error_m"
        let start = try #require(lines.firstIndex(of: header))
        let rows = lines[(start + 1)...].prefix { $0.first?.isNumber == true && $0.split(separator: ",").count == 10 }
        #expect(rows.count >= 50)
        let first = numbers(rows.first!)
        #expect(first[3] == 0 && first[4] == 0 && first[5] == 0)
        // Every row: horizontal scene distance ≈ ellipsoidal surface distance, scaled
        // by (R + h)/R ≈ 1 + 2.5e-5 at the route's 158 m height.
        for row in rows {
            let v = numbers(row)
            let horizontal = (v[3] * v[3] + v[5] * v[5]).squareRoot()
            #expect(abs(horizontal - v[6] * (1 + 157 / 6_381_000)) < 1e-3 + 1e-5 * v[6])
        }
        let summary = try #require(lines.firstIndex(of: "route_length_ellipsoidal_m,route_length_haversine_m,difference_m"))
        let lengths = numbers(lines[summary + 1])
        #expect(lengths[0] > 1800 && lengths[0] < 2500)
        #expect(lines.contains { $0.hasPrefix("haversine,") } && lines.contains { $0.hasPrefix("meters-per-degree,") })
    }

    @Test("scene: header x,y,z; 100 m north is z = −100 (eus); header line, comments and blanks skipped")
    func scene() throws {
        // 100 m north of (0, 0) on WGS-84: 0.000904369… (from geod_direct).
        let north = try Waymark.run(["direct"], input: "0,0,0,100\n")
        let lat = numbers(north.lines[1])[0]
        let r = try Waymark.run(["scene", "--origin", "0,0"], input: "lat,lon,h\n# comment\n\n\(lat),0,0\n0,0,10\n")
        #expect(r.status == 0)
        #expect(r.lines[0] == "x,y,z")
        let p = numbers(r.lines[1])
        #expect(abs(p[0]) < 1e-9 && abs(p[2] + 100) < 1e-6)
        #expect(numbers(r.lines[2]) == [0, 10, 0])
        let enu = try Waymark.run(["scene", "--origin=0,0,0", "--axes", "enu"], input: "\(lat),0\n")
        #expect(abs(numbers(enu.lines[1])[1] - 100) < 1e-6)
        for method in ["proj", "haversine", "meters-per-degree", "ellipsoidal"] {
            let m = try Waymark.run(["scene", "--origin", "0,0", "--method", method], input: "\(lat),0\n")
            // The sphere baselines are 0.56 % long on the equator's meridian.
            #expect(m.status == 0 && abs(numbers(m.lines[1])[2] + 100) < 1, "\(method)")
        }
        let exact = numbers(try Waymark.run(["scene", "--origin", "55.7,37.6"], input: "55.71,37.62,5\n").lines[1])
        let viaProj = numbers(try Waymark.run(["scene", "--origin", "55.7,37.6", "--method", "proj"], input: "55.71,37.62,5\n").lines[1])
        for k in 0..<3 { #expect(abs(exact[k] - viaProj[k]) < 1e-8) }
        // Origins with tiny fractions are valid too (once "invalid ellipsoid").
        let tiny = try Waymark.run(["scene", "--origin", "0.0000001,10", "--method", "proj"], input: "0.0000001,10.0000001\n")
        #expect(tiny.status == 0 && abs(numbers(tiny.lines[1])[0] - 0.011131949) < 1e-8, "\(tiny.stderr)")
    }

    @Test("geodetic inverts scene; numbers round-trip exactly")
    func geodeticRoundTrip() throws {
        let points = "55.7339700,37.5886400,158\n55.7359,37.5943,156.5\n"
        let scene = try Waymark.run(["scene", "--origin", "55.73397,37.58864,158", "--axes", "eun"], input: points)
        let back = try Waymark.run(["geodetic", "--origin", "55.73397,37.58864,158", "--axes", "eun"],
                                   input: scene.lines.dropFirst().joined(separator: "\n"))
        #expect(back.status == 0 && back.lines[0] == "lat,lon,h")
        let p = numbers(back.lines[2])
        #expect(abs(p[0] - 55.7359) < 1e-12 && abs(p[1] - 37.5943) < 1e-12 && abs(p[2] - 156.5) < 1e-6)
        // Shortest round-trip text: the printed value parses back to the same Double.
        for line in scene.lines.dropFirst() { for field in line.split(separator: ",") { #expect(String(Double(field)!) == String(field)) } }
    }

    @Test("inverse and direct, both methods")
    func geodesics() throws {
        let inv = try Waymark.run(["inverse"], input: "40.6,-73.8,49.01666667,2.55\n")
        #expect(inv.lines[0] == "distance_m,azimuth1_deg,azimuth2_deg")
        let v = numbers(inv.lines[1])
        #expect(abs(v[0] - 5853226) < 0.5 && abs(v[1] - 53.47022) < 5e-6 && abs(v[2] - 111.59367) < 5e-6)   // GeodSolve0
        let hav = numbers(try Waymark.run(["inverse", "--method", "haversine"], input: "0,0,0,1\n").lines[1])
        #expect(abs(hav[0] - 6_371_008.8 * .pi / 180) < 1e-6 && hav[1] == 90 && hav[2] == 90)
        let dir = try Waymark.run(["direct"], input: "40.63972222,-73.77888889,53.5,5850000\n")
        #expect(dir.lines[0] == "lat2,lon2,azimuth2_deg")
        let d = numbers(dir.lines[1])
        #expect(abs(d[0] - 49.01467) < 5e-6 && abs(d[1] - 2.56106) < 5e-6 && abs(d[2] - 111.62947) < 5e-6)   // GeodSolve1
    }

    @Test("accuracy: 8 distances × 5 latitudes, errors grow with distance")
    func accuracy() throws {
        let r = try Waymark.run(["accuracy"])
        #expect(r.status == 0)
        let rows = r.lines.filter { $0.first?.isNumber == true }.map(numbers)
        #expect(rows.count == 40)
        let at45 = rows.filter { $0[0] == 45 }
        #expect(at45.map { $0[1] } == [10, 100, 500, 1000, 2000, 5000, 10000, 50000])
        #expect(at45.first![3] < at45.last![3])
        #expect(at45.last![3] > 1)   // metres wrong at 50 km
    }

    @Test("bad input: exit 65, line number and reason on stderr, earlier rows written")
    func badInput() throws {
        let cases: [([String], String, String)] = [
            (["scene", "--origin", "0,0"], "0,0\n1,1\n91,0\n", "line 3"),
            (["scene", "--origin", "0,0"], "0,0\n0,x\n", "line 2"),
            (["scene", "--origin", "0,0"], "0,0,0,0\n", "line 1"),
            (["scene", "--origin", "0,0"], "# c\n0,0\nnan,0\n", "line 3"),
            (["geodetic", "--origin", "0,0"], "1,2\n", "line 1"),
            (["inverse"], "0,0,0\n", "line 1"),
            (["direct"], "0,0,inf,5\n", "line 1"),
        ]
        for (args, input, line) in cases {
            let r = try Waymark.run(args, input: input)
            #expect(r.status == 65, "\(args) \(input)")
            #expect(r.stderr.contains(line), "\(r.stderr)")
        }
        let partial = try Waymark.run(["scene", "--origin", "0,0"], input: "0,0\n1,1\n91,0\n")
        #expect(partial.lines.count == 3)   // header and two good rows
        #expect(partial.stderr.contains("latitude"))
    }

    @Test("usage errors: exit 64")
    func usageErrors() throws {
        for args in [["frobnicate"], ["scene"], ["scene", "--origin", "0"], ["scene", "--origin", "0,0", "--axes", "xyz"],
                     ["scene", "--origin", "0,0", "--method", "vincenty"], ["inverse", "--bogus", "1"],
                     ["scene", "--origin", "95,0"], ["scene", "--origin"]] {
            let r = try Waymark.run(args, input: "")
            #expect(r.status == 64, "\(args)")
            #expect(!r.stderr.isEmpty)
        }
        #expect(try Waymark.run(["--help"]).status == 0)
    }

    @Test func readsFiles() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-cli-test-\(getpid()).csv")
        try "lat1,lon1,lat2,lon2\n0,0,0,1\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try Waymark.run(["inverse", url.path])
        #expect(r.status == 0 && r.lines.count == 2)
    }
}

@Suite("waymark datum, transform, geoid", .serialized)
struct DatumCLITests {
    @Test("datum: exact both ways; identity outside the region unless --region everywhere")
    func datum() throws {
        let gcj = try Waymark.run(["datum", "--from", "wgs84", "--to", "gcj02"], input: "31.1774276,121.5272106\n39.7392,-104.9903\n")
        #expect(gcj.status == 0 && gcj.lines == ["lat,lon", "31.17530398364597,121.531541859215", "39.7392,-104.9903"])
        let back = try Waymark.run(["datum", "--from", "gcj02", "--to", "wgs84"], input: gcj.lines[1] + "\n")
        let p = numbers(back.lines[1])
        #expect(abs(p[0] - 31.1774276) < 1e-11 && abs(p[1] - 121.5272106) < 1e-11)
        let bd = try Waymark.run(["datum", "--from", "gcj02", "--to", "bd09"], input: "39.915,116.404\n")
        #expect(bd.lines[1] == "39.92133699351022,116.41036949371029" || bd.lines[1] == "39.92133699351021,116.41036949371029")
        let everywhere = try Waymark.run(["datum", "--from", "wgs84", "--to", "gcj02", "--region", "everywhere"], input: "39.7392,-104.9903\n")
        #expect(everywhere.lines[1] != "39.7392,-104.9903")
        #expect(try Waymark.run(["datum", "--from", "wgs84", "--to", "mars"], input: "").status == 64)
        #expect(try Waymark.run(["datum", "--from", "wgs84"], input: "").status == 64)
        let bad = try Waymark.run(["datum", "--from", "wgs84", "--to", "gcj02"], input: "31,121\n95,121\n")
        #expect(bad.status == 65 && bad.stderr.contains("line 2") && bad.lines.count == 2)
    }

    @Test("transform: EPSG:4326 → UTM 50N in longitude-first order; bad CRS is a usage error")
    func transform() throws {
        let r = try Waymark.run(["transform", "--from", "EPSG:4326", "--to", "EPSG:32650"], input: "116.4,39.9\n117,40,5\n")
        #expect(r.status == 0 && r.lines[0] == "x,y,z")
        let p = numbers(r.lines[1]), q = numbers(r.lines[2])
        #expect(abs(p[0] - 448709.380192) < 1e-5 && abs(p[1] - 4416830.562172) < 1e-5)
        #expect(abs(q[0] - 500000) < 1e-6 && q[2] == 5)
        let bad = try Waymark.run(["transform", "--from", "EPSG:4326", "--to", "EPSG:99999999"], input: "")
        #expect(bad.status == 64 && !bad.stderr.isEmpty)
    }

    @Test("geoid: EGM96 undulation and height conversions")
    func geoid() throws {
        let n = try Waymark.run(["geoid", "--undulation"], input: "38.628155,-90.220845\n")
        #expect(n.status == 0 && n.lines[0] == "undulation_m")
        #expect(abs(numbers(n.lines[1])[0] + 31.628) < 0.05)   // NGA: -31.628 m
        let up = try Waymark.run(["geoid"], input: "38.628155,-90.220845,100\n")
        let h = numbers(up.lines[1])[2]
        #expect(abs(h - (100 + numbers(n.lines[1])[0])) < 1e-9)
        let down = try Waymark.run(["geoid", "--to", "orthometric"], input: up.lines[1] + "\n")
        #expect(abs(numbers(down.lines[1])[2] - 100) < 1e-9)
        #expect(try Waymark.run(["geoid"], input: "1,2\n").status == 65)
    }

    @Test("geoid --interpolation: bilinear is the default, cubic is NGA's; anything else is a usage error")
    func geoidInterpolation() throws {
        // Hawaii, a cell centre where the two differ most; NGA's program gives 25.796366 m.
        let input = "19.625,-155.375\n"
        let plain = try Waymark.run(["geoid", "--undulation"], input: input)
        let bilinear = try Waymark.run(["geoid", "--undulation", "--interpolation", "bilinear"], input: input)
        let cubic = try Waymark.run(["geoid", "--undulation", "--interpolation", "cubic"], input: input)
        #expect(plain.status == 0 && bilinear.status == 0 && cubic.status == 0)
        #expect(plain.lines == bilinear.lines && cubic.lines[0] == "undulation_m")
        #expect(abs(numbers(cubic.lines[1])[0] - 25.796366) < 0.001)
        #expect(abs(numbers(bilinear.lines[1])[0] - 25.796366) > 1)
        let up = try Waymark.run(["geoid", "--interpolation", "cubic"], input: "19.625,-155.375,100\n")
        #expect(abs(numbers(up.lines[1])[2] - (100 + numbers(cubic.lines[1])[0])) < 1e-9)
        #expect(try Waymark.run(["geoid", "--interpolation", "spline"], input: input).status == 64)
    }
}

@Suite("waymark bench output contract")
struct BenchCLITests {
    @Test("lines NAME ns_per_point=X vs_proj=Y vs_floor=Z [vs_geod_inverse=W], then the navigator's NAME ns_per_call=X …")
    func format() throws {
        let r = try Waymark.run(["bench", "--points", "200", "--repeat", "3"])
        #expect(r.status == 0)
        let lines = r.lines.filter { !$0.hasPrefix("#") }
        let names = lines.map { String($0.split(separator: " ")[0]) }
        for required in ["proj_pipeline", "floor_c_vector", "geo_to_scene", "haversine_baseline", "meters_per_degree_baseline",
                         "anchor_transforms", "geod_inverse", "short_range_geodesic", "gcj02_exact_inverse"] {
            #expect(names.contains(required), "\(required)")
        }
        // The navigator's per-call costs: NAME ns_per_call=X (navigator_update: arrows=N share_of_120hz_frame=F).
        let navigatorLines = lines.filter { $0.hasPrefix("navigator_") }
        #expect(navigatorLines.map { String($0.split(separator: " ")[0]) }
                == ["navigator_add_fix", "navigator_update", "navigator_add_fix_velocity_route", "navigator_add_fix_learning"])
        for line in navigatorLines {
            let fields = line.split(separator: " ").dropFirst().map { $0.split(separator: "=") }
            #expect(fields.first?.first == "ns_per_call", "\(line)")
            #expect(fields.allSatisfy { $0.count == 2 && Double($0[1]) != nil && Double($0[1])! > 0 }, "\(line)")
        }
        for line in lines where !line.hasPrefix("navigator_") {
            let fields = line.split(separator: " ").dropFirst().map { $0.split(separator: "=") }
            #expect(fields.count == 3 || fields.count == 4, "\(line)")
            #expect(fields.map { String($0[0]) }.prefix(3) == ["ns_per_point", "vs_proj", "vs_floor"], "\(line)")
            #expect(fields.allSatisfy { $0.count == 2 && Double($0[1]) != nil && Double($0[1])! > 0 }, "\(line)")
            if line.hasPrefix("geod_inverse") || line.hasPrefix("short_range") || line.hasPrefix("polyline") {
                #expect(fields.count == 4 && fields[3][0] == "vs_geod_inverse")
            }
        }
        // Which path ran, and the floor built for it (issue 14).
        let path = r.lines.first { $0.hasPrefix("# path: ") }
        #expect(path == "# path: avx512" || path == "# path: avx2_fma" || path == "# path: baseline")
        let info = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let flags = info.split(separator: "\n").first { $0.hasPrefix("flags") }.map { $0.split(separator: " ").map(String.init) } ?? []
        let avx2 = flags.contains("avx2") && flags.contains("fma")
        let avx512 = avx2 && ["avx512f", "avx512dq", "avx512bw", "avx512vl"].allSatisfy(flags.contains)
        // WAYMARK_CPU forces a path, a missing one falling back to the best the machine has.
        let forced = ProcessInfo.processInfo.environment["WAYMARK_CPU"]
        let best = avx512 ? "avx512" : avx2 ? "avx2_fma" : "baseline"
        let expected = forced == "baseline" ? "baseline" : forced == "avx2" && avx2 ? "avx2_fma" : best
        if avx2 {
            #expect(names.contains("floor_c_vector_avx2"))
            #expect(names.contains("floor_c_vector_avx512") == avx512)
            #expect(path == "# path: \(expected)")
        }
        #expect(try Waymark.run(["bench", "--points", "0"]).status == 64)
        // The split batches are printed only when asked for (--threads).
        #expect(!names.contains { $0.contains("_threads_") })
    }

    @Test("--threads N adds geo_to_scene_threads_N and scene_to_geo_threads_N (… speedup=S); 0, negative, absurd N: exit 64")
    func threads() throws {
        for (points, threads) in [("300", "3"), ("2", "5"), ("200", "1")] {
            let r = try Waymark.run(["bench", "--points", points, "--repeat", "2", "--threads", threads])
            #expect(r.status == 0, "\(points) points, \(threads) threads: \(r.stderr)")
            let lines = r.lines.filter { !$0.hasPrefix("#") }
            let names = lines.map { String($0.split(separator: " ")[0]) }
            // Added to the usual lines, none renamed.
            for required in ["geo_to_scene", "scene_to_geo", "proj_pipeline", "navigator_update"] {
                #expect(names.contains(required), "\(required)")
            }
            for name in ["geo_to_scene_threads_\(threads)", "scene_to_geo_threads_\(threads)"] {
                let line = lines.first { $0.hasPrefix(name + " ") }
                #expect(line != nil, "\(name)")
                let fields = (line ?? "").split(separator: " ").dropFirst().map { $0.split(separator: "=") }
                #expect(fields.map { String($0.first ?? "") } == ["ns_per_point", "vs_proj", "vs_floor", "speedup"], "\(line ?? name)")
                #expect(fields.allSatisfy { $0.count == 2 && Double($0[1]) != nil && Double($0[1])! > 0 }, "\(line ?? name)")
            }
            #expect(names.filter { $0.contains("_threads_") }.count == 2)
        }
        for bad in ["0", "-1", "-4", "257", "100000", "99999999999999999999", "two", "1.5", ""] {
            let r = try Waymark.run(["bench", "--points", "10", "--repeat", "1", "--threads", bad])
            #expect(r.status == 64, "--threads '\(bad)'")
            #expect(r.stderr.contains("--threads"), "--threads '\(bad)': \(r.stderr)")
        }
        #expect(try Waymark.run(["bench", "--threads"]).status == 64)
    }
}

@Suite("waymark simulate and arrows", .serialized)
struct NavigationCLITests {
    @Test("simulate prints the contract lines and meets the target on the reference scenario")
    func simulate() throws {
        let r = try Waymark.run(["simulate", "--runs", "30", "--seed", "11"])
        #expect(r.status == 0)
        var values: [String: Double] = [:]
        for line in r.lines {
            let parts = line.split(separator: " ")
            if parts.count == 2, let v = Double(parts[1]) { values[String(parts[0])] = v }
        }
        #expect(values["runs"] == 30)
        let rms60 = try #require(values["rms_heading_error_deg_at_60s"]), bound = try #require(values["bound_deg_at_60s"])
        #expect(rms60 <= 1.3 * bound)
        #expect(try #require(values["rms_heading_error_deg_at_120s"]) < 1)
        // Same seed, same output.
        #expect(try Waymark.run(["simulate", "--runs", "30", "--seed", "11"]).stdout == r.stdout)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-sim-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: url) }
        let s = try Waymark.run(["simulate", "--runs", "1", "--route", "sample", "--estimator", "seed", "--jumps",
                                 "--drift-deg-per-min", "1", "--duration-s", "90", "--svg", url.path])
        #expect(s.status == 0 && s.stdout.contains("estimator seed"))
        #expect((try String(contentsOf: url, encoding: .utf8)).hasPrefix("<svg"))
        #expect(try Waymark.run(["simulate", "--estimator", "magic"]).status == 64)
        #expect(try Waymark.run(["simulate", "--runs", "0"]).status == 64)
    }

    @Test("arrows: rows x,y,z,yaw_deg every 3 m ahead of the user")
    func arrows() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-route-\(getpid()).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        // 60.05 m due north of the origin (0.000539° of latitude at 55.7° N).
        try "lat,lon\n55.73397,37.58864\n55.734509,37.58864\n".write(to: url, atomically: true, encoding: .utf8)
        let r = try Waymark.run(["arrows", "--origin", "55.73397,37.58864", "--position", "55.73397,37.58864", url.path])
        #expect(r.status == 0 && r.lines[0] == "x,y,z,yaw_deg")
        let rows = r.lines.dropFirst().map(numbers)
        #expect(rows.count == 21)                                                // 0, 3, …, 60 m
        #expect(rows.allSatisfy { abs($0[0]) < 1e-6 && abs($0[3]) < 1e-6 })      // due north: x = 0, yaw 0
        #expect(abs(rows[1][2] + 3) < 1e-6 && abs(rows[20][2] + 60) < 1e-6)       // every 3 m along −z
        let short = try Waymark.run(["arrows", "--origin", "55.73397,37.58864", "--position", "55.73397,37.58864",
                                     "--spacing-m", "10", "--ahead-m", "25", url.path])
        #expect(short.lines.count == 4)
        #expect(try Waymark.run(["arrows", "--origin", "55.73397,37.58864", url.path]).status == 64)
    }
}

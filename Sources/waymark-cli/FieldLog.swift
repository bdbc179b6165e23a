#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark

/// Field logs: the fixes and camera frames of a walk as CSV, the format `waymark
/// replay` reads and `waymark simulate --log` writes (issue 9's contract: the header
/// and the meaning of every column are fixed).
enum FieldLog {
    static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"

    /// One row.
    enum Row {
        case fix(time: Double, latitude: Double, longitude: Double, height: Double?, accuracy: Double, scene: SIMD3<Double>)
        case frame(time: Double, pose: CameraPose)
    }

    /// Streams the rows of a log, checking each: a malformed row stops reading with a
    /// data error (exit 65) naming its line and the reason.
    struct Reader {
        private let stream: UnsafeMutablePointer<FILE>
        private let ownsStream: Bool
        private(set) var lineNumber = 0
        private var sawHeader = false
        private var lastTime = -Double.infinity

        init(path: String?) throws(CLIError) {
            if let path {
                guard let f = fopen(path, "r") else { throw .usage("cannot open \(path): \(String(cString: strerror(errno)))") }
                stream = f
                ownsStream = true
            } else {
                guard let f = fdopen(STDIN_FILENO, "r") else { throw .usage("cannot read standard input") }
                stream = f
                ownsStream = false
            }
        }

        func close() { if ownsStream { fclose(stream) } }

        /// Reads up to and including the header line (checking it); `next()` does it
        /// too when not done yet.
        mutating func readHeader() throws(CLIError) {
            guard !sawHeader else { return }
            if let row = try next() { pending = row }
        }
        private var pending: Row? = nil

        mutating func next() throws(CLIError) -> Row? {
            if let row = pending { pending = nil; return row }
            var buffer: UnsafeMutablePointer<CChar>? = nil
            var capacity = 0
            defer { free(buffer) }
            while getline(&buffer, &capacity, stream) >= 0 {
                lineNumber += 1
                let line = String(cString: buffer!)[...].trimmingNewline()
                if line.isEmpty { continue }
                if !sawHeader {
                    guard line == FieldLog.header[...] else {
                        throw .data(line: lineNumber, "expected the header \(FieldLog.header)")
                    }
                    sawHeader = true
                    continue
                }
                return try parse(line)
            }
            if !sawHeader { throw .data(line: max(lineNumber, 1), "empty log: expected the header \(FieldLog.header)") }
            return nil
        }

        private mutating func parse(_ line: Substring) throws(CLIError) -> Row {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard f.count == 12 else { throw .data(line: lineNumber, "expected 12 fields, found \(f.count)") }
            let names = FieldLog.header.split(separator: ",")
            func number(_ i: Int) throws(CLIError) -> Double {
                guard !f[i].isEmpty else { throw .data(line: lineNumber, "\(names[i]) is empty") }
                guard let v = Double(f[i]) else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not a number") }
                guard v.isFinite else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not finite") }
                return v
            }
            func empty(_ range: ClosedRange<Int>, _ event: Substring) throws(CLIError) {
                for i in range where !f[i].isEmpty {
                    throw .data(line: lineNumber, "\(names[i]) must be empty in a \(event) row")
                }
            }
            let t = try number(0)
            guard t >= lastTime else { throw .data(line: lineNumber, "t_s \(f[0]) is earlier than the row before") }
            lastTime = t
            let scene = SIMD3(try number(6), try number(7), try number(8))
            switch f[1] {
            case "fix":
                try empty(9...11, "fix")
                let lat = try number(2), lon = try number(3)
                guard lat.magnitude <= 90 else { throw .data(line: lineNumber, "lat \(f[2]) is outside [-90, 90]") }
                let h: Double? = f[4].isEmpty ? nil : try number(4)
                let accuracy = try number(5)
                guard accuracy > 0 else { throw .data(line: lineNumber, "accuracy_m must be positive") }
                return .fix(time: t, latitude: lat, longitude: lon, height: h, accuracy: accuracy, scene: scene)
            case "frame":
                try empty(2...5, "frame")
                let pitch = try number(10)
                guard pitch.magnitude <= 90 else { throw .data(line: lineNumber, "pitch_deg \(f[10]) is outside [-90, 90]") }
                let yaw = try number(9), roll = try number(11)
                do { return .frame(time: t, pose: try CameraPose(position: scene, yaw: yaw, pitch: pitch, roll: roll)) }
                catch { throw .data(line: lineNumber, error.message) }
            default:
                throw .data(line: lineNumber, "event must be fix or frame, found '\(f[1])'")
            }
        }
    }

    /// The log text of a simulated walk (fixes and frames in time order).
    static func text(of events: [WalkSimulator.Event]) -> String {
        var s = header + "\n"
        for e in events {
            let p = e.scenePosition
            switch e.kind {
            case .fix:
                let g = e.fix!
                s += "\(format(e.time)),fix,\(format(g.latitude)),\(format(g.longitude)),\(e.heightReported ? format(g.height) : ""),"
                s += "\(format(e.accuracy)),\(format(p.x)),\(format(p.y)),\(format(p.z)),,,\n"
            case .frame:
                s += "\(format(e.time)),frame,,,,,\(format(p.x)),\(format(p.y)),\(format(p.z)),\(format(e.yaw)),\(format(e.pitch)),\(format(e.roll))\n"
            case .heading, .tracking:
                break
            }
        }
        return s
    }
}

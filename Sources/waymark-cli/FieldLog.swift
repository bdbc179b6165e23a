#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark

/// Field logs: the fixes, camera frames, compass readings and tracking changes of a
/// walk as CSV, the format `waymark replay` reads and `waymark simulate --log` writes
/// (issue 9's contract: the header and the meaning of every column are fixed; issue 22
/// appended three optional columns).
///
/// Two headers are valid: the original twelve columns (`header`: fixes and frames only)
/// and the same twelve followed by `true_heading_deg,heading_accuracy_deg,tracking`
/// (`extendedHeader`), which also carries `heading` rows (a compass reading with the
/// camera's pose) and `tracking` rows (the AR session's tracking state). In an extended
/// log fix and frame rows leave the three new columns empty.
enum FieldLog {
    static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
    static let extendedHeader = header + ",true_heading_deg,heading_accuracy_deg,tracking"
    /// The column names of the extended header (the original twelve are its prefix).
    static let names = extendedHeader.split(separator: ",").map(String.init)

    /// One row.
    enum Row {
        case fix(time: Double, latitude: Double, longitude: Double, height: Double?, accuracy: Double, scene: SIMD3<Double>)
        case frame(time: Double, pose: CameraPose)
        /// A compass reading: the true heading of the camera's viewing direction, its 1-σ,
        /// and the camera's scene pose when it was read.
        case heading(time: Double, trueHeading: Double, accuracy: Double, pose: CameraPose)
        case tracking(time: Double, state: Navigator.TrackingState)
    }

    /// `normal`, `limited`, `reset`.
    static func name(_ state: Navigator.TrackingState) -> String {
        switch state {
        case .normal: return "normal"
        case .limited: return "limited"
        case .reset: return "reset"
        }
    }

    /// Streams the rows of a log, checking each: a malformed row stops reading with a
    /// data error (exit 65) naming its line and the reason.
    struct Reader {
        private let stream: UnsafeMutablePointer<FILE>
        private let ownsStream: Bool
        private(set) var lineNumber = 0
        private var sawHeader = false
        /// 12 (the original header) or 15 (the extended one), once the header is read.
        private(set) var columns = 0
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

        static let expected = "expected the header \(FieldLog.header) (optionally followed by ,true_heading_deg,heading_accuracy_deg,tracking)"

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
                    if line == FieldLog.header[...] { columns = 12 }
                    else if line == FieldLog.extendedHeader[...] { columns = 15 }
                    else { throw .data(line: lineNumber, Self.expected) }
                    sawHeader = true
                    continue
                }
                return try parse(line)
            }
            if !sawHeader { throw .data(line: max(lineNumber, 1), "empty log: \(Self.expected)") }
            return nil
        }

        private mutating func parse(_ line: Substring) throws(CLIError) -> Row {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard f.count == columns else { throw .data(line: lineNumber, "expected \(columns) fields, found \(f.count)") }
            let names = FieldLog.names
            let lineNumber = self.lineNumber
            func number(_ i: Int) throws(CLIError) -> Double {
                guard !f[i].isEmpty else { throw .data(line: lineNumber, "\(names[i]) is empty") }
                guard let v = Double(f[i]) else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not a number") }
                guard v.isFinite else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not finite") }
                return v
            }
            func empty(_ range: ClosedRange<Int>, _ event: Substring) throws(CLIError) {
                for i in range where i < f.count && !f[i].isEmpty {
                    throw .data(line: lineNumber, "\(names[i]) must be empty in a \(event) row")
                }
            }
            func scenePosition() throws(CLIError) -> SIMD3<Double> { SIMD3(try number(6), try number(7), try number(8)) }
            func pose(_ scene: SIMD3<Double>) throws(CLIError) -> CameraPose {
                let pitch = try number(10)
                guard pitch.magnitude <= 90 else { throw .data(line: lineNumber, "pitch_deg \(f[10]) is outside [-90, 90]") }
                let yaw = try number(9), roll = try number(11)
                do { return try CameraPose(position: scene, yaw: yaw, pitch: pitch, roll: roll) }
                catch { throw .data(line: lineNumber, error.message) }
            }
            let t = try number(0)
            guard t >= lastTime else { throw .data(line: lineNumber, "t_s \(f[0]) is earlier than the row before") }
            lastTime = t
            switch f[1] {
            case "fix":
                let scene = try scenePosition()
                try empty(9...14, "fix")
                let lat = try number(2), lon = try number(3)
                guard lat.magnitude <= 90 else { throw .data(line: lineNumber, "lat \(f[2]) is outside [-90, 90]") }
                let h: Double? = f[4].isEmpty ? nil : try number(4)
                let accuracy = try number(5)
                guard accuracy > 0 else { throw .data(line: lineNumber, "accuracy_m must be positive") }
                return .fix(time: t, latitude: lat, longitude: lon, height: h, accuracy: accuracy, scene: scene)
            case "frame":
                let scene = try scenePosition()
                try empty(2...5, "frame")
                let p = try pose(scene)
                try empty(12...14, "frame")
                return .frame(time: t, pose: p)
            case "heading" where columns == 15:
                let scene = try scenePosition()
                try empty(2...5, "heading")
                let p = try pose(scene)
                let heading = try number(12), accuracy = try number(13)
                guard accuracy > 0, accuracy <= 180 else {
                    throw .data(line: lineNumber, "heading_accuracy_deg \(f[13]) is outside (0, 180]")
                }
                try empty(14...14, "heading")
                return .heading(time: t, trueHeading: heading, accuracy: accuracy, pose: p)
            case "tracking" where columns == 15:
                try empty(2...13, "tracking")
                switch f[14] {
                case "normal": return .tracking(time: t, state: .normal)
                case "limited": return .tracking(time: t, state: .limited)
                case "reset": return .tracking(time: t, state: .reset)
                case "": throw .data(line: lineNumber, "tracking is empty")
                default: throw .data(line: lineNumber, "tracking must be normal, limited or reset, found '\(f[14])'")
                }
            case "heading", "tracking":
                throw .data(line: lineNumber, "\(f[1]) rows need the header ending ,true_heading_deg,heading_accuracy_deg,tracking")
            default:
                throw .data(line: lineNumber, columns == 15 ? "event must be fix, frame, heading or tracking, found '\(f[1])'"
                                                             : "event must be fix or frame, found '\(f[1])'")
            }
        }
    }

    /// Whether a simulated walk needs the extended header (it has compass readings or
    /// tracking changes).
    static func isExtended(_ events: [WalkSimulator.Event]) -> Bool {
        events.contains { $0.kind == .heading || $0.kind == .tracking }
    }

    /// The log text of a simulated walk (events in time order): the original header
    /// when it has only fixes and frames, else the extended one.
    static func text(of events: [WalkSimulator.Event]) -> String {
        let extended = isExtended(events)
        let tail = extended ? ",,," : ""
        var s = (extended ? extendedHeader : header) + "\n"
        for e in events {
            let p = e.scenePosition
            switch e.kind {
            case .fix:
                let g = e.fix!
                s += "\(format(e.time)),fix,\(format(g.latitude)),\(format(g.longitude)),\(e.heightReported ? format(g.height) : ""),"
                s += "\(format(e.accuracy)),\(format(p.x)),\(format(p.y)),\(format(p.z)),,,\(tail)\n"
            case .frame:
                s += "\(format(e.time)),frame,,,,,\(format(p.x)),\(format(p.y)),\(format(p.z)),\(format(e.yaw)),\(format(e.pitch)),\(format(e.roll))\(tail)\n"
            case .heading:
                s += "\(format(e.time)),heading,,,,,\(format(p.x)),\(format(p.y)),\(format(p.z)),\(format(e.yaw)),\(format(e.pitch)),\(format(e.roll)),"
                s += "\(format(e.trueHeading)),\(format(e.headingAccuracy)),\n"
            case .tracking:
                s += "\(format(e.time)),tracking,,,,,,,,,,,,,\(name(e.tracking))\n"
            }
        }
        return s
    }
}

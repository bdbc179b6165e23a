#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark

extension FieldLog {
    /// Streams the rows of a log, checking each: a malformed row stops reading with a
    /// data error (exit 65) naming the line that holds the bad value and the reason.
    ///
    /// Times must not decrease, and when two rows are out of order the error names the
    /// one that broke the order, found with one row of lookahead: a row later than both
    /// its neighbours (a fix at t = 1e200 between frames at 2.9 s and 3.0 s) is reported
    /// on its own line, before it is returned; a row earlier than the row before is
    /// reported on its line, after the rows before it were returned. So a row is returned
    /// once the row after it is read (or the log ended).
    struct Reader {
        /// A checked row and where it is.
        private struct Entry {
            var row: Row
            var line: Int
            var time: Double
        }

        private let stream: UnsafeMutablePointer<FILE>
        private let ownsStream: Bool
        /// The line of the row ``next()`` returned last (for errors the row meets later).
        private(set) var lineNumber = 0
        /// Lines read from the stream so far.
        private var linesRead = 0
        private var sawHeader = false
        /// 12 (`header`), 15 (the extended one) or 19 (the velocity one), once the header is read.
        private(set) var columns = 0
        /// The row ``next()`` returns next, already read and checked.
        private var ahead: Entry? = nil
        /// The error of the row after `ahead`, reported once `ahead` is returned.
        private var deferred: CLIError? = nil
        private var started = false
        private var lastTime: (time: Double, line: Int)? = nil

        init(path: String?) throws(CLIError) {
            if let path {
                // A missing, unreadable or directory log is EX_NOINPUT, as every input file.
                let fd = try CSVInput.openFile(path)
                guard let f = fdopen(fd, "r") else {
                    closeDescriptor(fd)
                    throw .noInput("cannot read \(path): \(String(cString: strerror(errno)))")
                }
                stream = f
                ownsStream = true
            } else {
                guard let f = fdopen(STDIN_FILENO, "r") else { throw .usage("cannot read standard input") }
                stream = f
                ownsStream = false
            }
        }

        func close() { if ownsStream { fclose(stream) } }

        /// Reads up to and including the header line (checking it) and the first row;
        /// `next()` does it too when not done yet.
        mutating func readHeader() throws(CLIError) {
            guard !started else { return }
            started = true
            ahead = try read()
        }

        static let expected = "expected the header \(FieldLog.header) (optionally followed by ,true_heading_deg,heading_accuracy_deg,tracking "
            + "and then by ,course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps)"

        mutating func next() throws(CLIError) -> Row? {
            try readHeader()
            if let deferred { throw deferred }
            guard let current = ahead else { return nil }
            do throws(CLIError) {
                ahead = try read()
            } catch {
                ahead = nil
                deferred = error
            }
            if let following = ahead, following.time < current.time {
                if let before = lastTime, following.time >= before.time {
                    throw .data(line: current.line, "t_s \(format(current.time)) is later than the next row's \(format(following.time)) "
                                + "(line \(following.line)) and the one before's \(format(before.time)) (line \(before.line)): "
                                + "times must not decrease")
                }
                ahead = nil
                deferred = .data(line: following.line, "t_s \(format(following.time)) is earlier than the row before's "
                                 + "\(format(current.time)) (line \(current.line)): times must not decrease")
            }
            lastTime = (current.time, current.line)
            lineNumber = current.line
            return current.row
        }

        /// The next row after the header, checked on its own; nil at the end.
        private mutating func read() throws(CLIError) -> Entry? {
            var buffer: UnsafeMutablePointer<CChar>? = nil
            var capacity = 0
            defer { free(buffer) }
            while getline(&buffer, &capacity, stream) >= 0 {
                linesRead += 1
                let line = String(cString: buffer!)[...].trimmingNewline()
                if line.isEmpty { continue }
                if !sawHeader {
                    if line == FieldLog.header[...] { columns = 12 }
                    else if line == FieldLog.extendedHeader[...] { columns = 15 }
                    else if line == FieldLog.velocityHeader[...] { columns = 19 }
                    else { throw .data(line: linesRead, Self.expected) }
                    sawHeader = true
                    continue
                }
                let (row, time) = try parse(line)
                return Entry(row: row, line: linesRead, time: time)
            }
            if !sawHeader { throw .data(line: max(linesRead, 1), "empty log: \(Self.expected)") }
            return nil
        }

        private func parse(_ line: Substring) throws(CLIError) -> (Row, Double) {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            let lineNumber = linesRead
            guard f.count == columns else { throw .data(line: lineNumber, "expected \(columns) fields, found \(f.count)") }
            let names = FieldLog.names
            func number(_ i: Int) throws(CLIError) -> Double {
                guard !f[i].isEmpty else { throw .data(line: lineNumber, "\(names[i]) is empty") }
                guard let v = Double(f[i]) else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not a number") }
                guard v.isFinite else { throw .data(line: lineNumber, "\(names[i]) '\(f[i])' is not finite") }
                return v
            }
            // The navigator's bound on scene coordinates, heights and accuracies, checked
            // here so the message names the column.
            func bounded(_ i: Int) throws(CLIError) -> Double {
                let v = try number(i)
                guard v.magnitude <= Limits.maximumSceneCoordinate else {
                    throw .data(line: lineNumber, "\(names[i]) \(f[i]) is beyond ±1e12 m, the largest the navigator takes")
                }
                return v
            }
            func empty(_ range: ClosedRange<Int>, _ event: Substring) throws(CLIError) {
                for i in range where i < f.count && !f[i].isEmpty {
                    throw .data(line: lineNumber, "\(names[i]) must be empty in a \(event) row")
                }
            }
            func scenePosition() throws(CLIError) -> SIMD3<Double> { SIMD3(try bounded(6), try bounded(7), try bounded(8)) }
            func pose(_ scene: SIMD3<Double>) throws(CLIError) -> CameraPose {
                let pitch = try number(10)
                guard pitch.magnitude <= 90 else { throw .data(line: lineNumber, "pitch_deg \(f[10]) is outside [-90, 90]") }
                let yaw = try number(9), roll = try number(11)
                do { return try CameraPose(position: scene, yaw: yaw, pitch: pitch, roll: roll) }
                catch { throw .data(line: lineNumber, error.message) }
            }
            let t = try number(0)
            switch f[1] {
            case "fix":
                let scene = try scenePosition()
                try empty(9...14, "fix")
                let lat = try number(2), lon = try number(3)
                guard lat.magnitude <= 90 else { throw .data(line: lineNumber, "lat \(f[2]) is outside [-90, 90]") }
                let h: Double? = f[4].isEmpty ? nil : try bounded(4)
                let accuracy = try bounded(5)
                guard accuracy > 0 else { throw .data(line: lineNumber, "accuracy_m must be positive") }
                var velocity = FieldLog.Velocity.none
                if columns == 19 {
                    // Empty is none; a number must be finite (a phone's −1 is none, for the navigator).
                    func optional(_ i: Int) throws(CLIError) -> Double? { f[i].isEmpty ? nil : try number(i) }
                    velocity = FieldLog.Velocity(course: try optional(15), courseAccuracy: try optional(16),
                                                 speed: try optional(17), speedAccuracy: try optional(18))
                }
                return (.fix(time: t, latitude: lat, longitude: lon, height: h, accuracy: accuracy, scene: scene, velocity: velocity), t)
            case "frame":
                let scene = try scenePosition()
                try empty(2...5, "frame")
                let p = try pose(scene)
                try empty(12...18, "frame")
                return (.frame(time: t, pose: p), t)
            case "heading" where columns >= 15:
                let scene = try scenePosition()
                try empty(2...5, "heading")
                let p = try pose(scene)
                let heading = try number(12), accuracy = try number(13)
                guard accuracy > 0, accuracy <= 180 else {
                    throw .data(line: lineNumber, "heading_accuracy_deg \(f[13]) is outside (0, 180]")
                }
                try empty(14...18, "heading")
                return (.heading(time: t, trueHeading: heading, accuracy: accuracy, pose: p), t)
            case "tracking" where columns >= 15:
                try empty(2...13, "tracking")
                try empty(15...18, "tracking")
                switch f[14] {
                case "normal": return (.tracking(time: t, state: .normal), t)
                case "limited": return (.tracking(time: t, state: .limited), t)
                case "reset": return (.tracking(time: t, state: .reset), t)
                case "": throw .data(line: lineNumber, "tracking is empty")
                default: throw .data(line: lineNumber, "tracking must be normal, limited or reset, found '\(f[14])'")
                }
            case "heading", "tracking":
                throw .data(line: lineNumber, "\(f[1]) rows need the header ending ,true_heading_deg,heading_accuracy_deg,tracking")
            default:
                throw .data(line: lineNumber, columns >= 15 ? "event must be fix, frame, heading or tracking, found '\(f[1])'"
                                                             : "event must be fix or frame, found '\(f[1])'")
            }
        }
    }
}

import WaymarkCore
import WaymarkNavigation

extension FieldLog {
    /// Streams the rows of a log from a ``ByteSource`` in bounded memory (one line of at
    /// most 1 MiB at a time, ``LineReader``), checking each: a malformed row stops reading
    /// with a fault naming the line that holds the bad value and the reason.
    ///
    /// Times must not decrease, and when two rows are out of order the fault names the
    /// one that broke the order, found with one row of lookahead: a row later than both
    /// its neighbours (a fix at t = 1e200 between frames at 2.9 s and 3.0 s) is reported
    /// on its own line, before it is returned; a row earlier than the row before is
    /// reported on its line, after the rows before it were returned. So a row is returned
    /// once the row after it is read (or the log ended).
    public struct Reader<Source: ByteSource> {
        private var lines: LineReader<Source>
        /// The line of the row ``next()`` returned last (for faults the row meets later).
        public private(set) var lineNumber = 0
        private var sawHeader = false
        /// 12 (``FieldLog/header``), 15 (the extended one) or 19 (the velocity one), once
        /// the header is read; 0 before.
        public private(set) var columns = 0
        /// The row ``next()`` returns next, already read and checked.
        private var ahead: FieldLogEntry? = nil
        /// The fault of the row after `ahead`, reported once `ahead` is returned.
        private var deferred: StreamFault? = nil
        private var started = false
        private var lastTime: (text: String, time: Double, line: Int)? = nil

        /// A reader of `source`.
        public init(_ source: Source) { lines = LineReader(source) }

        /// What a wrong header is told.
        public static var expected: String {
            "expected the header \(FieldLog.header) (optionally followed by ,true_heading_deg,heading_accuracy_deg,tracking "
                + "and then by ,course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps)"
        }

        /// Reads up to and including the header line (checking it) and the first row;
        /// ``next()`` does it too when not done yet.
        public mutating func readHeader() throws(StreamFault) {
            guard !started else { return }
            started = true
            ahead = try read()
        }

        /// The next row in time order; nil at the end of the log.
        public mutating func next() throws(StreamFault) -> Row? {
            try readHeader()
            if let deferred { throw deferred }
            guard let current = ahead else { return nil }
            do throws(StreamFault) {
                ahead = try read()
            } catch {
                ahead = nil
                deferred = error
            }
            if let following = ahead, following.time < current.time {
                if let before = lastTime, following.time >= before.time {
                    throw .data(ReadFault(line: current.line, "t_s \(current.timeText) is later than the next row's \(following.timeText) "
                                          + "(line \(following.line)) and the one before's \(before.text) (line \(before.line)): "
                                          + "times must not decrease"))
                }
                ahead = nil
                deferred = .data(ReadFault(line: following.line, "t_s \(following.timeText) is earlier than the row before's "
                                           + "\(current.timeText) (line \(current.line)): times must not decrease"))
            }
            lastTime = (current.timeText, current.time, current.line)
            lineNumber = current.line
            return current.row
        }

        /// The next row after the header, checked on its own; nil at the end.
        private mutating func read() throws(StreamFault) -> FieldLogEntry? {
            while try lines.next() {
                let line = ByteText.trimmed(lines.line[...])
                if line.isEmpty { continue }
                if !sawHeader {
                    if line.elementsEqual(FieldLog.header.utf8) { columns = 12 }
                    else if line.elementsEqual(FieldLog.extendedHeader.utf8) { columns = 15 }
                    else if line.elementsEqual(FieldLog.velocityHeader.utf8) { columns = 19 }
                    else { throw .data(ReadFault(line: lines.lineNumber, Self.expected)) }
                    sawHeader = true
                    continue
                }
                do throws(ReadFault) {
                    return try FieldLog.parse(line, columns: columns, line: lines.lineNumber)
                } catch {
                    throw .data(error)
                }
            }
            if !sawHeader { throw .data(ReadFault(line: max(lines.lineNumber, 1), "empty log: \(Self.expected)")) }
            return nil
        }
    }

    /// One row's fields checked and read (`columns`: the header's count).
    fileprivate static func parse(_ text: ArraySlice<UInt8>, columns: Int, line lineNumber: Int) throws(ReadFault) -> FieldLogEntry {
        var f: [ArraySlice<UInt8>] = []
        f.reserveCapacity(columns)
        for field in text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            var s = field
            while let c = s.first, c == 32 || c == 9 { s = s.dropFirst() }
            while let c = s.last, c == 32 || c == 9 { s = s.dropLast() }
            f.append(s)
            if f.count > columns { break }
        }
        guard f.count == columns else {
            let found = text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).count
            throw ReadFault(line: lineNumber, "expected \(columns) fields, found \(found)")
        }
        func number(_ i: Int) throws(ReadFault) -> Double {
            guard !f[i].isEmpty else { throw ReadFault(line: lineNumber, "\(names[i]) is empty") }
            guard let v = DecimalText.double(f[i]) else { throw ReadFault(line: lineNumber, "\(names[i]) '\(ByteText.quoted(f[i]))' is not a number") }
            guard v.isFinite else { throw ReadFault(line: lineNumber, "\(names[i]) '\(ByteText.quoted(f[i]))' is not finite") }
            return v
        }
        // The navigator's bound on scene coordinates, heights and accuracies, checked
        // here so the message names the column.
        func bounded(_ i: Int) throws(ReadFault) -> Double {
            let v = try number(i)
            guard v.magnitude <= Limits.maximumSceneCoordinate else {
                throw ReadFault(line: lineNumber, "\(names[i]) \(ByteText.quoted(f[i])) is beyond ±1e12 m, the largest the navigator takes")
            }
            return v
        }
        func empty(_ range: ClosedRange<Int>, _ event: String) throws(ReadFault) {
            for i in range where i < f.count && !f[i].isEmpty {
                throw ReadFault(line: lineNumber, "\(names[i]) must be empty in a \(event) row")
            }
        }
        func scenePosition() throws(ReadFault) -> SIMD3<Double> { SIMD3(try bounded(6), try bounded(7), try bounded(8)) }
        func pose(_ scene: SIMD3<Double>) throws(ReadFault) -> CameraPose {
            let pitch = try number(10)
            guard pitch.magnitude <= 90 else { throw ReadFault(line: lineNumber, "pitch_deg \(ByteText.quoted(f[10])) is outside [-90, 90]") }
            let yaw = try number(9), roll = try number(11)
            do throws(WaymarkError) { return try CameraPose(position: scene, yaw: yaw, pitch: pitch, roll: roll) }
            catch { throw ReadFault(line: lineNumber, error.message) }
        }
        let t = try number(0)
        let timeText = ByteText.quoted(f[0], limit: 64)
        let event = f[1]
        let row: Row
        if ByteText.equals(event, "fix") {
            let scene = try scenePosition()
            try empty(9...14, "fix")
            let lat = try number(2), lon = try number(3)
            guard lat.magnitude <= 90 else { throw ReadFault(line: lineNumber, "lat \(ByteText.quoted(f[2])) is outside [-90, 90]") }
            let h: Double? = f[4].isEmpty ? nil : try bounded(4)
            let accuracy = try bounded(5)
            guard accuracy > 0 else { throw ReadFault(line: lineNumber, "accuracy_m must be positive") }
            var velocity = Velocity.none
            if columns == 19 {
                // Empty is none; a number must be finite (a phone's −1 is none, for the navigator).
                func optional(_ i: Int) throws(ReadFault) -> Double? { f[i].isEmpty ? nil : try number(i) }
                velocity = Velocity(course: try optional(15), courseAccuracy: try optional(16), speed: try optional(17),
                                    speedAccuracy: try optional(18))
            }
            row = .fix(time: t, latitude: lat, longitude: lon, height: h, accuracy: accuracy, scene: scene, velocity: velocity)
        } else if ByteText.equals(event, "frame") {
            let scene = try scenePosition()
            try empty(2...5, "frame")
            let p = try pose(scene)
            try empty(12...18, "frame")
            row = .frame(time: t, pose: p)
        } else if ByteText.equals(event, "heading"), columns >= 15 {
            let scene = try scenePosition()
            try empty(2...5, "heading")
            let p = try pose(scene)
            let heading = try number(12), accuracy = try number(13)
            guard accuracy > 0, accuracy <= 180 else {
                throw ReadFault(line: lineNumber, "heading_accuracy_deg \(ByteText.quoted(f[13])) is outside (0, 180]")
            }
            try empty(14...18, "heading")
            row = .heading(time: t, trueHeading: heading, accuracy: accuracy, pose: p)
        } else if ByteText.equals(event, "tracking"), columns >= 15 {
            try empty(2...13, "tracking")
            try empty(15...18, "tracking")
            let state = f[14]
            if ByteText.equals(state, "normal") { row = .tracking(time: t, state: .normal) }
            else if ByteText.equals(state, "limited") { row = .tracking(time: t, state: .limited) }
            else if ByteText.equals(state, "reset") { row = .tracking(time: t, state: .reset) }
            else if state.isEmpty { throw ReadFault(line: lineNumber, "tracking is empty") }
            else { throw ReadFault(line: lineNumber, "tracking must be normal, limited or reset, found '\(ByteText.quoted(state))'") }
        } else if ByteText.equals(event, "heading") || ByteText.equals(event, "tracking") {
            throw ReadFault(line: lineNumber, "\(ByteText.quoted(event)) rows need the header ending ,true_heading_deg,heading_accuracy_deg,tracking")
        } else {
            throw ReadFault(line: lineNumber, columns >= 15 ? "event must be fix, frame, heading or tracking, found '\(ByteText.quoted(event))'"
                                                            : "event must be fix or frame, found '\(ByteText.quoted(event))'")
        }
        return FieldLogEntry(row: row, line: lineNumber, time: t, timeText: timeText)
    }
}

/// A checked row, where it is, and its time as written (for messages).
private struct FieldLogEntry {
    var row: FieldLog.Row
    var line: Int
    var time: Double
    var timeText: String
}

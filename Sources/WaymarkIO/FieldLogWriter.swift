import WaymarkNavigation

/// Writing field logs (``FieldLog`` holds the format; its reader is ``FieldLog/Reader``):
/// rows in the columns of the header chosen up front, numbers as their shortest
/// round-trip text (``NumberText``), so a log written here reads back to the same
/// doubles. What `waymark simulate --log` writes.
extension FieldLog {
    /// `normal`, `limited` or `reset`: a `tracking` row's state as written.
    public static func name(_ state: Navigator.TrackingState) -> String {
        switch state {
        case .normal: return "normal"
        case .limited: return "limited"
        case .reset: return "reset"
        }
    }

    /// A field log written row by row: the header line first, then each row with the
    /// columns that are not its own left empty.
    public struct Writer: Sendable {
        /// Which of the three headers the log has (the rows it may hold).
        public enum Columns: Sendable {
            /// ``FieldLog/header``: fixes and frames only.
            case twelve
            /// ``FieldLog/extendedHeader``: compass readings and tracking changes too.
            case fifteen
            /// ``FieldLog/velocityHeader``: fixes with their GPS velocity too.
            case nineteen
        }

        /// The header the log has.
        public let columns: Columns
        /// The log so far: UTF-8 text, one line a row, each ended by `\n`.
        public private(set) var bytes: [UInt8] = []

        /// A log with `columns`' header line.
        public init(columns: Columns) {
            self.columns = columns
            let line = columns == .nineteen ? velocityHeader : columns == .fifteen ? extendedHeader : header
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }

        /// The log so far as a String.
        public var text: String { String(decoding: bytes, as: UTF8.self) }

        /// A GPS fix: degrees, the height in metres (nil: none reported, an empty
        /// field), its 1-σ horizontal accuracy in metres, the camera's scene position in
        /// metres. `velocity`: the fix's course (degrees), speed (m/s) and their 1-σ
        /// accuracies, written in the nineteen-column log only, a value not reported as
        /// −1 (as CoreLocation writes it).
        public mutating func fix(time: Double, latitude: Double, longitude: Double, height: Double?, accuracy: Double,
                                 scene: SIMD3<Double>, velocity: Velocity = Velocity()) {
            number(time); text(",fix,"); number(latitude); comma(); number(longitude); comma()
            if let height { number(height) }
            comma(); number(accuracy); comma(); position(scene); text(",,,")
            if columns == .nineteen {
                text(",,,,")
                for (k, v) in [velocity.course, velocity.courseAccuracy, velocity.speed, velocity.speedAccuracy].enumerated() {
                    if k > 0 { comma() }
                    if let v { number(v) } else { text("-1") }
                }
            } else {
                padding()
            }
            bytes.append(0x0A)
        }

        /// A camera frame: its scene position (metres) and orientation (degrees).
        public mutating func frame(time: Double, scene: SIMD3<Double>, yaw: Double, pitch: Double, roll: Double) {
            number(time); text(",frame,,,,,"); pose(scene, yaw, pitch, roll); padding()
            bytes.append(0x0A)
        }

        /// A compass reading with the camera's pose: the true heading and its 1-σ
        /// accuracy, degrees (not in the twelve-column log).
        public mutating func heading(time: Double, scene: SIMD3<Double>, yaw: Double, pitch: Double, roll: Double,
                                     trueHeading: Double, accuracy: Double) {
            number(time); text(",heading,,,,,"); pose(scene, yaw, pitch, roll); comma()
            number(trueHeading); comma(); number(accuracy); comma()
            if columns == .nineteen { text(",,,,") }
            bytes.append(0x0A)
        }

        /// A change of the AR session's tracking state (not in the twelve-column log).
        public mutating func tracking(time: Double, state: Navigator.TrackingState) {
            number(time); text(",tracking,,,,,,,,,,,,,"); text(FieldLog.name(state))
            if columns == .nineteen { text(",,,,") }
            bytes.append(0x0A)
        }

        private mutating func number(_ v: Double) { NumberText.appendShortest(v, to: &bytes) }
        private mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }
        private mutating func comma() { bytes.append(0x2C) }
        private mutating func position(_ p: SIMD3<Double>) { number(p.x); comma(); number(p.y); comma(); number(p.z) }
        private mutating func pose(_ p: SIMD3<Double>, _ yaw: Double, _ pitch: Double, _ roll: Double) {
            position(p); comma(); number(yaw); comma(); number(pitch); comma(); number(roll)
        }
        /// The empty columns after a fix's or frame's twelve.
        private mutating func padding() { text(columns == .nineteen ? ",,,,,,," : columns == .fifteen ? ",,," : "") }
    }
}

import WaymarkCore
import WaymarkNavigation

/// Field logs: the fixes, camera frames, compass readings and tracking changes of a
/// walk as CSV, the format `waymark replay` reads and `waymark simulate --log` writes
/// (a contract: the headers and the meaning of every column are fixed, so logs recorded
/// by apps and tools keep replaying).
///
/// Three headers are valid: twelve columns (``header``: fixes and frames only); the same
/// twelve followed by `true_heading_deg,heading_accuracy_deg,tracking`
/// (``extendedHeader``), which also carries `heading` rows (a compass reading with the
/// camera's pose) and `tracking` rows (the AR session's tracking state); and those
/// fifteen followed by `course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps`
/// (``velocityHeader``): a fix's GPS velocity as the phone reported it (CoreLocation's
/// `course`, `courseAccuracy`, `speed`, `speedAccuracy`; each may be empty, and −1 or any
/// negative value is "none", as CoreLocation reports it). Rows leave the columns that are
/// not theirs empty. Fields may be surrounded by spaces or tabs.
public enum FieldLog {
    /// The twelve-column header.
    public static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
    /// The fifteen-column header: compass readings and tracking changes too.
    public static let extendedHeader = header + ",true_heading_deg,heading_accuracy_deg,tracking"
    /// The nineteen-column header: fixes carry their GPS velocity too.
    public static let velocityHeader = extendedHeader + ",course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps"

    /// The column names of the velocity header (the other two are its prefixes).
    static let names: [String] = ["t_s", "event", "lat", "lon", "h", "accuracy_m", "x", "y", "z", "yaw_deg", "pitch_deg", "roll_deg",
                                  "true_heading_deg", "heading_accuracy_deg", "tracking", "course_deg", "course_accuracy_deg",
                                  "speed_mps", "speed_accuracy_mps"]

    /// A fix's GPS velocity fields as logged (nil: empty).
    public struct Velocity: Equatable, Sendable {
        /// Degrees from true north, as logged (negative: none).
        public var course: Double?
        /// 1-σ degrees, as logged (negative: none).
        public var courseAccuracy: Double?
        /// Metres per second, as logged (negative: none).
        public var speed: Double?
        /// 1-σ metres per second, as logged (negative: none).
        public var speedAccuracy: Double?
        /// No velocity fields.
        public static let none = Velocity()

        /// The fields as logged.
        public init(course: Double? = nil, courseAccuracy: Double? = nil, speed: Double? = nil, speedAccuracy: Double? = nil) {
            self.course = course
            self.courseAccuracy = courseAccuracy
            self.speed = speed
            self.speedAccuracy = speedAccuracy
        }
    }

    /// One row, checked on its own (every number finite, latitudes within ±90°, scene
    /// coordinates, heights and accuracies within ±1e12 m, accuracies positive, pitch
    /// within ±90°).
    public enum Row: Sendable {
        /// A GPS fix: degrees, metres (height above the ellipsoid, nil when not logged),
        /// the 1-σ horizontal accuracy in metres, the camera's scene position (metres, the
        /// AR session's axes) when the fix came, and the velocity fields.
        case fix(time: Double, latitude: Double, longitude: Double, height: Double?, accuracy: Double, scene: SIMD3<Double>,
                 velocity: Velocity)
        /// A camera frame: the camera's scene pose.
        case frame(time: Double, pose: CameraPose)
        /// A compass reading: the true heading of the camera's viewing direction, its 1-σ
        /// (degrees, in (0, 180]), and the camera's scene pose when it was read.
        case heading(time: Double, trueHeading: Double, accuracy: Double, pose: CameraPose)
        /// The AR session's tracking state from this time on.
        case tracking(time: Double, state: Navigator.TrackingState)

        /// Seconds, as logged.
        public var time: Double {
            switch self {
            case .fix(let t, _, _, _, _, _, _), .frame(let t, _), .heading(let t, _, _, _), .tracking(let t, _): return t
            }
        }
    }
}

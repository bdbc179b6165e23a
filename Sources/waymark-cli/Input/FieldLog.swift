import Waymark

/// Field logs: the fixes, camera frames, compass readings and tracking changes of a
/// walk as CSV, the format `waymark replay` reads and `waymark simulate --log` writes
/// (a contract: the headers and the meaning of every column are fixed, so logs recorded
/// by apps and tools keep replaying).
///
/// Three headers are valid: twelve columns (`header`: fixes and frames only);
/// the same twelve followed by `true_heading_deg,heading_accuracy_deg,tracking`
/// (`extendedHeader`), which also carries `heading` rows (a compass reading with the
/// camera's pose) and `tracking` rows (the AR session's tracking state); and those
/// fifteen followed by `course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps`
/// (`velocityHeader`): a fix's GPS velocity as the phone reported it (CoreLocation's
/// `course`, `courseAccuracy`, `speed`, `speedAccuracy`; each may be empty, and −1 or any
/// negative value is "none", as CoreLocation reports it). Rows leave the columns that are
/// not theirs empty.
enum FieldLog {
    static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
    static let extendedHeader = header + ",true_heading_deg,heading_accuracy_deg,tracking"
    static let velocityHeader = extendedHeader + ",course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps"
    /// The column names of the velocity header (the other two are its prefixes).
    static let names = velocityHeader.split(separator: ",").map(String.init)

    /// A fix's GPS velocity fields as logged (nil: empty).
    struct Velocity: Equatable {
        var course: Double?, courseAccuracy: Double?, speed: Double?, speedAccuracy: Double?
        static let none = Velocity()
    }

    /// One row.
    enum Row {
        case fix(time: Double, latitude: Double, longitude: Double, height: Double?, accuracy: Double, scene: SIMD3<Double>,
                 velocity: Velocity)
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

    /// Whether a simulated walk needs the extended header (it has compass readings or
    /// tracking changes).
    static func isExtended(_ events: [WalkSimulator.Event]) -> Bool {
        events.contains { $0.kind == .heading || $0.kind == .tracking }
    }

    /// Whether a simulated walk needs the velocity header (a fix has a speed).
    static func hasVelocity(_ events: [WalkSimulator.Event]) -> Bool {
        events.contains { $0.speed != nil }
    }

    /// The log text of a simulated walk (events in time order): the twelve-column header
    /// when it has only fixes and frames, the extended one with compass readings or
    /// tracking changes, the velocity one when its fixes carry a velocity (a course not
    /// reported is written as −1, as CoreLocation writes it).
    static func text(of events: [WalkSimulator.Event]) -> String {
        let velocity = hasVelocity(events)
        let extended = velocity || isExtended(events)
        let extra = velocity ? ",,,,,,," : extended ? ",,," : ""
        var s = (velocity ? velocityHeader : extended ? extendedHeader : header) + "\n"
        for e in events {
            let p = e.scenePosition
            switch e.kind {
            case .fix:
                let g = e.fix!
                s += "\(format(e.time)),fix,\(format(g.latitude)),\(format(g.longitude)),\(e.heightReported ? format(g.height) : ""),"
                s += "\(format(e.accuracy)),\(format(p.x)),\(format(p.y)),\(format(p.z)),,,"
                if velocity {
                    func v(_ x: Double?) -> String { x.map(format) ?? "-1" }
                    s += ",,,,\(v(e.course)),\(v(e.courseAccuracy)),\(v(e.speed)),\(v(e.speedAccuracy))\n"
                } else {
                    s += "\(extra)\n"
                }
            case .frame:
                s += "\(format(e.time)),frame,,,,,\(format(p.x)),\(format(p.y)),\(format(p.z)),\(format(e.yaw)),\(format(e.pitch)),\(format(e.roll))\(extra)\n"
            case .heading:
                s += "\(format(e.time)),heading,,,,,\(format(p.x)),\(format(p.y)),\(format(p.z)),\(format(e.yaw)),\(format(e.pitch)),\(format(e.roll)),"
                s += "\(format(e.trueHeading)),\(format(e.headingAccuracy)),\(velocity ? ",,,," : "")\n"
            case .tracking:
                s += "\(format(e.time)),tracking,,,,,,,,,,,,,\(name(e.tracking))\(velocity ? ",,,," : "")\n"
            }
        }
        return s
    }
}

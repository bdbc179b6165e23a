import Waymark

/// Field logs: the fixes, camera frames, compass readings and tracking changes of a
/// walk as CSV, the format `waymark replay` reads and `waymark simulate --log` writes
/// (a contract: the headers and the meaning of every column are fixed, so logs recorded
/// by apps and tools keep replaying).
///
/// Two headers are valid: twelve columns (`header`: fixes and frames only)
/// and the same twelve followed by `true_heading_deg,heading_accuracy_deg,tracking`
/// (`extendedHeader`), which also carries `heading` rows (a compass reading with the
/// camera's pose) and `tracking` rows (the AR session's tracking state). In an extended
/// log fix and frame rows leave the three extra columns empty.
enum FieldLog {
    static let header = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
    static let extendedHeader = header + ",true_heading_deg,heading_accuracy_deg,tracking"
    /// The column names of the extended header (`header`'s twelve are its prefix).
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

    /// Whether a simulated walk needs the extended header (it has compass readings or
    /// tracking changes).
    static func isExtended(_ events: [WalkSimulator.Event]) -> Bool {
        events.contains { $0.kind == .heading || $0.kind == .tracking }
    }

    /// The log text of a simulated walk (events in time order): the twelve-column header
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

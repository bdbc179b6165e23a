import Waymark
import WaymarkIO

/// Writing field logs (``FieldLog``, WaymarkIO's reader, holds the format): what
/// `waymark simulate --log` writes.
extension FieldLog {
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

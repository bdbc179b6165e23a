import WaymarkCore
import WaymarkNavigation
import WaymarkIO

extension WalkSimulator.Event {
    /// Whether a walk with these events needs the fifteen-column log (compass readings or
    /// tracking changes), the nineteen-column one (a fix with a velocity), or twelve.
    public static func logColumns(_ events: [WalkSimulator.Event]) -> FieldLog.Writer.Columns {
        if events.contains(where: { $0.speed != nil }) { return .nineteen }
        return events.contains { $0.kind == .heading || $0.kind == .tracking } ? .fifteen : .twelve
    }
}

extension FieldLog {
    /// The log text of a simulated walk (events in time order), what `waymark simulate
    /// --log` writes: the twelve-column header when it has only fixes and frames, the
    /// fifteen-column one with compass readings or tracking changes, the nineteen-column
    /// one when its fixes carry a velocity (``WalkSimulator/Event/logColumns(_:)``).
    public static func text(of events: [WalkSimulator.Event]) -> String {
        var log = Writer(columns: WalkSimulator.Event.logColumns(events))
        for e in events {
            switch e.kind {
            case .fix:
                let g = e.fix!
                log.fix(time: e.time, latitude: g.latitude, longitude: g.longitude, height: e.heightReported ? g.height : nil,
                        accuracy: e.accuracy, scene: e.scenePosition,
                        velocity: Velocity(course: e.course, courseAccuracy: e.courseAccuracy, speed: e.speed, speedAccuracy: e.speedAccuracy))
            case .frame:
                log.frame(time: e.time, scene: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll)
            case .heading:
                log.heading(time: e.time, scene: e.scenePosition, yaw: e.yaw, pitch: e.pitch, roll: e.roll,
                            trueHeading: e.trueHeading, accuracy: e.headingAccuracy)
            case .tracking:
                log.tracking(time: e.time, state: e.tracking)
            }
        }
        return log.text
    }
}

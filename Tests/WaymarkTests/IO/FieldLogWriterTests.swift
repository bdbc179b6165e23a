import Testing
import WaymarkCore
import WaymarkIO
import WaymarkNavigation
import WaymarkSimulation

/// The writers beside the readers: a field log written by `FieldLog.Writer` reads back
/// to the same doubles, and a GPS-model settings file to the same settings.
@Suite("field-log and GPS-model writers")
struct FieldLogWriterTests {
    @Test("every row kind in every header reads back as written, numbers bit for bit")
    func roundTrip() throws {
        let values = [0.1, 55.73397000000001, 37.58864, 1e-7, 123456.789, 0.30000000000000004]
        for columns in [FieldLog.Writer.Columns.twelve, .fifteen, .nineteen] {
            var log = FieldLog.Writer(columns: columns)
            log.fix(time: 0, latitude: values[1], longitude: values[2], height: nil, accuracy: 4.5, scene: SIMD3(values[0], 1.4, values[3]),
                    velocity: FieldLog.Velocity(course: 12.5, speed: 1.25))
            log.frame(time: 0.5, scene: SIMD3(values[4], 1.4, -values[5]), yaw: 10, pitch: -5, roll: 0.25)
            if columns != .twelve {
                log.heading(time: 1, scene: SIMD3(0, 1.4, 0), yaw: 20, pitch: 0, roll: 0, trueHeading: 95.5, accuracy: 7)
                log.tracking(time: 1.5, state: .limited)
            }
            let rows = try log.bytes.withUnsafeBytes { bytes in
                var reader = FieldLog.Reader(BufferSource(bytes))
                var rows: [FieldLog.Row] = []
                while let row = try reader.next() { rows.append(row) }
                return rows
            }
            #expect(rows.count == (columns == .twelve ? 2 : 4))
            guard case .fix(let t, let lat, let lon, let h, let accuracy, let scene, let velocity) = rows[0] else {
                Issue.record("not a fix: \(rows[0])"); continue
            }
            #expect(t == 0 && lat == values[1] && lon == values[2] && h == nil && accuracy == 4.5 && scene == SIMD3(values[0], 1.4, values[3]))
            if columns == .nineteen {
                // Not reported: written as -1, CoreLocation's "none", read back as logged.
                #expect(velocity.course == 12.5 && velocity.speed == 1.25 && velocity.courseAccuracy == -1 && velocity.speedAccuracy == -1)
            }
            if columns != .twelve, case .tracking(let time, let state) = rows[3] {
                #expect(time == 1.5 && state == .limited)
            }
        }
    }

    @Test("a GPS-model file: the settings read back from the text written; faults name their line, a missing key none")
    func gpsModelFile() throws {
        let settings = try GPSModelFile.parse(Array("# waymark gps-model 1\r\n# a comment\n\naccuracy_confidence=0.7\ngps_correlation_s=59.1\ngps_correlated_share=0.5\n".utf8))
        #expect(settings.correlatedShare == 0.5 && settings.correlationTime == 59.1 && settings.accuracyConfidence == 0.7)
        func fault(_ text: String) -> GPSModelFile.Fault? {
            do { _ = try GPSModelFile.parse(Array(text.utf8)); return nil } catch { return error }
        }
        #expect(fault("")?.line == 1)
        #expect(fault("# waymark gps-model 1\nspeed=3\n")?.line == 2)
        #expect(fault("# waymark gps-model 1\ngps_correlation_s=5\n").map { $0.line == nil && $0.reason.hasPrefix("no gps_correlated_share= line") } == true)
    }
}

import CWaymarkMath
import WaymarkCore
import WaymarkNavigation
import WaymarkIO

extension GPSErrorSeries {
    /// The GPS error series of a Waymark field log (``FieldLog``: what `waymark simulate
    /// --log` writes and apps record): its fixes against the AR session's own track. A
    /// walking receiver's error is not its fixes' spread, but the scene track is the
    /// walk's shape, exact to the session's drift: each stretch of the log between tracking
    /// resets is fitted with the rotation and translation that carry its scene track onto
    /// its fixes (least squares, the closed-form two-dimensional Procrustes solution), and
    /// each fix's error is what that fit leaves of it, east and north metres. Each stretch
    /// is a series of its own (``GPSErrorFit`` gives each its own mean); a stretch of fewer
    /// than ``minimumCount`` fixes is left out. The fit's three parameters take a little of
    /// the error away, negligibly over a stretch of hundreds of fixes.
    /// - Parameters:
    ///   - bytes: the log's text (every rule of ``FieldLog/Reader``).
    ///   - axes: the scene axes the log's x, y, z are in (`eus`: ARKit's, the simulator's).
    /// - Throws: ``StreamFault/data(_:)`` for a malformed row (its line and reason), or
    ///   when no stretch has ``minimumCount`` fixes (line 0); ``StreamFault/unreadable``
    ///   when the source fails.
    public static func fieldLog(_ bytes: [UInt8], axes: SceneAxes = .eus) throws(StreamFault) -> [GPSErrorSeries] {
        let read = bytes.withUnsafeBytes { raw in Result { () throws(StreamFault) in try fieldLogSeries(BufferSource(raw), axes: axes) } }
        return try read.get()
    }

    static func fieldLogSeries(_ source: BufferSource, axes: SceneAxes) throws(StreamFault) -> [GPSErrorSeries] {
        var reader = FieldLog.Reader(source)
        var series: [GPSErrorSeries] = []
        var stretch: [(time: Double, fix: GeodeticCoordinate, accuracy: Double, scene: SIMD2<Double>)] = []
        func close() {
            if let s = Self.stretch(stretch) { series.append(s) }
            stretch.removeAll(keepingCapacity: true)
        }
        while let row = try reader.next() {
            switch row {
            case .fix(let t, let latitude, let longitude, _, let accuracy, let scene, _):
                // The reader has checked the coordinates and the accuracy.
                let u = axes.enu(fromScene: scene)
                stretch.append((t, GeodeticCoordinate(unchecked: latitude, longitude, 0), accuracy, SIMD2(u.x, u.y)))
            case .tracking(_, let state) where state == .reset:
                close()
            default:
                break
            }
        }
        close()
        guard !series.isEmpty else {
            throw .data(ReadFault(line: 0, "fewer than \(minimumCount) fixes between tracking resets: no GPS error series"))
        }
        return series
    }

    /// One stretch's errors: its fixes (in a tangent frame at the first) less the scene
    /// track carried onto them; nil for fewer than ``minimumCount`` fixes or a stretch
    /// ``init(times:east:north:accuracy:)`` refuses (times not increasing).
    static func stretch(_ fixes: [(time: Double, fix: GeodeticCoordinate, accuracy: Double, scene: SIMD2<Double>)]) -> GPSErrorSeries? {
        guard fixes.count >= minimumCount else { return nil }
        let frame = LocalTangentFrame(origin: fixes[0].fix)
        let z = fixes.map { p -> SIMD2<Double> in let v = frame.forward(p.fix); return SIMD2(v.x, v.y) }
        let u = fixes.map { $0.scene }
        let count = Double(fixes.count)
        let zm = z.reduce(.zero, +) / count, um = u.reduce(.zero, +) / count
        // The rotation that best carries u − ū onto z − z̄: atan2 of the cross and dot sums.
        var dot = 0.0, cross = 0.0
        for (a, b) in zip(u, z) {
            let p = a - um, q = b - zm
            dot += p.x * q.x + p.y * q.y
            cross += p.x * q.y - p.y * q.x
        }
        let angle = atan2(cross, dot), c = cos(angle), s = sin(angle)
        var east: [Double] = [], north: [Double] = []
        for (a, b) in zip(u, z) {
            let p = a - um
            east.append(b.x - (zm.x + c * p.x - s * p.y))
            north.append(b.y - (zm.y + s * p.x + c * p.y))
        }
        let t0 = fixes[0].time
        return try? GPSErrorSeries(times: fixes.map { $0.time - t0 }, east: east, north: north, accuracy: fixes.map { $0.accuracy })
    }
}

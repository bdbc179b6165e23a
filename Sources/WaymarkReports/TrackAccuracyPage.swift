import WaymarkCore

/// The page of `waymark accuracy TRACK --html` / `--svg`, drawn from
/// ``TrackComparison``'s numbers: the track exact vs both baselines (top view, their
/// errors enlarged by a stated 1-2-5 factor), the baselines' position error along the
/// track, and against the distance from the origin; every drawn point has a hover
/// read-out. Long tracks are thinned for drawing: at most ``markerLimit`` points per
/// series (every k-th point, the last one always), `data-points` giving the track's size.
package struct TrackAccuracyPage: FigurePage {
    package let comparison: TrackComparison
    /// How the page names the track (its file).
    package let name: String

    package init(comparison: TrackComparison, name: String) { self.comparison = comparison; self.name = name }

    /// The most points a series draws (and marks).
    package static let markerLimit = 1_000

    /// Every how many points one is drawn: 1, or the smallest step keeping the drawing
    /// (the last point added) within ``markerLimit``.
    package var step: Int {
        let n = comparison.points.count
        return n > Self.markerLimit ? (n + Self.markerLimit - 2) / (Self.markerLimit - 1) : 1
    }

    /// The points drawn: all, or every `step`-th and the last.
    package var drawn: [TrackComparison.PointResult] {
        let points = comparison.points
        guard step > 1 else { return points }
        var picked = Swift.stride(from: 0, to: points.count, by: step).map { points[$0] }
        if picked.last?.index != points.count - 1 { picked.append(points[points.count - 1]) }
        return picked
    }

    package var exaggeration: Double {
        let points = comparison.points
        let worst = points.map { max($0.haversineHorizontalError, $0.metersPerDegreeHorizontalError) }.max() ?? 0
        let xs = points.map({ $0.exact.x }), ys = points.map({ $0.exact.y })
        return AccuracyPage.exaggeration(worst: worst, size: max((xs.max() ?? 0) - (xs.min() ?? 0), (ys.max() ?? 0) - (ys.min() ?? 0)))
    }

    package static func metres(_ value: Double) -> String { AccuracyPage.metres(value) }

    package func label(_ p: TrackComparison.PointResult) -> String {
        "point \(p.index) (line \(p.point.line), \(AccuracyPage.distanceLabel(p.alongTrack)) along the track)"
    }

    package func errors(_ p: TrackComparison.PointResult) -> String {
        "haversine \(Self.metres(p.haversineHorizontalError)) horizontal (\(Self.metres(p.haversine3DError)) 3-D), metres per degree "
            + "\(Self.metres(p.metersPerDegreeHorizontalError)) (\(Self.metres(p.metersPerDegree3DError)) 3-D)"
    }

    /// The track in a top view (east right, north up), exact and both baselines with
    /// their errors enlarged `exaggeration` times about the exact points.
    package var trackPlot: LinePlot {
        let k = exaggeration, points = drawn, n = comparison.points.count
        func top(_ v: SIMD3<Double>) -> SIMD2<Double> { SIMD2(v.x, v.y) }
        func enlarged(_ p: TrackComparison.PointResult, _ b: SIMD3<Double>) -> SIMD2<Double> { top(p.exact) + k * (top(b) - top(p.exact)) }
        let exact = PlotSeries(name: "exact (WGS-84)", colour: AccuracyPage.exactColour, points: points.map { top($0.exact) },
                               readouts: points.map { "\(label($0)): \(Markup.fixed($0.exact.x, 1)) m east, \(Markup.fixed($0.exact.y, 1)) m north of the origin" },
                               markerRadius: 2.2, lineWidth: 2.6, dataPoints: n)
        let haversine = PlotSeries(name: "haversine (error ×\(Markup.compact(k, 3)))", colour: AccuracyPage.haversineColour,
                                   points: points.map { enlarged($0, $0.haversine) },
                                   readouts: points.map { "\(label($0)): haversine \(Self.metres($0.haversineHorizontalError)) from the exact position" },
                                   markerRadius: 1.6, lineWidth: 3.4, dataPoints: n)
        let mpd = PlotSeries(name: "metres per degree (error ×\(Markup.compact(k, 3)))", colour: AccuracyPage.metersPerDegreeColour,
                             dash: AccuracyPage.metersPerDegreeDash, points: points.map { enlarged($0, $0.metersPerDegree) },
                             readouts: points.map { "\(label($0)): metres per degree \(Self.metres($0.metersPerDegreeHorizontalError)) from the exact position" },
                             markerRadius: 1.6, dataPoints: n)
        let all = [exact, haversine, mpd].flatMap({ $0.points })
        let xs = all.map({ $0.x }), ys = all.map({ $0.y })
        let pad = max(0.05 * max(xs.max()! - xs.min()!, ys.max()! - ys.min()!), 1)
        let axisLabel: (Double) -> String = { Markup.compact($0, 4) }
        var labels = [PlotLabel(text: "start", at: exact.points.first!, offset: SIMD2(8, -6))]
        if n > 1 { labels.append(PlotLabel(text: "finish", at: exact.points.last!, offset: SIMD2(8, 4))) }
        return LinePlot(id: "track", title: "The track, errors drawn ×\(Markup.compact(k, 3)) (top view, north up)",
                        x: PlotAxis(label: "east of the origin (m)", range: (xs.min()! - pad)...(xs.max()! + pad), tickLabel: axisLabel),
                        y: PlotAxis(label: "north of the origin (m)", range: (ys.min()! - pad)...(ys.max()! + pad), tickLabel: axisLabel),
                        series: [exact, haversine, mpd], labels: labels, legendColumns: 2, height: 440, equalScale: true)
    }

    /// Both baselines' horizontal position error against `x` (along the track, or from the origin).
    package func errorPlot(id: String, title: String, axis: String, x: (TrackComparison.PointResult) -> Double, sorted: Bool) -> LinePlot {
        var points = drawn
        if sorted { points.sort { x($0) < x($1) } }
        let n = comparison.points.count
        let haversine = PlotSeries(name: "haversine", colour: AccuracyPage.haversineColour,
                                   points: points.map { SIMD2(x($0), $0.haversineHorizontalError) },
                                   readouts: points.map { "\(label($0)), \(AccuracyPage.distanceLabel($0.fromOrigin)) from the origin: \(errors($0))" },
                                   dataPoints: n)
        let mpd = PlotSeries(name: "metres per degree", colour: AccuracyPage.metersPerDegreeColour, dash: AccuracyPage.metersPerDegreeDash,
                             points: points.map { SIMD2(x($0), $0.metersPerDegreeHorizontalError) },
                             readouts: points.map { "\(label($0)), \(AccuracyPage.distanceLabel($0.fromOrigin)) from the origin: \(errors($0))" },
                             markerRadius: 2, dataPoints: n)
        let xs = points.map(x), ys = points.flatMap { [$0.haversineHorizontalError, $0.metersPerDegreeHorizontalError] }
        let top = max(ys.max() ?? 0, 1e-3) * 1.08
        return LinePlot(id: id, title: title,
                        x: PlotAxis(label: axis, range: 0...max(xs.max() ?? 0, 1), tickLabel: { AccuracyPage.distanceLabel($0) }),
                        y: PlotAxis(label: "horizontal position error (m)", range: 0...top, tickLabel: { Markup.significant($0, 3) }),
                        series: [haversine, mpd], legendColumns: 2)
    }

    package var alongPlot: LinePlot {
        errorPlot(id: "error-along-track", title: "Position error along the track", axis: "distance along the track", x: { $0.alongTrack }, sorted: false)
    }

    package var distancePlot: LinePlot {
        errorPlot(id: "error-vs-distance", title: "Position error against distance from the origin", axis: "distance from the origin",
                  x: { $0.fromOrigin }, sorted: true)
    }

    package var lede: String {
        let c = comparison, length = c.length
        let h = c.pointSummary({ $0.haversineHorizontalError }), m = c.pointSummary({ $0.metersPerDegreeHorizontalError })
        // The exact length at the baselines' precision, so the gap the reader sees is the real one.
        return "\(name): \(c.points.count) points, \(Markup.fixed(length.geodesic, 1)) m long on the WGS-84 ellipsoid "
            + "(haversine says \(Markup.fixed(length.haversine, 1)) m, metres per degree \(Markup.fixed(length.metersPerDegree, 1)) m). "
            + "Placed about the origin, haversine puts a point up to \(Self.metres(h.max)) (RMS \(Self.metres(h.rms))) and metres per degree "
            + "up to \(Self.metres(m.max)) (RMS \(Self.metres(m.rms))) from where the exact method puts it — before any GPS error."
    }

    package var footer: String {
        let o = comparison.origin
        return "Made by waymark \(WaymarkVersion.string) (waymark accuracy TRACK --html). Exact: Karney's geodesics and the closed-form "
            + "local tangent frame on WGS-84; haversine and metres per degree on the mean-radius sphere (6,371,008.8 m). Origin "
            + "\(Markup.fixed(o.latitude, 6)), \(Markup.fixed(o.longitude, 6)), \(Markup.fixed(o.height, 1)) m"
            + (comparison.originIsFirstPoint ? " (the track's first point)" : " (--origin)") + ". "
            + (step > 1 ? "Drawn with one point in \(step) of the \(comparison.points.count) (and the last); the CSV has them all." : "")
    }

    package var title: String { "Waymark: how wrong the spherical baselines are on this track" }
    package var kind: String { "accuracy-track" }

    package var figures: [(id: String, plot: LinePlot, caption: String)] {
        let k = Markup.compact(exaggeration, 3)
        return [
            ("fig-track", trackPlot,
             "Black: where the exact method puts each point (metres east and north of the origin). The baselines' positions "
                 + "are drawn \(k) times further from it than they are, so the error shows; hover a point for its unenlarged error."),
            ("fig-along", alongPlot,
             "Horizontal position error of each point against the distance walked from the start: haversine (solid) and metres per degree (dashed)."),
            ("fig-distance", distancePlot,
             "The same errors against each point's geodesic distance from the origin: the baselines' error grows with it."),
        ]
    }
}

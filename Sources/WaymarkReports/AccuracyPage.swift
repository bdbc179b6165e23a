import CWaymarkMath
import WaymarkCore

/// The figures of `waymark accuracy --html` / `--svg`, drawn from `AccuracyReport`'s
/// numbers: position error and haversine distance error against distance (log–log, one
/// curve per latitude), and the demo route exact vs both baselines, errors exaggerated.
package struct AccuracyPage: FigurePage {
    package let rows: [AccuracyReport.Row]
    package let route: [AccuracyReport.RoutePoint]

    /// `rows`: at ``AccuracyReport/plotDistances``; `route`: the demo route.
    package init(rows: [AccuracyReport.Row], route: [AccuracyReport.RoutePoint]) {
        self.rows = rows
        self.route = route
    }

    /// One colour per latitude (Okabe–Ito, distinguishable with colour-blindness).
    package static let latitudeColours = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#5E3C99"]
    package static let haversineColour = "#D55E00", metersPerDegreeColour = "#0072B2", exactColour = "#222222"
    package static let metersPerDegreeDash = "7 4"

    package static func distanceLabel(_ metres: Double) -> String {
        metres >= 1000 ? "\(Markup.compact(metres / 1000, 3)) km" : "\(Markup.compact(metres, 3)) m"
    }
    package static func metres(_ value: Double) -> String { "\(Markup.significant(value, 3)) m" }
    package static func percent(_ error: Double, of distance: Double) -> String { "\(Markup.significant(100 * error / distance, 2)) %" }

    package var distanceAxis: PlotAxis {
        PlotAxis(label: "distance from the origin", range: 10...50_000, logarithmic: true,
                 ticks: [10, 100, 1_000, 10_000, 50_000], tickLabel: AccuracyPage.distanceLabel)
    }

    package func errorAxis(_ values: [Double], label: String) -> PlotAxis {
        PlotAxis(label: label, range: PlotAxis.decades(covering: values), logarithmic: true,
                 tickLabel: { Markup.compact($0, 1) })
    }

    /// Error = 0.1 % and 1 % of the distance, to read the curves against.
    package var ratioGuides: [PlotGuide] {
        [0.001, 0.01].map { r in
            PlotGuide(label: "\(Markup.compact(r * 100, 1)) % of distance", points: [SIMD2(10, 10 * r), SIMD2(50_000, 50_000 * r)])
        }
    }

    package var latitudes: [Double] { AccuracyReport.latitudes.filter { lat in rows.contains { $0.latitude == lat } } }

    package func colour(_ latitude: Double) -> String {
        AccuracyPage.latitudeColours[(latitudes.firstIndex(of: latitude) ?? 0) % AccuracyPage.latitudeColours.count]
    }

    package static func degrees(_ latitude: Double) -> String { "\(Markup.significant(latitude, 2))°" }

    /// Position error (horizontal) of both baselines, one colour per latitude.
    package var positionPlot: LinePlot {
        var series: [PlotSeries] = []
        for latitude in latitudes {
            let at = rows.filter { $0.latitude == latitude }
            series.append(PlotSeries(
                name: "haversine, latitude \(AccuracyPage.degrees(latitude))", colour: colour(latitude),
                points: at.map { SIMD2($0.distance, $0.haversineHorizontal) },
                readouts: at.map { "\(AccuracyPage.distanceLabel($0.distance)): \(AccuracyPage.metres($0.haversineHorizontal)) horizontal, "
                    + "\(AccuracyPage.metres($0.haversine3D)) in 3-D (\(AccuracyPage.percent($0.haversineHorizontal, of: $0.distance)) of the distance)" }))
            series.append(PlotSeries(
                name: "metres per degree, latitude \(AccuracyPage.degrees(latitude))", colour: colour(latitude), dash: AccuracyPage.metersPerDegreeDash,
                points: at.map { SIMD2($0.distance, $0.metersPerDegreeHorizontal) },
                readouts: at.map { "\(AccuracyPage.distanceLabel($0.distance)): \(AccuracyPage.metres($0.metersPerDegreeHorizontal)) horizontal, "
                    + "\(AccuracyPage.metres($0.metersPerDegree3D)) in 3-D (\(AccuracyPage.percent($0.metersPerDegreeHorizontal, of: $0.distance)) of the distance)" },
                markerRadius: 2))
        }
        let legend = latitudes.map { LegendEntry(label: "latitude \(AccuracyPage.degrees($0))", colour: colour($0)) }
            + [LegendEntry(label: "haversine", colour: "#555"),
               LegendEntry(label: "metres/degree", colour: "#555", dash: AccuracyPage.metersPerDegreeDash)]
        return LinePlot(id: "position-error", title: "Position error of the spherical baselines",
                        x: distanceAxis,
                        y: errorAxis(rows.flatMap { [$0.haversineHorizontal, $0.metersPerDegreeHorizontal] }, label: "position error (m)"),
                        series: series, guides: ratioGuides, legend: legend, legendColumns: 4)
    }

    /// |haversine − geodesic| distance, one curve per latitude.
    package var distancePlot: LinePlot {
        let series = latitudes.map { latitude in
            let at = rows.filter { $0.latitude == latitude }
            return PlotSeries(name: "latitude \(AccuracyPage.degrees(latitude))", colour: colour(latitude),
                              points: at.map { SIMD2($0.distance, $0.haversineDistance) },
                              readouts: at.map { "\(AccuracyPage.distanceLabel($0.distance)): haversine distance off by "
                                  + "\(AccuracyPage.metres($0.haversineDistance)) (\(AccuracyPage.percent($0.haversineDistance, of: $0.distance)))" })
        }
        return LinePlot(id: "distance-error", title: "Haversine distance error", x: distanceAxis,
                        y: errorAxis(rows.map({ $0.haversineDistance }), label: "distance error (m)"),
                        series: series, guides: ratioGuides, legendColumns: 3)
    }

    /// How many times the baselines' errors are enlarged on the route drawing: a 1-2-5
    /// number putting the largest error at about a tenth of the route's size.
    package var exaggeration: Double {
        let worst = route.map { max($0.haversineError, $0.metersPerDegreeError) }.max() ?? 0
        let xs = route.map({ $0.exact.x }), zs = route.map({ $0.exact.z })
        let size = max((xs.max() ?? 0) - (xs.min() ?? 0), (zs.max() ?? 0) - (zs.min() ?? 0))
        return AccuracyPage.exaggeration(worst: worst, size: size)
    }

    /// A 1-2-5 factor putting an error of `worst` metres at about a tenth of `size`
    /// metres (1 when either is zero): how much a drawing enlarges the errors.
    package static func exaggeration(worst: Double, size: Double) -> Double {
        guard worst > 0, size > 0 else { return 1 }
        let wanted = 0.1 * size / worst
        let decade = pow(10, floor(log10(wanted)))
        return [5.0, 2, 1].map { $0 * decade }.first { $0 <= wanted } ?? decade
    }

    /// The demo route in a top view (east right, north up), exact and both baselines with
    /// their errors enlarged `exaggeration` times about the exact points.
    package var routePlot: LinePlot {
        let k = exaggeration
        // eus scene: x east, z south, so north = −z.
        func top(_ v: SIMD3<Double>) -> SIMD2<Double> { SIMD2(v.x, -v.z) }
        func enlarged(_ p: AccuracyReport.RoutePoint, _ b: SIMD3<Double>) -> SIMD2<Double> { top(p.exact) + k * (top(b) - top(p.exact)) }
        var along = [0.0]
        for i in route.indices.dropFirst() { along.append(along[i - 1] + AccuracyReport.length(route[i].exact - route[i - 1].exact)) }
        func name(_ i: Int) -> String { "point \(i) (\(AccuracyPage.distanceLabel(along[i])) along the route)" }
        let exact = PlotSeries(name: "exact (WGS-84)", colour: AccuracyPage.exactColour, points: route.map { top($0.exact) },
                               readouts: route.indices.map { "\(name($0)): x \(Markup.fixed(route[$0].exact.x, 1)) m east, "
                                   + "\(Markup.fixed(-route[$0].exact.z, 1)) m north" }, markerRadius: 2.2, lineWidth: 2.6)
        let haversine = PlotSeries(name: "haversine (error ×\(Markup.compact(k, 3)))", colour: AccuracyPage.haversineColour,
                                   points: route.map { enlarged($0, $0.haversine) },
                                   readouts: route.indices.map { "\(name($0)): \(AccuracyPage.metres(route[$0].haversineError)) from the exact position" },
                                   markerRadius: 1.6, lineWidth: 3.4)
        let mpd = PlotSeries(name: "metres per degree (error ×\(Markup.compact(k, 3)))", colour: AccuracyPage.metersPerDegreeColour,
                             dash: AccuracyPage.metersPerDegreeDash, points: route.map { enlarged($0, $0.metersPerDegree) },
                             readouts: route.indices.map { "\(name($0)): \(AccuracyPage.metres(route[$0].metersPerDegreeError)) from the exact position" },
                             markerRadius: 1.6)
        let all = [exact, haversine, mpd].flatMap({ $0.points })
        let xs = all.map({ $0.x }), ys = all.map({ $0.y })
        let pad = 0.05 * max((xs.max()! - xs.min()!), (ys.max()! - ys.min()!))
        let axisLabel: (Double) -> String = { Markup.compact($0, 4) }
        return LinePlot(id: "demo-route", title: "Demo route, errors drawn ×\(Markup.compact(k, 3)) (top view, north up)",
                        x: PlotAxis(label: "east of the start (m)", range: (xs.min()! - pad)...(xs.max()! + pad), tickLabel: axisLabel),
                        y: PlotAxis(label: "north of the start (m)", range: (ys.min()! - pad)...(ys.max()! + pad), tickLabel: axisLabel),
                        series: [exact, haversine, mpd],
                        labels: [PlotLabel(text: "start (the origin)", at: exact.points.first!, offset: SIMD2(4, 20)),
                                 PlotLabel(text: "finish", at: exact.points.last!, offset: SIMD2(8, 4))],
                        legendColumns: 2, height: 440, equalScale: true)
    }

    /// Haversine's error as a share of the distance, smallest and largest over the plot.
    package var haversineShare: (low: Double, high: Double) {
        let shares = rows.map { $0.haversineHorizontal / $0.distance }
        return (shares.min() ?? 0, shares.max() ?? 0)
    }

    package var lede: String {
        let share = haversineShare
        return "How far the spherical shortcuts put a point from where the exact WGS-84 method puts it: haversine is "
            + "\(Markup.significant(share.low * 100, 2))–\(Markup.significant(share.high * 100, 2)) % of the distance off "
            + "at every latitude, and metres per degree is worse far out and near the poles — before any GPS error."
    }

    package var footer: String {
        "Made by waymark \(WaymarkVersion.string) (waymark accuracy --html). Errors are the worst over 360 bearings (every degree) "
            + "against Karney's geodesics and the closed-form local tangent frame on WGS-84; the table rows of `waymark accuracy` "
            + "are the points at 10 m, 100 m, 500 m, 1, 2, 5, 10 and 50 km. The route is the one `waymark demo` prints."
    }

    package var title: String { "Waymark: what the spherical baselines cost" }
    package var kind: String { "accuracy" }

    package var figures: [(id: String, plot: LinePlot, caption: String)] {
        let worstH = route.map({ $0.haversineError }).max() ?? 0, worstM = route.map({ $0.metersPerDegreeError }).max() ?? 0
        let k = Markup.compact(exaggeration, 3)
        return [
            ("fig-position", positionPlot,
             "Worst over 360 bearings: the ENU position of a point the given distance away, haversine (solid) and metres per degree (dashed) "
                 + "against the exact method; one colour per latitude; dotted: 0.1 % and 1 % of the distance. Both axes logarithmic."),
            ("fig-distance", distancePlot,
             "Worst over 360 bearings: |haversine distance − geodesic distance| on the WGS-84 ellipsoid; dotted: 0.1 % and 1 % of the distance. Both axes logarithmic."),
            ("fig-route", routePlot,
             "The built-in 55-point walking route in Moscow: black where the exact method puts each point; the "
                 + "baselines' positions moved \(k) times further from it than they are, so the error shows. Unenlarged, "
                 + "haversine is up to \(AccuracyPage.metres(worstH)) and metres per degree up to \(AccuracyPage.metres(worstM)) off."),
        ]
    }
}

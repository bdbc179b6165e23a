import CWaymarkMath
import WaymarkCore
import WaymarkNavigation

/// The report page of a navigator run (`replay --html`, `simulate --html`): a top view
/// in metres (north up in the corrected frame) with the route, every fix and its
/// accuracy circle, the device track, the anchor's history, the finish, and the
/// arrows at the time chosen with the slider (with the anchor's σ around the device);
/// timelines of the heading correction (±σ band, estimator state, the correction each
/// compass reading implies), the anchor's σ, progress and remaining distance,
/// off-route distance, and for a simulation the truth (heading error, finish placement
/// error, anchor error). Tracking changes are marked on every timeline: a limited
/// interval shaded, a reset a vertical line.
///
/// Long runs thin the drawing, not the data: each line is drawn with at most
/// `drawLimit` points, fixes' accuracy circles are one path, and the page script
/// holds every frame's values, so the slider and the timeline read-outs reach each
/// frame. `ReportPage`'s DOM contract holds (fix markers are `circle.pt`).
package struct RunPage {
    package let trace: RunTrace
    package let title: String
    /// What was run, for the footer (the command line's gist).
    package let source: String
    package let kind: String

    package init(trace: RunTrace, title: String, source: String, kind: String) {
        self.trace = trace; self.title = title; self.source = source; self.kind = kind
    }

    static let drawLimit = 2000
    static let routeColour = "#CC79A7", fixColour = "#D55E00", deviceColour = "#0072B2", anchorColour = "#009E73"
    static let arrowColour = "#E69F00", truthColour = "#555555", sceneTrackColour = "#5E3C99", compassColour = "#CC79A7"
    static let stateColours = ["#bbbbbb", "#E69F00", "#009E73"]
    static let stateNames = ["none", "estimating", "applied"]

    var frames: [RunTrace.Frame] { trace.frames }
    /// Whether there is anything over time to draw: a frame after the first fix (before
    /// it the navigator places nothing, and every timeline would be empty).
    var hasTimeline: Bool { frames.contains { $0.device != nil } }
    var isSimulation: Bool { trace.trueCorrection != nil }
    /// Whether the navigator reported an anchor σ (the filter does; the window fits do not).
    var hasAnchorSigma: Bool { frames.contains { $0.result.anchorSigma != nil } }

    /// At most `limit` of `items`, evenly spaced, first and last kept.
    static func thinned<T>(_ items: [T], limit: Int = drawLimit) -> [T] {
        guard items.count > limit, limit >= 2 else { return items }
        return (0..<limit).map { items[$0 * (items.count - 1) / (limit - 1)] }
    }

    /// A time series drawn with at most `limit` points: per bucket of consecutive
    /// points its lowest and highest, in time order, so spikes survive the thinning.
    static func thinnedSeries(_ points: [SIMD2<Double>], limit: Int = drawLimit) -> [SIMD2<Double>] {
        guard points.count > limit else { return points }
        let buckets = limit / 2
        var out: [SIMD2<Double>] = []
        out.reserveCapacity(limit)
        for b in 0..<buckets {
            let lo = b * points.count / buckets, hi = (b + 1) * points.count / buckets
            guard lo < hi else { continue }
            var iMin = lo, iMax = lo
            for i in lo..<hi {
                if points[i].y < points[iMin].y { iMin = i }
                if points[i].y > points[iMax].y { iMax = i }
            }
            out.append(points[min(iMin, iMax)])
            if iMin != iMax { out.append(points[max(iMin, iMax)]) }
        }
        return out
    }

    static func metres(_ v: Double) -> String { "\(Markup.fixed(v, 1)) m" }
    static func time(_ t: Double) -> String { "t = \(Markup.fixed(t, 1)) s" }

    // MARK: Top view

    var mapPlot: LinePlot {
        let fixes = trace.fixes
        let device = frames.compactMap({ $0.device }), anchors = frames.compactMap({ $0.anchor })
        let truth = frames.compactMap { $0.truth?.position }
        var all = trace.route + fixes.map({ $0.position }) + device + anchors + truth
        all = all.filter { $0.x.isFinite && $0.y.isFinite }
        let xs = all.map({ $0.x }), ys = all.map({ $0.y })
        let lo = SIMD2(xs.min() ?? 0, ys.min() ?? 0), hi = SIMD2(xs.max() ?? 1, ys.max() ?? 1)
        let pad = max(0.06 * max(hi.x - lo.x, hi.y - lo.y), 3)
        var along = [0.0]
        for i in trace.route.indices.dropFirst() {
            let d = trace.route[i] - trace.route[i - 1]
            along.append(along[i - 1] + (d * d).sum().squareRoot())
        }
        let routeSeries = PlotSeries(name: "route", colour: RunPage.routeColour, points: trace.route,
                                     readouts: trace.route.indices.map { "point \($0), \(RunPage.metres(along[$0])) along: "
                                         + "\(RunPage.metres(trace.route[$0].x)) east, \(RunPage.metres(trace.route[$0].y)) north" },
                                     markerRadius: 3, lineWidth: 4)
        let fixSeries = PlotSeries(name: "GPS fixes", colour: RunPage.fixColour, dash: "1 3", points: fixes.map({ $0.position }),
                                   readouts: fixes.indices.map { i in
                                       "fix \(i + 1) of \(fixes.count), \(RunPage.time(fixes[i].time)): ±\(Markup.compact(fixes[i].accuracy, 3)) m at "
                                           + "\(RunPage.metres(fixes[i].position.x)) east, \(RunPage.metres(fixes[i].position.y)) north" },
                                   markerRadius: 2.6, lineWidth: 0.8)
        let deviceSeries = PlotSeries(name: "device (corrected frame)", colour: RunPage.deviceColour, points: RunPage.thinned(device),
                                      readouts: [], lineWidth: 2, markers: false, dataPoints: device.count)
        let anchorSeries = PlotSeries(name: "anchor (AR origin)", colour: RunPage.anchorColour, dash: "4 2", points: RunPage.thinned(anchors),
                                      readouts: [], lineWidth: 1.6, markers: false, dataPoints: anchors.count)
        // The finish's word on the side of the drawing's centre, so it stays inside the frame.
        let finish = trace.route[trace.route.count - 1]
        let finishLabel = finish.x > (lo.x + hi.x) / 2
            ? PlotLabel(text: "finish", at: finish, offset: SIMD2(-8, -8), anchor: "end")
            : PlotLabel(text: "finish", at: finish, offset: SIMD2(8, -8))
        var plot = LinePlot(id: "top-view", title: "Top view: north up in the corrected frame, metres",
                            x: PlotAxis(label: "east (m)", range: (lo.x - pad)...(hi.x + pad), tickLabel: { Markup.compact($0, 4) }),
                            y: PlotAxis(label: "north (m)", range: (lo.y - pad)...(hi.y + pad), tickLabel: { Markup.compact($0, 4) }),
                            series: [routeSeries, fixSeries, deviceSeries, anchorSeries],
                            labels: [PlotLabel(text: "start", at: trace.route[0], offset: SIMD2(7, 16)),
                                     finishLabel],
                            legendColumns: 2, height: 540, equalScale: true)
        plot.legend = [LegendEntry(label: "route", colour: RunPage.routeColour),
                       LegendEntry(label: "GPS fixes, ±accuracy", colour: RunPage.fixColour),
                       LegendEntry(label: "device track", colour: RunPage.deviceColour),
                       LegendEntry(label: "anchor history", colour: RunPage.anchorColour, dash: "4 2"),
                       LegendEntry(label: "arrows (slider's time)", colour: RunPage.arrowColour),
                       LegendEntry(label: "AR track in the slider's frame", colour: RunPage.sceneTrackColour, dash: "5 3")]
            + (hasAnchorSigma ? [LegendEntry(label: "2 × anchor σ around the device", colour: RunPage.deviceColour, dash: "3 2")] : [])
            + (isSimulation ? [LegendEntry(label: "true position", colour: RunPage.truthColour, dash: "2 2")] : [])
        let layout = plot.layout
        let c = Markup.coordinate
        let scale = layout.width / (layout.x.range.upperBound - layout.x.range.lowerBound)   // pixels per metre
        // Every accuracy circle in one path: cheap to draw however many fixes there are.
        var circles = ""
        for f in fixes {
            let x = layout.px(f.position.x), y = layout.py(f.position.y), r = max(f.accuracy * scale, 0.5)
            circles += "M\(c(x - r)) \(c(y))a\(c(r)) \(c(r)) 0 1 0 \(c(2 * r)) 0a\(c(r)) \(c(r)) 0 1 0 \(c(-2 * r)) 0"
        }
        plot.underlay = "<path class=\"accuracy\" d=\"\(circles)\" fill=\"rgba(213,94,0,0.05)\" stroke=\"rgba(213,94,0,0.35)\" stroke-width=\"0.7\"/>\n"
        // Scale bar (bottom left) and north arrow (top right).
        let metresWide = layout.width / scale
        let bar = [1.0, 2, 5].flatMap { m in (-1...5).map { m * pow(10, Double($0)) } }.filter { $0 <= metresWide / 4 }.max() ?? metresWide / 4
        let bx = layout.left + 12, by = layout.top + layout.height - 14
        var over = "<g class=\"scale-bar\" stroke=\"#222\" stroke-width=\"2\"><line x1=\"\(c(bx))\" x2=\"\(c(bx + bar * scale))\" y1=\"\(c(by))\" y2=\"\(c(by))\"/>"
        over += "<line x1=\"\(c(bx))\" x2=\"\(c(bx))\" y1=\"\(c(by - 5))\" y2=\"\(c(by + 3))\"/><line x1=\"\(c(bx + bar * scale))\" x2=\"\(c(bx + bar * scale))\" y1=\"\(c(by - 5))\" y2=\"\(c(by + 3))\"/>"
        over += "<text x=\"\(c(bx + bar * scale / 2))\" y=\"\(c(by - 7))\" text-anchor=\"middle\" stroke=\"none\" fill=\"#222\" font-size=\"12\">\(Markup.compact(bar, 3)) m</text></g>\n"
        let nx = layout.left + layout.width - 18, ny = layout.top + 12
        over += "<g class=\"north\" fill=\"#222\"><path d=\"M\(c(nx)) \(c(ny))l6 16h-12z\"/><text x=\"\(c(nx))\" y=\"\(c(ny + 30))\" text-anchor=\"middle\" font-size=\"12\">N</text></g>\n"
        // The whole AR track as the scene has it, carried through the frame of the
        // slider's moment by an SVG transform (the page script sets it per moment).
        // One path per AR session (a tracking reset starts a new scene): the page shows the
        // one of the slider's moment.
        var trackPaths = ""
        let sessions = (frames.map({ $0.session }).max() ?? 0) + 1
        for session in 0..<sessions {
            let scenes = frames.filter { $0.session == session }.map({ $0.scene })
            guard !scenes.isEmpty else { continue }
            let track = RunPage.thinned(scenes, limit: max(2, RunPage.drawLimit / sessions))
            let d = track.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(c($0.element.x)) \(c($0.element.y))" }.joined()
            let hidden = session == frames.last?.session ? "" : " visibility=\"hidden\""
            trackPaths += "<path data-session=\"\(session)\" d=\"\(d)\"\(hidden)/>"
        }
        let lastMapped = frames.last { $0.axisU != nil }
        func matrix(_ f: RunTrace.Frame?) -> String {
            guard let f, let a = f.anchor, let eu = f.axisU, let ev = f.axisV else { return "matrix(0 0 0 0 0 0)" }
            let bx = scale, by = -scale   // pixels per metre; y down
            let e0 = layout.px(a.x), n0 = layout.py(a.y)
            return "matrix(\([bx * eu.x, by * eu.y, bx * ev.x, by * ev.y, e0, n0].map { Markup.significant($0, 8) }.joined(separator: " ")))"
        }
        over += "<g class=\"scene-track\" transform=\"\(matrix(lastMapped))\" fill=\"none\" stroke=\"\(RunPage.sceneTrackColour)\" "
            + "stroke-width=\"1.5\" stroke-dasharray=\"5 3\" vector-effect=\"non-scaling-stroke\">\(trackPaths)</g>\n"
        // The moment the slider picks (set by the page script; the last frame until then).
        over += "<g class=\"arrows\" fill=\"\(RunPage.arrowColour)\" stroke=\"#6b4500\" stroke-width=\"0.6\"></g>\n"
        let last = frames.last
        func at(_ p: SIMD2<Double>?) -> String {
            guard let p else { return " visibility=\"hidden\" cx=\"0\" cy=\"0\"" }
            return " cx=\"\(c(layout.px(p.x)))\" cy=\"\(c(layout.py(p.y)))\""
        }
        if hasAnchorSigma {
            // Twice the anchor's σ (DRMS: about 98 % of errors fall within it) around the
            // device, at the slider's moment.
            let r = (last?.result.anchorSigma).map { max(2 * $0 * scale, 0.5) }
            over += "<circle class=\"anchor-sigma-now\" r=\"\(c(r ?? 0))\" fill=\"rgba(0,114,178,0.08)\" stroke=\"\(RunPage.deviceColour)\" "
                + "stroke-width=\"1\" stroke-dasharray=\"3 2\"\(r == nil ? at(nil) : at(last?.device))/>\n"
        }
        over += "<circle class=\"anchor-now\" r=\"4.5\" fill=\"#fff\" stroke=\"\(RunPage.anchorColour)\" stroke-width=\"2.5\"\(at(last?.anchor))/>\n"
        if isSimulation {
            over += "<circle class=\"truth-now\" r=\"9\" fill=\"none\" stroke=\"\(RunPage.truthColour)\" stroke-width=\"1.6\" stroke-dasharray=\"2 2\"\(at(last?.truth?.position))/>\n"
        }
        over += "<circle class=\"device-now\" r=\"6\" fill=\"\(RunPage.deviceColour)\" stroke=\"#fff\" stroke-width=\"2\"\(at(last?.device))/>\n"
        plot.overlay = over
        plot.attributes = "data-map=\"\(layout.linearMap)\""
        return plot
    }

    // MARK: Timelines

    var timeAxis: PlotAxis {
        let t0 = frames.first?.result.time ?? 0, t1 = frames.last?.result.time ?? 1
        return PlotAxis(label: "time (s)", range: t0...t1, tickLabel: { Markup.compact($0, 4) })
    }

    /// A value axis over `values` (finite ones), padded a little, 0 included when `zero`.
    static func valueAxis(_ label: String, _ values: [Double], zero: Bool = false) -> PlotAxis {
        var v = values.filter({ $0.isFinite })
        if zero { v.append(0) }
        let lo = v.min() ?? 0, hi = v.max() ?? 1
        let pad = max(0.06 * (hi - lo), 0.5)
        return PlotAxis(label: label, range: (zero && lo >= 0 ? 0 : lo - pad)...(hi + pad), tickLabel: { Markup.compact($0, 4) })
    }

    func points(_ value: (RunTrace.Frame) -> Double?) -> [SIMD2<Double>] {
        frames.compactMap { f in value(f).flatMap { $0.isFinite ? SIMD2(f.result.time, $0) : nil } }
    }

    func line(_ name: String, _ colour: String, dash: String? = nil, _ value: (RunTrace.Frame) -> Double?) -> PlotSeries {
        let p = points(value)
        return PlotSeries(name: name, colour: colour, dash: dash, points: RunPage.thinnedSeries(p), readouts: [], markers: false, dataPoints: p.count)
    }

    /// The cursor line (moved by the page script), the tracking marks (a limited
    /// interval shaded, a reset a dashed vertical line) and the timeline's attributes.
    func timeline(_ plot: inout LinePlot, _ kind: String) {
        let layout = plot.layout
        let c = Markup.coordinate
        let t1 = frames.last?.result.time ?? 0
        var limitedFrom: Double? = nil
        var bands = "", lines = ""
        func band(_ a: Double, _ b: Double) {
            let x0 = layout.px(a), x1 = layout.px(b)
            bands += "<rect class=\"limited\" x=\"\(c(x0))\" y=\"\(c(layout.top))\" width=\"\(c(max(x1 - x0, 1)))\" height=\"\(c(layout.height))\"/>"
        }
        for mark in trace.tracking {
            if let from = limitedFrom, mark.state != .limited { band(from, mark.time); limitedFrom = nil }
            switch mark.state {
            case .limited: if limitedFrom == nil { limitedFrom = mark.time }
            case .reset:
                let x = layout.px(mark.time)
                lines += "<line class=\"reset\" x1=\"\(c(x))\" x2=\"\(c(x))\" y1=\"\(c(layout.top))\" y2=\"\(c(layout.top + layout.height))\"/>"
                lines += "<text x=\"\(c(x + 3))\" y=\"\(c(layout.top + layout.height - 5))\" font-size=\"11\" fill=\"#8a1c1c\" stroke=\"none\">reset</text>"
            case .normal: break
            }
        }
        if let from = limitedFrom { band(from, t1) }
        if !bands.isEmpty { plot.underlay = "<g class=\"tracking-limited\" fill=\"rgba(120,120,120,0.16)\">\(bands)</g>\n" + plot.underlay }
        if !lines.isEmpty { plot.overlay += "<g class=\"tracking-resets\" stroke=\"#8a1c1c\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\">\(lines)</g>\n" }
        let x = layout.px(t1)
        plot.overlay += "<line class=\"cursor\" x1=\"\(c(x))\" x2=\"\(c(x))\" y1=\"\(c(layout.top))\" y2=\"\(c(layout.top + layout.height))\" stroke=\"#111\" stroke-width=\"1.2\"/>\n"
        plot.attributes = "data-timeline=\"\(kind)\" data-map=\"\(layout.linearMap)\" data-frames=\"\(frames.count)\""
    }

    var headingPlot: LinePlot {
        let corr = line("applied correction", RunPage.deviceColour) { $0.result.correction }
        var values = corr.points.map({ $0.y }) + frames.flatMap { f -> [Double] in
            guard let c = f.result.correction, let s = f.result.correctionSigma, f.result.correctionState == .applied else { return [] }
            return [c - s, c + s]
        }
        var series = [corr]
        if isSimulation {
            let truth = line("true compass error", RunPage.truthColour, dash: "5 3") { $0.truth?.correction }
            series.append(PlotSeries(name: truth.name, colour: truth.colour, dash: truth.dash, points: truth.points, readouts: [],
                                     lineWidth: 1.4, markers: false, dataPoints: truth.dataPoints))
            values += truth.points.map({ $0.y })
        }
        // The compass readings widen the axis to their middle 90 % (a magnetic
        // disturbance 50° off would flatten everything else; it is clipped instead).
        let readings = trace.readings.filter { $0.implied.isFinite }
        if !readings.isEmpty {
            let sorted = readings.map({ $0.implied }).sorted()
            values += [sorted[sorted.count / 20], sorted[(sorted.count - 1) - sorted.count / 20]]
        }
        var plot = LinePlot(id: "heading", title: "Heading correction, ±σ, estimator state" + (readings.isEmpty ? "" : ", compass readings"),
                            x: timeAxis, y: RunPage.valueAxis("correction (°)", values), series: series, legendColumns: 2, height: 300)
        plot.legend = series.map { LegendEntry(label: $0.name, colour: $0.colour, dash: $0.dash) }
            + [LegendEntry(label: "±σ", colour: "rgba(0,114,178,0.35)")]
            + (readings.isEmpty ? [] : [LegendEntry(label: "compass readings (implied correction)", colour: RunPage.compassColour, dash: "1 3")])
            + (0..<3).map { LegendEntry(label: "state: \(RunPage.stateNames[$0])", colour: RunPage.stateColours[$0]) }
        let layout = plot.layout
        let c = Markup.coordinate
        // The band, thinned, as one polygon per run of consecutive applied frames.
        var runs: [[(Double, Double, Double)]] = [], current: [(Double, Double, Double)] = []
        for f in frames {
            if let c = f.result.correction, let s = f.result.correctionSigma, f.result.correctionState == .applied {
                current.append((f.result.time, c - s, c + s))
            } else if !current.isEmpty { runs.append(current); current = [] }
        }
        if !current.isEmpty { runs.append(current) }
        var d = ""
        for run in runs {
            let r = RunPage.thinned(run, limit: max(2, RunPage.drawLimit / 2 / max(runs.count, 1)))
            d += "M" + r.map { "\(c(layout.px($0.0))) \(c(layout.py($0.2)))" }.joined(separator: "L")
            d += "L" + r.reversed().map { "\(c(layout.px($0.0))) \(c(layout.py($0.1)))" }.joined(separator: "L") + "Z"
        }
        plot.underlay = "<path class=\"band\" d=\"\(d)\" fill=\"rgba(0,114,178,0.18)\" stroke=\"none\"/>\n"
        if !readings.isEmpty {
            // Each reading a small dot (not a circle.pt: the read-out follows the cursor).
            var dots = ""
            for r in RunPage.thinned(readings) {
                dots += "<circle class=\"reading\" cx=\"\(c(layout.px(r.time)))\" cy=\"\(c(layout.py(r.implied)))\" r=\"1.6\"/>"
            }
            plot.underlay += "<g class=\"compass-readings\" fill=\"\(RunPage.compassColour)\" data-readings=\"\(readings.count)\">\(dots)</g>\n"
        }
        // The state strip along the top: one rectangle per run of a state.
        var strip = "<g class=\"state-strip\">"
        var start = 0
        for i in frames.indices where i == frames.count - 1 || frames[i + 1].result.correctionState != frames[start].result.correctionState {
            let state = Int(frames[start].result.correctionState.rawValue)
            let x0 = layout.px(frames[start].result.time), x1 = i + 1 < frames.count ? layout.px(frames[i + 1].result.time) : layout.left + layout.width
            strip += "<rect x=\"\(c(x0))\" y=\"\(c(layout.top))\" width=\"\(c(max(x1 - x0, 1)))\" height=\"7\" fill=\"\(RunPage.stateColours[state])\"/>"
            start = i + 1
        }
        plot.overlay = strip + "</g>\n"
        timeline(&plot, "heading")
        return plot
    }

    var progressPlot: LinePlot {
        let series = [line("progress", RunPage.deviceColour) { $0.result.progress },
                      line("remaining", RunPage.routeColour, dash: "6 3") { $0.result.remaining }]
        var plot = LinePlot(id: "progress", title: "Progress and distance remaining",
                            x: timeAxis, y: RunPage.valueAxis("metres", series.flatMap { $0.points.map({ $0.y }) } + [trace.routeLength], zero: true),
                            series: series, legendColumns: 2, height: 260)
        timeline(&plot, "progress")
        return plot
    }

    var offRoutePlot: LinePlot {
        let series = [line("off-route distance", RunPage.fixColour) { $0.result.offRouteDistance }]
        var plot = LinePlot(id: "off-route", title: "Distance from the route",
                            x: timeAxis, y: RunPage.valueAxis("metres", series[0].points.map({ $0.y }), zero: true),
                            series: series, legendColumns: 2, height: 240)
        timeline(&plot, "off-route")
        plot.underlay = routeEvidenceBands(plot.layout) + plot.underlay
        return plot
    }

    /// Whether any frame had route evidence (``Navigator/RouteEvidence``).
    var hasRouteEvidence: Bool { frames.contains { $0.result.routeEvidence != .disabled } }

    /// The periods the navigator took the user to be on the route (green) and off it
    /// (red), while route evidence was in use.
    func routeEvidenceBands(_ layout: LinePlot.Layout) -> String {
        guard hasRouteEvidence else { return "" }
        let c = Markup.coordinate
        var out = "", start: (time: Double, state: Navigator.RouteEvidence)? = nil
        func close(_ t: Double) {
            guard let s = start, s.state != .disabled else { return }
            let x0 = layout.px(s.time), x1 = layout.px(t)
            let cls = s.state == .on ? "route-on" : "route-off"
            let fill = s.state == .on ? "rgba(40,140,60,0.10)" : "rgba(200,40,40,0.16)"
            out += "<rect class=\"\(cls)\" fill=\"\(fill)\" x=\"\(c(x0))\" y=\"\(c(layout.top))\" width=\"\(c(max(x1 - x0, 1)))\" height=\"\(c(layout.height))\"/>"
        }
        for f in frames where f.result.routeEvidence != start?.state {
            close(f.result.time)
            start = (f.result.time, f.result.routeEvidence)
        }
        close(frames.last?.result.time ?? 0)
        return "<g class=\"route-evidence\">\(out)</g>\n"
    }

    /// The anchor's σ (DRMS) over time and, for a simulation, how far the frame really
    /// puts the camera from where it is.
    var anchorPlot: LinePlot {
        var series = [line("anchor σ (DRMS)", RunPage.deviceColour) { $0.result.anchorSigma }]
        if isSimulation {
            series.append(line("anchor error (truth)", RunPage.fixColour, dash: "6 3") { $0.truth?.anchorError })
        }
        var plot = LinePlot(id: "anchor", title: "Where the frame puts the device: its σ" + (isSimulation ? " and its true error" : ""),
                            x: timeAxis, y: RunPage.valueAxis("metres", series.flatMap { $0.points.map({ $0.y }) }, zero: true),
                            series: series, legendColumns: 2, height: 240)
        timeline(&plot, "anchor")
        return plot
    }

    var truthPlot: LinePlot {
        let series = [line("heading error (°)", RunPage.deviceColour) { $0.truth?.headingError },
                      line("finish placement error (m)", RunPage.fixColour, dash: "6 3") { $0.truth?.finishError }]
        var plot = LinePlot(id: "truth", title: "Against the truth",
                            x: timeAxis, y: RunPage.valueAxis("° / m", series.flatMap { $0.points.map({ $0.y }) }, zero: true),
                            series: series, legendColumns: 2, height: 260)
        timeline(&plot, "truth")
        return plot
    }

    // MARK: Data and page

    /// Every frame's values for the page script, as columns (null where absent).
    var data: String {
        func n(_ v: Double?, _ decimals: Int = 3) -> String {
            guard let v, v.isFinite else { return "null" }
            return Markup.trimmingZeros(Markup.fixed(v, decimals))
        }
        func column(_ name: String, _ value: (RunTrace.Frame) -> String) -> String {
            "\"\(name)\":[" + frames.map(value).joined(separator: ",") + "]"
        }
        var cols = [
            column("t") { n($0.result.time) },
            column("c") { n($0.result.correction) },
            column("s") { n($0.result.correctionSigma) },
            column("st") { "\($0.result.correctionState.rawValue)" },
            column("p") { n($0.result.progress, 2) },
            column("r") { n($0.result.remaining, 2) },
            column("o") { n($0.result.offRouteDistance, 2) },
            column("off") { $0.result.isOffRoute ? "1" : "0" },
            column("de") { n($0.device?.x, 2) }, column("dn") { n($0.device?.y, 2) },
            column("ae") { n($0.anchor?.x, 2) }, column("an") { n($0.anchor?.y, 2) },
            column("ux") { n($0.axisU?.x, 6) }, column("uy") { n($0.axisU?.y, 6) },
            column("vx") { n($0.axisV?.x, 6) }, column("vy") { n($0.axisV?.y, 6) },
            column("ac") { "\($0.result.arrowCount)" },
            column("fa") { n($0.result.firstArrow?.distanceAlong, 2) },
            column("as") { n($0.result.anchorSigma, 2) },
            column("cs") { "\($0.result.correctionSource.rawValue)" },
            column("tk") { "\($0.result.trackingState.rawValue)" },
        ]
        if frames.contains(where: { $0.session != 0 }) { cols.append(column("ss") { "\($0.session)" }) }
        if !trace.readings.isEmpty {
            cols += ["\"rt\":[" + trace.readings.map { n($0.time) }.joined(separator: ",") + "]",
                     "\"ri\":[" + trace.readings.map { n($0.implied, 2) }.joined(separator: ",") + "]",
                     "\"ra\":[" + trace.readings.map { n($0.accuracy, 2) }.joined(separator: ",") + "]"]
        }
        if isSimulation {
            cols += [column("te") { n($0.truth?.position.x, 2) }, column("tn") { n($0.truth?.position.y, 2) },
                     column("he") { n($0.truth?.headingError) }, column("fe") { n($0.truth?.finishError, 2) },
                     column("xe") { n($0.truth?.anchorError, 2) }, column("tc") { n($0.truth?.correction) }]
        }
        let route = "\"route\":[" + trace.route.map { "[\(n($0.x, 3)),\(n($0.y, 3))]" }.joined(separator: ",") + "]"
        return "{" + (cols + [route, "\"spacing\":\(n(trace.arrowSpacing))"]).joined(separator: ",") + "}"
    }

    var lede: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        let head = count(trace.fixes.count, "fix", "fixes") + " and " + count(frames.count, "camera frame", "camera frames")
        guard let last = frames.last?.result else {
            return head + ": this log has no camera frames, so there is no timeline; the top view shows the route and the fixes."
        }
        guard hasTimeline else {
            return head + ": no camera frame came after a fix, so the navigator placed nothing and there is no timeline; "
                + "the top view shows the route and the fixes."
        }
        var s = head
        if !trace.readings.isEmpty { s += ", " + count(trace.readings.count, "compass reading", "compass readings") }
        let resets = trace.tracking.filter { $0.state == .reset }.count, limited = trace.tracking.filter { $0.state == .limited }.count
        if resets > 0 { s += ", " + count(resets, "tracking reset", "tracking resets") }
        if limited > 0 { s += ", " + count(limited, "interval", "intervals") + " of limited tracking" }
        s += " over \(Markup.fixed(last.time - frames[0].result.time, 1)) s, estimator \(trace.estimator). "
        if let c = last.correction {
            s += "Final heading correction \(Markup.fixed(c, 2))°"
            if let sigma = last.correctionSigma { s += " ± \(Markup.fixed(sigma, 2))°" }
            s += " (\(RunPage.stateNames[Int(last.correctionState.rawValue)])"
            if last.correctionSource != .none { s += ", mostly from \(last.correctionSource == .compass ? "the compass" : "the GPS track")" }
            s += ")"
            if let sigma = last.anchorSigma { s += "; anchor σ \(Markup.fixed(sigma, 1)) m" }
        } else {
            s += "No fix before the last frame, so the navigator placed nothing"
        }
        let fixes = trace.outcomes[0], readings = trace.outcomes[1]
        if fixes.reduce(0, +) + readings.reduce(0, +) > 0 {
            // The filter's reasoning, as `replay --explain` logs it row by row.
            s += ". The filter took \(count(fixes[0], "fix", "fixes")) for the heading, \(fixes[1]) for the anchor only, "
                + "rejected \(fixes[2]) beyond its outlier gate" + (fixes[3] > 0 ? " and forced \(fixes[3]) after five rejections" : "")
            if readings.reduce(0, +) > 0 {
                s += "; of the compass readings it used \(readings[0]), rejected \(readings[2]) and skipped \(readings[4])"
            }
        }
        if let truth = frames.last?.truth?.correction ?? trace.trueCorrection, let e = frames.last?.truth?.headingError {
            s += "; the true compass error was \(Markup.compact(truth, 4))°, off by \(Markup.fixed(e, 2))°"
        }
        return s + ". Drag the slider or move over a timeline to see any moment."
    }

    package func html() -> String {
        var figures: [ReportPage.Figure] = []
        let slider = !hasTimeline ? "" : "<label class=\"scrub\">time <input id=\"time\" type=\"range\" min=\"0\" max=\"\(frames.count - 1)\" step=\"1\" value=\"\(frames.count - 1)\"></label>"
        figures.append(.init(id: "fig-map", svg: mapPlot.svg(),
                             caption: "East right, north up, metres from the route's first point, in the navigator's frame after its heading correction. "
                                 + "Fixes with their reported accuracy circles; the device track is each frame's camera carried through that moment's corrected frame; "
                                 + "the anchor history is where the frame put the AR session's origin; the dashed purple line is the whole AR track (of the session then running) carried through the frame of the slider's moment (before the correction it is turned by the compass error); the arrows, filled dot (device) and ring (anchor) are those of the slider's time"
                                 + (hasAnchorSigma ? ", the dashed circle around the device twice the anchor's σ (a DRMS: about 98 % of the frame's errors fall within it)" : "")
                                 + (isSimulation ? "; the dashed ring is where the walker really was." : "."),
                             controls: slider))
        if hasTimeline {
            figures.append(.init(id: "fig-heading", svg: headingPlot.svg(),
                                 caption: "The heading correction the navigator applied (true azimuth = scene azimuth + correction) with its ±1 σ band while applied; "
                                     + "the strip on top: the estimator's state (grey none, amber estimating, green applied)"
                                     + (trace.readings.isEmpty ? "" : "; dots: the correction each compass reading implies on its own (its true heading minus the viewing direction's scene azimuth)")
                                     + (trace.tracking.isEmpty ? "" : "; shaded: limited tracking, dashed red lines: tracking resets (on every timeline)") + "."))
            figures.append(.init(id: "fig-progress", svg: progressPlot.svg(), caption: "Along-route progress (never decreasing) and the distance left to the finish."))
            figures.append(.init(id: "fig-off-route", svg: offRoutePlot.svg(), caption: "Horizontal distance from the route window"
                                     + (hasRouteEvidence ? "; shaded green: the route taken as evidence (the user on it), red: off the route (the evidence off until they rejoin)." : ".")))
            if hasAnchorSigma {
                figures.append(.init(id: "fig-anchor", svg: anchorPlot.svg(),
                                     caption: "The navigator's σ of where its frame puts the device (DRMS, √(σ east² + σ north²))"
                                         + (isSimulation ? "; dashed: the distance from where the frame puts the device to where it really is." : ".")))
            }
            if isSimulation {
                figures.append(.init(id: "fig-truth", svg: truthPlot.svg(),
                                     caption: "Heading error: the correction minus the simulated compass error at that moment. Finish placement error: horizontal distance "
                                         + "between where the navigator draws the finish in the scene and where it really is."))
            }
        }
        return ReportPage(title: title, lede: lede, figures: figures,
                          footer: "Made by waymark \(WaymarkVersion.string) (\(source)). Lines of more than \(RunPage.drawLimit) points are drawn thinned; "
                              + "the read-outs cover every frame.",
                          kind: kind, script: !hasTimeline ? "" : "var RUN = \(data);\n" + RunPage.script, css: RunPage.css).html()
    }

    static let css = """
    label.scrub { display: flex; align-items: center; gap: 8px; margin: 6px 4px 0; font-size: 0.9rem; }
    label.scrub input { flex: 1; min-width: 0; }
    svg.plot[data-timeline] { touch-action: pan-y; cursor: col-resize; }
    """

    /// Wires the slider and the timelines: a moment is a frame index; showing it moves
    /// the cursors, the map's markers and arrows, and writes every figure's read-out.
    static let script = #"""
      var D = RUN, n = D.t.length;
      function num(v, d) {   // never "-0.0"
        if (v === null) return "—";
        var text = v.toFixed(d);
        return Number(text) === 0 ? (0).toFixed(d) : text;
      }
      var map = document.querySelector('svg.plot[data-plot="top-view"]');
      var mm = map.getAttribute("data-map").split(" ").map(Number);
      function X(e) { return mm[0] + mm[1] * e; }
      function Y(v) { return mm[2] + mm[3] * v; }
      var cum = [0];
      for (var k = 1; k < D.route.length; k++) {
        cum.push(cum[k - 1] + Math.hypot(D.route[k][0] - D.route[k - 1][0], D.route[k][1] - D.route[k - 1][1]));
      }
      function along(s) {
        var j = 1;
        while (j < cum.length - 1 && cum[j] < s) j++;
        var a = D.route[j - 1], b = D.route[j], L = cum[j] - cum[j - 1], f = L > 0 ? Math.min(Math.max((s - cum[j - 1]) / L, 0), 1) : 0;
        return [a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), Math.atan2(b[0] - a[0], b[1] - a[1])];
      }
      var arrows = map.querySelector("g.arrows"), sceneTrack = map.querySelector("g.scene-track");
      function place(sel, e, v) {
        var el = map.querySelector(sel);
        if (!el) return;
        if (e === null || v === null || e === undefined) { el.setAttribute("visibility", "hidden"); return; }
        el.setAttribute("visibility", "visible");
        el.setAttribute("cx", X(e).toFixed(2)); el.setAttribute("cy", Y(v).toFixed(2));
      }
      var states = ["none", "estimating", "applied"];
      var sources = ["", ", mostly from the compass", ", mostly from the GPS track"];
      var trackingNames = ["", "; tracking limited", ""];
      function lastReading(t) {   // the index of the latest compass reading at or before t, or −1
        if (!D.rt) return -1;
        var lo = 0, hi = D.rt.length;
        while (lo < hi) { var mid = (lo + hi) >> 1; if (D.rt[mid] <= t) lo = mid + 1; else hi = mid; }
        return lo - 1;
      }
      var timelines = Array.prototype.slice.call(document.querySelectorAll("svg.plot[data-timeline]"));
      var slider = document.getElementById("time");
      function say(svg, text) {
        var out = svg.closest("figure").querySelector("output.readout");
        if (out) out.textContent = text;
      }
      function show(i) {
        i = Math.max(0, Math.min(n - 1, i));
        if (slider && Number(slider.value) !== i) slider.value = String(i);
        var t = D.t[i], head = "t = " + t.toFixed(1) + " s: ";
        var shapes = "";
        if (D.fa[i] !== null) {
          for (var k = 0; k < D.ac[i]; k++) {
            var p = along(D.fa[i] + k * D.spacing), x = X(p[0]), y = Y(p[1]), a = p[2];
            var s = Math.sin(a), c = Math.cos(a);
            // A small chevron pointing along the route (y up on the map: north = −y).
            var tip = [x + 7 * s, y - 7 * c], l = [x - 5 * c - 4 * s, y - 5 * s + 4 * c], r = [x + 5 * c - 4 * s, y + 5 * s + 4 * c];
            shapes += '<path d="M' + tip.map(function (q) { return q.toFixed(1); }).join(" ") + "L" + l.map(function (q) { return q.toFixed(1); }).join(" ") +
              "L" + r.map(function (q) { return q.toFixed(1); }).join(" ") + 'Z"/>';
          }
        }
        arrows.innerHTML = shapes;
        if (D.ux[i] !== null) {
          // The scene's ground plane → east/north (this moment's frame) → the map's pixels.
          var k = mm[1], q = mm[3];
          sceneTrack.setAttribute("transform", "matrix(" + [k * D.ux[i], q * D.uy[i], k * D.vx[i], q * D.vy[i], X(D.ae[i]), Y(D.an[i])]
            .map(function (v) { return v.toFixed(5); }).join(" ") + ")");
          sceneTrack.setAttribute("visibility", "visible");
          if (D.ss) {
            var paths = sceneTrack.querySelectorAll("path");
            for (var k2 = 0; k2 < paths.length; k2++) paths[k2].setAttribute("visibility", Number(paths[k2].getAttribute("data-session")) === D.ss[i] ? "visible" : "hidden");
          }
        } else sceneTrack.setAttribute("visibility", "hidden");
        place(".device-now", D.de[i], D.dn[i]);
        place(".anchor-now", D.ae[i], D.an[i]);
        var ring = map.querySelector(".anchor-sigma-now");
        if (ring) {
          place(".anchor-sigma-now", D.as[i] === null ? null : D.de[i], D.dn[i]);
          if (D.as[i] !== null) ring.setAttribute("r", Math.max(2 * D.as[i] * mm[1], 0.5).toFixed(2));
        }
        if (D.te) place(".truth-now", D.te[i], D.tn[i]);
        var where = D.de[i] === null ? "no fix yet, nothing placed" :
          "device at " + num(D.de[i], 1) + " m east, " + num(D.dn[i], 1) + " m north; " + D.ac[i] + " arrows" +
          (D.fa[i] === null ? "" : " from " + num(D.fa[i], 1) + " m along") + "; anchor at " + num(D.ae[i], 1) + ", " + num(D.an[i], 1) + " m" +
          (D.te ? "; truly at " + num(D.te[i], 1) + ", " + num(D.tn[i], 1) + " m" : "");
        say(map, head + where);
        for (var j = 0; j < timelines.length; j++) {
          var svg = timelines[j], m = svg.getAttribute("data-map").split(" ").map(Number), cx = (m[0] + m[1] * t).toFixed(2);
          var cur = svg.querySelector("line.cursor");
          cur.setAttribute("x1", cx); cur.setAttribute("x2", cx);
          var kind = svg.getAttribute("data-timeline"), text;
          if (kind === "heading") {
            text = D.c[i] === null ? "no correction yet (" + states[D.st[i]] + ")" :
              D.st[i] === 2 ? "correction " + num(D.c[i], 2) + "°" + (D.s[i] === null ? "" : " ± " + num(D.s[i], 2) + "°") + " (applied" + sources[D.cs[i]] + ")" :
              "correction " + num(D.c[i], 2) + "° (" + states[D.st[i]] + (D.s[i] === null ? "" : "; the latest estimate's σ " + num(D.s[i], 2) + "°") + ")";
            var r = lastReading(t);
            if (r >= 0) text += "; compass at " + num(D.rt[r], 1) + " s: " + num(D.ri[r], 1) + "° ± " + num(D.ra[r], 1) + "°";
            if (D.tc) text += "; truly " + num(D.tc[i], 2) + "°";
            text += trackingNames[D.tk[i]];
          }
          else if (kind === "progress") text = "progress " + num(D.p[i], 1) + " m, remaining " + num(D.r[i], 1) + " m";
          else if (kind === "off-route") text = num(D.o[i], 1) + " m from the route" + (D.off[i] ? " (off route)" : "");
          else if (kind === "anchor") text = "anchor σ " + num(D.as[i], 2) + " m" + (D.xe ? "; truly " + num(D.xe[i], 2) + " m off" : "") + trackingNames[D.tk[i]];
          else text = "heading error " + num(D.he[i], 2) + "°, finish drawn " + num(D.fe[i], 2) + " m from where it is";
          say(svg, head + text);
        }
      }
      function nearest(t) {
        var lo = 0, hi = n - 1;
        while (lo < hi) { var mid = (lo + hi) >> 1; if (D.t[mid] < t) lo = mid + 1; else hi = mid; }
        return lo > 0 && t - D.t[lo - 1] < D.t[lo] - t ? lo - 1 : lo;
      }
      timelines.forEach(function (svg) {
        function scrub(event) {
          var ctm = svg.getScreenCTM();
          if (!ctm) return;
          var p = svg.createSVGPoint();
          p.x = event.clientX; p.y = event.clientY;
          p = p.matrixTransform(ctm.inverse());
          var m = svg.getAttribute("data-map").split(" ").map(Number);
          show(nearest((p.x - m[0]) / m[1]));
        }
        svg.addEventListener("pointermove", scrub);
        svg.addEventListener("pointerdown", scrub);
      });
      if (slider) slider.addEventListener("input", function () { show(Number(slider.value)); });
      // A moment in the address (report.html#t=120) opens the page there; else the last frame.
      var wanted = /(?:^#|&)t=([0-9.]+)/.exec(location.hash);
      show(wanted ? nearest(Number(wanted[1])) : n - 1);
    """#
}

import CWaymarkMath

/// One axis of a plot: its range in data units, linear or base-10 logarithmic, labelled
/// ticks.
package struct PlotAxis {
    package var label: String
    package var range: ClosedRange<Double>
    package var logarithmic = false
    /// Labelled ticks (with grid lines); default: decades for a log axis, 1-2-5 steps otherwise.
    package var ticks: [Double]? = nil
    package var tickLabel: (Double) -> String = { Markup.significant($0, 3) }

    package init(label: String, range: ClosedRange<Double>, logarithmic: Bool = false, ticks: [Double]? = nil,
                 tickLabel: @escaping (Double) -> String = { Markup.significant($0, 3) }) {
        self.label = label; self.range = range; self.logarithmic = logarithmic; self.ticks = ticks; self.tickLabel = tickLabel
    }

    /// This axis with a range it can draw: a single value (one fix, a flat line) or a
    /// non-finite or non-positive log range is widened rather than divided by zero.
    package var drawable: PlotAxis {
        var axis = self
        var lo = range.lowerBound, hi = range.upperBound
        if logarithmic {
            if !(lo > 0 && lo.isFinite) { lo = 1 }
            if !(hi > lo && hi.isFinite) { hi = lo * 10 }
        } else {
            if !lo.isFinite || !hi.isFinite { lo = 0; hi = 1 }
            if hi <= lo { let pad = max(abs(lo) * 0.5, 1); lo -= pad; hi += pad }
        }
        axis.range = lo...hi
        return axis
    }

    /// Where `value` falls on the axis, 0 at the range's start and 1 at its end.
    package func fraction(_ value: Double) -> Double {
        if logarithmic { return (log10(value) - log10(range.lowerBound)) / (log10(range.upperBound) - log10(range.lowerBound)) }
        return (value - range.lowerBound) / (range.upperBound - range.lowerBound)
    }

    package var majorTicks: [Double] {
        if let ticks { return ticks.filter { range.contains($0) } }
        if logarithmic {
            let lo = Int(ceil(log10(range.lowerBound) - 1e-9)), hi = Int(floor(log10(range.upperBound) + 1e-9))
            return lo <= hi ? (lo...hi).map { pow(10, Double($0)) } : []
        }
        let step = PlotAxis.niceStep(range.upperBound - range.lowerBound, count: 6)
        var t = ceil(range.lowerBound / step - 1e-9) * step
        var result: [Double] = []
        while t <= range.upperBound + step * 1e-9 { result.append(abs(t) < step * 1e-9 ? 0 : t); t += step }
        return result
    }

    /// Unlabelled ticks of a log axis: 2…9 times each decade.
    package var minorTicks: [Double] {
        guard logarithmic else { return [] }
        let lo = Int(floor(log10(range.lowerBound))), hi = Int(ceil(log10(range.upperBound)))
        return (lo...hi).flatMap { d in (2...9).map { Double($0) * pow(10, Double(d)) } }.filter { range.contains($0) }
    }

    /// A 1-2-5 step giving about `count` intervals over `span`.
    package static func niceStep(_ span: Double, count: Int) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / Double(count), decade = pow(10, floor(log10(raw)))
        for m in [1.0, 2, 5, 10] where m * decade >= raw { return m * decade }
        return 10 * decade
    }

    /// The smallest decade range holding every positive value of `values`.
    package static func decades(covering values: [Double]) -> ClosedRange<Double> {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let lo = positive.min(), let hi = positive.max() else { return 1...10 }
        let a = pow(10, floor(log10(lo))), b = pow(10, ceil(log10(hi)))
        return a < b ? a...b : a...(a * 10)
    }
}

/// A named line of data points, each with the text shown when it is hovered.
package struct PlotSeries {
    package var name: String
    package var colour: String
    /// SVG `stroke-dasharray`, nil for a solid line.
    package var dash: String? = nil
    package var points: [SIMD2<Double>]
    /// One per point (the page's hover read-out; `<title>` in a standalone SVG).
    package var readouts: [String]
    package var markerRadius = 2.5
    package var lineWidth = 1.8
    /// False: the line only, no `circle.pt` (`data-count` 0), for long series whose
    /// read-outs the page's own script gives (a timeline cursor).
    package var markers = true
    /// How many data values the drawn line stands for, on `data-points` (a thinned
    /// drawing of a long series says how long the series is); nil: not written.
    package var dataPoints: Int? = nil

    package init(name: String, colour: String, dash: String? = nil, points: [SIMD2<Double>], readouts: [String],
                 markerRadius: Double = 2.5, lineWidth: Double = 1.8, markers: Bool = true, dataPoints: Int? = nil) {
        self.name = name; self.colour = colour; self.dash = dash; self.points = points; self.readouts = readouts
        self.markerRadius = markerRadius; self.lineWidth = lineWidth; self.markers = markers; self.dataPoints = dataPoints
    }
}

/// A legend row: a short line in a colour and dash, and its text.
package struct LegendEntry {
    package var label: String
    package var colour: String
    package var dash: String? = nil

    package init(label: String, colour: String, dash: String? = nil) { self.label = label; self.colour = colour; self.dash = dash }
}

/// A faint reference line in data coordinates (e.g. "error = 1 % of distance").
package struct PlotGuide {
    package var label: String
    package var points: [SIMD2<Double>]

    package init(label: String, points: [SIMD2<Double>]) { self.label = label; self.points = points }
}

/// A word at a data point (a route's start, a finish), with a small ring around the point.
package struct PlotLabel {
    package var text: String
    package var at: SIMD2<Double>
    /// Offset of the text from the point, in user units (SVG y down).
    package var offset = SIMD2<Double>(6, -6)
    package var anchor = "start"

    package init(text: String, at: SIMD2<Double>, offset: SIMD2<Double> = SIMD2(6, -6), anchor: String = "start") {
        self.text = text; self.at = at; self.offset = offset; self.anchor = anchor
    }
}

/// A line plot as SVG: axes with ticks, labels and grid, one `<path>` per series plus a
/// marker per point, guides and a legend, sized by its viewBox so CSS can scale it.
///
/// The DOM it produces is a contract the browser tests and the pages' script read:
/// `svg.plot[data-plot=ID]` holds one `g.series[data-series=NAME][data-count=N]` per
/// series, each with one `path.line` and N `circle.pt[data-readout]`.
package struct LinePlot {
    package var id: String
    package var title: String
    package var x: PlotAxis
    package var y: PlotAxis
    package var series: [PlotSeries]
    package var guides: [PlotGuide] = []
    package var labels: [PlotLabel] = []
    /// Nil: one entry per series.
    package var legend: [LegendEntry]? = nil
    package var legendColumns = 3
    package var width = 560.0
    package var height = 340.0
    /// Same metres per unit on both axes (a map): the ranges are widened to fit the frame.
    package var equalScale = false
    /// Trusted SVG drawn under the series and over them (inside the frame's clip), in
    /// the user units of `layout`; extra attributes for the `<svg>` element.
    package var underlay = "", overlay = "", attributes = ""

    package init(id: String, title: String, x: PlotAxis, y: PlotAxis, series: [PlotSeries], guides: [PlotGuide] = [],
                 labels: [PlotLabel] = [], legend: [LegendEntry]? = nil, legendColumns: Int = 3, width: Double = 560,
                 height: Double = 340, equalScale: Bool = false) {
        self.id = id; self.title = title; self.x = x; self.y = y; self.series = series; self.guides = guides; self.labels = labels
        self.legend = legend; self.legendColumns = legendColumns; self.width = width; self.height = height; self.equalScale = equalScale
    }

    /// Where the frame sits and the axes as drawn (widened to be drawable, equal-scaled
    /// for a map): what `underlay` and `overlay` are placed with.
    package struct Layout {
        package var x: PlotAxis, y: PlotAxis
        package var left: Double, top: Double, width: Double, height: Double
        package func px(_ v: Double) -> Double { left + x.fraction(v) * width }
        package func py(_ v: Double) -> Double { top + (1 - y.fraction(v)) * height }
        /// `a b c d` with x = a + b·value and y = c + d·value, for a page script (linear axes only).
        package var linearMap: String {
            let bx = width / (x.range.upperBound - x.range.lowerBound), by = -height / (y.range.upperBound - y.range.lowerBound)
            return [left - bx * x.range.lowerBound, bx, top + height - by * y.range.lowerBound, by]
                .map { Markup.significant($0, 10) }.joined(separator: " ")
        }
    }

    package var layout: Layout {
        var x = self.x.drawable, y = self.y.drawable
        let m = LinePlot.margin
        let plotW = width - m.left - m.right, plotH = height - m.top - m.bottom
        if equalScale && !x.logarithmic && !y.logarithmic {
            let unitsPerPixel = max((x.range.upperBound - x.range.lowerBound) / plotW, (y.range.upperBound - y.range.lowerBound) / plotH)
            let cx = (x.range.lowerBound + x.range.upperBound) / 2, cy = (y.range.lowerBound + y.range.upperBound) / 2
            x.range = (cx - unitsPerPixel * plotW / 2)...(cx + unitsPerPixel * plotW / 2)
            y.range = (cy - unitsPerPixel * plotH / 2)...(cy + unitsPerPixel * plotH / 2)
        }
        return Layout(x: x, y: y, left: m.left, top: m.top, width: plotW, height: plotH)
    }

    package static let margin = (left: 58.0, right: 26.0, top: 30.0, bottom: 46.0)
    package static let legendRowHeight = 19.0

    package var legendEntries: [LegendEntry] { legend ?? series.map { LegendEntry(label: $0.name, colour: $0.colour, dash: $0.dash) } }

    /// The drawing's height with the legend rows under the frame (the viewBox's height).
    package var totalHeight: Double {
        let rows = (legendEntries.count + legendColumns - 1) / legendColumns
        return height + Double(rows) * LinePlot.legendRowHeight + 6
    }

    /// The SVG element. `standalone`: with the XML namespace and `<title>` tooltips,
    /// for a file of its own; otherwise for inlining in HTML (read-outs via script).
    package func svg(standalone: Bool = false) -> String {
        let layout = self.layout
        let x = layout.x, y = layout.y
        let m = LinePlot.margin
        let plotW = layout.width, plotH = layout.height
        func px(_ v: Double) -> Double { m.left + x.fraction(v) * plotW }
        func py(_ v: Double) -> Double { m.top + (1 - y.fraction(v)) * plotH }
        let c = Markup.coordinate
        let legendEntries = self.legendEntries
        let clip = "clip-\(id)"

        var s = "<svg class=\"plot\" data-plot=\"\(Markup.escape(id))\""
        if standalone { s += " xmlns=\"http://www.w3.org/2000/svg\"" }
        if !attributes.isEmpty { s += " " + attributes }
        s += " viewBox=\"0 0 \(c(width)) \(c(totalHeight))\" role=\"img\" aria-label=\"\(Markup.escape(title))\""
        s += " font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif\" font-size=\"13\">\n"
        s += "<title>\(Markup.escape(title))</title>\n"
        s += "<defs><clipPath id=\"\(clip)\"><rect x=\"\(c(m.left))\" y=\"\(c(m.top))\" width=\"\(c(plotW))\" height=\"\(c(plotH))\"/></clipPath></defs>\n"
        s += "<rect class=\"frame\" x=\"\(c(m.left))\" y=\"\(c(m.top))\" width=\"\(c(plotW))\" height=\"\(c(plotH))\" fill=\"#fff\" stroke=\"#888\"/>\n"
        s += "<text class=\"plot-title\" x=\"\(c(m.left))\" y=\"19\" font-size=\"14\" font-weight=\"600\" fill=\"#222\">\(Markup.escape(title))</text>\n"

        // Grid and ticks.
        s += "<g class=\"axes\" stroke=\"#e3e3e3\" stroke-width=\"1\">\n"
        for t in x.minorTicks { s += "<line x1=\"\(c(px(t)))\" x2=\"\(c(px(t)))\" y1=\"\(c(m.top))\" y2=\"\(c(m.top + plotH))\" stroke=\"#f2f2f2\"/>" }
        for t in y.minorTicks { s += "<line x1=\"\(c(m.left))\" x2=\"\(c(m.left + plotW))\" y1=\"\(c(py(t)))\" y2=\"\(c(py(t)))\" stroke=\"#f2f2f2\"/>" }
        for t in x.majorTicks { s += "<line x1=\"\(c(px(t)))\" x2=\"\(c(px(t)))\" y1=\"\(c(m.top))\" y2=\"\(c(m.top + plotH + 4))\"/>" }
        for t in y.majorTicks { s += "<line x1=\"\(c(m.left - 4))\" x2=\"\(c(m.left + plotW))\" y1=\"\(c(py(t)))\" y2=\"\(c(py(t)))\"/>" }
        s += "\n</g>\n<g class=\"tick-labels\" fill=\"#444\" font-size=\"12\">\n"
        for t in x.majorTicks { s += "<text x=\"\(c(px(t)))\" y=\"\(c(m.top + plotH + 16))\" text-anchor=\"middle\">\(Markup.escape(x.tickLabel(t)))</text>" }
        for t in y.majorTicks { s += "<text x=\"\(c(m.left - 7))\" y=\"\(c(py(t) + 4))\" text-anchor=\"end\">\(Markup.escape(y.tickLabel(t)))</text>" }
        s += "\n</g>\n"
        s += "<text class=\"axis-label\" x=\"\(c(m.left + plotW / 2))\" y=\"\(c(m.top + plotH + 38))\" text-anchor=\"middle\" fill=\"#222\">\(Markup.escape(x.label))</text>\n"
        s += "<text class=\"axis-label\" transform=\"translate(13 \(c(m.top + plotH / 2))) rotate(-90)\" text-anchor=\"middle\" fill=\"#222\">\(Markup.escape(y.label))</text>\n"

        // Guides, then series, clipped to the frame.
        s += "<g clip-path=\"url(#\(clip))\">\n"
        for guide in guides where guide.points.count >= 2 {
            let d = guide.points.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(c(px($0.element.x))) \(c(py($0.element.y)))" }.joined()
            s += "<path class=\"guide\" d=\"\(d)\" fill=\"none\" stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"2 3\"/>"
            if let first = guide.points.first, let second = guide.points.dropFirst().first {
                // The label runs along the guide's first segment, just inside the frame.
                let a = SIMD2(px(first.x), py(first.y)), b = SIMD2(px(second.x), py(second.y))
                var t = 0.0
                if a.x < m.left, b.x != a.x { t = max(t, (m.left - a.x) / (b.x - a.x)) }
                if a.y > m.top + plotH, b.y != a.y { t = max(t, (m.top + plotH - a.y) / (b.y - a.y)) }
                let length = ((b - a) * (b - a)).sum().squareRoot()
                if length > 0 {
                    let start = a + (b - a) * t + (b - a) / length * 24
                    let angle = atan2(b.y - a.y, b.x - a.x) * 180 / Double.pi
                    s += "<text class=\"guide-label\" transform=\"translate(\(c(start.x)) \(c(start.y))) rotate(\(c(angle)))\" dy=\"-4\" fill=\"#777\" font-size=\"11\">\(Markup.escape(guide.label))</text>"
                }
            }
            s += "\n"
        }
        s += underlay
        for series in series {
            func drawable(_ p: SIMD2<Double>) -> Bool {
                p.x.isFinite && p.y.isFinite && (!x.logarithmic || p.x > 0) && (!y.logarithmic || p.y > 0)
            }
            let visible = series.points.filter(drawable)
            let d = visible.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(c(px($0.element.x))) \(c(py($0.element.y)))" }.joined()
            let dash = series.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            s += "<g class=\"series\" data-series=\"\(Markup.escape(series.name))\" data-count=\"\(series.markers ? visible.count : 0)\""
            if let n = series.dataPoints { s += " data-points=\"\(n)\"" }
            s += ">"
            s += "<path class=\"line\" d=\"\(d)\" fill=\"none\" stroke=\"\(series.colour)\" stroke-width=\"\(c(series.lineWidth))\"\(dash) stroke-linejoin=\"round\"/>"
            for (i, p) in series.points.enumerated() where series.markers && drawable(p) {
                let readout = i < series.readouts.count ? series.readouts[i] : ""
                s += "<circle class=\"pt\" cx=\"\(c(px(p.x)))\" cy=\"\(c(py(p.y)))\" r=\"\(c(series.markerRadius))\" fill=\"\(series.colour)\" data-readout=\"\(Markup.escape(readout))\">"
                if standalone { s += "<title>\(Markup.escape(readout))</title>" }
                s += "</circle>"
            }
            s += "</g>\n"
        }
        for label in labels where label.at.x.isFinite && label.at.y.isFinite {
            let p = SIMD2(px(label.at.x), py(label.at.y))
            s += "<g class=\"label\"><circle cx=\"\(c(p.x))\" cy=\"\(c(p.y))\" r=\"5\" fill=\"none\" stroke=\"#222\" stroke-width=\"1.4\"/>"
            s += "<text x=\"\(c(p.x + label.offset.x))\" y=\"\(c(p.y + label.offset.y))\" text-anchor=\"\(label.anchor)\" fill=\"#222\" font-size=\"12\">\(Markup.escape(label.text))</text></g>\n"
        }
        s += overlay
        s += "</g>\n"

        // Legend under the frame.
        s += "<g class=\"legend\" font-size=\"12\" fill=\"#222\">\n"
        let columnWidth = (width - m.left - m.right) / Double(legendColumns)
        for (k, entry) in legendEntries.enumerated() {
            let lx = m.left + Double(k % legendColumns) * columnWidth
            let ly = height + Double(k / legendColumns) * LinePlot.legendRowHeight + 4
            let dash = entry.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
            s += "<g class=\"legend-entry\"><line x1=\"\(c(lx))\" x2=\"\(c(lx + 22))\" y1=\"\(c(ly))\" y2=\"\(c(ly))\" stroke=\"\(entry.colour)\" stroke-width=\"2.2\"\(dash)/>"
            s += "<text x=\"\(c(lx + 28))\" y=\"\(c(ly + 4))\">\(Markup.escape(entry.label))</text></g>\n"
        }
        s += "</g>\n</svg>"
        return s
    }
}

/// Several plots stacked in one standalone SVG file (no script: hovering a point shows
/// its read-out as the viewer's tooltip), with a heading and a note line.
package struct SVGDocument {
    package var title: String
    package var note: String
    package var plots: [LinePlot]

    package init(title: String, note: String, plots: [LinePlot]) { self.title = title; self.note = note; self.plots = plots }

    package func svg() -> String {
        let width = plots.map({ $0.width }).max() ?? 560
        // The note wrapped by words at about 6.2 user units per character of 11-unit text
        // (characters counted as Unicode scalars: Embedded Swift has no grapheme breaking,
        // and the pages' words have no combining marks).
        var lines: [String] = [], current: [UInt8] = [], currentLength = 0
        for word in note.utf8.split(separator: 0x20) {
            let length = String(decoding: word, as: UTF8.self).unicodeScalars.count
            if !current.isEmpty && Double(currentLength + 1 + length) * 6.2 > width - 28 {
                lines.append(String(decoding: current, as: UTF8.self)); current = []; currentLength = 0
            }
            if !current.isEmpty { current.append(0x20); currentLength += 1 }
            current += word
            currentLength += length
        }
        if !current.isEmpty { lines.append(String(decoding: current, as: UTF8.self)) }
        let noteText = lines.enumerated().map { "<tspan x=\"14\" dy=\"\($0.offset == 0 ? 0 : 14)\">\(Markup.escape($0.element))</tspan>" }.joined()
        var y = 34.0 + 14 * Double(lines.count) + 6
        var body = ""
        for plot in plots {
            let inner = plot.svg(standalone: true)
            // A nested <svg> keeps each plot's own viewBox; place it and give it its size.
            let place = "<svg x=\"0\" y=\"\(Markup.coordinate(y))\" width=\"\(Markup.coordinate(plot.width))\" height=\"\(Markup.coordinate(plot.totalHeight))\" "
            body += Markup.replacingFirst("<svg ", in: inner, with: place)
            body += "\n"
            y += plot.totalHeight + 12
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" class="report" viewBox="0 0 \(Markup.coordinate(width)) \(Markup.coordinate(y))" width="\(Markup.coordinate(width))" height="\(Markup.coordinate(y))" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif">
        <title>\(Markup.escape(title))</title>
        <rect width="100%" height="100%" fill="#fff"/>
        <text x="14" y="22" font-size="16" font-weight="600" fill="#222">\(Markup.escape(title))</text>
        <text x="14" y="40" font-size="11" fill="#444">\(noteText)</text>
        \(body)</svg>

        """
    }
}

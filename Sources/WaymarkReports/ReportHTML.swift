/// A self-contained HTML report page: inline CSS, inline SVG figures and a small inline
/// script for hover read-outs. No network, no external files: it opens from disk.
///
/// The script wires every `svg.plot` on the page: moving the pointer (or tapping) picks
/// the nearest `circle.pt` and shows its `data-readout` in the figure's
/// `output.readout`. When done it sets `data-ready` on `<body>` to the number of plots
/// it wired, which the browser tests wait for.
package struct ReportPage {
    package var title: String
    /// One line under the title: what the page shows and how to read it.
    package var lede: String
    package var figures: [Figure]
    /// Small print at the bottom (how the numbers were made).
    package var footer: String
    /// The page's kind, on `<body data-page=…>` (the browser tests select on it).
    package var kind: String
    /// More script for this page (a slider, a timeline cursor), run after the read-outs
    /// are wired and before `data-ready` is set. Trusted text: written by Waymark.
    package var script: String = ""
    /// More CSS for this page's controls; trusted text.
    package var css: String = ""

    /// A figure: an inline SVG with a caption and a read-out line.
    package struct Figure {
        package var id: String
        package var svg: String
        package var caption: String
        /// HTML placed under the drawing (e.g. an `<input type="range">`); trusted text.
        package var controls: String = ""

        package init(id: String, svg: String, caption: String, controls: String = "") {
            self.id = id; self.svg = svg; self.caption = caption; self.controls = controls
        }
    }

    package init(title: String, lede: String, figures: [Figure], footer: String, kind: String, script: String = "", css: String = "") {
        self.title = title; self.lede = lede; self.figures = figures; self.footer = footer; self.kind = kind
        self.script = script; self.css = css
    }

    package func html() -> String {
        var s = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Markup.escape(title))</title>
        <style>
        \(ReportPage.css)\(css.isEmpty ? "" : "\n" + css)
        </style>
        </head>
        <body data-page="\(Markup.escape(kind))">
        <main>
        <h1>\(Markup.escape(title))</h1>
        <p class="lede">\(Markup.escape(lede))</p>

        """
        for figure in figures {
            s += "<figure id=\"\(Markup.escape(figure.id))\">\n\(figure.svg)\n"
            if !figure.controls.isEmpty { s += figure.controls + "\n" }
            s += "<output class=\"readout\" aria-live=\"polite\">Hover or tap a point for its values.</output>\n"
            s += "<figcaption>\(Markup.escape(figure.caption))</figcaption>\n</figure>\n"
        }
        s += "<footer>\(Markup.escape(footer))</footer>\n</main>\n<script>\n\(Markup.replacingFirst("  /*PAGE*/\n", in: ReportPage.script, with: script.isEmpty ? "" : script + "\n"))\n</script>\n</body>\n</html>\n"
        return s
    }

    package static let css = """
    :root { color-scheme: light; -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body { margin: 0; background: #f6f6f4; color: #222;
           font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; }
    main { max-width: 980px; margin: 0 auto; padding: 12px 14px 28px; }
    h1 { font-size: 1.35rem; margin: 0.4rem 0 0.2rem; }
    .lede { margin: 0 0 0.8rem; color: #444; }
    figure { margin: 0 0 18px; padding: 8px; background: #fff; border: 1px solid #ddd; border-radius: 6px; }
    svg.plot { display: block; width: 100%; height: auto; max-width: 940px; margin: 0 auto; touch-action: manipulation; }
    svg.plot circle.pt { cursor: crosshair; }
    svg.plot circle.pt.hot { stroke: #000; stroke-width: 2; }
    output.readout { display: block; min-height: 1.45em; margin: 4px 2px; font-variant-numeric: tabular-nums;
                     font-size: 0.9rem; color: #1a1a1a; }
    figcaption { font-size: 0.85rem; color: #555; margin: 2px; }
    footer { font-size: 0.8rem; color: #666; }
    @media (max-width: 600px) {
      body { font-size: 14px; } main { padding: 8px 6px 20px; } figure { padding: 2px; }
      /* The drawing shrinks to the screen; its words shrink less (CSS beats SVG attributes). */
      svg.plot .tick-labels, svg.plot .axis-label { font-size: 15px; }
      svg.plot .legend { font-size: 14px; }
      svg.plot .plot-title { font-size: 16px; }
      svg.plot .guide-label { font-size: 13px; }
    }
    """

    package static let script = """
    "use strict";
    (function () {
      var plots = document.querySelectorAll("svg.plot");
      function wire(svg) {
        var figure = svg.closest("figure");
        var out = figure ? figure.querySelector("output.readout") : null;
        var points = Array.prototype.slice.call(svg.querySelectorAll("circle.pt"));
        var hot = null;
        function pick(event) {
          var m = svg.getScreenCTM();
          if (!m || points.length === 0) return;
          var p = svg.createSVGPoint();
          p.x = event.clientX; p.y = event.clientY;
          p = p.matrixTransform(m.inverse());
          var best = null, bestD = Infinity;
          for (var i = 0; i < points.length; i++) {
            var c = points[i];
            var dx = c.cx.baseVal.value - p.x, dy = c.cy.baseVal.value - p.y, d = dx * dx + dy * dy;
            if (d <= bestD) { bestD = d; best = c; }   // ties: the one drawn on top
          }
          if (!best || bestD > 40 * 40) return;
          if (hot) hot.classList.remove("hot");
          hot = best;
          hot.classList.add("hot");
          var series = hot.parentNode.getAttribute("data-series") || "";
          if (out) out.textContent = series + ": " + hot.getAttribute("data-readout");
        }
        svg.addEventListener("pointermove", pick);
        svg.addEventListener("pointerdown", pick);
      }
      for (var i = 0; i < plots.length; i++) wire(plots[i]);
      /*PAGE*/
      document.body.setAttribute("data-ready", String(plots.length));
    })();
    """
}

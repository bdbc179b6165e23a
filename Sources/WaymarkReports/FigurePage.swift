/// A page of plots with a caption each, written both ways: as an HTML page (``ReportPage``,
/// the plots inline, hover read-outs) and as one standalone SVG drawing
/// (``SVGDocument``, the same plots in the same order, the lede as its note). The
/// accuracy pages are this; each says only what it shows.
package protocol FigurePage {
    /// The page's heading (the HTML title and the SVG's).
    var title: String { get }
    /// The line under it.
    var lede: String { get }
    /// The small print at the bottom of the HTML page.
    var footer: String { get }
    /// `<body data-page=…>`.
    var kind: String { get }
    /// The figures, in order: id, plot and caption.
    var figures: [(id: String, plot: LinePlot, caption: String)] { get }
}

extension FigurePage {
    /// The HTML page.
    package func html() -> String {
        ReportPage(title: title, lede: lede,
                   figures: figures.map { ReportPage.Figure(id: $0.id, svg: $0.plot.svg(), caption: $0.caption) },
                   footer: footer, kind: kind).html()
    }

    /// The standalone SVG drawing.
    package func svg() -> String {
        SVGDocument(title: title, note: lede, plots: figures.map { $0.plot }).svg()
    }
}

import WaymarkCore

/// How a ``Geoid`` interpolates the 15′ EGM96 grid between its nodes. Both return the
/// node values at nodes; they differ inside the 28 km cells.
public enum GeoidInterpolation: Sendable, BitwiseCopyable {
    /// PROJ's `vgridshift`: bilinear on the four surrounding nodes — PROJ's reference
    /// method, and what `cct +proj=vgridshift +grids=egm96_15.gtx` prints. Against NGA's
    /// own interpolation program at 15′ cell centres it is up to 1.24 m off (RMS 0.055 m),
    /// worst where the geoid bends hardest (Hawaii's Big Island).
    case bilinear
    /// NGA's interpolation of this grid (its INTPT program, H. Denker's window spline with
    /// a 4 × 4 window): a natural cubic spline along each of the four rows of nodes around
    /// the point, then one through the four results. Equal to NGA's program to 0.71 mm at
    /// 15′ cell centres (RMS 0.19 mm), the grid files' millimetre rounding. Needs the grid in memory (4 MB, read once when the ``Geoid`` is
    /// made); per point it is allocation-free. Within a quarter degree of a pole, where
    /// NGA's program stops, the grid is continued across the pole.
    case cubic
}

extension GeoidGrid {
    /// The undulation at a point, by NGA's 4 × 4 window spline (see
    /// ``GeoidInterpolation/cubic``). `latitude` in [−90, 90], `longitude` finite, degrees.
    func cubicUndulation(latitude: Double, longitude: Double) -> Double {
        let y = (latitude - layout.south) / layout.latitudeSpacing
        var row = Int(y.rounded(.down))
        if row > rows - 2 { row = rows - 2 }                     // the north pole: the top of the last cell
        if row < 0 { row = 0 }
        let ty = y - Double(row)
        let turns = Double(columns)
        var x = (longitude - layout.west) / layout.longitudeSpacing
        x -= (x / turns).rounded(.down) * turns                  // [0, columns]
        var column = Int(x.rounded(.down))
        let tx = x - Double(column)
        if column >= columns { column -= columns }
        var along = SIMD4<Double>()
        for k in 0..<4 {
            let r = row - 1 + k
            along[k] = Self.naturalSpline(node(row: r, column: column - 1), node(row: r, column: column),
                                          node(row: r, column: column + 1), node(row: r, column: column + 2), at: tx)
        }
        return Self.naturalSpline(along[0], along[1], along[2], along[3], at: ty)
    }

    /// The natural ("free end") cubic spline through four equally spaced values y0…y3,
    /// evaluated between y1 (t = 0) and y2 (t = 1). Its end moments are zero, so the two
    /// inner ones solve 2·r1 + r2/2 = 3·Δ²y1, r1/2 + 2·r2 = 3·Δ²y2 (Stoer's equidistant form,
    /// the one NGA's program uses).
    @inline(__always)
    static func naturalSpline(_ y0: Double, _ y1: Double, _ y2: Double, _ y3: Double, at t: Double) -> Double {
        let d1 = 3 * (y2 - 2 * y1 + y0)
        let d2 = 3 * (y3 - 2 * y2 + y1)
        let r2 = (d2 - d1 / 4) / 1.875
        let r1 = (d1 - r2 / 2) / 2
        return y1 + t * ((y2 - y1 - r1 / 3 - r2 / 6) + t * (r1 / 2 + t * (r2 - r1) / 6))
    }
}

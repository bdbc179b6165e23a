import CWaymarkMath
import WaymarkCore

/// The Kalman update every measurement shares: each cell's prediction in the scratch,
/// the bank's moment-matched NIS, and the commit.
extension NavigationFilter {
    /// Fills the scratch for a measurement of one or two values (`dims`) that is linear —
    /// or linearised at each cell's mean — in the cell's state: `measure(k, x)` gives cell
    /// k's innovation y (measured − predicted) and the rows h0, h1 of its H (h1 and y.y
    /// unused when `dims` is 1), `noise(k)` its white R = [[r00, r01], [r01, r11]]
    /// (called for the cells in order). Per cell: y, S = H P Hᵀ + R, the log-likelihood,
    /// and PHᵀ. Returns the NIS of the bank's moment-matched prediction and its mean
    /// innovation (NaN NIS when it cannot be formed).
    @inline(__always)
    mutating func predict(dims: Int, noise: (Int) -> (Double, Double, Double),
                                  _ measure: (Int, UnsafeBufferPointer<Double>) -> (y: SIMD2<Double>, h0: Lanes, h1: Lanes))
        -> (nis: Double, innovation: SIMD2<Double>) {
        let n = Self.n, nn = Self.nn, cells = live, stride = Self.scratchStride
        mean.withUnsafeBufferPointer { x in cov.withUnsafeBufferPointer { p in scratch.withUnsafeMutableBufferPointer { sc in
        logWeight.withUnsafeBufferPointer { lw in
            for k in 0..<cells {
                let xb = k * n, b = k * nn, e = k * stride
                // Called for every cell, in order (it may cache per GPS model).
                let (r00, r01, r11) = noise(k)
                if lw[k] <= Self.deadLogWeight { sc[e + 5] = -.infinity; continue }
                let (y, h0, h1) = measure(k, UnsafeBufferPointer(rebasing: x[xb..<(xb + n)]))
                var ph0 = Lanes(), ph1 = Lanes()
                // H has a few non-zero lanes: only those columns of P count.
                var used: UInt32 = 0
                for j in 0..<n where h0[j] != 0 || h1[j] != 0 { used |= 1 << UInt32(j) }
                for i in 0..<n {
                    var u = 0.0, v = 0.0, lanes = used
                    while lanes != 0 {
                        let j = lanes.trailingZeroBitCount
                        lanes &= lanes - 1
                        let pij = p[b + i * n + j]
                        u += pij * h0[j]; v += pij * h1[j]
                    }
                    ph0[i] = u; ph1[i] = v
                }
                var s00 = r00, s01 = r01, s11 = r11, y1 = y.y
                for i in 0..<n { s00 += h0[i] * ph0[i]; s01 += h0[i] * ph1[i]; s11 += h1[i] * ph1[i] }
                if dims == 1 { s01 = 0; s11 = 1; y1 = 0; ph1 = Lanes() }
                let det = s00 * s11 - s01 * s01
                let q = (s11 * y.x * y.x - 2 * s01 * y.x * y1 + s00 * y1 * y1) / det
                sc[e] = y.x; sc[e + 1] = y1
                sc[e + 2] = s00; sc[e + 3] = s01; sc[e + 4] = s11
                sc[e + 5] = det > 0 && q.isFinite ? -0.5 * (q + log(det)) : -.infinity
                for i in 0..<n { sc[e + 6 + i] = ph0[i]; sc[e + 6 + n + i] = ph1[i] }
            }
        } } } }
        return mixtureNIS(dims: dims)
    }

    /// The NIS of the moment-matched prediction of the cells in use, or of those that
    /// follow GPS model `model` (their weights renormalised; each cell's S and the spread of its prediction) from the scratch
    /// ``predict(dims:noise:_:)`` filled, and its mean innovation (NaN NIS when it cannot be
    /// formed).
    func mixtureNIS(model: Int? = nil, dims: Int) -> (nis: Double, innovation: SIMD2<Double>) {
        let stride = Self.scratchStride
        var total = 0.0, my = SIMD2<Double>()
        for k in 0..<live where model == nil || cellModel[k] == model { total += weight[k]; my += weight[k] * SIMD2(scratch[k * stride], scratch[k * stride + 1]) }
        guard total > 0 else { return (.nan, my) }
        my /= total
        var m00 = 0.0, m01 = 0.0, m11 = 0.0
        for k in 0..<live where model == nil || cellModel[k] == model {
            let e = k * stride
            let dx = scratch[e] - my.x, dy = scratch[e + 1] - my.y
            m00 += weight[k] * (scratch[e + 2] + dx * dx)
            m01 += weight[k] * (scratch[e + 3] + dx * dy)
            m11 += weight[k] * (scratch[e + 4] + dy * dy)
        }
        m00 /= total; m01 /= total; m11 /= total
        if dims == 1 {
            return (m00 > 0 ? my.x * my.x / m00 : .nan, my)
        }
        let det = m00 * m11 - m01 * m01
        let nis = det > 0 ? (m11 * my.x * my.x - 2 * m01 * my.x * my.y + m00 * my.y * my.y) / det : .nan
        return (nis, my)
    }

    /// Scratch entries per cell: y (2), S (3), the log-likelihood, PHᵀ (2 × ``n``).
    static let scratchStride = 6 + 2 * n

    /// The Kalman update of every cell from the scratch ``predict(dims:noise:_:)`` filled
    /// (P by the general Joseph form, right for the Schmidt gain too). `schmidt`: the
    /// heading and the errors that move with it (c, m, vx, vy) keep their values and the
    /// cells their weights — a measurement that must not turn the world; else the weights
    /// take each cell's likelihood. Returns false, changing nothing, when any result would
    /// not be finite or no cell could take it.
    mutating func commit(schmidt: Bool) -> Bool {
        let n = Self.n, nn = Self.nn, cells = live, stride = Self.scratchStride
        var finite = true, usable = 0
        // Raw buffers: the loops run per cell on every measurement.
        mean.withUnsafeBufferPointer { x in cov.withUnsafeBufferPointer { p in scratch.withUnsafeBufferPointer { sc in
        logWeight.withUnsafeBufferPointer { lw in nextMean.withUnsafeMutableBufferPointer { nx in
        nextCov.withUnsafeMutableBufferPointer { np in nextLog.withUnsafeMutableBufferPointer { nl in
            for k in 0..<cells {
                let xb = k * n, b = k * nn, e = k * stride
                // A dead cell stays dead: its stale state is not carried over (nothing reads it).
                if lw[k] <= Self.deadLogWeight { nl[k] = -.infinity; continue }
                let y0 = sc[e], y1 = sc[e + 1]
                let s00 = sc[e + 2], s01 = sc[e + 3], s11 = sc[e + 4]
                let det = s00 * s11 - s01 * s01
                guard det > 0 else {
                    // This cell cannot take the measurement (a degenerate covariance): it
                    // keeps its state and drops out of the weights; the others go on.
                    for i in 0..<n { nx[xb + i] = x[xb + i] }
                    for i in 0..<nn { np[b + i] = p[b + i] }
                    nl[k] = -.infinity
                    continue
                }
                usable += 1
                let i00 = s11 / det, i01 = -s01 / det, i11 = s00 / det
                var ph0 = Lanes(), ph1 = Lanes()
                for i in 0..<n { ph0[i] = sc[e + 6 + i]; ph1[i] = sc[e + 6 + n + i] }
                var k0 = ph0 * i00 + ph1 * i01, k1 = ph0 * i01 + ph1 * i11
                if schmidt {
                    k0[Self.c] = 0; k1[Self.c] = 0; k0[Self.m] = 0; k1[Self.m] = 0
                    k0[Self.vx] = 0; k1[Self.vx] = 0; k0[Self.vy] = 0; k1[Self.vy] = 0
                }
                for i in 0..<n {
                    let v = x[xb + i] + k0[i] * y0 + k1[i] * y1
                    nx[xb + i] = v
                    if !v.isFinite { finite = false }
                }
                if schmidt {
                    // The general Joseph form (the gain is not the optimal one): S·Kᵀ once
                    // per column, (S K)ᵢ = (s00 k0 + s01 k1, s01 k0 + s11 k1).
                    let sk0 = s00 * k0 + s01 * k1, sk1 = s01 * k0 + s11 * k1
                    for i in 0..<n {
                        for j in i..<n {
                            let v = p[b + i * n + j] - (k0[i] * ph0[j] + k1[i] * ph1[j]) - (ph0[i] * k0[j] + ph1[i] * k1[j])
                                + k0[i] * sk0[j] + k1[i] * sk1[j]
                            np[b + i * n + j] = v
                            np[b + j * n + i] = v
                            if !v.isFinite { finite = false }
                        }
                    }
                } else {
                    // The optimal gain: P − K (PHᵀ)ᵀ, the Joseph form's value at a third of its
                    // cost (read from the scratch: a SIMD lane picked by a variable index is slow).
                    let h = e + 6
                    for i in 0..<n {
                        let a0 = sc[h + i], a1 = sc[h + n + i]
                        let ki0 = a0 * i00 + a1 * i01, ki1 = a0 * i01 + a1 * i11
                        for j in i..<n {
                            let v = p[b + i * n + j] - (ki0 * sc[h + j] + ki1 * sc[h + n + j])
                            np[b + i * n + j] = v
                            np[b + j * n + i] = v
                            if !v.isFinite { finite = false }
                        }
                    }
                }
                nl[k] = lw[k] + (schmidt ? 0 : sc[e + 5])
            }
        } } } } } } }
        guard finite, usable > 0 else { return false }
        swap(&mean, &nextMean)
        swap(&cov, &nextCov)
        swap(&logWeight, &nextLog)
        refresh()
        if live > count { pruneSides() }
        return true
    }
}

import CWaymarkMath

/// China's GCJ-02 ("Mars coordinates") and Baidu's BD-09, converted exactly.
///
/// Forward (WGS-84 → GCJ-02) is the public algorithm leaked from the official one (the
/// EMQ/on4wp7 code; equations 1–7 of "AR Navigation Application based on iOS Platform"): Krasovsky a = 6 378 245 m,
/// ee = 0.00669342162296594323, x = lon − 105, y = lat − 35. It reproduces the
/// eviltransform, coordTransform and hutool test vectors to the last bit. Real map
/// services add noise to it: that paper's Table III values, read from Amap, lie
/// 0.3–5.3 m from the formula.
///
/// The inverse (GCJ-02 → WGS-84) has no closed form. ``wgs84(fromGCJ02:region:)``
/// solves it by Newton's method with the offset's exact Jacobian (two offset
/// evaluations for nearly every point, below 1 µm); the
/// apps' one-step approximation `w = g − Δ(g)` is kept as
/// ``approximateWGS84(fromGCJ02:region:)`` and errs by up to about 5 m.
///
/// BD-09 is GCJ-02 in a slightly rotated and scaled polar form with x_pi = π·3000/180;
/// its inverse is a fixed-point iteration from the one-step estimate, to a residual
/// below 1e-12°.
///
/// Heights are not changed. Outside the region (``ChinaRegion``) every conversion is
/// the identity.
public enum ChinaDatum {
    @usableFromInline static let a = 6_378_245.0
    @usableFromInline static let ee = 0.00669342162296594323
    @usableFromInline static let xPi = Double.pi * 3000 / 180
    /// The most steps either exact inverse takes (Newton for GCJ-02, whose typical
    /// point needs 2; fixed-point for BD-09, whose shift has a slope of about 1e-3, so
    /// each step gains about three digits). The measured worst cases are in the README.
    public static let inverseIterations = 8
    /// Convergence threshold of the inverses, degrees of residual (≈ 0.1 µm).
    public static let inverseTolerance = 1e-12

    /// The GCJ-02 offset (Δlat, Δlon) in degrees at WGS-84 (lat, lon); no region test.
    @inlinable @inline(__always)
    static func offset(latitude lat: Double, longitude lon: Double) -> (lat: Double, lon: Double) {
        let t = offsetTerms(latitude: lat, longitude: lon)
        return (t.dLat, t.dLon)
    }

    /// The formula's two sums T_lat, T_lon ("metres" before the scale factors) from
    /// its sines in the three groups of ``OffsetAngles``; shared by the forward's and the
    /// solver's evaluations, in the published order of operations.
    @inlinable @inline(__always)
    static func formulaSums(x: Double, y: Double, sqrtAbsX: Double,
                            sa: SIMD4<Double>, sb: SIMD4<Double>, sc: SIMD4<Double>) -> (lat: Double, lon: Double) {
        let common = (20 * sa[0] + 20 * sa[1]) * 2 / 3
        var tLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * sqrtAbsX
        tLat += common
        tLat += (20 * sa[2] + 40 * sa[3]) * 2 / 3
        tLat += (160 * sb[0] + 320 * sb[1]) * 2 / 3
        var tLon = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * sqrtAbsX
        tLon += common
        tLon += (20 * sb[2] + 40 * sb[3]) * 2 / 3
        tLon += (150 * sc[0] + 300 * sc[1]) * 2 / 3
        return (tLat, tLon)
    }

    /// The sums' derivatives per degree (∂T_lat/∂x, ∂T_lat/∂y, ∂T_lon/∂x, ∂T_lon/∂y) from
    /// the cosines of the same angles; `root` is d√|x|/dx, kept finite at the cusp.
    @inlinable @inline(__always)
    static func formulaSlopes(x: Double, y: Double, root: Double, ca: SIMD4<Double>, cb: SIMD4<Double>, cc: SIMD4<Double>)
        -> (latX: Double, latY: Double, lonX: Double, lonY: Double) {
        let pi = Double.pi
        let dCommon = (120 * pi * ca[0] + 40 * pi * ca[1]) * 2 / 3
        let tLatX = 2 + 0.1 * y + 0.2 * root + dCommon
        let tLatY = 3 + 0.4 * y + 0.1 * x + (20 * pi * ca[2] + 40 * pi / 3 * ca[3]) * 2 / 3
            + (160 * pi / 12 * cb[0] + 320 * pi / 30 * cb[1]) * 2 / 3
        let tLonX = 1 + 0.2 * x + 0.1 * y + 0.1 * root + dCommon + (20 * pi * cb[2] + 40 * pi / 3 * cb[3]) * 2 / 3
            + (150 * pi / 12 * cc[0] + 300 * pi / 30 * cc[1]) * 2 / 3
        return (tLatX, tLatY, tLonX, 2 + 0.1 * x)
    }

    /// The offset and its exact Jacobian ∂(Δlat, Δlon)/∂(lat, lon), from one pass over
    /// the formula's eleven sines: they are evaluated three four-lane groups at a time
    /// (``VectorTrig``, arguments converted to degrees: sin(6πx) = sin(1080x°)), which
    /// also gives every cosine the Jacobian needs.
    @inlinable @inline(__always)
    static func offsetTerms(latitude lat: Double, longitude lon: Double)
        -> (dLat: Double, dLon: Double, jLat: SIMD2<Double>, jLon: SIMD2<Double>) {
        let x = lon - 105, y = lat - 35
        let pi = Double.pi
        let (sa, ca) = VectorTrig.sincosd(SIMD4(1080 * x, 360 * x, 180 * y, 60 * y))
        let (sb, cb) = VectorTrig.sincosd(SIMD4(15 * y, 6 * y, 180 * x, 60 * x))
        let (sc, cc) = VectorTrig.sincosd(SIMD4(15 * x, 6 * x, lat, 0))
        let sqrtAbsX = x.magnitude.squareRoot()
        let (tLat, tLon) = formulaSums(x: x, y: y, sqrtAbsX: sqrtAbsX, sa: sa, sb: sb, sc: sc)
        let sinLat = sc[2], cosLat = cc[2]
        let magic = 1 - ee * sinLat * sinLat
        let sqrtMagic = magic.squareRoot()
        let kLat = 180 / ((a * (1 - ee)) / (magic * sqrtMagic) * pi)
        // At a pole (only under .everywhere) the longitude offset has no meaning and
        // 1/cos φ is infinite: the pole keeps its longitude instead of turning NaN.
        let atPole = cosLat == 0
        let kLon = atPole ? 0 : 180 / (a / sqrtMagic * cosLat * pi)
        // Derivatives of the T terms per degree; √|x| kept finite at the cusp x = 0.
        let root = 0.5 / max(x.magnitude, 1e-12).squareRoot() * (x < 0 ? -1 : 1)
        let (tLatX, tLatY, tLonX, tLonY) = formulaSlopes(x: x, y: y, root: root, ca: ca, cb: cb, cc: cc)
        let dMagic = -2 * ee * sinLat * cosLat * AngleMath.radiansPerDegree
        let dKLat = kLat * 1.5 * dMagic / magic
        let dKLon = atPole ? 0 : kLon * (0.5 * dMagic / magic + sinLat / cosLat * AngleMath.radiansPerDegree)
        return (tLat * kLat, tLon * kLon,
                SIMD2(kLat * tLatY + tLat * dKLat, kLat * tLatX),
                SIMD2(kLon * tLonY + tLon * dKLon, kLon * tLonX))
    }

    /// Sines and cosines of the offset formula's angles at one point, in the three
    /// four-lane groups of ``offsetTerms(latitude:longitude:)``: (1080x, 360x, 180y,
    /// 60y), (15y, 6y, 180x, 60x), (15x, 6x, latitude, 0) degrees.
    @usableFromInline
    struct OffsetAngles {
        @usableFromInline var sa, ca, sb, cb, sc, cc: SIMD4<Double>

        /// The angles from one four-lane sincos of 3x, 3y and the latitude: every
        /// angle of the formula is a multiple of 3x or 3y (6 = 2·3, 15 = 6 + 9, 60 = 4·15,
        /// 180 = 3·60, 360 = 2·180, 1080 = 3·360), reached by double- and triple-angle
        /// formulas and one addition. The chain magnifies rounding (the triple-angle
        /// formula up to 9× near ±1): measured over the whole globe, at most 2.4e-12 from
        /// the formula's own sines (a test holds 3e-12), which the offset's amplitudes
        /// and scales turn into < 2e-15° for |latitude| ≤ 80° (< 2e-13° at 89.9°) —
        /// below the inverse's 1e-12° tolerance, for a third of the range reductions and
        /// polynomials. (The forward keeps the formula's own sines.)
        @inlinable @inline(__always)
        init(latitude lat: Double, longitude lon: Double) {
            let x = lon - 105, y = lat - 35
            let (s, c) = VectorTrig.sincosd(SIMD4(3 * x, 3 * y, lat, 0))
            // Lanes: (x, y) chains side by side.
            let s3 = SIMD2(s[0], s[1]), c3 = SIMD2(c[0], c[1])
            @inline(__always) func double(_ s: SIMD2<Double>, _ c: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
                (2 * s * c, 1 - 2 * s * s)
            }
            @inline(__always) func triple(_ s: SIMD2<Double>, _ c: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>) {
                (s * (3 - 4 * s * s), c * (4 * c * c - 3))
            }
            let (s6, c6) = double(s3, c3)
            let (s9, c9) = triple(s3, c3)
            let s15 = s6 * c9 + c6 * s9, c15 = c6 * c9 - s6 * s9
            let (s30, c30) = double(s15, c15)
            let (s60, c60) = double(s30, c30)
            let (s180, c180) = triple(s60, c60)
            let (s360, c360) = double(s180, c180)       // lane 0 (x) used
            let (s1080, c1080) = triple(s360, c360)     // lane 0 (x) used
            sa = SIMD4(s1080[0], s360[0], s180[1], s60[1]); ca = SIMD4(c1080[0], c360[0], c180[1], c60[1])
            sb = SIMD4(s15[1], s6[1], s180[0], s60[0]); cb = SIMD4(c15[1], c6[1], c180[0], c60[0])
            sc = SIMD4(s15[0], s6[0], s[2], 0); cc = SIMD4(c15[0], c6[0], c[2], 1)
        }

        /// The angles at a point (Δlat, Δlon) degrees from `base`'s, by angle addition
        /// (``VectorTrig/sincosd(near:offsets:)``): valid while |Δlon| ≤ 0.0125° and
        /// |Δlat| ≤ 0.075° (``isNear(_:_:)``), so no angle moves more than 13.5°.
        @inlinable @inline(__always)
        init(near base: OffsetAngles, dLat dy: Double, dLon dx: Double) {
            (sa, ca) = VectorTrig.sincosd(near: (base.sa, base.ca), offsets: SIMD4(1080 * dx, 360 * dx, 180 * dy, 60 * dy))
            (sb, cb) = VectorTrig.sincosd(near: (base.sb, base.cb), offsets: SIMD4(15 * dy, 6 * dy, 180 * dx, 60 * dx))
            (sc, cc) = VectorTrig.sincosd(near: (base.sc, base.cc), offsets: SIMD4(15 * dx, 6 * dx, dy, 0))
        }

        /// Whether a move of (Δlat, Δlon) degrees is within reach of ``init(near:dLat:dLon:)``.
        @inlinable @inline(__always)
        static func isNear(_ dLat: Double, _ dLon: Double) -> Bool {
            dLon.magnitude <= 0.0125 && dLat.magnitude <= 0.075
        }
    }

    /// ``offsetTerms(latitude:longitude:)`` for Newton's method, from given `angles`: the same formula with
    /// the divisions folded into two (1/(magic·cos φ·√|x|) and 1/det, which the solver
    /// takes), as the inverse evaluates the offset and its Jacobian at least twice per
    /// point. Its offset may differ from the forward's in the last bit (≈ 1e-19°),
    /// far below the inverse's 1e-12° tolerance; the forward keeps its published form.
    @inlinable @inline(__always)
    static func newtonTerms(latitude lat: Double, longitude lon: Double, angles g: OffsetAngles)
        -> (dLat: Double, dLon: Double, jLat: SIMD2<Double>, jLon: SIMD2<Double>) {
        let x = lon - 105, y = lat - 35
        let pi = Double.pi
        let (sa, ca, sb, cb, sc, cc) = (g.sa, g.ca, g.sb, g.cb, g.sc, g.cc)
        // √|x| kept away from 0 at the cusp x = 0 for the derivative, as in offsetTerms;
        // the offset's own √|x| is the same number except within 1e-12° of the cusp.
        let rootArgument = max(x.magnitude, 1e-12).squareRoot()
        let sqrtAbsX = x.magnitude >= 1e-12 ? rootArgument : x.magnitude.squareRoot()
        let (tLat, tLon) = formulaSums(x: x, y: y, sqrtAbsX: sqrtAbsX, sa: sa, sb: sb, sc: sc)
        let sinLat = sc[2], cosLat = cc[2]
        let magic = 1 - ee * sinLat * sinLat
        let sqrtMagic = magic.squareRoot()
        // At a pole (only under .everywhere) the longitude offset has no meaning: the
        // pole keeps its longitude, and 1 stands in for cos φ in the shared reciprocal.
        let atPole = cosLat == 0
        let cosOrOne = atPole ? 1 : cosLat
        let reciprocal = 1 / (magic * cosOrOne * rootArgument)
        let inverseMagic = reciprocal * cosOrOne * rootArgument
        let inverseCos = reciprocal * magic * rootArgument
        let inverseRoot = reciprocal * magic * cosOrOne
        let kLat = magic * sqrtMagic * (180 / (a * (1 - ee) * pi))
        let kLon = atPole ? 0 : sqrtMagic * inverseCos * (180 / (a * pi))
        let root = 0.5 * inverseRoot * (x < 0 ? -1 : 1)
        let (tLatX, tLatY, tLonX, tLonY) = formulaSlopes(x: x, y: y, root: root, ca: ca, cb: cb, cc: cc)
        let dMagic = -2 * ee * sinLat * cosLat * AngleMath.radiansPerDegree
        let dKLat = kLat * 1.5 * dMagic * inverseMagic
        let dKLon = atPole ? 0 : kLon * (0.5 * dMagic * inverseMagic + sinLat * inverseCos * AngleMath.radiansPerDegree)
        return (tLat * kLat, tLon * kLon,
                SIMD2(kLat * tLatY + tLat * dKLat, kLat * tLatX),
                SIMD2(kLon * tLonY + tLon * dKLon, kLon * tLonX))
    }

    // MARK: WGS-84 ⇄ GCJ-02

    /// WGS-84 → GCJ-02 (exact: the public algorithm). Identity outside `region`.
    @inlinable
    public static func gcj02(fromWGS84 p: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: p.latitude, longitude: p.longitude) else { return p }
        let d = offset(latitude: p.latitude, longitude: p.longitude)
        return clamped(p.latitude + d.lat, p.longitude + d.lon, p.height)
    }

    /// GCJ-02 → WGS-84, the exact inverse of ``gcj02(fromWGS84:region:)`` to below 1 µm.
    /// Identity outside `region` (tested on the GCJ-02 input).
    @inlinable
    public static func wgs84(fromGCJ02 g: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: g.latitude, longitude: g.longitude) else { return g }
        return newtonInverse(g).point
    }

    /// GCJ-02 → WGS-84 by Newton's method on w + Δ(w) = g with the exact Jacobian,
    /// starting at g. The offset's second derivative is below 0.05 per degree away from
    /// the √|x| cusp at 105° E, so once a residual is below 4e-6° the next step is within
    /// 0.025·r² < 4e-13° and is taken without evaluating its result: a typical point
    /// costs two offset evaluations. Within 0.01° of the cusp the iteration continues
    /// until the residual itself is below 1e-12°. Steps stop at ``inverseIterations``.
    @inlinable
    static func newtonInverse(_ target: GeodeticCoordinate) -> (point: GeodeticCoordinate, steps: Int) {
        let r = newtonSolve(latitude: target.latitude, longitude: target.longitude)
        return (clamped(r.lat, r.lon, target.height), r.steps)
    }

    /// Newton's method on w + Δ(w) = (latitude, longitude), unclamped, with whether it
    /// converged (its residual fell below the thresholds of ``newtonInverse(_:)``).
    @inlinable
    static func newtonSolve(latitude targetLat: Double, longitude targetLon: Double)
        -> (lat: Double, lon: Double, steps: Int, converged: Bool) {
        var lat = targetLat, lon = targetLon
        var steps = 0
        // The first evaluation's angles serve the later iterates (a few thousandths of
        // a degree away in China) by angle addition, without range reduction.
        var base = OffsetAngles(latitude: lat, longitude: lon)
        var baseLat = lat, baseLon = lon
        while steps < inverseIterations {
            steps += 1
            let angles: OffsetAngles
            if steps == 1 {
                angles = base
            } else if OffsetAngles.isNear(lat - baseLat, lon - baseLon) {
                angles = OffsetAngles(near: base, dLat: lat - baseLat, dLon: lon - baseLon)
            } else {
                base = OffsetAngles(latitude: lat, longitude: lon)
                baseLat = lat
                baseLon = lon
                angles = base
            }
            let t = newtonTerms(latitude: lat, longitude: lon, angles: angles)
            let rLat = lat + t.dLat - targetLat, rLon = lon + t.dLon - targetLon
            let size = max(rLat.magnitude, rLon.magnitude)
            if size <= inverseTolerance { return (lat, lon, steps, true) }
            let m00 = 1 + t.jLat.x, m01 = t.jLat.y, m10 = t.jLon.x, m11 = 1 + t.jLon.y
            let inverseDet = 1 / (m00 * m11 - m01 * m10)
            lat -= (m11 * rLat - m01 * rLon) * inverseDet
            lon -= (m00 * rLon - m10 * rLat) * inverseDet
            if size <= 4e-6 && (lon - 105).magnitude > 0.01 { return (lat, lon, steps, lat.isFinite && lon.isFinite) }
        }
        return (lat, lon, steps, false)
    }

    /// Whether Newton's method from the GCJ-02 point (latitude, longitude°, longitude in
    /// [−180, 180)) is known to converge, under any region, to a WGS-84 point in range:
    /// then ``checkedWGS84(fromGCJ02:region:)`` cannot fail there, and batches skip their
    /// check pass for it. Two sets qualify, tested without evaluating the offset:
    /// - the China rectangle, where the tests sweep the inverse (as for `.chinaRectangle`
    ///   batches, which are never checked);
    /// - |latitude| ≤ 79°, |longitude| ≤ 179°, |longitude − 105°| ≥ 2°, by
    ///   Kantorovich's theorem for F(w) = w + Δ(w) − g from w₀ = g. Over |lat| ≤ 80°,
    ///   |x| ≤ 285, |y| ≤ 115 the formula's terms bound |Δlat| ≤ 7,328·9.04e-6 = 0.066°
    ///   and |Δlon| ≤ 12,584·5.17e-5 = 0.65° (kLon grows as 1/cos φ), the Jacobian's
    ///   rows by 0.005 and 0.093 (so ‖F′⁻¹‖ ≤ β = 1.11) and its Lipschitz constant by
    ///   L = 0.4 per degree away from the √|x| cusp (sin 6πx gives 20·36π²·2/3·kLon ≈
    ///   0.25). Then η ≤ 0.73°, h = βLη ≤ 0.33 < ½: the iterates stay within
    ///   (1 − √(1 − 2h))/(βL) ≤ 0.95° of g (off the cusp, inside |lat| ≤ 80°, and
    ///   |longitude| < 180°), and the error after k steps is below (2h)^(2^k)/(2^k βL),
    ///   so the residual is under 4e-6° by the sixth evaluation, within
    ///   ``inverseIterations``. The tests also sweep this set.
    @inlinable @inline(__always)
    static func inverseSurelyConverges(latitude: Double, longitude: Double) -> Bool {
        if ChinaRegion.chinaRectangle.contains(latitude: latitude, longitude: longitude) { return true }
        return latitude.magnitude <= 79 && longitude.magnitude <= 179 && (longitude - 105).magnitude >= 2
    }

    /// GCJ-02 → WGS-84 that reports failure instead of returning a wrong point: nil
    /// when no WGS-84 point in [−90, 90] × [−180, 180) maps onto `g`'s within the
    /// iteration limit. Only far from China (``ChinaRegion/everywhere`` or a wide
    /// polygon) can that happen: there the formula is not periodic in longitude, so
    /// near ±180° the solution may lie across the antimeridian, and `g`'s longitude
    /// ± 360° is tried too.
    @inlinable
    public static func checkedWGS84(fromGCJ02 g: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate? {
        guard region.contains(latitude: g.latitude, longitude: g.longitude) else { return g }
        for k in 0..<3 {
            let shift = k == 0 ? 0.0 : k == 1 ? -360.0 : 360.0
            let r = newtonSolve(latitude: g.latitude, longitude: g.longitude + shift)
            if r.converged && r.lon >= -180 && r.lon < 180 && r.lat.magnitude <= 90 { return clamped(r.lat, r.lon, g.height) }
        }
        return nil
    }

    /// BD-09 → GCJ-02 that reports failure (nil) when the fixed-point iteration does
    /// not converge within ``inverseIterations``.
    @inlinable
    public static func checkedGCJ02(fromBD09 b: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate? {
        guard region.contains(latitude: b.latitude, longitude: b.longitude) else { return b }
        let r = invertChecked(b) { lat, lon in
            let q = bd09Raw(latitude: lat, longitude: lon)
            return (q.lat - lat, q.lon - lon)
        }
        return r.converged ? r.point : nil
    }

    /// The apps' one-step GCJ-02 → WGS-84 (`w = g − Δ(g)`; the paper's "Approximate
    /// Module", coordTransform, hutool), kept as a baseline: errs by up to ~5 m.
    @inlinable
    public static func approximateWGS84(fromGCJ02 g: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: g.latitude, longitude: g.longitude) else { return g }
        let d = offset(latitude: g.latitude, longitude: g.longitude)
        return clamped(g.latitude - d.lat, g.longitude - d.lon, g.height)
    }

    /// Solves `w + offset(w) = target` by fixed-point iteration from the one-step
    /// estimate; returns the point and the number of steps taken.
    @inlinable
    static func invert(_ target: GeodeticCoordinate,
                       _ shift: (Double, Double) -> (lat: Double, lon: Double)) -> (point: GeodeticCoordinate, steps: Int) {
        let r = invertChecked(target, shift)
        return (r.point, r.steps)
    }

    /// ``invert(_:_:)`` with whether the residual fell below ``inverseTolerance``.
    @inlinable
    static func invertChecked(_ target: GeodeticCoordinate,
                              _ shift: (Double, Double) -> (lat: Double, lon: Double)) -> (point: GeodeticCoordinate, steps: Int, converged: Bool) {
        let d0 = shift(target.latitude, target.longitude)
        var lat = target.latitude - d0.lat, lon = target.longitude - d0.lon
        var steps = 0
        var converged = false
        while steps < inverseIterations {
            steps += 1
            let d = shift(lat, lon)
            let rLat = target.latitude - (lat + d.lat), rLon = target.longitude - (lon + d.lon)
            lat += rLat
            lon += rLon
            if rLat.magnitude <= inverseTolerance && rLon.magnitude <= inverseTolerance { converged = true; break }
        }
        return (clamped(lat, lon, target.height), steps, converged)
    }

    @inlinable @inline(__always)
    static func clamped(_ lat: Double, _ lon: Double, _ h: Double) -> GeodeticCoordinate {
        GeodeticCoordinate(unchecked: max(-90, min(90, lat)), AngleMath.normalizedLongitude(lon), h)
    }

    // MARK: GCJ-02 ⇄ BD-09

    /// The BD-09 coordinates of GCJ-02 (lat, lon), no region test.
    @inlinable @inline(__always)
    static func bd09Raw(latitude lat: Double, longitude lon: Double) -> (lat: Double, lon: Double) {
        let z = (lon * lon + lat * lat).squareRoot() + 0.00002 * sin(lat * xPi)
        let theta = atan2(lat, lon) + 0.000003 * cos(lon * xPi)
        return (z * sin(theta) + 0.006, z * cos(theta) + 0.0065)
    }

    /// GCJ-02 → BD-09 (the standard formula with x_pi = π·3000/180). Identity outside
    /// `region`.
    @inlinable
    public static func bd09(fromGCJ02 g: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: g.latitude, longitude: g.longitude) else { return g }
        let b = bd09Raw(latitude: g.latitude, longitude: g.longitude)
        return clamped(b.lat, b.lon, g.height)
    }

    /// BD-09 → GCJ-02, the exact inverse of ``bd09(fromGCJ02:region:)`` to below 1 µm
    /// (the usual closed form errs by up to 0.2 m). Identity outside `region`.
    @inlinable
    public static func gcj02(fromBD09 b: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: b.latitude, longitude: b.longitude) else { return b }
        return invert(b) { lat, lon in
            let r = bd09Raw(latitude: lat, longitude: lon)
            return (r.lat - lat, r.lon - lon)
        }.point
    }

    /// WGS-84 → BD-09 through GCJ-02.
    @inlinable
    public static func bd09(fromWGS84 p: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: p.latitude, longitude: p.longitude) else { return p }
        return bd09(fromGCJ02: gcj02(fromWGS84: p, region: .everywhere), region: .everywhere)
    }

    /// BD-09 → WGS-84 through GCJ-02, both steps exact.
    @inlinable
    public static func wgs84(fromBD09 b: GeodeticCoordinate, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        guard region.contains(latitude: b.latitude, longitude: b.longitude) else { return b }
        return wgs84(fromGCJ02: gcj02(fromBD09: b, region: .everywhere), region: .everywhere)
    }
}

import CProj

/// China's GCJ-02 ("Mars coordinates") and Baidu's BD-09, converted exactly.
///
/// Forward (WGS-84 → GCJ-02) is the public algorithm leaked from the official one (the
/// EMQ/on4wp7 code; seed 004 equations 1–7): Krasovsky a = 6 378 245 m,
/// ee = 0.00669342162296594323, x = lon − 105, y = lat − 35. It reproduces the
/// eviltransform, coordTransform and hutool test vectors to the last bit. Real map
/// services add noise to it: seed 004's Table III values, read from Amap, lie
/// 0.3–5.3 m from the formula.
///
/// The inverse (GCJ-02 → WGS-84) has no closed form. ``wgs84(fromGCJ02:region:)``
/// iterates the forward map to convergence (residual below 1e-12°, i.e. 0.1 µm;
/// ``inverseIterations`` steps at most); the seeds' one-step approximation `w = g − Δ(g)`
/// is kept as ``approximateWGS84(fromGCJ02:region:)`` and errs by up to about 5 m.
///
/// BD-09 is GCJ-02 in a slightly rotated and scaled polar form with x_pi = π·3000/180;
/// its inverse is likewise iterated to the same tolerance.
///
/// Heights are not changed. Outside the region (``ChinaRegion``) every conversion is
/// the identity.
public enum ChinaDatum {
    @usableFromInline static let a = 6_378_245.0
    @usableFromInline static let ee = 0.00669342162296594323
    @usableFromInline static let xPi = Double.pi * 3000 / 180
    /// The most fixed-point steps the exact inverses take. From the one-step start each
    /// step gains about 2.5 digits (the offset's slope is below 4e-3); the measured
    /// worst case over China is reported in the README.
    public static let inverseIterations = 8
    /// Convergence threshold of the inverses, degrees of residual (≈ 0.1 µm).
    public static let inverseTolerance = 1e-12

    /// The GCJ-02 offset (Δlat, Δlon) in degrees at WGS-84 (lat, lon); no region test.
    @inlinable @inline(__always)
    static func offset(latitude lat: Double, longitude lon: Double) -> (lat: Double, lon: Double) {
        let x = lon - 105, y = lat - 35
        let pi = Double.pi
        let sqrtAbsX = x.magnitude.squareRoot()
        let common = (20 * sin(6 * x * pi) + 20 * sin(2 * x * pi)) * 2 / 3
        var dLat = -100 + 2 * x + 3 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * sqrtAbsX
        dLat += common
        dLat += (20 * sin(y * pi) + 40 * sin(y / 3 * pi)) * 2 / 3
        dLat += (160 * sin(y / 12 * pi) + 320 * sin(y * pi / 30)) * 2 / 3
        var dLon = 300 + x + 2 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * sqrtAbsX
        dLon += common
        dLon += (20 * sin(x * pi) + 40 * sin(x / 3 * pi)) * 2 / 3
        dLon += (150 * sin(x / 12 * pi) + 300 * sin(x / 30 * pi)) * 2 / 3
        let radLat = lat / 180 * pi
        var magic = sin(radLat)
        magic = 1 - ee * magic * magic
        let sqrtMagic = magic.squareRoot()
        dLat = (dLat * 180) / ((a * (1 - ee)) / (magic * sqrtMagic) * pi)
        dLon = (dLon * 180) / (a / sqrtMagic * cos(radLat) * pi)
        return (dLat, dLon)
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

    /// The offset's Jacobian ∂(Δlat, Δlon)/∂(lat, lon) from its dominant terms: the
    /// sines of period ≤ 6° and the linear and square-root terms. The terms left out
    /// (periods 24°–60° and the scale's latitude dependence) change it by < 4e-4, which
    /// only slows Newton's quadratic convergence to a linear rate of ~4e-4 per step.
    @inlinable @inline(__always)
    static func approximateJacobian(latitude lat: Double, longitude lon: Double) -> (SIMD2<Double>, SIMD2<Double>) {
        let x = lon - 105, y = lat - 35
        let pi = Double.pi
        // d√|x|/dx, kept finite at x = 0 (the offset has a cusp there).
        let root = 0.5 / max(x.magnitude, 1e-12).squareRoot() * (x < 0 ? -1 : 1)
        let common = (120 * pi * cos(6 * x * pi) + 40 * pi * cos(2 * x * pi)) * 2 / 3
        let tLatX = 2 + 0.1 * y + 0.2 * root + common
        let tLatY = 3 + 0.4 * y + 0.1 * x + (20 * pi * cos(y * pi) + 40 * pi / 3 * cos(y / 3 * pi)) * 2 / 3
        let tLonX = 1 + 0.2 * x + 0.1 * y + 0.1 * root + common + (20 * pi * cos(x * pi) + 40 * pi / 3 * cos(x / 3 * pi)) * 2 / 3
        let tLonY = 2 + 0.1 * x
        let radLat = lat / 180 * pi
        var magic = sin(radLat)
        magic = 1 - ee * magic * magic
        let sqrtMagic = magic.squareRoot()
        let kLat = 180 / ((a * (1 - ee)) / (magic * sqrtMagic) * pi)
        let kLon = 180 / (a / sqrtMagic * cos(radLat) * pi)
        // Rows: d(Δlat)/d(lat, lon), d(Δlon)/d(lat, lon).
        return (SIMD2(kLat * tLatY, kLat * tLatX), SIMD2(kLon * tLonY, kLon * tLonX))
    }

    /// GCJ-02 → WGS-84 by Newton's method with the offset's (approximate) Jacobian at
    /// the GCJ-02 point, kept for every step: from the GCJ point itself the first step
    /// lands within ~2e-6°, and each further step gains 3–4 digits. The last step is
    /// taken without evaluating its result once the previous residual is below 1e-9°
    /// and shrinking by ≥ 1000×, so a typical point costs three offset evaluations.
    /// Steps stop at ``inverseIterations``.
    @inlinable
    static func newtonInverse(_ target: GeodeticCoordinate) -> (point: GeodeticCoordinate, steps: Int) {
        let (jLat, jLon) = approximateJacobian(latitude: target.latitude, longitude: target.longitude)
        // (I + J)⁻¹ for solving w + Δ(w) = g.
        let m00 = 1 + jLat.x, m01 = jLat.y, m10 = jLon.x, m11 = 1 + jLon.y
        let det = m00 * m11 - m01 * m10
        let i00 = m11 / det, i01 = -m01 / det, i10 = -m10 / det, i11 = m00 / det
        var lat = target.latitude, lon = target.longitude
        var previous = Double.infinity
        var steps = 0
        while steps < inverseIterations {
            steps += 1
            let d = offset(latitude: lat, longitude: lon)
            let rLat = lat + d.lat - target.latitude, rLon = lon + d.lon - target.longitude
            let size = max(rLat.magnitude, rLon.magnitude)
            lat -= i00 * rLat + i01 * rLon
            lon -= i10 * rLat + i11 * rLon
            if size <= inverseTolerance || (size <= 1e-9 && size <= previous * 1e-3) { break }
            previous = size
        }
        return (clamped(lat, lon, target.height), steps)
    }

    /// The seeds' one-step GCJ-02 → WGS-84 (`w = g − Δ(g)`; seed 004's "Approximate
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
        let d0 = shift(target.latitude, target.longitude)
        var lat = target.latitude - d0.lat, lon = target.longitude - d0.lon
        var steps = 0
        while steps < inverseIterations {
            steps += 1
            let d = shift(lat, lon)
            let rLat = target.latitude - (lat + d.lat), rLon = target.longitude - (lon + d.lon)
            lat += rLat
            lon += rLon
            if rLat.magnitude <= inverseTolerance && rLon.magnitude <= inverseTolerance { break }
        }
        return (clamped(lat, lon, target.height), steps)
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

import CWaymarkMath

/// Geodesics between points at most ``maximumDistance`` apart — route legs, POI
/// distances — in closed form, much faster than Karney's iterative `geod_inverse` and
/// as exact within that range (tested: 1 µm and 1e-8° against `geod_inverse`).
///
/// Method: the chord between the two points is formed from *differences* of sines
/// (no cancellation, so it is exact to round-off even for centimetre lines); the arc
/// follows from the chord by s = c (1 + c²κ²/24 + 3c⁴κ⁴/640), with κ the normal
/// curvature (Euler) at the mid-latitude in the line's direction; the azimuths are the
/// normal sections' (from the chord in each end's East-North-Up frame) less the
/// classical normal-section-to-geodesic angle (e′²/12)(s/N)² cos²φ sin 2α. Truncation
/// at 10 km: below 1e-9 m in length and 2e-10° in azimuth.
///
/// This is the core's geodesic: it needs no PROJ. Karney's method for lines of any
/// length is `Geodesic` in WaymarkPROJ, whose `fastInverse` tries this one first.
public struct ShortRangeGeodesic: Sendable {
    /// The ellipsoid the lines run on.
    public let ellipsoid: Ellipsoid
    /// 1/a, 1/(1 − e²), e′²/(12a²).
    @usableFromInline let constants: SIMD3<Double>

    /// The WGS-84 short-range geodesic, built once.
    public static let wgs84 = ShortRangeGeodesic(.wgs84)

    /// The short-range method on `ellipsoid`.
    public init(_ ellipsoid: Ellipsoid) {
        self.ellipsoid = ellipsoid
        let a = ellipsoid.equatorialRadius, e2 = ellipsoid.eccentricitySquared
        constants = SIMD3(1 / a, 1 / (1 - e2), e2 / (1 - e2) / (12 * a * a))
    }

    /// The longest line the short-range method accepts, metres.
    public static let maximumDistance = 10_000.0

    /// The inverse problem for points ≤ 10 km apart, or nil when they are farther
    /// apart (or within 0.01° of a pole, where azimuths need Karney's conventions):
    /// use Karney's method (`Geodesic` in WaymarkPROJ) or ``inverseAnyLength(_:_:)`` then.
    @inlinable
    public func inverse(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse? {
        inverse(from: start(p1), to: p2)
    }

    /// What the short-range method needs of a line's first point, computed once when
    /// many lines leave the same point (POI distances from the user): see
    /// ``start(_:)`` and ``inverse(from:to:)``.
    @frozen
    public struct Start: Sendable {
        @usableFromInline let latitude: Double, longitude: Double
        @usableFromInline let sinLatitude: Double, cosLatitude: Double, radiusFactor: Double   // √(1 − e² sin²φ)

        @inlinable init(latitude: Double, longitude: Double, sinLatitude: Double, cosLatitude: Double, radiusFactor: Double) {
            self.latitude = latitude
            self.longitude = longitude
            self.sinLatitude = sinLatitude
            self.cosLatitude = cosLatitude
            self.radiusFactor = radiusFactor
        }
    }

    /// The first point of many lines, prepared once.
    @inlinable @inline(__always)
    public func start(_ p: GeodeticCoordinate) -> Start {
        let (s, c) = VectorTrig.sincosd(p.latitude)
        return Start(latitude: p.latitude, longitude: p.longitude, sinLatitude: s, cosLatitude: c,
                               radiusFactor: (1 - ellipsoid.eccentricitySquared * s * s).squareRoot())
    }

    /// ``inverse(_:_:)`` from a prepared first point.
    @inlinable @inline(__always)
    public func inverse(from start: Start, to p2: GeodeticCoordinate) -> GeodesicInverse? {
        let a = ellipsoid.equatorialRadius, e2 = ellipsoid.eccentricitySquared
        guard start.latitude.magnitude < 89.99, p2.latitude.magnitude < 89.99 else { return nil }
        let dLat = p2.latitude - start.latitude
        // 10 km is under 0.091° of latitude anywhere: farther lines leave at once.
        guard dLat.magnitude <= 0.1 else { return nil }
        let dLon = AngleMath.normalizedLongitude(p2.longitude - start.longitude)
        // One full sincos (φ1, in `start`); the half-differences are small angles, and
        // φ2 follows by angle addition. Only near the poles can Δλ/2 exceed 0.5°.
        let s1 = start.sinLatitude, c1 = start.cosLatitude
        let (sh, ch) = VectorTrig.sincosdSmall(dLat / 2)
        let (sl, cl) = (dLon / 2).magnitude <= 0.5 ? VectorTrig.sincosdSmall(dLon / 2) : VectorTrig.sincosd(dLon / 2)
        let sd = 2 * sh * ch, cdm1 = -2 * sh * sh                 // sin Δφ, cos Δφ − 1
        let s2 = s1 + (s1 * cdm1 + c1 * sd), c2 = c1 + (c1 * cdm1 - s1 * sd)
        let sm = s1 * ch + c1 * sh, cm = c1 * ch - s1 * sh        // mid-latitude
        let dCos = -2 * sm * sh, dSin = 2 * cm * sh              // c2 − c1, s2 − s1
        // r = √(1 − e² sin²φ) at φ2 from r1 without a square root: with
        // ε = (u1 − u2)/u1 = e²(s2 − s1)(s2 + s1)/r1² (|ε| < 3e-5 within 10 km),
        // r2 = r1 √(1 − ε) = r1 (1 − ε/2 − ε²/8 − ε³/16), truncation below 1e-19.
        let r1 = start.radiusFactor
        let eps = e2 * dSin * (s1 + s2) / (r1 * r1)
        let r2 = r1 * (1 - eps * (0.5 + eps * (0.125 + eps * 0.0625)))
        let invR2 = 1 / r2
        let n2 = a * invR2
        // N2 − N1 = a (r1 − r2)/(r1 r2); r1 − r2 = r1 (ε/2 + ε²/8 + ε³/16) exactly as above.
        let dN = a * eps * (0.5 + eps * (0.125 + eps * 0.0625)) * invR2    // N2 − N1
        let dA = n2 * dCos + c1 * dN                                 // N2c2 − N1c1
        let dB = n2 * dSin + s1 * dN                                 // N2s2 − N1s1
        // Chord in the frame turned to λ1: x to (φ=0, λ1), y east, z north.
        let sinDLon = 2 * sl * cl, cosDLonM1 = -2 * sl * sl
        let dx = n2 * c2 * cosDLonM1 + dA
        let dy = n2 * c2 * sinDLon
        let dz = (1 - e2) * dB
        let chord2 = dx * dx + dy * dy + dz * dz
        let chord = chord2.squareRoot()
        guard chord <= Self.maximumDistance else { return nil }
        if chord == 0 { return GeodesicInverse(distance: 0, azimuth1: 180, azimuth2: 180) }
        // Chord direction in each end's ENU frame (the normal sections' azimuths).
        let east1 = dy, north1 = -s1 * dx + c1 * dz
        let cosDLon = 1 + cosDLonM1
        let east2 = -sinDLon * dx + cosDLon * dy
        let north2 = -s2 * (cosDLon * dx + sinDLon * dy) + c2 * dz
        // Arc from chord with the normal curvature at the mid-latitude.
        let h1 = east1 * east1 + north1 * north1
        // Below 2⁻¹⁰⁰⁰ m² (lines under 1e-150 m) 1/h1 would overflow to infinity and the
        // curvature terms, negligible there, would turn NaN: they are dropped instead.
        let direction = h1 > 0x1p-1000
        let invH1 = direction ? 1 / h1 : 0
        let cos2 = direction ? north1 * north1 * invH1 : 1, sin2 = 1 - cos2
        // At the mid-latitude, r is the mean of r1 and r2 to 1e-11 relative — far
        // beyond what the curvature term (≤ 1e-3 m at 10 km) needs.
        let um = 1 - e2 * sm * sm, rm = 0.5 * (r1 + r2)
        let k = constants
        let kappa = rm * k.x * (cos2 * um * k.y + sin2)              // cos²α/M + sin²α/N
        let q = chord2 * kappa * kappa
        let distance = chord * (1 + q / 24 + 3 * q * q / 640)
        // Normal section → geodesic: (e′²/12)(s/N)² cos²φ sin 2α at each end.
        let sinTwoAlpha = 2 * east1 * north1 * invH1
        // (s/N)² = chord²·um/a² to the precision this term needs.
        let correction = k.z * chord2 * um * cm * cm * sinTwoAlpha * AngleMath.degreesPerRadian
        let section1 = AngleMath.atan2dInline(east1, north1)
        // The azimuth turns by the small angle between the two ends' chord directions
        // (the meridian convergence): by series when it is below 0.5°, where t⁹/9 < 1e-18.
        let cross = north1 * east2 - east1 * north2, dot = east1 * east2 + north1 * north2
        let turn: Double
        if dot > 0 && cross.magnitude < 0.009 * dot {
            let t = cross / dot, t2 = t * t
            turn = (t - t * t2 * (1.0 / 3 - t2 * (1.0 / 5 - t2 * (1.0 / 7)))) * AngleMath.degreesPerRadian
        } else {
            turn = AngleMath.atan2dInline(cross, dot)
        }
        let azimuth1 = AngleMath.normalizedAzimuth(section1 - correction)
        let azimuth2 = AngleMath.normalizedAzimuth(section1 + turn - correction)
        return GeodesicInverse(distance: distance, azimuth1: azimuth1, azimuth2: azimuth2)
    }

    /// The inverse problem for points any distance apart, without PROJ: this method up
    /// to 10 km, Vincenty's iteration beyond (``VincentyInverse``; within 0.1 mm of
    /// Karney's except for nearly antipodal points, see there). Navigation's distances
    /// (fix pairs, POIs) go through here.
    @inlinable
    public func inverseAnyLength(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate) -> GeodesicInverse {
        inverse(p1, p2) ?? VincentyInverse.solve(p1, p2, on: ellipsoid)
    }
}

import CWaymarkMath

/// Vincenty's (1975) iterative solution of the inverse problem: the core's method for
/// lines longer than ``ShortRangeGeodesic`` accepts, so navigation can measure a POI
/// 40 km away without PROJ.
///
/// Accuracy on WGS-84, measured against Karney's `geod_inverse` (tested): within 0.1 mm
/// in distance and 1e-8° in azimuth for lines up to 19,000 km whose ends are not
/// nearly antipodal. Nearly antipodal lines are where the iteration may not converge;
/// after 200 rounds it stops and answers its last iterate (distance still within
/// 0.5 % there, azimuths unreliable) — Karney's method (`Geodesic` in WaymarkPROJ) is
/// the one for such lines. Meant for Earth-like flattening (|f| < 0.01); heights are
/// ignored.
public enum VincentyInverse {
    /// The inverse problem from `p1` to `p2` on `ellipsoid`.
    public static func solve(_ p1: GeodeticCoordinate, _ p2: GeodeticCoordinate, on ellipsoid: Ellipsoid) -> GeodesicInverse {
        let a = ellipsoid.equatorialRadius, f = ellipsoid.flattening, b = a * (1 - f)
        let dLon = AngleMath.normalizedLongitude(p2.longitude - p1.longitude) * AngleMath.radiansPerDegree
        // Reduced latitudes, through sin/cos so the poles need no special case.
        let (s1, c1) = AngleMath.sincosd(p1.latitude), (s2, c2) = AngleMath.sincosd(p2.latitude)
        let n1 = ((1 - f) * s1 * (1 - f) * s1 + c1 * c1).squareRoot()
        let n2 = ((1 - f) * s2 * (1 - f) * s2 + c2 * c2).squareRoot()
        let sinU1 = (1 - f) * s1 / n1, cosU1 = c1 / n1
        let sinU2 = (1 - f) * s2 / n2, cosU2 = c2 / n2
        var lambda = dLon
        var sinSigma = 0.0, cosSigma = 1.0, sigma = 0.0, cos2Alpha = 1.0, cos2SigmaM = 0.0
        var sinLambda = 0.0, cosLambda = 1.0
        for _ in 0..<200 {
            sinLambda = sin(lambda); cosLambda = cos(lambda)
            let t1 = cosU2 * sinLambda, t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosLambda
            sinSigma = (t1 * t1 + t2 * t2).squareRoot()
            if sinSigma == 0 { return GeodesicInverse(distance: 0, azimuth1: 180, azimuth2: 180) }
            cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda
            sigma = atan2(sinSigma, cosSigma)
            let sinAlpha = cosU1 * cosU2 * sinLambda / sinSigma
            cos2Alpha = 1 - sinAlpha * sinAlpha
            // On the equator cos²α = 0 and the term it divides is irrelevant.
            cos2SigmaM = cos2Alpha != 0 ? cosSigma - 2 * sinU1 * sinU2 / cos2Alpha : 0
            let c = f / 16 * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha))
            let next = dLon + (1 - c) * f * sinAlpha
                * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)))
            let step = (next - lambda).magnitude
            lambda = next
            if step < 1e-13 {
                sinLambda = sin(lambda); cosLambda = cos(lambda)
                break
            }
        }
        let u2 = cos2Alpha * (a * a - b * b) / (b * b)
        let bigA = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
        let bigB = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
        let c2m = cos2SigmaM * cos2SigmaM
        let deltaSigma = bigB * sinSigma * (cos2SigmaM + bigB / 4 * (cosSigma * (-1 + 2 * c2m)
            - bigB / 6 * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2m)))
        let distance = b * bigA * (sigma - deltaSigma)
        let azimuth1 = AngleMath.atan2d(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda)
        let azimuth2 = AngleMath.atan2d(cosU1 * sinLambda, -sinU1 * cosU2 + cosU1 * sinU2 * cosLambda)
        return GeodesicInverse(distance: distance, azimuth1: AngleMath.normalizedAzimuth(azimuth1),
                               azimuth2: AngleMath.normalizedAzimuth(azimuth2))
    }
}

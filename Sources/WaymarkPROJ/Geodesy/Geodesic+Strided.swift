import CProj
import WaymarkCore

/// Batch geodesics over caller-owned strided buffers (the C ABI's shape): inputs are
/// geodetic triples every `stride` bytes; results go to contiguous `Double` arrays, any
/// of which may be absent. Every input is checked before anything is written.
extension Geodesic {
    /// Inverse problems from `origin` to `count` points.
    /// - Parameters:
    ///   - origin: the first point of every line.
    ///   - input: `count` geodetic triples (latitude°, longitude°, height m), one every
    ///     `stride` bytes.
    ///   - stride: bytes from one input triple to the next (≥ 24).
    ///   - distances: `count` metres, or nil.
    ///   - azimuths1: `count` forward azimuths at the origin, degrees in (−180, 180], or nil.
    ///   - azimuths2: `count` forward azimuths at the points, degrees in (−180, 180], or nil.
    ///   - count: the number of points.
    ///   - shortRange: solve lines up to 10 km by ``shortRangeInverse(_:_:)`` (same
    ///     accuracy, several times faster), the rest by `geod_inverse`.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``; nothing written then.
    @inlinable
    public func inverse(from origin: GeodeticCoordinate, geodetic input: UnsafeRawPointer, stride: Int,
                        distances: UnsafeMutablePointer<Double>?, azimuths1: UnsafeMutablePointer<Double>?,
                        azimuths2: UnsafeMutablePointer<Double>?, count: Int, shortRange: Bool = false) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        let start = self.shortRange.start(origin)
        withUnsafePointer(to: state) { g in
            for i in 0..<count {
                let (lat, lon, h) = StridedTriples.load(input, i * stride)
                var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
                if shortRange, let r = self.shortRange.inverse(from: start, to: GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), h)) {
                    (s12, azi1, azi2) = (r.distance, r.azimuth1, r.azimuth2)
                } else {
                    geod_inverse(g, origin.latitude, origin.longitude, lat, lon, &s12, &azi1, &azi2)
                    // geod_inverse answers −180 on some near-meridional and antipodal lines.
                    (azi1, azi2) = (AngleMath.normalizedAzimuth(azi1), AngleMath.normalizedAzimuth(azi2))
                }
                distances?[i] = s12
                azimuths1?[i] = azi1
                azimuths2?[i] = azi2
            }
        }
    }

    /// Length of the polyline through `count` points; `cumulative[i]` (when given)
    /// receives the length from point 0 to point i. Returns the total, metres.
    /// - Parameters:
    ///   - input: `count` geodetic triples (latitude°, longitude°, height m), one every
    ///     `stride` bytes.
    ///   - stride: bytes from one input triple to the next (≥ 24).
    ///   - count: the number of points.
    ///   - cumulative: `count` metres, or nil.
    ///   - shortRange: legs up to 10 km by the closed form, the rest by `geod_inverse`.
    /// - Throws: as ``inverse(from:geodetic:stride:distances:azimuths1:azimuths2:count:shortRange:)``.
    @inlinable
    public func length(geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                       cumulative: UnsafeMutablePointer<Double>?, shortRange: Bool = false) throws(WaymarkError) -> Double {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        guard count > 0 else { return 0 }
        cumulative?[0] = 0
        var total = 0.0
        withUnsafePointer(to: state) { g in
            var (lat1, lon1, _) = StridedTriples.load(input, 0)
            for i in 1..<count {
                let (lat2, lon2, _) = StridedTriples.load(input, i * stride)
                var s12 = 0.0
                if shortRange, let r = self.shortRange.inverse(GeodeticCoordinate(unchecked: lat1, AngleMath.normalizedLongitude(lon1), 0),
                                                         GeodeticCoordinate(unchecked: lat2, AngleMath.normalizedLongitude(lon2), 0)) {
                    s12 = r.distance
                } else {
                    geod_inverse(g, lat1, lon1, lat2, lon2, &s12, nil, nil)
                }
                total += s12
                cumulative?[i] = total
                (lat1, lon1) = (lat2, lon2)
            }
        }
        return total
    }
}

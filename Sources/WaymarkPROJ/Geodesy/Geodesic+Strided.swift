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
    ///   - shortRange: solve lines up to 10 km by the short-range method
    ///     (``shortRangeInverse(_:_:)``: same accuracy, tens of times faster), four lines
    ///     at a time in a branch-free kernel on the ``CPUPath/current`` path, and the lines
    ///     it refuses (longer, or within 0.01° of a pole) by `geod_inverse`. On the
    ///     baseline path each line has the scalar method's bits; on AVX2 + FMA it may
    ///     differ in the last bits (tested: within 1e-11 m, and 1e-12° or 1e-13 m
    ///     sideways). Either way a line's result does not depend on its position in the
    ///     batch. An output array may start at the input's own address (each line is
    ///     read before its results are written).
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``; nothing written then.
    @inlinable
    public func inverse(from origin: GeodeticCoordinate, geodetic input: UnsafeRawPointer, stride: Int,
                        distances: UnsafeMutablePointer<Double>?, azimuths1: UnsafeMutablePointer<Double>?,
                        azimuths2: UnsafeMutablePointer<Double>?, count: Int, shortRange: Bool = false) throws(WaymarkError) {
        try inverseChecked(from: origin, geodetic: input, stride: stride, distances: distances, azimuths1: azimuths1,
                           azimuths2: azimuths2, count: count, shortRange: shortRange ? .current : nil)
    }

    /// The short-range batch inverse by a chosen ``CPUPath`` (SPI `CPUPaths`: the tests
    /// and Benchmarks/ compare the paths; a path the machine lacks runs the best one it
    /// has). Same checks, errors and results' accuracy as the dispatched form with
    /// `shortRange: true`.
    @inlinable
    @_spi(CPUPaths) public func inverse(from origin: GeodeticCoordinate, geodetic input: UnsafeRawPointer, stride: Int,
                                        distances: UnsafeMutablePointer<Double>?, azimuths1: UnsafeMutablePointer<Double>?,
                                        azimuths2: UnsafeMutablePointer<Double>?, count: Int, path: CPUPath) throws(WaymarkError) {
        try inverseChecked(from: origin, geodetic: input, stride: stride, distances: distances, azimuths1: azimuths1,
                           azimuths2: azimuths2, count: count, shortRange: path.runnable)
    }

    /// Both batch inverse forms: the checks, then every line by `geod_inverse`
    /// (`shortRange` nil) or by the short-range kernels on that path with `geod_inverse`
    /// for the lines they refuse.
    @inlinable
    func inverseChecked(from origin: GeodeticCoordinate, geodetic input: UnsafeRawPointer, stride: Int,
                        distances: UnsafeMutablePointer<Double>?, azimuths1: UnsafeMutablePointer<Double>?,
                        azimuths2: UnsafeMutablePointer<Double>?, count: Int, shortRange path: CPUPath?) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        withUnsafePointer(to: state) { g in
            // geod_inverse answers −180 on some near-meridional and antipodal lines: folded into (−180, 180].
            func karney(_ i: Int) -> GeodesicInverse {
                let (lat, lon, _) = StridedTriples.load(input, i * stride)
                var s12 = 0.0, azi1 = 0.0, azi2 = 0.0
                geod_inverse(g, origin.latitude, origin.longitude, lat, lon, &s12, &azi1, &azi2)
                return GeodesicInverse(distance: s12, azimuth1: AngleMath.normalizedAzimuth(azi1),
                                       azimuth2: AngleMath.normalizedAzimuth(azi2))
            }
            if let path {
                shortRange.inverse(from: shortRange.start(origin), geodetic: input, stride: stride, count: count,
                                   distances: distances, azimuths1: azimuths1, azimuths2: azimuths2, path: path, fallback: karney)
                return
            }
            for i in 0..<count {
                let r = karney(i)
                distances?[i] = r.distance
                azimuths1?[i] = r.azimuth1
                azimuths2?[i] = r.azimuth2
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
    ///   - shortRange: legs up to 10 km by the closed form (four legs at a time on the
    ///     ``CPUPath/current`` path, as the batch inverse), the rest by `geod_inverse`;
    ///     the legs are summed in order either way.
    /// - Throws: as ``inverse(from:geodetic:stride:distances:azimuths1:azimuths2:count:shortRange:)``.
    @inlinable
    public func length(geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                       cumulative: UnsafeMutablePointer<Double>?, shortRange: Bool = false) throws(WaymarkError) -> Double {
        try lengthChecked(geodetic: input, stride: stride, count: count, cumulative: cumulative,
                          shortRange: shortRange ? .current : nil)
    }

    /// The short-range polyline length by a chosen ``CPUPath`` (SPI `CPUPaths`, as the
    /// batch inverse's). Same checks, errors and accuracy as the dispatched form with
    /// `shortRange: true`.
    @inlinable
    @_spi(CPUPaths) public func length(geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                                       cumulative: UnsafeMutablePointer<Double>?, path: CPUPath) throws(WaymarkError) -> Double {
        try lengthChecked(geodetic: input, stride: stride, count: count, cumulative: cumulative, shortRange: path.runnable)
    }

    /// Both polyline forms: the checks, then the legs by `geod_inverse` (`shortRange`
    /// nil) or by the short-range kernels on that path, `geod_inverse` for the legs they
    /// refuse; summed in order either way.
    @inlinable
    func lengthChecked(geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                       cumulative: UnsafeMutablePointer<Double>?, shortRange path: CPUPath?) throws(WaymarkError) -> Double {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        guard count > 0 else { return 0 }
        return withUnsafePointer(to: state) { g in
            func karney(_ leg: Int) -> Double {
                let (lat1, lon1, _) = StridedTriples.load(input, leg * stride)
                let (lat2, lon2, _) = StridedTriples.load(input, (leg + 1) * stride)
                var s12 = 0.0
                geod_inverse(g, lat1, lon1, lat2, lon2, &s12, nil, nil)
                return s12
            }
            if let path {
                return shortRange.length(geodetic: input, stride: stride, count: count, cumulative: cumulative,
                                         path: path, fallback: karney)
            }
            cumulative?[0] = 0
            var total = 0.0
            for i in 1..<count {
                total += karney(i - 1)
                cumulative?[i] = total
            }
            return total
        }
    }
}

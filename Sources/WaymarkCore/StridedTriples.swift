import CWaymarkKernels
/// Reading and writing caller-owned buffers of three consecutive `Double`s
/// (`wm_geodetic`, `wm_vec3`, ``GeodeticCoordinate``) at any byte stride, so that
/// batch APIs take the caller's own record layout (an array of structs with extra
/// fields) without copying. Loads and stores are unaligned-safe.
@usableFromInline
package enum StridedTriples {
    /// Byte size of one triple.
    @usableFromInline package static let size = 3 * MemoryLayout<Double>.stride

    /// Checks a batch's shape: strides at least one triple, count not negative and
    /// small enough that count × stride bytes can exist (``Limits/maximumBufferBytes``).
    @inlinable @inline(__always)
    package static func checkShape(count: Int, strides first: Int, _ second: Int) throws(WaymarkError) {
        try checkShape(count: count, stride: first, elementSize: size)
        try checkShape(count: count, stride: second, elementSize: size)
    }

    /// Checks one strided buffer of `count` elements of `elementSize` bytes: its extent
    /// must fit in memory (``Limits/maximumBufferBytes``), or it cannot be the caller's
    /// real buffer and is refused before anything is read.
    @inlinable @inline(__always)
    package static func checkShape(count: Int, stride: Int, elementSize: Int) throws(WaymarkError) {
        guard stride >= elementSize else { throw .badStride }
        guard Limits.fits(count: count, stride: stride) else { throw .badCount }
    }

    @inlinable @inline(__always)
    package static func load(_ base: UnsafeRawPointer, _ offset: Int) -> (Double, Double, Double) {
        (base.loadUnaligned(fromByteOffset: offset, as: Double.self),
         base.loadUnaligned(fromByteOffset: offset + 8, as: Double.self),
         base.loadUnaligned(fromByteOffset: offset + 16, as: Double.self))
    }

    @inlinable @inline(__always)
    package static func store(_ v: SIMD3<Double>, _ base: UnsafeMutableRawPointer, _ offset: Int) {
        base.storeBytes(of: v.x, toByteOffset: offset, as: Double.self)
        base.storeBytes(of: v.y, toByteOffset: offset + 8, as: Double.self)
        base.storeBytes(of: v.z, toByteOffset: offset + 16, as: Double.self)
    }

    /// The shared shape of per-point geodetic batches: check the buffers, check every
    /// point (nothing written on a bad one), then write `body(point)` for each, the
    /// point's longitude normalised. Each element is read before it is written, so
    /// input and output may alias.
    @inlinable @inline(__always)
    package static func mapGeodetic(_ input: UnsafeRawPointer, stride inputStride: Int,
                            into output: UnsafeMutableRawPointer, stride outputStride: Int, count: Int,
                            maximumHeight: Double = .infinity,
                            _ body: (GeodeticCoordinate) throws(WaymarkError) -> SIMD3<Double>) throws(WaymarkError) {
        try checkShape(count: count, strides: inputStride, outputStride)
        if let bad = firstGeodeticFault(input, stride: inputStride, count: count, maximumHeight: maximumHeight) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        try mapCheckedGeodetic(input, stride: inputStride, into: output, stride: outputStride, count: count, body)
    }

    /// ``mapGeodetic(_:stride:into:stride:count:maximumHeight:_:)`` after its checks, for
    /// callers that have made them (or that finish single points of a checked batch).
    @inlinable @inline(__always)
    package static func mapCheckedGeodetic(_ input: UnsafeRawPointer, stride inputStride: Int,
                                           into output: UnsafeMutableRawPointer, stride outputStride: Int, count: Int,
                                           _ body: (GeodeticCoordinate) throws(WaymarkError) -> SIMD3<Double>) throws(WaymarkError) {
        for i in 0..<count {
            let (lat, lon, h) = load(input, i * inputStride)
            store(try body(GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), h)), output, i * outputStride)
        }
    }

    /// First element that is not a valid geodetic coordinate (latitude, longitude,
    /// height), with the reason; nil when all are valid.
    /// `maximumHeight` bounds |height| (``InputFault/outOfRange`` beyond it): the frame
    /// conversions pass ``Limits/maximumSceneCoordinate`` so their sums cannot overflow.
    @inlinable
    package static func firstGeodeticFault(_ base: UnsafeRawPointer, stride: Int, count: Int,
                                   maximumHeight: Double = .infinity) -> (index: Int, fault: InputFault)? {
        // A branch-free check of the whole batch first (C, on the dispatched path); only
        // a batch with a bad element is searched one by one for the first fault.
        if count > 0, wmk_geodetic_all_valid(base, stride, count, maximumHeight) != 0 { return nil }
        for i in 0..<count {
            let (lat, lon, h) = load(base, i * stride)
            if let fault = GeodeticCoordinate.fault(latitude: lat, longitude: lon, height: h) { return (i, fault) }
            if !(h.magnitude <= maximumHeight) { return (i, .outOfRange) }
        }
        return nil
    }

    /// First element with a component that is not finite (``InputFault/nonFinite``) or
    /// beyond `limit` in magnitude (``InputFault/outOfRange``): ``Limits/maximumSceneCoordinate``
    /// metres in the scene's unit.
    @inlinable
    package static func firstSceneFault(_ base: UnsafeRawPointer, stride: Int, count: Int,
                                        limit: Double = Limits.maximumSceneCoordinate) -> (index: Int, fault: InputFault)? {
        if count > 0, wmk_scene_all_valid(base, stride, count, limit) != 0 { return nil }   // as above
        for i in 0..<count {
            let (x, y, z) = load(base, i * stride)
            if !(x.isFinite && y.isFinite && z.isFinite) { return (i, .nonFinite) }
            if !(x.magnitude <= limit && y.magnitude <= limit && z.magnitude <= limit) { return (i, .outOfRange) }
        }
        return nil
    }

    /// First element with a NaN or infinite component; nil when all are finite.
    @inlinable
    package static func firstNonFinite(_ base: UnsafeRawPointer, stride: Int, count: Int) -> Int? {
        for i in 0..<count {
            let (x, y, z) = load(base, i * stride)
            if !(x.isFinite && y.isFinite && z.isFinite) { return i }
        }
        return nil
    }
}

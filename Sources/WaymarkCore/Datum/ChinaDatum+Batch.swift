extension ChinaDatum {
    /// A conversion between WGS-84, GCJ-02 and BD-09, for batches and tools.
    public enum Conversion: Int32, Sendable, CaseIterable, BitwiseCopyable {
        /// WGS-84 → GCJ-02: the published offset formula (exact by definition).
        case gcj02FromWGS84 = 0
        /// GCJ-02 → WGS-84: Newton's method on the offset, within 50 nm of the true inverse.
        case wgs84FromGCJ02 = 1
        /// GCJ-02 → BD-09: Baidu's published formula.
        case bd09FromGCJ02 = 2
        /// BD-09 → GCJ-02: the exact inverse of Baidu's formula, by iteration.
        case gcj02FromBD09 = 3
        /// WGS-84 → BD-09: through GCJ-02.
        case bd09FromWGS84 = 4
        /// BD-09 → WGS-84: both exact inverses, through GCJ-02.
        case wgs84FromBD09 = 5
        /// The one-step GCJ-02 → WGS-84 baseline of the apps (errs by up to ~5 m).
        case approximateWGS84FromGCJ02 = 6

        /// The conversion from one datum to another (nil for an unknown pair; the
        /// identity pair is `nil` too, callers copy instead).
        public init?(from source: Datum, to target: Datum) {
            switch (source, target) {
            case (.wgs84, .gcj02): self = .gcj02FromWGS84
            case (.gcj02, .wgs84): self = .wgs84FromGCJ02
            case (.gcj02, .bd09): self = .bd09FromGCJ02
            case (.bd09, .gcj02): self = .gcj02FromBD09
            case (.wgs84, .bd09): self = .bd09FromWGS84
            case (.bd09, .wgs84): self = .wgs84FromBD09
            default: return nil
            }
        }
    }

    /// The three coordinate systems of Chinese maps.
    public enum Datum: Sendable, CaseIterable {
        /// WGS-84, what GPS and ARKit's CoreLocation give.
        case wgs84
        /// GCJ-02 ("Mars coordinates"), the obfuscated datum that maps in mainland China
        /// must use (Amap, Tencent, Apple Maps in China).
        case gcj02
        /// BD-09, Baidu's further offset of GCJ-02.
        case bd09
    }

    /// Applies `conversion` to one point.
    @inlinable
    public static func convert(_ p: GeodeticCoordinate, _ conversion: Conversion, region: ChinaRegion = .chinaRectangle) -> GeodeticCoordinate {
        switch conversion {
        case .gcj02FromWGS84: return gcj02(fromWGS84: p, region: region)
        case .wgs84FromGCJ02: return wgs84(fromGCJ02: p, region: region)
        case .bd09FromGCJ02: return bd09(fromGCJ02: p, region: region)
        case .gcj02FromBD09: return gcj02(fromBD09: p, region: region)
        case .bd09FromWGS84: return bd09(fromWGS84: p, region: region)
        case .wgs84FromBD09: return wgs84(fromBD09: p, region: region)
        case .approximateWGS84FromGCJ02: return approximateWGS84(fromGCJ02: p, region: region)
        }
    }

    /// ``convert(_:_:region:)`` that reports an iterative inverse that does not
    /// converge (``checkedWGS84(fromGCJ02:region:)``, ``checkedGCJ02(fromBD09:region:)``)
    /// instead of returning its last iterate.
    /// - Throws: ``WaymarkError/noConvergence(index:)`` with a nil index.
    @inlinable
    public static func convertChecked(_ p: GeodeticCoordinate, _ conversion: Conversion,
                                      region: ChinaRegion = .chinaRectangle) throws(WaymarkError) -> GeodeticCoordinate {
        switch conversion {
        case .wgs84FromGCJ02:
            guard let q = checkedWGS84(fromGCJ02: p, region: region) else { throw .noConvergence(index: nil) }
            return q
        case .gcj02FromBD09:
            guard let q = checkedGCJ02(fromBD09: p, region: region) else { throw .noConvergence(index: nil) }
            return q
        case .wgs84FromBD09:
            guard region.contains(latitude: p.latitude, longitude: p.longitude) else { return p }
            guard let g = checkedGCJ02(fromBD09: p, region: .everywhere),
                  let q = checkedWGS84(fromGCJ02: g, region: .everywhere) else { throw .noConvergence(index: nil) }
            return q
        default:
            return convert(p, conversion, region: region)
        }
    }

    /// Applies `conversion` to `count` geodetic triples (latitude°, longitude°, height m)
    /// over strided buffers (≥ 24 bytes). Every input is checked first; on error nothing
    /// is written. Input and output may be the same buffer.
    ///
    /// WGS-84 ⇄ GCJ-02 under the China rectangle or ``ChinaRegion/everywhere`` runs four
    /// points per step in C kernels on the process's ``CPUPath``; the forward gives the
    /// formula's bits on every path, the inverse differs between paths only in its last
    /// bits. The other conversions, and polygon regions, go point by point.
    ///
    /// The iterative inverses converge everywhere in the China rectangle (the tests
    /// sweep it); under any other region they are first run over the whole batch to
    /// find a point without an exact inverse, which is reported, not returned wrong —
    /// except, for GCJ-02 → WGS-84, at points where convergence is proven
    /// (`ChinaDatum.inverseSurelyConverges`, an internal test on the input point).
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``, ``WaymarkError/noConvergence(index:)``.
    @inlinable
    public static func convert(_ conversion: Conversion, region: ChinaRegion = .chinaRectangle,
                               geodetic input: UnsafeRawPointer, stride inputStride: Int,
                               into output: UnsafeMutableRawPointer, stride outputStride: Int,
                               count: Int) throws(WaymarkError) {
        try convertBatch(conversion, region: region, input, inputStride, output, outputStride, count, path: .current)
    }

    /// The batch conversion by a chosen ``CPUPath`` (SPI `CPUPaths`: the tests and
    /// Benchmarks/ compare the paths; a path the machine lacks runs the best one it has,
    /// the baseline off x86-64). Same checks and errors as the dispatched form.
    @inlinable
    @_spi(CPUPaths) public static func convert(_ conversion: Conversion, region: ChinaRegion = .chinaRectangle,
                                               geodetic input: UnsafeRawPointer, stride inputStride: Int,
                                               into output: UnsafeMutableRawPointer, stride outputStride: Int,
                                               count: Int, path: CPUPath) throws(WaymarkError) {
        try convertBatch(conversion, region: region, input, inputStride, output, outputStride, count, path: path.runnable)
    }

    /// Both batch forms on `path` (one this machine runs).
    @inlinable
    static func convertBatch(_ conversion: Conversion, region: ChinaRegion,
                             _ input: UnsafeRawPointer, _ inputStride: Int,
                             _ output: UnsafeMutableRawPointer, _ outputStride: Int,
                             _ count: Int, path: CPUPath) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, strides: inputStride, outputStride)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: inputStride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
        let iterative = conversion == .wgs84FromGCJ02 || conversion == .gcj02FromBD09 || conversion == .wgs84FromBD09
        let checked = iterative && region != .chinaRectangle
        if checked {
            for i in 0..<count {
                let (lat, rawLongitude, h) = StridedTriples.load(input, i * inputStride)
                let lon = AngleMath.normalizedLongitude(rawLongitude)
                // Where the GCJ-02 inverse provably converges the check is skipped, so
                // batches there run Newton's method once per point, not twice.
                if conversion == .wgs84FromGCJ02 && inverseSurelyConverges(latitude: lat, longitude: lon) { continue }
                do { _ = try convertChecked(GeodeticCoordinate(unchecked: lat, lon, h), conversion, region: region) }
                catch { throw .noConvergence(index: i) }
            }
        }
        let one = { (p: GeodeticCoordinate) throws(WaymarkError) -> SIMD3<Double> in
            let q = checked ? try convertChecked(p, conversion, region: region) : convert(p, conversion, region: region)
            return SIMD3(q.latitude, q.longitude, q.height)
        }
        if let code = kernelRegion(region), conversion == .gcj02FromWGS84 || conversion == .wgs84FromGCJ02 {
            // The points the inverse kernel leaves are finished one by one, as the loop does.
            try kernelBatch(inverse: conversion == .wgs84FromGCJ02, input, inputStride, output, outputStride, count,
                            region: code, path: path) { i throws(WaymarkError) in
                try StridedTriples.mapCheckedGeodetic(input + i * inputStride, stride: inputStride,
                                                      into: output + i * outputStride, stride: outputStride, count: 1, one)
            }
            return
        }
        try StridedTriples.mapCheckedGeodetic(input, stride: inputStride, into: output, stride: outputStride, count: count, one)
    }
}

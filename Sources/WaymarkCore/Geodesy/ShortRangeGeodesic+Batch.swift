import CWaymarkKernels

/// The short-range method over strided batches, through the four-lane (eight on
/// ``CPUPath/avx512``) C kernels
/// (CWaymarkKernels, `short_range_kernels.c`): 64 lines per kernel call, which also
/// returns the lines the method refuses (longer than 10 km, |Δφ| > 0.1°, within 0.01°
/// of a pole — where ``inverse(from:to:)`` returns nil) as a bit mask; the caller's
/// `fallback` solves those (Karney's `geod_inverse` in WaymarkPROJ). No allocation.
///
/// On ``CPUPath/baseline`` the kernel computes the scalar method's bits (it is the same
/// arithmetic in the same order, never fused); on ``CPUPath/avx2FMA`` and
/// ``CPUPath/avx512`` (which give each other's bits) fused multiply-adds round
/// differently in the last bits. Each path is deterministic: a line's result does
/// not depend on its batch, position, stride or thread.
extension ShortRangeGeodesic.Start {
    /// The prepared first point as the C kernels read it.
    @inlinable
    package var kernelStart: wmk_short_range_start {
        wmk_short_range_start(lat: latitude, lon: longitude, sin_lat: sinLatitude, cos_lat: cosLatitude,
                              radius_factor: radiusFactor)
    }
}

extension ShortRangeGeodesic {
    /// Lines per kernel call (the refusal mask is one `UInt64`).
    @usableFromInline package static let kernelChunk = Int(WMK_SHORT_RANGE_CHUNK)

    /// The method's constants as the C kernels read them.
    @inlinable
    package var kernelConstants: wmk_short_range {
        wmk_short_range(a: ellipsoid.equatorialRadius, e2: ellipsoid.eccentricitySquared,
                        inv_a: constants.x, inv_1me2: constants.y, ep2_12a2: constants.z,
                        max_distance: Self.maximumDistance)
    }

    /// Inverse problems from `start` to `count` validated geodetic triples (one every
    /// `stride` bytes; heights ignored) on `path` (one this machine runs, see
    /// ``CPUPath/runnable``): distances in metres and azimuths in degrees, (−180, 180],
    /// to whichever outputs are given. A refused line `i` is `fallback(i)`. An output
    /// that shares bytes with the input (a caller reusing its buffer: an output array
    /// starting at or before the input) sends the batch one line at a time, each read
    /// in full before its results are written — the same bits, slower.
    @inlinable
    package func inverse(from start: Start, geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                         distances: UnsafeMutablePointer<Double>?, azimuths1: UnsafeMutablePointer<Double>?,
                         azimuths2: UnsafeMutablePointer<Double>?, path: CPUPath,
                         fallback: (_ index: Int) -> GeodesicInverse) {
        var constants = kernelConstants
        var first = start.kernelStart
        if Self.overlaps(input, stride: stride, count: count, distances, azimuths1, azimuths2) {
            // Outputs in the input's bytes (a caller reusing its buffer): one line at a
            // time, read in full and solved before anything of it is written, so no line
            // reads another's results (same bits as the chunked kernel).
            var d = 0.0, a1 = 0.0, a2 = 0.0
            for k in 0..<count {
                let refused = Self.inverseChunk(&constants, &first, input + k * stride, stride, 1, &d, &a1, &a2, path)
                let r = refused != 0 ? fallback(k) : GeodesicInverse(distance: d, azimuth1: a1, azimuth2: a2)
                distances?[k] = r.distance
                azimuths1?[k] = r.azimuth1
                azimuths2?[k] = r.azimuth2
            }
            return
        }
        var i = 0
        while i < count {
            let n = min(Self.kernelChunk, count - i)
            var refused = Self.inverseChunk(&constants, &first, input + i * stride, stride, n,
                                            distances.map { $0 + i }, azimuths1.map { $0 + i }, azimuths2.map { $0 + i }, path)
            while refused != 0 {
                let k = i + refused.trailingZeroBitCount
                refused &= refused - 1
                let r = fallback(k)
                distances?[k] = r.distance
                azimuths1?[k] = r.azimuth1
                azimuths2?[k] = r.azimuth2
            }
            i += n
        }
    }

    /// Length of the polyline through `count` validated triples on `path`: leg by leg
    /// (a refused leg `i`, from point i to i + 1, is `fallback(i)`), summed in order;
    /// `cumulative[i]`, when given, receives the length from point 0 to point i.
    /// Returns the total, metres.
    @inlinable
    package func length(geodetic input: UnsafeRawPointer, stride: Int, count: Int,
                        cumulative: UnsafeMutablePointer<Double>?, path: CPUPath,
                        fallback: (_ leg: Int) -> Double) -> Double {
        guard count > 0 else { return 0 }
        cumulative?[0] = 0
        var constants = kernelConstants
        var total = 0.0
        // One chunk of leg lengths at a time, on the stack (512 bytes).
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.kernelChunk) { buffer in
            let legs = buffer.baseAddress!
            var i = 0
            while i < count - 1 {
                let n = min(Self.kernelChunk, count - 1 - i)
                var refused = Self.legsChunk(&constants, input + i * stride, stride, n, legs, path)
                while refused != 0 {
                    let k = refused.trailingZeroBitCount
                    refused &= refused - 1
                    legs[k] = fallback(i + k)
                }
                if let cumulative {
                    for k in 0..<n {
                        total += legs[k]
                        cumulative[i + k + 1] = total
                    }
                } else {
                    for k in 0..<n { total += legs[k] }
                }
                i += n
            }
        }
        return total
    }

    /// Whether any of the three output arrays (`count` doubles each, nil for none)
    /// shares bytes with the `count` input triples.
    @inlinable
    static func overlaps(_ input: UnsafeRawPointer, stride: Int, count: Int, _ first: UnsafeMutablePointer<Double>?,
                         _ second: UnsafeMutablePointer<Double>?, _ third: UnsafeMutablePointer<Double>?) -> Bool {
        guard count > 0 else { return false }
        let low = UInt(bitPattern: input), high = low + UInt((count - 1) * stride + StridedTriples.size)
        let bytes = UInt(count * MemoryLayout<Double>.stride)
        func within(_ output: UnsafeMutablePointer<Double>?) -> Bool {
            guard let output else { return false }
            let start = UInt(bitPattern: output)
            return start < high && low < start + bytes
        }
        return within(first) || within(second) || within(third)
    }

    /// One kernel call of at most ``kernelChunk`` lines on `path`.
    @inlinable @inline(__always)
    static func inverseChunk(_ constants: UnsafePointer<wmk_short_range>, _ start: UnsafePointer<wmk_short_range_start>,
                             _ input: UnsafeRawPointer, _ stride: Int, _ count: Int,
                             _ distances: UnsafeMutablePointer<Double>?, _ azimuths1: UnsafeMutablePointer<Double>?,
                             _ azimuths2: UnsafeMutablePointer<Double>?, _ path: CPUPath) -> UInt64 {
        #if arch(x86_64)
        switch path {
        case .avx512:
            return wmk_short_range_inverse_avx512(constants, start, input, stride, count, distances, azimuths1, azimuths2)
        case .avx2FMA:
            return wmk_short_range_inverse_avx2(constants, start, input, stride, count, distances, azimuths1, azimuths2)
        case .baseline: break
        }
        #endif
        return wmk_short_range_inverse_baseline(constants, start, input, stride, count, distances, azimuths1, azimuths2)
    }

    /// One kernel call of at most ``kernelChunk`` legs on `path`.
    @inlinable @inline(__always)
    static func legsChunk(_ constants: UnsafePointer<wmk_short_range>, _ input: UnsafeRawPointer, _ stride: Int,
                          _ legs: Int, _ distances: UnsafeMutablePointer<Double>, _ path: CPUPath) -> UInt64 {
        #if arch(x86_64)
        switch path {
        case .avx512: return wmk_short_range_legs_avx512(constants, input, stride, legs, distances)
        case .avx2FMA: return wmk_short_range_legs_avx2(constants, input, stride, legs, distances)
        case .baseline: break
        }
        #endif
        return wmk_short_range_legs_baseline(constants, input, stride, legs, distances)
    }
}

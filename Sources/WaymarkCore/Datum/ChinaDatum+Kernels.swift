import CWaymarkKernels

/// WGS-84 ⇄ GCJ-02 batches through the four-lane (eight on ``CPUPath/avx512``) C
/// kernels (CWaymarkKernels, `gcj_kernels.c`), for the regions they know (the China
/// rectangle and everywhere; a polygon region stays on the per-point Swift loop).
///
/// The forward computes the published formula's bits on every path (the AVX2 and
/// AVX-512 builds fuse no multiply-adds), so the reference vectors hold to the last bit
/// on each.
/// The inverse solves 64 points per call and returns the ones it leaves (no
/// convergence, or a solution outside the valid range: only far from China) as a bit
/// mask; the caller finishes those one by one as the per-point method does. On
/// ``CPUPath/baseline`` the kernels compute the Swift methods' bits; on
/// ``CPUPath/avx2FMA`` and ``CPUPath/avx512`` (the same bits as each other) the
/// inverse's fused multiply-adds move its last bits (far inside the 1e-12° tolerance). Each path is deterministic: a point's result does not depend
/// on its batch, position, stride or thread. No allocation.
extension ChinaDatum {
    /// Points per inverse kernel call (the unsolved mask is one `UInt64`).
    @usableFromInline static let kernelChunk = Int(WMK_GCJ02_CHUNK)

    /// The kernels' region argument: 0 for the China rectangle, 1 for everywhere, nil
    /// for a polygon (which the kernels do not test) and in the scalar WebAssembly module.
    ///
    /// Why not there: without SIMD128 the kernels' four lanes would be four scalar copies
    /// of the Swift loop's work, for about 25 KB more module. The SIMD128 module
    /// (`WAYMARK_WASM_SIMD`, scripts/build-wasm) takes them: 3.4 times faster than the
    /// Swift loop, which SIMD128 slows down. Both compute the baseline kernels' bits.
    @inlinable @inline(__always)
    static func kernelRegion(_ region: ChinaRegion) -> Int32? {
        #if arch(wasm32) && !WAYMARK_WASM_SIMD
        return nil
        #else
        switch region {
        case .chinaRectangle: return 0
        case .everywhere: return 1
        case .polygon: return nil
        }
        #endif
    }

    /// Whether the outputs, `count` triples every `outputStride` bytes, share bytes with
    /// the inputs other than as the very same buffer (same start, same stride), which
    /// the kernels' groups of four would read after writing.
    @inlinable
    static func overlapsShifted(_ input: UnsafeRawPointer, _ inputStride: Int, _ output: UnsafeMutableRawPointer,
                                _ outputStride: Int, _ count: Int) -> Bool {
        guard count > 0 else { return false }
        let inLow = UInt(bitPattern: input), outLow = UInt(bitPattern: output)
        if inLow == outLow && inputStride == outputStride { return false }
        let inHigh = inLow + UInt((count - 1) * inputStride + StridedTriples.size)
        let outHigh = outLow + UInt((count - 1) * outputStride + StridedTriples.size)
        return outLow < inHigh && inLow < outHigh
    }

    /// WGS-84 → GCJ-02 (`inverse` false) or GCJ-02 → WGS-84 of `count` validated triples
    /// on `path` (one this machine runs), 64 per kernel call; a point the inverse leaves
    /// is `finish(i)`, which reads input `i` (still intact) and writes output `i`. The
    /// kernels read each group of four in full before writing it, which covers the very
    /// same buffer; an output shifted against the input in the same memory goes one
    /// point per call (the same bits).
    @inlinable
    static func kernelBatch(inverse: Bool, _ input: UnsafeRawPointer, _ inputStride: Int,
                            _ output: UnsafeMutableRawPointer, _ outputStride: Int, _ count: Int, region: Int32,
                            path: CPUPath, finish: (_ index: Int) throws(WaymarkError) -> Void) throws(WaymarkError) {
        let chunk = overlapsShifted(input, inputStride, output, outputStride, count) ? 1 : kernelChunk
        var i = 0
        while i < count {
            let n = min(chunk, count - i)
            var unsolved = kernelCall(inverse: inverse, input + i * inputStride, inputStride, output + i * outputStride,
                                      outputStride, n, region, path)
            while unsolved != 0 {
                try finish(i + unsolved.trailingZeroBitCount)
                unsolved &= unsolved - 1
            }
            i += n
        }
    }

    /// One kernel call: the unsolved points' mask (always 0 for the forward).
    @inlinable @inline(__always)
    static func kernelCall(inverse: Bool, _ input: UnsafeRawPointer, _ inputStride: Int,
                           _ output: UnsafeMutableRawPointer, _ outputStride: Int, _ count: Int, _ region: Int32,
                           _ path: CPUPath) -> UInt64 {
        #if arch(x86_64)
        switch path {
        case .avx512:
            if inverse { return wmk_gcj02_inverse_avx512(input, inputStride, output, outputStride, count, region) }
            wmk_gcj02_forward_avx512(input, inputStride, output, outputStride, count, region)
            return 0
        case .avx2FMA:
            if inverse { return wmk_gcj02_inverse_avx2(input, inputStride, output, outputStride, count, region) }
            wmk_gcj02_forward_avx2(input, inputStride, output, outputStride, count, region)
            return 0
        case .baseline: break
        }
        #endif
        if inverse { return wmk_gcj02_inverse_baseline(input, inputStride, output, outputStride, count, region) }
        wmk_gcj02_forward_baseline(input, inputStride, output, outputStride, count, region)
        return 0
    }
}

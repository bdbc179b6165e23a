import CWaymarkKernels

/// The code path the hot kernels take: geo → scene (batches, single points and anchor
/// transforms), scene → geo, the short-range geodesic's batches (`Geodesic`'s batch
/// inverse and polyline length in WaymarkPROJ, with `shortRange: true`) and the WGS-84 ⇄
/// GCJ-02 batches (``ChinaDatum/convert(_:region:geodetic:stride:into:stride:count:)``).
///
/// Chosen once per process from `cpuid`: ``avx512`` on an x86-64 whose CPU and OS
/// support AVX-512 F, DQ, BW and VL (and AVX2 + FMA), ``avx2FMA`` on one that supports
/// AVX2 and FMA (x86-64-v3), ``baseline`` everywhere else (SSE2 on older x86-64, NEON on
/// arm64, wasm32). Setting the environment variable `WAYMARK_CPU` to `baseline`, `avx2`
/// or `avx512` before the first conversion forces that path, for comparisons and tests;
/// a forced path the machine lacks falls back to the best one it has (`avx512` on an
/// AVX2-only machine runs ``avx2FMA``), and other values are ignored. The choice is
/// cached with a relaxed atomic (racing first calls compute the same value), so it is
/// not mutable state a caller can see change.
///
/// Every path agrees with PROJ within the frames' stated tolerances and is deterministic
/// (a point's result does not depend on its thread, batch or lane). ``avx2FMA`` and
/// ``avx512`` fuse the same multiply-adds and give the same bits; they may differ from
/// ``baseline`` in the last bits (FMA rounds once where the baseline rounds twice) —
/// except WGS-84 → GCJ-02, which fuses nothing on any path and so gives the published
/// formula's bits on all three.
public enum CPUPath: Sendable, Equatable {
    /// The portable four-lane C kernels (CWaymarkKernels) for geo → scene, scene → geo,
    /// anchor transforms, the short-range geodesic and GCJ-02; single conversions run
    /// the same bodies (``ChinaDatum``'s per-point methods compute the GCJ-02 kernels'
    /// bits).
    case baseline
    /// C kernels compiled for AVX2 + FMA (four doubles per instruction, fused
    /// multiply-add), selected by a function target attribute inside a baseline build.
    case avx2FMA
    /// The same C kernel bodies compiled for AVX-512 (eight doubles per instruction,
    /// opmask selects, fused multiply-add; x86-64-v4's F, DQ, BW and VL subsets), by a
    /// function target attribute inside a baseline build. Its results are
    /// ``avx2FMA``'s, bit for bit.
    case avx512

    /// The path a `wmk_cpu_path` value names.
    @inlinable
    init(kernelPath: Int32) {
        switch kernelPath {
        case Int32(WMK_PATH_AVX512): self = .avx512
        case Int32(WMK_PATH_AVX2_FMA): self = .avx2FMA
        default: self = .baseline
        }
    }

    /// The `wmk_cpu_path` value naming this path.
    @inlinable
    var kernelPath: Int32 {
        switch self {
        case .baseline: Int32(WMK_PATH_BASELINE)
        case .avx2FMA: Int32(WMK_PATH_AVX2_FMA)
        case .avx512: Int32(WMK_PATH_AVX512)
        }
    }

    /// The paths in order: each one's CPU features contain the previous one's.
    @inlinable
    var rank: Int {
        switch self {
        case .baseline: 0
        case .avx2FMA: 1
        case .avx512: 2
        }
    }

    /// The path this process uses.
    public static var current: CPUPath { CPUPath(kernelPath: wmk_cpu_path()) }

    /// The fastest path this machine supports, whatever `WAYMARK_CPU` says.
    public static var supported: CPUPath { CPUPath(kernelPath: wmk_cpu_supported_path()) }

    /// This path where the machine can run it, else the best one it can (what the forms
    /// taking a `path:` run, as `WAYMARK_CPU` falls back).
    @inlinable
    package var runnable: CPUPath {
        let best = Self.supported
        return rank <= best.rank ? self : best
    }

    /// Every path this machine can run, slowest first (the tests and benchmarks compare
    /// them).
    package static var runnablePaths: [CPUPath] { [.baseline, .avx2FMA, .avx512].filter { $0.rank <= supported.rank } }

    /// The name `waymark bench` and the C ABI print: `baseline`, `avx2_fma` or `avx512`.
    public var name: StaticString {
        switch self {
        case .baseline: "baseline"
        case .avx2FMA: "avx2_fma"
        case .avx512: "avx512"
        }
    }
}

import CWaymarkKernels

/// The code path the hot kernels take: geo → scene (batches, single points and anchor
/// transforms), scene → geo, the short-range geodesic's batches (`Geodesic`'s batch
/// inverse and polyline length in WaymarkPROJ, with `shortRange: true`) and the WGS-84 ⇄
/// GCJ-02 batches (``ChinaDatum/convert(_:region:geodetic:stride:into:stride:count:)``).
///
/// Chosen once per process from `cpuid`: ``avx2FMA`` on an x86-64 whose CPU and OS
/// support AVX2 and FMA (x86-64-v3), ``baseline`` everywhere else (SSE2 on older x86-64,
/// NEON on arm64, wasm32). Setting the environment variable `WAYMARK_CPU=baseline`
/// before the first conversion forces the baseline, for comparisons and tests. The
/// choice is cached with a relaxed atomic (racing first calls compute the same value),
/// so it is not mutable state a caller can see change.
///
/// Both paths agree with PROJ within the frames' stated tolerances and are each
/// deterministic (a point's result does not depend on its thread, batch or lane); they
/// may differ from each other in the last bits (FMA rounds once where the baseline
/// rounds twice) — except WGS-84 → GCJ-02, which fuses nothing on either path and so
/// gives the published formula's bits on both.
public enum CPUPath: Sendable, Equatable {
    /// The portable four-lane C kernels (CWaymarkKernels) for geo → scene, scene → geo,
    /// anchor transforms, the short-range geodesic and GCJ-02; single conversions run
    /// the same bodies (``ChinaDatum``'s per-point methods compute the GCJ-02 kernels'
    /// bits).
    case baseline
    /// C kernels compiled for AVX2 + FMA (four doubles per instruction, fused
    /// multiply-add), selected by a function target attribute inside a baseline build.
    case avx2FMA

    /// The path this process uses.
    public static var current: CPUPath { wmk_cpu_path() == Int32(WMK_PATH_AVX2_FMA) ? .avx2FMA : .baseline }

    /// The fastest path this machine supports, whatever `WAYMARK_CPU` says.
    public static var supported: CPUPath {
        wmk_cpu_supported_path() == Int32(WMK_PATH_AVX2_FMA) ? .avx2FMA : .baseline
    }

    /// This path where the machine can run it, else the baseline (what the forms taking a
    /// `path:` run).
    @inlinable
    package var runnable: CPUPath { self == .avx2FMA && Self.supported == .avx2FMA ? .avx2FMA : .baseline }

    /// The name `waymark bench` and the C ABI print: `baseline` or `avx2_fma`.
    public var name: StaticString {
        switch self {
        case .baseline: "baseline"
        case .avx2FMA: "avx2_fma"
        }
    }
}

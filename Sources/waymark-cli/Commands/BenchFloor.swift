import CReferenceKernels
import Waymark

/// Which C floor `waymark bench`'s `vs_floor` divides by: the floor built for the same
/// code generation as the path that ran, so the ratio compares like with like (the
/// dispatched AVX-512 path against the eight-lane AVX-512 floor, AVX2 + FMA against the
/// AVX2 + FMA floor, the baseline against the SSE2 floor). The AVX2 floor's line is
/// printed wherever it runs, so a ratio against it can be read on every path.
enum BenchFloor {
    /// The path the dispatched contenders take in this process.
    static var path: CPUPath { CPUPath.current }

    /// The `# path: …` comment line.
    static var pathLine: String { "# path: \(path.name)" }

    /// Whether the AVX2 + FMA floor can run here (x86-64-v3 or better).
    static var hasAVX2Floor: Bool { CPUPath.supported != .baseline }

    /// Whether the AVX-512 floor can run here.
    static var hasAVX512Floor: Bool { CPUPath.supported == .avx512 }

    /// The name of the floor line `vs_floor` divides by.
    static var referenceName: String {
        switch path {
        case .baseline: "floor_c_vector"
        case .avx2FMA: "floor_c_vector_avx2"
        case .avx512: "floor_c_vector_avx512"
        }
    }
}

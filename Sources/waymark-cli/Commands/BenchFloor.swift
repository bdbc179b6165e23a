import CReferenceKernels
import Waymark

/// Which C floor `waymark bench`'s `vs_floor` divides by: the floor built for the same
/// code generation as the path that ran, so the ratio compares like with like (the
/// dispatched AVX2 + FMA path against the AVX2 + FMA floor, the baseline against the
/// SSE2 floor).
enum BenchFloor {
    /// The path the dispatched contenders take in this process.
    static var path: CPUPath { CPUPath.current }

    /// The `# path: …` comment line.
    static var pathLine: String { "# path: \(path.name)" }

    /// Whether the AVX2 + FMA floor can run here (x86-64-v3).
    static var hasAVX2Floor: Bool { CPUPath.supported == .avx2FMA }

    /// The name of the floor line `vs_floor` divides by.
    static var referenceName: String { path == .avx2FMA ? "floor_c_vector_avx2" : "floor_c_vector" }
}

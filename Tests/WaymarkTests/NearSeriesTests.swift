#if arch(x86_64) && os(Linux)
import Glibc
import Testing
import CWaymarkKernels
@testable @_spi(CPUPaths) import WaymarkCore

/// The fused paths' N − N0 near the origin: the frame's Taylor polynomial of N in the
/// latitude's difference (`wmk_scene_frame.dn`, made by `wmk_frame_prepare` in 80-bit
/// arithmetic), against N's own difference in 80-bit arithmetic, an independent
/// computation (the closed form a / √(1 − e² sin²φ), no series). Float80 rounds N
/// (6.4e6 m) to about 7e-13 m, so this bounds the polynomial's truncation and
/// coefficients to 2e-12 m, 25 times below the fused paths' 5e-11 m budget
/// against the exact ENU (`ExactENUTests`).
@Suite struct NearSeriesTests {
    @Test("N − N0 from the frame's polynomial within 2e-12 m of N's difference in 80-bit arithmetic, |Δlat| ≤ 1°, every latitude")
    func polynomialAgainstClosedForm() throws {
        var worst: Float80 = 0
        for lat0 in stride(from: -90.0, through: 90.0, by: 2.5) {
            let origin = try GeodeticCoordinate(latitude: lat0, longitude: 37.6, height: 150)
            let kernel = SceneFrame(origin: origin, axes: .enu).preparedKernelFrame(for: .avx2FMA)
            #expect(kernel.path == Int32(WMK_PATH_AVX2_FMA) || CPUPath.current == .baseline)
            guard kernel.path != Int32(WMK_PATH_BASELINE) else { continue }
            let dn = withUnsafeBytes(of: kernel.dn) { Array($0.bindMemory(to: Double.self)) }
            let a = Float80(kernel.ell.a), e2 = Float80(kernel.ell.e2)
            let phi0 = Float80(lat0) * .pi / 180
            func n(_ phi: Float80) -> Float80 { a / sqrtl(1 - e2 * sinl(phi) * sinl(phi)) }
            for step in -40...40 {
                let x = Float80(step) / 40 * .pi / 180
                var p: Float80 = 0
                for c in dn.reversed() { p = p * x + Float80(c) }
                worst = max(worst, abs(x * p - (n(phi0 + x) - n(phi0))))
            }
        }
        print("near series: N − N0 within \(Double(worst)) m of the 80-bit closed form")
        #expect(worst <= 2e-12)
    }
}
#endif

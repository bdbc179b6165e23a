import CWaymarkMath
import WaymarkCore

/// The navigator's vertical estimate, apart from the horizontal one (the heading does not
/// enter it): the scene's up offset `tz` (world up − scene up) and the GPS altitude's
/// slowly varying error `gz` (first-order Gauss–Markov), fed by the route's height under
/// the user (the device is its height above the ground there), a detected ground plane
/// and GPS altitude. Two lanes and a 2 × 2 covariance: no allocation, bounded work.
struct VerticalFilter: Sendable {
    /// (tz, gz).
    private(set) var state = SIMD2<Double>()
    /// The covariance of (tz, gz), row-major 2 × 2.
    private(set) var covariance = SIMD4<Double>()
    /// Whether a measurement has placed it.
    private(set) var known = false
    private var biasSigma = 0.0

    /// The scene's up offset: world up = scene up + this.
    var offset: Double { state[0] }

    /// Lets `dt` seconds pass: the GPS altitude error decays toward its σ over
    /// `correlationTime`, and the offset widens by `shift` (the horizontal drift's
    /// variance, m²) a hundredth of it — the session drifts far less in height.
    mutating func advance(dt: Double, correlationTime: Double, shift: Double) {
        guard known && dt > 0 else { return }
        let phi = exp(-dt / correlationTime)
        state[1] *= phi
        covariance[1] *= phi; covariance[2] *= phi
        covariance[3] = phi * phi * covariance[3] + (1 - phi * phi) * biasSigma * biasSigma
        covariance[0] += shift * 0.01
    }

    /// After a tracking reset: the new scene's offset is `offset`, widened by `variance`.
    mutating func replace(offset: Double, widenedBy variance: Double) {
        state[0] = offset
        covariance[0] += variance
    }

    /// A measurement of tz (+ gz when `gps`), value `z`, white 1-σ `sigma`; a GPS altitude's
    /// slowly varying part has 1-σ `correlatedSigma`. GPS altitudes beyond `gate` σ are
    /// outliers and left out.
    mutating func add(_ z: Double, sigma: Double, gps: Bool, correlatedSigma: Double = 0, gate: Double) {
        if gps { biasSigma = correlatedSigma }
        guard known else {
            state = SIMD2(z, 0)
            let cc = gps ? correlatedSigma * correlatedSigma : 0
            covariance = SIMD4(sigma * sigma + cc, gps ? -cc : 0, gps ? -cc : 0, max(cc, biasSigma * biasSigma))
            known = true
            return
        }
        let h = SIMD2(1.0, gps ? 1 : 0)
        let p = covariance
        let ph = SIMD2(p[0] * h.x + p[1] * h.y, p[2] * h.x + p[3] * h.y)
        let s = (h * ph).sum() + sigma * sigma
        guard s > 0 else { return }
        let y = z - (h * state).sum()
        guard y * y / s <= gate * gate || !gps else { return }
        let k = ph / s
        // Joseph: (I − k hᵀ) P (I − k hᵀ)ᵀ + k σ² kᵀ.
        let a00 = 1 - k.x * h.x, a01 = -k.x * h.y, a10 = -k.y * h.x, a11 = 1 - k.y * h.y
        let b00 = a00 * p[0] + a01 * p[2], b01 = a00 * p[1] + a01 * p[3]
        let b10 = a10 * p[0] + a11 * p[2], b11 = a10 * p[1] + a11 * p[3]
        let r = sigma * sigma
        let n00 = b00 * a00 + b01 * a01 + k.x * k.x * r
        let n01 = b00 * a10 + b01 * a11 + k.x * k.y * r
        let n11 = b10 * a10 + b11 * a11 + k.y * k.y * r
        let next = state + k * y
        guard next[0].isFinite, next[1].isFinite, n00.isFinite, n01.isFinite, n11.isFinite else { return }
        state = next
        covariance = SIMD4(n00, n01, n01, n11)
    }
}

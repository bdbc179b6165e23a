import WaymarkCore

extension ScreenProjection {
    /// The candidate a tap at `point` (screen points, y down) picks: the one whose
    /// projection is nearest the tap, in front of the camera and within `radius` points
    /// (ties: the lower index). The same projection as ``project(_:)``, so what the
    /// navigator draws at a screen position is what a tap there picks.
    ///
    /// - Parameters:
    ///   - count: candidates, 0 ... ``Limits/maximumPointsOfInterest``.
    ///   - position: candidate `i`'s scene position (a mark, a place, an arrow), metres.
    /// - Returns: the index and its distance from the tap, points; nil when none is
    ///   within the radius.
    /// - Throws: ``WaymarkError/badCount`` beyond the limit; ``WaymarkError/invalidInput(_:)``
    ///   for a non-finite tap or radius, or a negative radius;
    ///   ``WaymarkError/invalidElement(index:fault:)`` for a non-finite position or one
    ///   beyond ±1e12 m.
    public func pick(at point: SIMD2<Double>, radius: Double, count: Int,
                     position: (Int) -> SIMD3<Double>) throws(WaymarkError) -> (index: Int, distance: Double)? {
        guard count >= 0, count <= Limits.maximumPointsOfInterest else { throw .badCount }
        guard point.x.isFinite, point.y.isFinite, radius.isFinite else { throw .invalidInput(.nonFinite) }
        guard radius >= 0 else { throw .invalidInput(.notPositive) }
        var best: (index: Int, distance: Double)? = nil
        for i in 0..<count {
            let p = position(i)
            if let fault = Limits.sceneFault(p) { throw .invalidElement(index: i, fault: fault) }
            let projected = project(p)
            guard projected.inFront else { continue }
            let distance = Self.distance(projected.screen, point)
            if distance <= radius, best.map({ distance < $0.distance }) ?? true { best = (i, distance) }
        }
        return best
    }

    /// The distance between two screen positions, scaled before squaring: taps and
    /// radii are any finite number, and a squared 1e200 overflows.
    static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = a - b
        let largest = max(d.x.magnitude, d.y.magnitude)
        guard largest > 0, largest.isFinite else { return largest }
        let u = d / largest
        return largest * (u * u).sum().squareRoot()
    }

    /// ``pick(at:radius:count:position:)`` over an array of scene positions.
    public func pick(at point: SIMD2<Double>, radius: Double, among positions: [SIMD3<Double>]) throws(WaymarkError) -> (index: Int, distance: Double)? {
        try pick(at: point, radius: radius, count: positions.count) { positions[$0] }
    }
}

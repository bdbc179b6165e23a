import WaymarkCore

/// The estimates of a walk and the user's refined position from them (the Yandex.Maps article,
/// "Determining the position of an object on the stage"; the iOS AR navigation paper's estimate holder).
///
/// The seed rule (``Rule/mostAccurate``): among the estimates whose scene position is
/// within `window` metres (100) of the current scene position, the one with the lowest
/// horizontal accuracy value, the newest among equals; the refined position is its fix
/// moved by the scene offset since it was taken. It is re-evaluated on every new fix
/// and on a timer tick — the caller passes the time and the scene position; nothing
/// here reads a clock.
///
/// Beyond the seed (``Rule/fused``): every estimate in the window, each carried to the
/// present by the AR motion, averaged with weights 1/σ² (horizontal and vertical
/// separately), with the combined 1-σ horizontal uncertainty 1/√(Σ 1/σᵢ²) — assuming
/// independent GPS errors, which is optimistic for fixes seconds apart.
public struct EstimateBuffer: Sendable {
    /// How the refined position is formed; raw values are the C ABI's `WM_ESTIMATES_*`.
    public enum Rule: Int32, Sendable, Equatable {
        /// The Yandex.Maps article's rule: the estimate with the lowest accuracy value
        /// within the window, the newest among equals.
        case mostAccurate = 0
        /// Every estimate within the window, averaged with weights 1/σ².
        case fused = 1
    }

    /// The refined position and its horizontal uncertainty (1 σ, metres).
    public struct Refined: Sendable, Equatable {
        /// The user's position now.
        public var position: GeodeticCoordinate
        /// Its horizontal uncertainty, 1 σ, metres.
        public var horizontalUncertainty: Double
        /// How many estimates contributed (1 for the seed rule).
        public var used: Int
    }

    /// Stored estimates, oldest first.
    public private(set) var estimates: [LocationEstimate] = []
    /// Most estimates kept; the oldest go first.
    public let capacity: Int
    /// Scene distance within which estimates count, metres.
    public let window: Double
    /// How the refined position is formed.
    public let rule: Rule

    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a capacity below 1 or a window
    ///   that is not finite and positive.
    public init(capacity: Int = 256, window: Double = 100, rule: Rule = .mostAccurate) throws(WaymarkError) {
        guard capacity >= 1 else { throw .invalidInput(.notPositive) }
        guard window.isFinite else { throw .invalidInput(.nonFinite) }
        guard window > 0 else { throw .invalidInput(.notPositive) }
        self.capacity = capacity
        self.window = window
        self.rule = rule
        estimates.reserveCapacity(capacity)
    }

    /// Adds a new fix and re-evaluates.
    public mutating func add(_ estimate: LocationEstimate, frame: SceneFrame) -> Refined? {
        append(estimate)
        return refined(at: estimate.scenePosition, frame: frame)
    }

    /// Adds a new fix without evaluating (evaluate with ``refined(at:frame:)``).
    public mutating func append(_ estimate: LocationEstimate) {
        if estimates.count == capacity { estimates.removeFirst() }
        estimates.append(estimate)
    }

    /// The best estimate by the seed rule at `current`, or nil when none is within the
    /// window.
    public func best(at current: SIMD3<Double>) -> LocationEstimate? {
        var best: LocationEstimate? = nil
        for e in estimates where inWindow(e, current) {
            if let b = best {
                if e.horizontalAccuracy < b.horizontalAccuracy
                    || (e.horizontalAccuracy == b.horizontalAccuracy && e.timestamp >= b.timestamp) { best = e }
            } else {
                best = e
            }
        }
        return best
    }

    @inline(__always) func inWindow(_ e: LocationEstimate, _ current: SIMD3<Double>) -> Bool {
        let d = e.scenePosition - current
        return (d * d).sum() <= window * window
    }

    /// The refined position at `current` (a timer tick or a new fix), or nil when no
    /// estimate is within the window.
    public func refined(at current: SIMD3<Double>, frame: SceneFrame) -> Refined? {
        switch rule {
        case .mostAccurate:
            guard let b = best(at: current) else { return nil }
            return Refined(position: b.carried(to: current, through: frame), horizontalUncertainty: b.horizontalAccuracy, used: 1)
        case .fused:
            // Average in the frame's scene coordinates (metres), then convert back once.
            var smallestH = Double.infinity, smallestV = Double.infinity
            for e in estimates where inWindow(e, current) {
                smallestH = min(smallestH, e.horizontalAccuracy)
                smallestV = min(smallestV, e.verticalAccuracy)
            }
            guard smallestH.isFinite else { return nil }
            let unitH = InverseVariance.unit(smallest: smallestH), unitV = InverseVariance.unit(smallest: smallestV)
            var sumH = SIMD3<Double>.zero, weightH = 0.0, sumV = 0.0, weightV = 0.0, used = 0
            let up = frame.axes.upAxisIndex
            for e in estimates where inWindow(e, current) {
                let p = frame.scenePosition(of: e.fix) + (current - e.scenePosition)
                let wh = InverseVariance.weight(e.horizontalAccuracy, unit: unitH)
                let wv = InverseVariance.weight(e.verticalAccuracy, unit: unitV)
                var horizontal = p
                horizontal[up] = 0
                sumH += wh * horizontal
                weightH += wh
                sumV += wv * p[up]
                weightV += wv
                used += 1
            }
            var mean = sumH / weightH
            mean[up] = sumV / weightV
            return Refined(position: frame.geodeticUnchecked(mean), horizontalUncertainty: unitH / weightH.squareRoot(), used: used)
        }
    }
}

import WaymarkCore

extension Navigator {
    /// A location fix as a phone reports it, with the device's scene position when it was
    /// taken: what ``Navigator/addFix(_:)`` takes.
    ///
    /// The velocity fields are CoreLocation's `course`, `courseAccuracy`, `speed` and
    /// `speedAccuracy` (Android: `getBearing`, `getBearingAccuracyDegrees`, `getSpeed`,
    /// `getSpeedAccuracyMetersPerSecond`). Each is optional, and a value a phone marks
    /// invalid — negative (CoreLocation reports −1), NaN or infinite — is stored as nil
    /// ("none"); the filter uses a velocity only when all four are present.
    public struct Fix: Sendable, Equatable {
        /// Degrees, in [−90, 90].
        public var latitude: Double
        /// Degrees, any finite value.
        public var longitude: Double
        /// Ellipsoidal metres, or nil when unknown.
        public var height: Double?
        /// Metres, > 0: CoreLocation's `horizontalAccuracy`, Android's `getAccuracy()` —
        /// the filter reads it as the radius of ``Configuration/accuracyConfidence``.
        public var horizontalAccuracy: Double
        /// 1-σ metres, > 0, as CoreLocation's `verticalAccuracy`; not read when ``height``
        /// is nil (a phone without altitude may leave it 0 or −1).
        public var verticalAccuracy: Double
        /// What a fix without a height carries in place of its vertical accuracy (never read).
        static let unusedVerticalAccuracy = 10.0
        /// Seconds on the caller's clock (the same as frames'), in order.
        public var time: Double
        /// The device's scene position (scene axes and unit) when the fix was taken.
        public var scenePosition: SIMD3<Double>
        /// Course over ground, degrees clockwise from true north, in [0, 360); nil: none.
        public private(set) var course: Double?
        /// The course's 1-σ, degrees, in (0, 180]; nil: none.
        public private(set) var courseAccuracy: Double?
        /// Speed over ground, m/s, in [0, 1000]; nil: none.
        public private(set) var speed: Double?
        /// The speed's 1-σ, m/s, in (0, 1000]; nil: none.
        public private(set) var speedAccuracy: Double?

        /// A fix. The velocity fields take a phone's raw values: any that is negative, not
        /// finite or beyond its range (a course is wrapped into [0, 360) first) is none.
        public init(latitude: Double, longitude: Double, height: Double? = nil, horizontalAccuracy: Double,
                    verticalAccuracy: Double = 10, time: Double, scenePosition: SIMD3<Double>,
                    course: Double? = nil, courseAccuracy: Double? = nil, speed: Double? = nil, speedAccuracy: Double? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.height = height
            self.horizontalAccuracy = horizontalAccuracy
            self.verticalAccuracy = verticalAccuracy
            self.time = time
            self.scenePosition = scenePosition
            setVelocity(course: course, courseAccuracy: courseAccuracy, speed: speed, speedAccuracy: speedAccuracy)
        }

        /// Sets the velocity fields from a phone's raw values (as the initialiser does).
        public mutating func setVelocity(course: Double?, courseAccuracy: Double?, speed: Double?, speedAccuracy: Double?) {
            func valid(_ v: Double?, _ range: ClosedRange<Double>, open: Bool) -> Double? {
                guard let v, v.isFinite, range.contains(v), !(open && v == range.lowerBound) else { return nil }
                return v
            }
            self.course = valid(course, 0...Double.greatestFiniteMagnitude, open: false).map {
                let a = $0.truncatingRemainder(dividingBy: 360)
                return a >= 360 ? 0 : a
            }
            self.courseAccuracy = valid(courseAccuracy, 0...180, open: true)
            self.speed = valid(speed, 0...1000, open: false)
            self.speedAccuracy = valid(speedAccuracy, 0...1000, open: true)
        }

        /// The GPS velocity (east, north; m/s) and its reported error covariance
        /// (σ_east², cov, σ_north²; m²/s²) — the speed's σ along the course, the speed times
        /// the sine of the course's σ (at most 90°) across it; nil unless all four fields
        /// are present.
        var velocity: (value: SIMD2<Double>, covariance: (Double, Double, Double))? {
            guard let course, let courseAccuracy, let speed, let speedAccuracy else { return nil }
            let (sn, cs) = AngleMath.sincosd(course)
            let along = SIMD2(sn, cs)
            let across = speed * AngleMath.sincosd(min(courseAccuracy, 90)).sin
            let va = speedAccuracy * speedAccuracy, vc = across * across
            // R = va·d dᵀ + vc·p pᵀ with p ⟂ d.
            let xx = va * along.x * along.x + vc * along.y * along.y
            let yy = va * along.y * along.y + vc * along.x * along.x
            let xy = (va - vc) * along.x * along.y
            return (speed * along, (xx, xy, yy))
        }
    }
}

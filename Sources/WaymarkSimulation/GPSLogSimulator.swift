import CWaymarkMath
import WaymarkCore

/// A simulated phone location log with its truth: the GnssLogger fix rows that
/// ``GPSErrorSeries/init(fixLog:)-(String)`` reads, drawn from the model ``GPSErrorFit`` fits, so
/// the fit can be checked against known parameters on a static or a walking receiver.
///
/// Per horizontal axis, independently: fix = truth + white noise of 1-σ ``whiteSigma`` +
/// a first-order Gauss–Markov error of stationary 1-σ ``correlatedSigma`` and correlation
/// time ``correlationTime`` (started from its stationary distribution, so the first fix
/// is no better than the rest). The truth starts at ``start`` and moves in a straight
/// line at ``velocityEast``, ``velocityNorth`` (metres per second in the tangent frame at
/// ``start``; both 0: static). The same settings and ``seed`` give the same text, byte
/// for byte, on every platform.
///
/// The text: a header line `Provider,Latitude,Longitude,Altitude,Speed,Accuracy,`
/// `UtcTimeMillis,TrueLatitude,TrueLongitude`, then ``count`` rows `gps,…` one
/// ``interval`` apart from ``startMillis``; latitudes and longitudes with 9 decimals
/// (1e-9° ≈ 0.1 mm, far below any σ worth fitting), altitude 0, speed the walking speed,
/// accuracy ``reportedAccuracy`` (6 decimals). `\n` line ends.
public struct GPSLogSimulator: Sendable {
    /// White part's 1-σ per axis, metres, ≥ 0.
    public var whiteSigma = 3.0
    /// Gauss–Markov part's stationary 1-σ per axis, metres, ≥ 0.
    public var correlatedSigma = 4.0
    /// Gauss–Markov correlation time, seconds, > 0.
    public var correlationTime = 30.0
    /// The accuracy every row reports, metres, > 0 (Android's 68 % radius).
    public var reportedAccuracy = 5.0
    /// Rows, at least ``GPSErrorSeries/minimumCount`` and at most 10⁶.
    public var count = 600
    /// Seconds between rows, in [0.001, 3600].
    public var interval = 1.0
    /// The random seed.
    public var seed: UInt64 = 1
    /// The truth's first position (default: the workshop log's, 45.5298979, −122.6619045).
    public var start = GeodeticCoordinate(unchecked: 45.5298979, -122.6619045, 0)
    /// The truth's velocity east, metres per second (0: static).
    public var velocityEast = 0.0
    /// The truth's velocity north, metres per second (0: static).
    public var velocityNorth = 0.0
    /// The first row's time, milliseconds since 1970 (UTC), in [0, 10¹⁵].
    public var startMillis: Int64 = 1_700_000_000_000

    /// The default settings: 3 m white, 4 m over 30 s, a 5 m accuracy, 600 rows at 1 Hz,
    /// static.
    public init() {}

    /// The log's text (see the type's description).
    /// - Throws: ``WaymarkError/invalidInput(_:)``: ``InputFault/nonFinite`` for a
    ///   setting not finite, ``InputFault/notPositive`` for a σ < 0, a τ, interval or
    ///   accuracy ≤ 0, ``InputFault/outOfRange`` for a count, interval or start time
    ///   outside its range or a walk that leaves ±10,000 km of ``start``.
    public func text() throws(WaymarkError) -> String {
        for v in [whiteSigma, correlatedSigma, correlationTime, reportedAccuracy, interval, velocityEast, velocityNorth]
        where !v.isFinite { throw .invalidInput(.nonFinite) }
        guard whiteSigma >= 0, correlatedSigma >= 0, correlationTime > 0, interval > 0, reportedAccuracy > 0 else {
            throw .invalidInput(.notPositive)
        }
        let span = interval * Double(count - 1)
        guard count >= GPSErrorSeries.minimumCount, count <= 1_000_000, interval >= 0.001, interval <= 3600,
              startMillis >= 0, startMillis <= 1_000_000_000_000_000,
              abs(velocityEast) * span <= 1e7, abs(velocityNorth) * span <= 1e7 else { throw .invalidInput(.outOfRange) }
        let frame = LocalTangentFrame(origin: start)
        var rng = SeededGenerator(seed: seed)
        let phi = exp(-interval / correlationTime)
        let drive = correlatedSigma * (1 - phi * phi).squareRoot()
        var bias = SIMD2(correlatedSigma * rng.gaussian(), correlatedSigma * rng.gaussian())
        let speed = (velocityEast * velocityEast + velocityNorth * velocityNorth).squareRoot()
        var text = "Provider,Latitude,Longitude,Altitude,Speed,Accuracy,UtcTimeMillis,TrueLatitude,TrueLongitude\n"
        for k in 0..<count {
            if k > 0 { bias = phi * bias + drive * SIMD2(rng.gaussian(), rng.gaussian()) }
            let white = whiteSigma * SIMD2(rng.gaussian(), rng.gaussian())
            let t = interval * Double(k)
            let truthENU = SIMD3(velocityEast * t, velocityNorth * t, 0)
            let error = bias + white
            let truth = try frame.reverse(truthENU)
            let fix = try frame.reverse(truthENU + SIMD3(error.x, error.y, 0))
            let millis = startMillis + Int64((t * 1000).rounded())
            text += "gps," + Self.decimal(fix.latitude, 9) + "," + Self.decimal(fix.longitude, 9) + ",0.0,"
                + Self.decimal(speed, 6) + "," + Self.decimal(reportedAccuracy, 6) + "," + Self.integer(millis) + ","
                + Self.decimal(truth.latitude, 9) + "," + Self.decimal(truth.longitude, 9) + "\n"
        }
        return text
    }

    /// `value` with `decimals` fixed decimals, rounded half away from zero, without
    /// Foundation or the runtime's float printing (Embedded Swift). |value| · 10^decimals
    /// must stay below 2⁵³, where every whole number is a double.
    static func decimal(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        var whole = (scaled / scale).rounded(.down)
        if whole * scale > scaled { whole -= 1 }
        var fraction = digits(scaled - whole * scale)
        while fraction.utf8.count < decimals { fraction = "0" + fraction }
        return (value < 0 && scaled > 0 ? "-" : "") + digits(whole) + (decimals > 0 ? "." + fraction : "")
    }

    /// A whole number's decimal digits (|value| below 2⁵³).
    static func integer(_ value: Int64) -> String {
        (value < 0 ? "-" : "") + digits(Double(value.magnitude))
    }

    /// The digits of a whole, non-negative double below 2⁵³. In doubles, not integers:
    /// a 64-bit division by 10 compiles to a 128-bit multiply, which wasm32 has no
    /// instruction for (the module would need compiler-rt's `__multi3`).
    static func digits(_ value: Double) -> String {
        guard value >= 1 else { return "0" }
        var out: [UInt8] = [], v = value
        while v >= 1 {
            var q = (v / 10).rounded(.down)
            if q * 10 > v { q -= 1 }      // v / 10 rounded up to a whole number
            out.append(UInt8(v - q * 10) + 0x30)
            v = q
        }
        return String(decoding: out.reversed(), as: UTF8.self)
    }
}

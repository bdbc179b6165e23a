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
        // Bytes, made a String once: String concatenation would pull the stdlib's Unicode
        // normalisation into the C library (Embedded Swift links no Unicode tables).
        var text = Array("Provider,Latitude,Longitude,Altitude,Speed,Accuracy,UtcTimeMillis,TrueLatitude,TrueLongitude\n".utf8)
        for k in 0..<count {
            if k > 0 { bias = phi * bias + drive * SIMD2(rng.gaussian(), rng.gaussian()) }
            let white = whiteSigma * SIMD2(rng.gaussian(), rng.gaussian())
            let t = interval * Double(k)
            let truthENU = SIMD3(velocityEast * t, velocityNorth * t, 0)
            let error = bias + white
            let truth = try frame.reverse(truthENU)
            let fix = try frame.reverse(truthENU + SIMD3(error.x, error.y, 0))
            text += "gps,".utf8
            Self.decimal(fix.latitude, 9, into: &text); text.append(0x2C)
            Self.decimal(fix.longitude, 9, into: &text); text += ",0.0,".utf8
            Self.decimal(speed, 6, into: &text); text.append(0x2C)
            Self.decimal(reportedAccuracy, 6, into: &text); text.append(0x2C)
            Self.digits(Double(startMillis) + (t * 1000).rounded(), into: &text); text.append(0x2C)
            Self.decimal(truth.latitude, 9, into: &text); text.append(0x2C)
            Self.decimal(truth.longitude, 9, into: &text); text.append(0x0A)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value` with `decimals` fixed decimals, rounded half away from zero,
    /// without Foundation or the runtime's float printing (Embedded Swift).
    /// |value| · 10^decimals must stay below 2⁵³, where every whole number is a double.
    static func decimal(_ value: Double, _ decimals: Int, into text: inout [UInt8]) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        var whole = (scaled / scale).rounded(.down)
        if whole * scale > scaled { whole -= 1 }
        if value < 0 && scaled > 0 { text.append(0x2D) }
        digits(whole, into: &text)
        guard decimals > 0 else { return }
        text.append(0x2E)
        let start = text.count
        digits(scaled - whole * scale, into: &text)
        let missing = decimals - (text.count - start)
        if missing > 0 { text.insert(contentsOf: repeatElement(UInt8(0x30), count: missing), at: start) }
    }

    /// Appends the digits of a whole, non-negative double below 2⁵³. In doubles, not
    /// integers: a 64-bit division by 10 compiles to a 128-bit multiply, which wasm32 has
    /// no instruction for (the module would need compiler-rt's `__multi3`).
    static func digits(_ value: Double, into text: inout [UInt8]) {
        guard value >= 1 else { text.append(0x30); return }
        let start = text.count
        var v = value
        while v >= 1 {
            var q = (v / 10).rounded(.down)
            if q * 10 > v { q -= 1 }      // v / 10 rounded up to a whole number
            text.append(UInt8(v - q * 10) + 0x30)
            v = q
        }
        text[start...].reverse()
    }
}

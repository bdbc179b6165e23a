import CWaymarkMath
import WaymarkCore
import WaymarkNavigation
import WaymarkIO

/// One static receiver's horizontal fixes in a local east-north frame, or a moving
/// receiver's errors (fix − truth): what ``GPSErrorFit`` fits. The receiver's true
/// position need not be known (the fit treats each axis's mean as unknown), so the
/// frame's origin can be any nearby point.
public struct GPSErrorSeries: Sendable {
    /// Fix times, seconds, strictly increasing (any origin; gaps allowed).
    public let times: [Double]
    /// Metres east of the frame's origin, one per fix.
    public let east: [Double]
    /// Metres north of the frame's origin, one per fix.
    public let north: [Double]
    /// Each fix's reported horizontal accuracy, metres (> 0): a radius, 68 % on Android.
    public let accuracy: [Double]

    /// The fewest fixes a series may have (10): with fewer, a slow error and the unknown
    /// mean cannot be told apart at all.
    public static let minimumCount = 10

    /// A series from parallel arrays.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/outOfRange``) when the
    ///   arrays differ in length or hold fewer than ``minimumCount`` fixes;
    ///   ``WaymarkError/invalidElement(index:fault:)`` for the first bad fix: a value not
    ///   finite (``InputFault/nonFinite``), an accuracy ≤ 0 (``InputFault/notPositive``),
    ///   a time not after the previous one, a coordinate beyond ±10,000 km or an
    ///   accuracy above 10,000 km (``InputFault/outOfRange``).
    public init(times: [Double], east: [Double], north: [Double], accuracy: [Double]) throws(WaymarkError) {
        let n = times.count
        guard east.count == n, north.count == n, accuracy.count == n, n >= Self.minimumCount else {
            throw .invalidInput(.outOfRange)
        }
        for i in 0..<n {
            guard times[i].isFinite, east[i].isFinite, north[i].isFinite, accuracy[i].isFinite else {
                throw .invalidElement(index: i, fault: .nonFinite)
            }
            guard accuracy[i] > 0 else { throw .invalidElement(index: i, fault: .notPositive) }
            // The bound keeps every sum of squares in the fit finite.
            guard abs(east[i]) <= 1e7, abs(north[i]) <= 1e7, accuracy[i] <= 1e7, i == 0 || times[i] > times[i - 1] else {
                throw .invalidElement(index: i, fault: .outOfRange)
            }
        }
        self.times = times
        self.east = east
        self.north = north
        self.accuracy = accuracy
    }

    /// A series from the text of a location log in the columns
    /// `Provider,Latitude,Longitude,Altitude,Speed,Accuracy,UtcTimeMillis` (GnssLogger's
    /// `Fix` rows with a header line): UTF-8 bytes, `\n` or `\r\n` line ends, plain
    /// decimal numbers (an exponent allowed). The header names the columns, so their order
    /// and any extra columns do not matter; `Latitude`, `Longitude`, `Accuracy` (metres)
    /// and `UtcTimeMillis` are needed. Positions are taken east and north of the first fix
    /// (WGS-84, ``LocalTangentFrame``); times in seconds after the first fix. Altitudes
    /// are not read.
    ///
    /// **Truth columns.** A log may also carry `TrueLatitude,TrueLongitude` (both or
    /// neither; degrees, WGS-84): where the receiver really was at each fix, e.g. a
    /// surveyed walk or ``GPSLogSimulator``'s output. Each fix's east and north are then
    /// its error, `forward(fix) − forward(truth)` in a frame at the first row's truth,
    /// so a moving receiver's log can be fitted (the fit still gives each axis an unknown
    /// mean: a constant offset of the truth is not counted as error). Without them the
    /// log must be static (its mean is the truth) and is read as before.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/outOfRange``) when a
    ///   needed column is missing from the header, only one truth column is present, or
    ///   there are fewer than ``minimumCount`` rows; ``WaymarkError/invalidElement(index:fault:)`` with the
    ///   0-based data row for a row with a missing or unreadable number
    ///   (``InputFault/nonFinite``), a latitude outside [−90, 90]
    ///   (``InputFault/latitudeOutOfRange``), or anything ``init(times:east:north:accuracy:)``
    ///   refuses.
    public init(fixLog bytes: [UInt8]) throws(WaymarkError) {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
            var end = i
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
            if end > start { lines.append(bytes[start..<end]) }
            start = i + 1
        }
        guard let header = lines.first else { throw .invalidInput(.outOfRange) }
        let names = Self.fields(header)
        func column(_ name: StaticString) -> Int? {
            let wanted = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            return names.firstIndex { $0.elementsEqual(wanted) }
        }
        guard let latitude = column("Latitude"), let longitude = column("Longitude"),
              let accuracyColumn = column("Accuracy"), let time = column("UtcTimeMillis") else {
            throw .invalidInput(.outOfRange)
        }
        let trueLatitude = column("TrueLatitude"), trueLongitude = column("TrueLongitude")
        guard (trueLatitude == nil) == (trueLongitude == nil) else { throw .invalidInput(.outOfRange) }
        var frame: LocalTangentFrame?
        var t: [Double] = [], e: [Double] = [], n: [Double] = [], a: [Double] = []
        var t0 = 0.0
        for (row, line) in lines.dropFirst().enumerated() {
            let f = Self.fields(line)
            func number(_ c: Int) throws(WaymarkError) -> Double {
                guard c < f.count, let v = DecimalText.double(f[c]), v.isFinite else { throw .invalidElement(index: row, fault: .nonFinite) }
                return v
            }
            func point(_ lat: Int, _ lon: Int) throws(WaymarkError) -> GeodeticCoordinate {
                do throws(WaymarkError) { return try GeodeticCoordinate(latitude: number(lat), longitude: number(lon)) } catch {
                    if case .invalidInput(let fault) = error { throw .invalidElement(index: row, fault: fault) }
                    throw error
                }
            }
            let p = try point(latitude, longitude)
            let truth: GeodeticCoordinate?
            if let trueLatitude, let trueLongitude { truth = try point(trueLatitude, trueLongitude) } else { truth = nil }
            let millis = try number(time)
            if frame == nil { frame = LocalTangentFrame(origin: truth ?? p); t0 = millis }
            var enu = frame!.forward(p)
            if let truth { enu -= frame!.forward(truth) }
            t.append((millis - t0) / 1000)
            e.append(enu.x)
            n.append(enu.y)
            a.append(try number(accuracyColumn))
        }
        try self.init(times: t, east: e, north: n, accuracy: a)
    }

    /// The 1-based line of a fix log's data row `row` (the 0-based index
    /// ``WaymarkError/invalidElement(index:fault:)`` names: rows after the header, blank
    /// lines skipped), for messages that name the line; past the end, the line after the
    /// last.
    public static func fixLogLine(ofRow row: Int, in bytes: [UInt8]) -> Int {
        var line = 1, seen = -1, start = 0
        for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
            let empty = i == start || (i == start + 1 && bytes[start] == 0x0D)
            if !empty {
                if seen == row { return line }
                seen += 1
            }
            line += 1
            start = i + 1
        }
        return line
    }

    /// The `[UInt8]` form of `init(fixLog:)` on a `String`'s UTF-8.
    /// - Throws: as the `[UInt8]` form.
    public init(fixLog text: String) throws(WaymarkError) { try self.init(fixLog: Array(text.utf8)) }

    private static func fields(_ line: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        line.split(separator: 0x2C, omittingEmptySubsequences: false).map { field in
            var f = field
            while let c = f.first, c == 0x20 || c == 0x09 { f.removeFirst() }
            while let c = f.last, c == 0x20 || c == 0x09 { f.removeLast() }
            return f
        }
    }
}

/// A phone GPS error model fitted to static receivers' fixes.
///
/// The model, per horizontal axis and independent between axes: a fix = the (unknown)
/// true coordinate + white noise of 1-σ ``whiteSigma`` + a first-order Gauss–Markov
/// process of stationary 1-σ ``correlatedSigma`` and correlation time
/// ``correlationTime`` (its correlation over Δt is e^(−Δt/τ)). It is the model of
/// `Navigator.Configuration`'s `gpsCorrelatedShare` (``correlatedShare``) and
/// `gpsCorrelationTime`.
///
/// **Estimator: restricted maximum likelihood (REML).** Each axis of each series has its
/// own unknown mean (the receiver's position). Plain maximum likelihood with the mean
/// estimated treats the fitted mean as known and so takes the part of a slow error the
/// mean absorbs as if there were no error there: in a 200 s record it biases σ_c and τ
/// low. REML is the likelihood of the data's contrasts (every linear combination free
/// of the means); it counts the degrees of freedom the means use and removes most of that
/// bias (simulated 200 s records with τ = 30 s: median τ 20 s by ML, 27 s by REML). It
/// cannot recover what a short record does not show: a drift much slower than the record
/// looks like a constant offset, so τ is poorly bounded above (see
/// ``correlationTimeInterval``).
///
/// **Computation.** The exact Gaussian likelihood at irregular times in O(n): per axis, a
/// scalar Kalman filter on the Gauss–Markov state is run on the fixes and, with the same
/// gains, on a column of ones; the two innovation sequences give the generalised
/// least-squares mean and the restricted likelihood in closed form (de Jong's augmented
/// filter, equivalent to a diffuse prior on the mean). The overall scale σ is profiled
/// out in closed form too, so the search is over the two shape parameters
/// ρ = ln(σ_c/σ_w) ∈ [−6, 8] (share 0.0025 … 1 − 6e−8) and ln τ with τ ∈
/// ``correlationTimeRange``: a grid of 15 × 13 points, then Nelder–Mead from its best
/// point (at most 400 steps), deterministic. The same optimum as a search over
/// (ln σ_w, ln σ_c, ln τ).
///
/// **Uncertainty: profile-likelihood intervals** at ``confidence`` (95 %): the values
/// of τ (resp. the share) whose restricted log-likelihood, maximised over the other
/// parameters, is within χ²₁(0.95)/2 = 1.92 of the maximum. Unlike an interval from the
/// curvature at the optimum, it follows the likelihood's skewed shape in ln τ, and it is
/// invariant to the parametrisation. An end at the search range's bound means the data do
/// not bound the parameter on that side.
public struct GPSErrorFit: Sendable {
    /// White part's 1-σ per axis, metres.
    public let whiteSigma: Double
    /// Gauss–Markov part's stationary 1-σ per axis, metres.
    public let correlatedSigma: Double
    /// Gauss–Markov correlation time, seconds, within ``correlationTimeRange``.
    public let correlationTime: Double
    /// Profile-likelihood interval of ``correlationTime`` at ``confidence``, seconds.
    public let correlationTimeInterval: ClosedRange<Double>
    /// Profile-likelihood interval of ``correlatedShare`` at ``confidence``, in [0, 1].
    public let correlatedShareInterval: ClosedRange<Double>
    /// The median of every fix's reported accuracy, metres.
    public let medianAccuracy: Double
    /// The measured lag-1 s autocorrelation: over every axis of every series, each less
    /// its own mean, Σ dₖdₖ₊₁ over consecutive fixes 0.5–1.5 s apart divided by Σ dₖ²
    /// over all fixes; nil when no two fixes are 0.5–1.5 s apart. Biased low in short
    /// records (the mean takes part of a slow error); compare
    /// ``modelLag1Autocorrelation``.
    public let lag1Autocorrelation: Double?
    /// The maximised restricted log-likelihood (natural log), up to a constant that
    /// depends only on the numbers of fixes.
    public let restrictedLogLikelihood: Double
    /// Number of fixes fitted (each gives two values, east and north).
    public let fixCount: Int
    /// Number of series fitted, each with its own mean.
    public let seriesCount: Int

    /// Total 1-σ per axis, metres: √(σ_w² + σ_c²).
    public var sigma: Double { (whiteSigma * whiteSigma + correlatedSigma * correlatedSigma).squareRoot() }
    /// The slowly varying share of ``sigma``, σ_c / σ, in [0, 1].
    public var correlatedShare: Double { correlatedSigma / sigma }
    /// ``sigma`` over the per-axis σ the median reported accuracy stands for when read as
    /// a 68 % radius (accuracy / 1.51): 1 when the reported radius is right, above 1 when
    /// the receiver understates its error. Only the error not taken by the means counts,
    /// so a constant offset over a whole record is not in ``sigma``.
    public var accuracyRatio: Double { sigma / (medianAccuracy / Self.radiusPerSigma) }
    /// The lag-1 s autocorrelation the fitted model implies: share² · e^(−1/τ).
    public var modelLag1Autocorrelation: Double { correlatedShare * correlatedShare * exp(-1 / correlationTime) }

    /// The radius holding 68 % of a circular Gaussian error, in per-axis σ:
    /// √(−2 ln 0.32) ≈ 1.5096 (Android's documented meaning of `getAccuracy()`).
    public static let radiusPerSigma = 1.5095921854516634
    /// The confidence of the intervals (0.95).
    public static let confidence = 0.95
    /// The correlation times searched, seconds: 0.5 s (faster than a 1 Hz receiver can
    /// show) to 3600 s (an hour; far beyond records of minutes).
    public static let correlationTimeRange: ClosedRange<Double> = 0.5...3600

    /// Fits one model to all `series`, each with its own mean per axis (for one log, pass
    /// one series; pooling sums the series' restricted log-likelihoods).
    ///
    /// Cost: O(total fixes) per likelihood evaluation, a few thousand evaluations with
    /// the intervals (the three 200 s logs pooled, 606 fixes: 0.04 s in a debug build).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/outOfRange``) when
    ///   `series` is empty.
    public static func fit(_ series: [GPSErrorSeries]) throws(WaymarkError) -> GPSErrorFit {
        guard !series.isEmpty else { throw .invalidInput(.outOfRange) }
        let data = Prepared(series)
        let rhoRange = -6.0...8.0
        let tauRange = log(correlationTimeRange.lowerBound)...log(correlationTimeRange.upperBound)
        // The coarse grid guards against a local maximum; the likelihood in (ρ, ln τ) is
        // smooth but can have a ridge along which σ_c²/τ stays fixed (slow drift).
        var best = (rho: 0.0, tau: 0.0, value: -Double.infinity)
        for i in 0..<15 {
            for j in 0..<13 {
                let r = rhoRange.lowerBound + Double(i), t = tauRange.lowerBound + (tauRange.upperBound - tauRange.lowerBound) * Double(j) / 12
                let v = data.concentrated(rho: r, logTau: t).logLikelihood
                if v > best.value { best = (r, t, v) }
            }
        }
        let (x, top) = nelderMead(start: (best.rho, best.tau), bounds: (rhoRange, tauRange)) {
            data.concentrated(rho: $0, logTau: $1).logLikelihood
        }
        let scale = data.concentrated(rho: x.0, logTau: x.1).scale
        let w2 = 1 / (1 + exp(2 * x.0)), c2 = 1 - w2

        let drop = 1.920729410347062 // χ²₁(0.95) / 2
        let tauInterval = profileInterval(at: x.1, range: tauRange, level: top - drop) { t in
            maximise1D(rhoRange, grid: 15) { data.concentrated(rho: $0, logTau: t).logLikelihood }.value
        }
        let rhoInterval = profileInterval(at: x.0, range: rhoRange, level: top - drop) { r in
            maximise1D(tauRange, grid: 13) { data.concentrated(rho: r, logTau: $0).logLikelihood }.value
        }
        func share(_ rho: Double) -> Double { 1 / (1 + exp(-2 * rho)).squareRoot() }
        // exp(ln 3600) is not 3600: clamped, so a bound reads as the bound.
        func seconds(_ logTau: Double) -> Double {
            logTau >= tauRange.upperBound ? correlationTimeRange.upperBound
                : logTau <= tauRange.lowerBound ? correlationTimeRange.lowerBound : exp(logTau)
        }
        let accuracies = series.flatMap { $0.accuracy }.sorted()
        let m = accuracies.count
        return GPSErrorFit(
            whiteSigma: (scale * w2).squareRoot(), correlatedSigma: (scale * c2).squareRoot(), correlationTime: seconds(x.1),
            correlationTimeInterval: seconds(tauInterval.lowerBound)...seconds(tauInterval.upperBound),
            correlatedShareInterval: share(rhoInterval.lowerBound)...share(rhoInterval.upperBound),
            medianAccuracy: m % 2 == 1 ? accuracies[m / 2] : (accuracies[m / 2 - 1] + accuracies[m / 2]) / 2,
            lag1Autocorrelation: data.lag1(), restrictedLogLikelihood: top, fixCount: m, seriesCount: series.count)
    }

    /// The fit of one series (the array form of `fit(_:)` with one element).
    /// - Throws: nothing in practice (a series is never empty); typed as the array form.
    public static func fit(_ series: GPSErrorSeries) throws(WaymarkError) -> GPSErrorFit { try fit([series]) }

    /// The restricted log-likelihood of `series` (each with its own means) under the
    /// model (σ_w, σ_c, τ), on the same scale as ``restrictedLogLikelihood``: for
    /// comparing models, or a profile of your own.
    /// - Parameters: whiteSigma, correlatedSigma: metres, ≥ 0, not both 0;
    ///   correlationTime: seconds, > 0.
    /// - Throws: ``WaymarkError/invalidInput(_:)``: ``InputFault/nonFinite`` for a
    ///   parameter not finite, ``InputFault/notPositive`` for a σ < 0, both σ 0 or τ ≤ 0,
    ///   ``InputFault/outOfRange`` for no series.
    public static func restrictedLogLikelihood(_ series: [GPSErrorSeries], whiteSigma: Double, correlatedSigma: Double,
                                               correlationTime: Double) throws(WaymarkError) -> Double {
        guard whiteSigma.isFinite, correlatedSigma.isFinite, correlationTime.isFinite else { throw .invalidInput(.nonFinite) }
        guard whiteSigma >= 0, correlatedSigma >= 0, whiteSigma + correlatedSigma > 0, correlationTime > 0 else {
            throw .invalidInput(.notPositive)
        }
        guard !series.isEmpty else { throw .invalidInput(.outOfRange) }
        let s = Prepared(series).sums(white: whiteSigma * whiteSigma, correlated: correlatedSigma * correlatedSigma,
                                      tau: correlationTime)
        let dof = Double(s.values - s.means)
        return -0.5 * (dof * log(2 * Double.pi) + s.logDet + s.logInfo + s.rss)
    }
}

extension GPSErrorFit {
    /// The series as the likelihood needs them: every axis less its sample mean (the
    /// restricted likelihood does not change, and the sums keep their digits), with time
    /// steps instead of times.
    struct Prepared {
        var axes: [(dt: [Double], y: [Double])] = []
        var values = 0

        init(_ series: [GPSErrorSeries]) {
            for s in series {
                let dt = [0] + (1..<s.times.count).map { s.times[$0] - s.times[$0 - 1] }
                for v in [s.east, s.north] {
                    let mean = v.reduce(0, +) / Double(v.count)
                    axes.append((dt, v.map { $0 - mean }))
                }
                values += 2 * s.times.count
            }
        }

        struct Sums { var logDet = 0.0, logInfo = 0.0, rss = 0.0, values = 0, means = 0 }

        /// The generalised-least-squares sums of the model: Σ ln Fₖ (= ln |V|),
        /// Σ ln(1ᵀV⁻¹1) over the axes, and the residual quadratic form, with V in the
        /// units of `white` and `correlated` (variances).
        func sums(white: Double, correlated: Double, tau: Double) -> Sums {
            var s = Sums(values: values, means: axes.count)
            for axis in axes {
                // The filter on the data (b) and, with the same gains, on the mean's
                // column of ones (u): their innovations e and x whiten y and 1.
                var b = 0.0, u = 0.0, p = correlated, lastDt = -1.0, phi = 0.0, q = 0.0
                var yy = 0.0, xx = 0.0, xy = 0.0, logDet = 0.0
                axis.dt.withUnsafeBufferPointer { dts in
                    axis.y.withUnsafeBufferPointer { ys in
                        for k in 0..<ys.count {
                            if k > 0 {
                                let dt = dts[k]
                                if dt != lastDt { lastDt = dt; phi = exp(-dt / tau); q = correlated * (1 - phi * phi) }
                                b *= phi; u *= phi; p = phi * phi * p + q
                            }
                            let f = p + white, gain = p / f
                            let e = ys[k] - b, x = 1 - u
                            yy += e * e / f; xx += x * x / f; xy += x * e / f
                            logDet += log(f)
                            b += gain * e; u += gain * x; p *= white / f
                        }
                    }
                }
                s.logDet += logDet
                s.logInfo += log(xx)
                s.rss += yy - xy * xy / xx
            }
            return s
        }

        /// The restricted log-likelihood maximised over the scale at shape (ρ, ln τ), and
        /// the maximising total variance σ².
        func concentrated(rho: Double, logTau: Double) -> (logLikelihood: Double, scale: Double) {
            let w = 1 / (1 + exp(2 * rho))
            let s = sums(white: w, correlated: 1 - w, tau: exp(logTau))
            let dof = Double(s.values - s.means)
            let scale = max(s.rss, .leastNormalMagnitude) / dof
            return (-0.5 * (dof * (log(2 * Double.pi * scale) + 1) + s.logDet + s.logInfo), scale)
        }

        func lag1() -> Double? {
            var num = 0.0, den = 0.0, pairs = 0
            for axis in axes {
                for k in axis.y.indices {
                    den += axis.y[k] * axis.y[k]
                    if k > 0, axis.dt[k] >= 0.5, axis.dt[k] <= 1.5 { num += axis.y[k] * axis.y[k - 1]; pairs += 1 }
                }
            }
            return pairs > 0 && den > 0 ? num / den : nil
        }
    }

    /// Maximises `f` on a bounded interval: `grid` evenly spaced points, then golden
    /// section in the best point's neighbourhood (to 1e-4).
    static func maximise1D(_ range: ClosedRange<Double>, grid: Int, _ f: (Double) -> Double) -> (x: Double, value: Double) {
        let h = (range.upperBound - range.lowerBound) / Double(grid - 1)
        var best = (x: range.lowerBound, value: -Double.infinity)
        for i in 0..<grid {
            let x = range.lowerBound + h * Double(i), v = f(x)
            if v > best.value { best = (x, v) }
        }
        var a = max(range.lowerBound, best.x - h), b = min(range.upperBound, best.x + h)
        let g = 0.3819660112501051
        var c = a + g * (b - a), d = b - g * (b - a)
        var fc = f(c), fd = f(d)
        while b - a > 1e-4 {
            if fc > fd { b = d; d = c; fd = fc; c = a + g * (b - a); fc = f(c) } else { a = c; c = d; fc = fd; d = b - g * (b - a); fd = f(d) }
        }
        if max(fc, fd) > best.value { best = fc > fd ? (c, fc) : (d, fd) }
        return best
    }

    /// The set {θ : profile(θ) ≥ level} around `x` (where the profile peaks), as an
    /// interval: steps of 0.5 outward until the profile drops below `level` or the range
    /// ends, then bisection to 1e-3.
    static func profileInterval(at x: Double, range: ClosedRange<Double>, level: Double,
                                _ profile: (Double) -> Double) -> ClosedRange<Double> {
        func end(_ direction: Double) -> Double {
            var inside = x
            while true {
                let next = min(max(inside + 0.5 * direction, range.lowerBound), range.upperBound)
                if next == inside { return inside }
                if profile(next) < level {
                    var lo = inside, hi = next
                    while abs(hi - lo) > 1e-3 {
                        let mid = (lo + hi) / 2
                        if profile(mid) >= level { lo = mid } else { hi = mid }
                    }
                    return (lo + hi) / 2
                }
                inside = next
            }
        }
        return end(-1)...end(1)
    }

    /// Nelder–Mead on a box (points clamped into it), at most 400 steps, stopping when
    /// the simplex's values agree to 1e-10 and its size is below 1e-6.
    static func nelderMead(start: (Double, Double), bounds: (ClosedRange<Double>, ClosedRange<Double>),
                           _ f: (Double, Double) -> Double) -> ((Double, Double), Double) {
        typealias P = SIMD2<Double>
        let lo = P(bounds.0.lowerBound, bounds.1.lowerBound), hi = P(bounds.0.upperBound, bounds.1.upperBound)
        func value(_ p: P) -> Double { f(p.x, p.y) }
        func clamp(_ p: P) -> P { p.clamped(lowerBound: lo, upperBound: hi) }
        let s = P(start.0, start.1)
        var pts = [s, clamp(s + P(0.5, 0)), clamp(s + P(0, 0.5))]
        if pts[1] == s { pts[1] = clamp(s - P(0.5, 0)) }
        if pts[2] == s { pts[2] = clamp(s - P(0, 0.5)) }
        var vals = pts.map(value)
        for _ in 0..<400 {
            let order = [0, 1, 2].sorted { vals[$0] > vals[$1] }
            pts = order.map { pts[$0] }; vals = order.map { vals[$0] }
            let size = max(((pts[1] - pts[0]) * (pts[1] - pts[0])).sum(), ((pts[2] - pts[0]) * (pts[2] - pts[0])).sum())
            if vals[0] - vals[2] < 1e-10 && size < 1e-12 { break }
            let centroid = (pts[0] + pts[1]) / 2
            let r = clamp(centroid + (centroid - pts[2])), fr = value(r)
            if fr > vals[0] {
                let e = clamp(centroid + 2 * (centroid - pts[2])), fe = value(e)
                (pts[2], vals[2]) = fe > fr ? (e, fe) : (r, fr)
            } else if fr > vals[1] {
                (pts[2], vals[2]) = (r, fr)
            } else {
                let c = clamp(centroid + 0.5 * (fr > vals[2] ? r - centroid : pts[2] - centroid)), fc = value(c)
                if fc > max(fr, vals[2]) {
                    (pts[2], vals[2]) = (c, fc)
                } else {
                    for i in 1...2 { pts[i] = (pts[0] + pts[i]) / 2; vals[i] = value(pts[i]) }
                }
            }
        }
        let i = vals.indices.max { vals[$0] < vals[$1] }!
        return ((pts[i].x, pts[i].y), vals[i])
    }
}

import Foundation
import Testing
@testable import WaymarkCore
@testable import WaymarkNavigation
@testable import WaymarkSimulation

/// `GPSLogSimulator` (GnssLogger text with truth columns) read back through
/// `GPSErrorSeries(fixLog:)`'s truth columns and fitted by `GPSErrorFit`: the fit
/// recovers the parameters the logs were drawn with, static or walking, and
/// `GPSModelSettings` turns a fit into the navigator's settings.
@Suite("GPS log simulator and truth columns")
struct GPSLogSimulatorTests {
    static func logText(white: Double = 3, correlated: Double = 4, tau: Double, seconds: Int, seed: UInt64,
                    walking: Bool = false) throws -> String {
        var s = GPSLogSimulator()
        s.whiteSigma = white; s.correlatedSigma = correlated; s.correlationTime = tau
        s.count = seconds; s.seed = seed
        if walking { s.velocityEast = 1.0; s.velocityNorth = 1.0 }
        return try s.text()
    }

    static func fit(tau: Double, seconds: [Int], seed: UInt64) throws -> GPSErrorFit {
        try GPSErrorFit.fit(seconds.enumerated().map { i, n in
            try GPSErrorSeries(fixLog: logText(tau: tau, seconds: n, seed: seed * 16 + UInt64(i)))
        })
    }

    static func describe(_ f: GPSErrorFit) -> String { GPSModelFitTests.describe(f) }

    // MARK: - Recovery

    /// White 3 m + 4 m Gauss–Markov over 30 s and over 60 s (share 0.8), 1 Hz, eight seeds
    /// each: one 1800 s log, and three logs of 600, 1200 and 1800 s pooled. Stated
    /// tolerances (about twice the worst of the eight seeds when they were set): σ_w within
    /// 7 % (one log) and 4 % (pooled), σ_c within 25 %, τ within 40 % (one log: a factor
    /// of 1.5 either way), and the truth inside both 95 % intervals in at least 6 of 8 seeds
    /// (7 or 8 of 8 in every case when measured).
    @Test(arguments: [(30.0, [1800]), (60.0, [1800]), (30.0, [600, 1200, 1800]), (60.0, [600, 1200, 1800])])
    func recoversSimulatedLogs(tau: Double, seconds: [Int]) throws {
        let pooled = seconds.count > 1
        var covered = (tau: 0, share: 0)
        for seed: UInt64 in 1...8 {
            let f = try Self.fit(tau: tau, seconds: seconds, seed: seed)
            let d = "τ \(tau) \(seconds) seed \(seed): \(Self.describe(f))"
            #expect(f.fixCount == seconds.reduce(0, +) && f.seriesCount == seconds.count && f.medianAccuracy == 5, "\(d)")
            #expect(abs(f.whiteSigma / 3 - 1) < (pooled ? 0.04 : 0.07), "\(d)")
            #expect(abs(f.correlatedSigma / 4 - 1) < 0.25, "\(d)")
            if pooled {
                #expect(abs(f.correlationTime / tau - 1) < 0.4, "\(d)")
            } else {
                #expect(abs(log(f.correlationTime / tau)) < log(1.5), "\(d)")
            }
            if f.correlationTimeInterval.contains(tau) { covered.tau += 1 }
            if f.correlatedShareInterval.contains(0.8) { covered.share += 1 }
        }
        #expect(covered.tau >= 6 && covered.share >= 6, "τ \(tau) \(seconds): truth inside the 95 % intervals in \(covered) of 8")
    }

    /// The truth columns make a walk's fixes its errors: the same seed walking (1.41 m/s
    /// north-east, 2.5 km in 1800 s) and standing gives the same fit, to the 1e-9° the
    /// text keeps; and with no error at all every fix reads 0 while the receiver moves.
    @Test func aWalkFitsAsAStaticLog() throws {
        let still = try GPSErrorFit.fit(GPSErrorSeries(fixLog: Self.logText(tau: 30, seconds: 1800, seed: 5)))
        let walk = try GPSErrorFit.fit(GPSErrorSeries(fixLog: Self.logText(tau: 30, seconds: 1800, seed: 5, walking: true)))
        #expect(abs(walk.whiteSigma - still.whiteSigma) < 1e-3 && abs(walk.correlatedSigma - still.correlatedSigma) < 1e-3,
                "\(Self.describe(walk)) vs \(Self.describe(still))")
        #expect(abs(walk.correlationTime / still.correlationTime - 1) < 1e-3)
        let exact = try GPSErrorSeries(fixLog: Self.logText(white: 0, correlated: 0, tau: 30, seconds: 100, seed: 1, walking: true))
        #expect(exact.east.allSatisfy { abs($0) < 2e-4 } && exact.north.allSatisfy { abs($0) < 2e-4 }, "\(exact.east.prefix(5))")
        // Without the truth columns the same walk is 140 m of motion, not error.
        let text = try Self.logText(white: 0, correlated: 0, tau: 30, seconds: 100, seed: 1, walking: true)
        let withoutTruth = text.split(separator: "\n").map { $0.split(separator: ",").prefix(7).joined(separator: ",") }.joined(separator: "\n")
        let moving = try GPSErrorSeries(fixLog: withoutTruth)
        #expect(abs(moving.east[99] - 99) < 0.01 && abs(moving.north[99] - 99) < 0.01)
    }

    @Test func simulatorTextIsDeterministicAndChecked() throws {
        let a = try Self.logText(tau: 30, seconds: 20, seed: 9), b = try Self.logText(tau: 30, seconds: 20, seed: 9)
        let other = try Self.logText(tau: 30, seconds: 20, seed: 10)
        #expect(a == b && a != other)
        let lines = a.split(separator: "\n")
        #expect(lines.count == 21 && lines[0] == "Provider,Latitude,Longitude,Altitude,Speed,Accuracy,UtcTimeMillis,TrueLatitude,TrueLongitude")
        #expect(lines[1].hasPrefix("gps,") && lines[1].hasSuffix(",0.000000,5.000000,1700000000000,45.529897900,-122.661904500"), "\(lines[1])")
        #expect(lines[20].contains(",1700000019000,"))
        func decimal(_ v: Double, _ d: Int) -> String { var b: [UInt8] = []; GPSLogSimulator.decimal(v, d, into: &b); return String(decoding: b, as: UTF8.self) }
        #expect(decimal(-0.0000000004, 9) == "0.000000000" && decimal(-1.5, 2) == "-1.50" && decimal(7, 0) == "7")
        #expect(decimal(12.3456789, 3) == "12.346" && decimal(0.05, 3) == "0.050" && decimal(-122.6619045, 9) == "-122.661904500")
        var s = GPSLogSimulator()
        s.count = 9
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try s.text() }
        s = GPSLogSimulator(); s.correlationTime = 0
        #expect(throws: WaymarkError.invalidInput(.notPositive)) { try s.text() }
        s = GPSLogSimulator(); s.whiteSigma = .nan
        #expect(throws: WaymarkError.invalidInput(.nonFinite)) { try s.text() }
        s = GPSLogSimulator(); s.velocityNorth = 1e5
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try s.text() }
    }

    @Test func truthColumnsAreBothOrNeitherAndChecked() throws {
        let text = try Self.logText(tau: 30, seconds: 12, seed: 3)
        let onlyOne = text.replacingOccurrences(of: ",TrueLongitude", with: ",Other")
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) { try GPSErrorSeries(fixLog: onlyOne) }
        var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // rows[5] is data row 4 (0-based, after the header).
        var fields = rows[5].split(separator: ",").map(String.init)
        fields[7] = "97.5"
        rows[5] = fields.joined(separator: ",")
        #expect(throws: WaymarkError.invalidElement(index: 4, fault: .latitudeOutOfRange)) { try GPSErrorSeries(fixLog: rows.joined(separator: "\n")) }
        fields[7] = ""
        rows[5] = fields.joined(separator: ",")
        #expect(throws: WaymarkError.invalidElement(index: 4, fault: .nonFinite)) { try GPSErrorSeries(fixLog: rows.joined(separator: "\n")) }
    }

    // MARK: - Settings

    /// The navigator's σ at the median accuracy is the fitted σ; a fit beyond the
    /// configuration's range is clamped and says so.
    @Test func settingsMakeTheNavigatorsSigmaTheFittedOne() throws {
        let f = try Self.fit(tau: 30, seconds: [1800], seed: 1)
        let s = GPSModelSettings(f)
        #expect(!s.shareClamped && !s.confidenceClamped && s.correlatedShare == f.correlatedShare && s.correlationTime == f.correlationTime)
        let c = try s.applied(to: Navigator.Configuration())
        #expect(abs(f.medianAccuracy * c.accuracyScale - f.sigma) < 1e-12 * f.sigma)
        #expect(c.gpsCorrelatedShare == s.correlatedShare && c.gpsCorrelationTime == s.correlationTime)
        // σ = 5 m reported as a 5 m radius: the radius is a 1-σ circle, 39 % confidence.
        #expect(abs(s.accuracyConfidence - (1 - exp(-0.5 * pow(5 / f.sigma, 2)))) < 1e-15)

        let still = try GPSErrorSeries(times: (0..<12).map(Double.init), east: Array(repeating: 0, count: 12),
                                       north: Array(repeating: 0, count: 12), accuracy: Array(repeating: 3, count: 12))
        let none = GPSModelSettings(try GPSErrorFit.fit(still))
        #expect(none.accuracyConfidence == GPSModelSettings.confidenceRange.upperBound && none.confidenceClamped)
        let real = GPSModelSettings(try GPSModelFitTests.pooled())
        #expect(real.correlatedShare == GPSModelSettings.maximumShare && real.shareClamped && !real.confidenceClamped)
        #expect(throws: WaymarkError.invalidInput(.outOfRange)) {
            try GPSModelSettings(correlatedShare: 1, correlationTime: 30, accuracyConfidence: 0.5).applied(to: Navigator.Configuration())
        }
    }
}

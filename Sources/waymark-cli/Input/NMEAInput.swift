/// NMEA 0183 logs (one sentence a line, as GPS loggers and `gpspipe -r` write them) as
/// `lat,lon[,h]` rows, one per fix: `GGA` (position, fix quality, altitude above sea
/// level and the geoid separation: h = altitude + separation, above the ellipsoid) and
/// `RMC` (position, status, date) from any talker (`GP`, `GN`, `GL`, `GA`, `BD`, …).
/// A GGA and an RMC with the same UTC time are one fix; an RMC alone gives a fix
/// without a height. The row's time is RMC's date with the fix's time of day (the
/// date carried to fixes without their own RMC, a day added where the time of day goes
/// back past midnight); a log without RMC has no times. Every sentence's checksum
/// (`*hh`, XOR of the bytes between `$` and `*`) must be present and right; other
/// sentences (GSA, GSV, VTG, GLL, proprietary `$P…`) are checked and skipped.
/// Sentences without a fix (GGA quality 0, RMC status V, empty fields) are left out
/// with a warning saying how many. A line that is not a sentence, a bad checksum, a
/// field that does not parse (minutes ≥ 60, a hemisphere other than N/S/E/W), a GGA
/// altitude without its separation, or a log without fixes is a data error naming the
/// line.
enum NMEAInput {
    private struct Fix {
        var line: Int
        var timeOfDay: Double
        var lat: Double, lon: Double
        var h: Double? = nil
        var day: Int? = nil
    }

    static func rows(_ bytes: [UInt8], maximumPoints: Int = .max) throws(CLIError) -> (rows: [Row], route: Bool) {
        var fixes: [Fix] = []
        var noFix = 0, differing = 0, lineNumber = 0
        var next = bytes.startIndex
        while next < bytes.endIndex {
            let end = bytes[next...].firstIndex(of: 10) ?? bytes.endIndex
            var text = bytes[next..<end]
            next = end + 1
            lineNumber += 1
            while let c = text.last, c == 13 || c == 32 || c == 9 { text = text.dropLast() }
            while let c = text.first, c == 32 || c == 9 { text = text.dropFirst() }
            if text.isEmpty { continue }
            let fields = try sentence(text, line: lineNumber)
            let type = fields[0].count == 5 ? String(fields[0].suffix(3)) : ""
            guard !fields[0].hasPrefix("P"), type == "GGA" || type == "RMC" else { continue }
            func field(_ k: Int) -> String { k < fields.count ? fields[k] : "" }
            let time = try timeOfDay(field(1), line: lineNumber)
            if type == "GGA" {
                guard let quality = Int(field(6)), quality > 0, !field(2).isEmpty, let time else { noFix += 1; continue }
                let lat = try angle(field(2), field(3), degreesDigits: 2, line: lineNumber)
                let lon = try angle(field(4), field(5), degreesDigits: 3, line: lineNumber)
                var h: Double? = nil
                if !field(9).isEmpty {
                    guard let alt = Double(field(9)), alt.isFinite else { throw .data(line: lineNumber, "GGA altitude '\(field(9).prefix(20))' is not a number") }
                    guard let separation = Double(field(11)), separation.isFinite else {
                        throw .data(line: lineNumber, "GGA altitude without the geoid separation (field 11): the height above the ellipsoid is not known")
                    }
                    h = alt + separation
                }
                // One fix per epoch: every GGA and RMC of the same time (GP and GN talkers of
                // a multi-constellation receiver) completes it; the first position stays.
                if var last = fixes.last, last.timeOfDay == time {
                    if last.h == nil { last.h = h }
                    if last.lat != lat || last.lon != lon { differing += 1 }
                    fixes[fixes.count - 1] = last
                } else {
                    fixes.append(Fix(line: lineNumber, timeOfDay: time, lat: lat, lon: lon, h: h))
                }
            } else {
                guard field(2) == "A", !field(3).isEmpty, let time else { noFix += 1; continue }
                let lat = try angle(field(3), field(4), degreesDigits: 2, line: lineNumber)
                let lon = try angle(field(5), field(6), degreesDigits: 3, line: lineNumber)
                let day = try date(field(9), line: lineNumber)
                if let last = fixes.last, last.timeOfDay == time {
                    if last.day == nil { fixes[fixes.count - 1].day = day }
                    if last.lat != lat || last.lon != lon { differing += 1 }
                } else {
                    fixes.append(Fix(line: lineNumber, timeOfDay: time, lat: lat, lon: lon, day: day))
                }
            }
            guard fixes.count <= maximumPoints else { throw RouteLimit.exceeded(line: lineNumber, limit: maximumPoints) }
        }
        if differing > 0 {
            warn("NMEA: \(differing) sentence\(differing == 1 ? "" : "s") of an epoch already read gave another position: the epoch's first position was kept")
        }
        if noFix > 0 { warn("NMEA: left out \(noFix) GGA/RMC sentence\(noFix == 1 ? "" : "s") without a fix (GGA quality 0, RMC status V or empty position)") }
        guard !fixes.isEmpty else { throw .data(line: max(lineNumber, 1), "the NMEA log has no GGA or RMC sentence with a fix") }
        assignDays(&fixes)
        let rows = fixes.map { f in
            Row(line: f.line, values: [f.lat, f.lon] + (f.h.map { [$0] } ?? []),
                time: f.day.map { Double($0 * 86_400) + f.timeOfDay })
        }
        return (rows, true)
    }

    /// The fields of a sentence `$…*hh` (the address first), its checksum verified.
    private static func sentence(_ text: ArraySlice<UInt8>, line: Int) throws(CLIError) -> [String] {
        guard let first = text.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            throw .data(line: line, "not an NMEA sentence (it does not start with '$')")
        }
        guard let star = text.lastIndex(of: UInt8(ascii: "*")), text.endIndex - star == 3 else {
            throw .data(line: line, "an NMEA sentence without its checksum (*hh at the end)")
        }
        let body = text[(text.startIndex + 1)..<star]
        let sum = body.reduce(UInt8(0), ^)
        let stated = UInt8(String(decoding: text[(star + 1)...], as: UTF8.self), radix: 16)
        guard let stated, stated == sum else {
            let hex = String(sum, radix: 16, uppercase: true)
            throw .data(line: line, "NMEA checksum '\(String(decoding: text[(star + 1)...], as: UTF8.self))' is wrong (the sentence sums to \(hex.count == 1 ? "0" + hex : hex))")
        }
        return body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `hhmmss[.ss]` as seconds of the day; nil when empty.
    private static func timeOfDay(_ text: String, line: Int) throws(CLIError) -> Double? {
        guard !text.isEmpty else { return nil }
        let b = Array(text.utf8)
        guard b.count >= 6, b[..<6].allSatisfy({ $0 &- 48 < 10 }), let seconds = Double(String(decoding: b[4...], as: UTF8.self)) else {
            throw .data(line: line, "NMEA time '\(text.prefix(20))' is not hhmmss.ss")
        }
        let h = Int(b[0] - 48) * 10 + Int(b[1] - 48), m = Int(b[2] - 48) * 10 + Int(b[3] - 48)
        guard h < 24, m < 60, seconds < 61 else { throw .data(line: line, "NMEA time '\(text.prefix(20))' is not a time of day") }
        return Double(h * 3600 + m * 60) + seconds
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` and its hemisphere as signed degrees.
    private static func angle(_ text: String, _ hemisphere: String, degreesDigits: Int, line: Int) throws(CLIError) -> Double {
        let b = Array(text.utf8)
        guard b.count > degreesDigits + 1, b[..<degreesDigits].allSatisfy({ $0 &- 48 < 10 }),
              let minutes = Double(String(decoding: b[degreesDigits...], as: UTF8.self)), minutes >= 0, minutes < 60 else {
            throw .data(line: line, "NMEA \(degreesDigits == 2 ? "latitude" : "longitude") '\(text.prefix(20))' is not \(degreesDigits == 2 ? "ddmm.mmmm" : "dddmm.mmmm")")
        }
        let degrees = Double(String(decoding: b[..<degreesDigits], as: UTF8.self))! + minutes / 60
        switch (hemisphere, degreesDigits) {
        case ("N", 2), ("E", 3): return degrees
        case ("S", 2), ("W", 3): return -degrees
        default: throw .data(line: line, "NMEA hemisphere '\(hemisphere.prefix(10))' is not \(degreesDigits == 2 ? "N or S" : "E or W")")
        }
    }

    /// RMC's `ddmmyy` as days since 1970 (years 80–99 are 19xx, as NMEA's two digits mean).
    private static func date(_ text: String, line: Int) throws(CLIError) -> Int {
        let b = Array(text.utf8)
        guard b.count == 6, b.allSatisfy({ $0 &- 48 < 10 }) else { throw .data(line: line, "NMEA date '\(text.prefix(20))' is not ddmmyy") }
        let d = Int(b[0] - 48) * 10 + Int(b[1] - 48), m = Int(b[2] - 48) * 10 + Int(b[3] - 48), yy = Int(b[4] - 48) * 10 + Int(b[5] - 48)
        let year = yy >= 80 ? 1900 + yy : 2000 + yy
        guard (1...12).contains(m), (1...ISOTime.daysIn(m, year)).contains(d) else { throw .data(line: line, "NMEA date '\(text)' is not a date") }
        return ISOTime.daysFromCivil(year, m, d)
    }

    /// Every fix gets a day: its RMC's, else the one before it (a day later when the
    /// time of day went back), else, before the first RMC, the next one's (a day earlier
    /// across midnight). Without any RMC no fix has one.
    private static func assignDays(_ fixes: inout [Fix]) {
        guard let first = fixes.firstIndex(where: { $0.day != nil }) else { return }
        for k in (0..<first).reversed() {
            let later = fixes[k + 1]
            fixes[k].day = later.day! - (fixes[k].timeOfDay > later.timeOfDay ? 1 : 0)
        }
        for k in (first + 1)..<max(first + 1, fixes.count) where fixes[k].day == nil {
            let earlier = fixes[k - 1]
            fixes[k].day = earlier.day! + (fixes[k].timeOfDay < earlier.timeOfDay ? 1 : 0)
        }
    }
}

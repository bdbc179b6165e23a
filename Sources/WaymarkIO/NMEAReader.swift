extension TrackReader {
    /// NMEA 0183 logs (one sentence a line, as GPS loggers and `gpspipe -r` write them),
    /// one point per fix: `GGA` (position, fix quality, altitude above sea level and the
    /// geoid separation: the height is altitude + separation, above the ellipsoid) and
    /// `RMC` (position, status, date) from any talker (`GP`, `GN`, `GL`, `GA`, `BD`, …). A
    /// GGA and an RMC with the same UTC time are one fix; an RMC alone gives a fix without
    /// a height. The point's time is RMC's date with the fix's time of day (the date
    /// carried to fixes without their own RMC, a day added where the time of day goes back
    /// past midnight); a log without RMC has no times. Every sentence's checksum (`*hh`,
    /// XOR of the bytes between `$` and `*`) must be present and right; other sentences
    /// (GSA, GSV, VTG, GLL, proprietary `$P…`) are checked and skipped. Sentences without
    /// a fix (GGA quality 0, RMC status V, empty fields) are left out with a warning
    /// saying how many.
    /// - Throws: a ``ReadFault`` naming the line for a line that is not a sentence, a bad
    ///   checksum, a field that does not parse (minutes ≥ 60, a hemisphere other than
    ///   N/S/E/W), a NUL byte, a GGA altitude without its separation, or a log without fixes.
    public static func nmea(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var fixes: [NMEAFix] = []
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
            let address = fields[0]
            guard address.count == 5, address.first != UInt8(ascii: "P") else { continue }
            let type = address.dropFirst(2)
            let gga = ByteText.equals(type, "GGA")
            guard gga || ByteText.equals(type, "RMC") else { continue }
            func field(_ k: Int) -> ArraySlice<UInt8> { k < fields.count ? fields[k] : [] }
            let time = try timeOfDay(field(1), line: lineNumber)
            if gga {
                let quality = field(6)
                guard !quality.isEmpty, quality.allSatisfy({ $0 &- 48 < 10 }), quality.contains(where: { $0 != 48 }), !field(2).isEmpty,
                      let time else {
                    noFix += 1; continue
                }
                let lat = try angle(field(2), field(3), degreesDigits: 2, line: lineNumber)
                let lon = try angle(field(4), field(5), degreesDigits: 3, line: lineNumber)
                var h: Double? = nil
                if !field(9).isEmpty {
                    guard let alt = DecimalText.finite(field(9)) else {
                        throw ReadFault(line: lineNumber, "GGA altitude '\(ByteText.quoted(field(9), limit: 20))' is not a number")
                    }
                    guard let separation = DecimalText.finite(field(11)) else {
                        throw ReadFault(line: lineNumber, "GGA altitude without the geoid separation (field 11): the height above the ellipsoid is not known")
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
                    fixes.append(NMEAFix(line: lineNumber, timeOfDay: time, lat: lat, lon: lon, h: h))
                }
            } else {
                guard ByteText.equals(field(2), "A"), !field(3).isEmpty, let time else { noFix += 1; continue }
                let lat = try angle(field(3), field(4), degreesDigits: 2, line: lineNumber)
                let lon = try angle(field(5), field(6), degreesDigits: 3, line: lineNumber)
                let day = try date(field(9), line: lineNumber)
                if let last = fixes.last, last.timeOfDay == time {
                    if last.day == nil { fixes[fixes.count - 1].day = day }
                    if last.lat != lat || last.lon != lon { differing += 1 }
                } else {
                    fixes.append(NMEAFix(line: lineNumber, timeOfDay: time, lat: lat, lon: lon, day: day))
                }
            }
            guard fixes.count <= options.maximumPoints else { throw TrackReader.tooMany(line: lineNumber, limit: options.maximumPoints) }
        }
        var warnings: [String] = []
        if differing > 0 {
            warnings.append("NMEA: \(ByteText.plural(differing, "sentence")) of an epoch already read gave another position: the epoch's first position was kept")
        }
        if noFix > 0 {
            warnings.append("NMEA: left out \(noFix) GGA/RMC sentence\(noFix == 1 ? "" : "s") without a fix (GGA quality 0, RMC status V or empty position)")
        }
        guard !fixes.isEmpty else { throw ReadFault(line: max(lineNumber, 1), "the NMEA log has no GGA or RMC sentence with a fix") }
        assignDays(&fixes)
        var points: [TrackPoint] = []
        points.reserveCapacity(fixes.count)
        for f in fixes {
            points.append(TrackPoint(line: f.line, latitude: f.lat, longitude: f.lon, height: f.h,
                                     time: f.day.map { Double($0) * 86_400 + f.timeOfDay }))
        }
        return TrackRead(points: points, isRoute: true, warnings: warnings, kind: "nmea")
    }

    private struct NMEAFix {
        var line: Int
        var timeOfDay: Double
        var lat: Double, lon: Double
        var h: Double? = nil
        var day: Int? = nil
    }

    /// The fields of a sentence `$…*hh` (the address first), its checksum verified.
    private static func sentence(_ text: ArraySlice<UInt8>, line: Int) throws(ReadFault) -> [ArraySlice<UInt8>] {
        guard let first = text.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            throw ReadFault(line: line, "not an NMEA sentence (it does not start with '$')")
        }
        if text.contains(0) { throw ReadFault(line: line, "a NUL byte in an NMEA sentence") }
        guard let star = text.lastIndex(of: UInt8(ascii: "*")), text.endIndex - star == 3 else {
            throw ReadFault(line: line, "an NMEA sentence without its checksum (*hh at the end)")
        }
        let body = text[(text.startIndex + 1)..<star]
        var sum: UInt8 = 0
        for c in body { sum ^= c }
        let stated = text[(star + 1)...]
        guard let high = hexDigit(stated[star + 1]), let low = hexDigit(stated[star + 2]), high << 4 | low == sum else {
            let hex = ByteText.hex(sum)
            throw ReadFault(line: line, "NMEA checksum '\(ByteText.quoted(stated))' is wrong (the sentence sums to \(sum < 16 ? "0" + hex : hex))")
        }
        return body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        if c &- 48 < 10 { return c - 48 }
        if c | 0x20 >= UInt8(ascii: "a"), c | 0x20 <= UInt8(ascii: "f") { return (c | 0x20) - UInt8(ascii: "a") + 10 }
        return nil
    }

    /// `hhmmss[.ss]` as seconds of the day; nil when empty.
    private static func timeOfDay(_ b: ArraySlice<UInt8>, line: Int) throws(ReadFault) -> Double? {
        guard !b.isEmpty else { return nil }
        let s = b.startIndex
        guard b.count >= 6, b[s..<(s + 6)].allSatisfy({ $0 &- 48 < 10 }), let seconds = DecimalText.finite(b[(s + 4)...]) else {
            throw ReadFault(line: line, "NMEA time '\(ByteText.quoted(b, limit: 20))' is not hhmmss.ss")
        }
        let h = Int(b[s] - 48) * 10 + Int(b[s + 1] - 48), m = Int(b[s + 2] - 48) * 10 + Int(b[s + 3] - 48)
        guard h < 24, m < 60, seconds >= 0, seconds < 61 else {
            throw ReadFault(line: line, "NMEA time '\(ByteText.quoted(b, limit: 20))' is not a time of day")
        }
        return Double(h * 3600 + m * 60) + seconds
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` and its hemisphere as signed degrees.
    private static func angle(_ b: ArraySlice<UInt8>, _ hemisphere: ArraySlice<UInt8>, degreesDigits: Int, line: Int) throws(ReadFault) -> Double {
        let s = b.startIndex
        guard b.count > degreesDigits + 1, b[s..<(s + degreesDigits)].allSatisfy({ $0 &- 48 < 10 }),
              let minutes = DecimalText.finite(b[(s + degreesDigits)...]), minutes >= 0, minutes < 60 else {
            throw ReadFault(line: line, "NMEA \(degreesDigits == 2 ? "latitude" : "longitude") '\(ByteText.quoted(b, limit: 20))' is not "
                            + (degreesDigits == 2 ? "ddmm.mmmm" : "dddmm.mmmm"))
        }
        var whole = 0
        for c in b[s..<(s + degreesDigits)] { whole = whole * 10 + Int(c - 48) }
        let degrees = Double(whole) + minutes / 60
        let north = ByteText.equals(hemisphere, "N"), south = ByteText.equals(hemisphere, "S")
        let east = ByteText.equals(hemisphere, "E"), west = ByteText.equals(hemisphere, "W")
        if degreesDigits == 2 {
            if north { return degrees }
            if south { return -degrees }
        } else {
            if east { return degrees }
            if west { return -degrees }
        }
        throw ReadFault(line: line, "NMEA hemisphere '\(ByteText.quoted(hemisphere, limit: 10))' is not \(degreesDigits == 2 ? "N or S" : "E or W")")
    }

    /// RMC's `ddmmyy` as days since 1970 (years 80–99 are 19xx, as NMEA's two digits mean).
    private static func date(_ b: ArraySlice<UInt8>, line: Int) throws(ReadFault) -> Int {
        guard b.count == 6, b.allSatisfy({ $0 &- 48 < 10 }) else {
            throw ReadFault(line: line, "NMEA date '\(ByteText.quoted(b, limit: 20))' is not ddmmyy")
        }
        let s = b.startIndex
        let d = Int(b[s] - 48) * 10 + Int(b[s + 1] - 48), m = Int(b[s + 2] - 48) * 10 + Int(b[s + 3] - 48)
        let yy = Int(b[s + 4] - 48) * 10 + Int(b[s + 5] - 48)
        let year = yy >= 80 ? 1900 + yy : 2000 + yy
        guard (1...12).contains(m), (1...ISOTime.daysIn(m, year)).contains(d) else {
            throw ReadFault(line: line, "NMEA date '\(ByteText.quoted(b))' is not a date")
        }
        return ISOTime.daysFromCivil(year, m, d)
    }

    /// Every fix gets a day: its RMC's, else the one before it (a day later when the
    /// time of day went back), else, before the first RMC, the next one's (a day earlier
    /// across midnight). Without any RMC no fix has one.
    private static func assignDays(_ fixes: inout [NMEAFix]) {
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

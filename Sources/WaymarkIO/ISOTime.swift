/// ISO 8601 / RFC 3339 date-times as the track formats write them (GPX `<time>`, KML
/// `<when>`, TCX `<Time>`, a CSV time column): `YYYY-MM-DDThh:mm:ss[.fff…]` followed by
/// `Z` or an offset `±hh:mm` / `±hhmm` (a space may stand for `T`). The result is
/// seconds since 1970-01-01T00:00:00Z (UTC, no leap seconds, as POSIX time counts).
/// A time without a zone is UTC only where the format says so (GPX, KML and TCX times
/// are UTC by their schemas); anything else is nil, and the reader names the line.
public enum ISOTime {
    /// Seconds since 1970 UTC, or nil when `text` (surrounding white space allowed) is not
    /// such a date-time. `zonelessIsUTC`: whether a time without `Z` or an offset is UTC
    /// (otherwise it is refused).
    public static func seconds(_ text: ArraySlice<UInt8>, zonelessIsUTC: Bool) -> Double? {
        let b = Array(ByteText.trimmed(text))
        let end = b.count
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= end else { return nil }
            var v = 0
            for k in at..<(at + count) {
                guard b[k] &- 48 < 10 else { return nil }
                v = v * 10 + Int(b[k] - 48)
            }
            return v
        }
        guard let year = digits(0, 4), end > 4, b[4] == UInt8(ascii: "-"), let month = digits(5, 2), end > 7, b[7] == UInt8(ascii: "-"),
              let day = digits(8, 2), end > 10, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") || b[10] == 32,
              let hour = digits(11, 2), end > 13, b[13] == UInt8(ascii: ":"), let minute = digits(14, 2),
              end > 16, b[16] == UInt8(ascii: ":"), let second = digits(17, 2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month, year)).contains(day), hour <= 23, minute <= 59, second <= 60 else { return nil }
        var i = 19
        var fraction = 0.0
        if i < end, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
            i += 1
            var scale = 0.1
            let start = i
            while i < end, b[i] &- 48 < 10 { fraction += Double(b[i] - 48) * scale; scale /= 10; i += 1 }
            guard i > start else { return nil }
        }
        var offset = 0
        if i == end {
            guard zonelessIsUTC else { return nil }
        } else if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            i += 1
        } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
            guard let oh = digits(i + 1, 2) else { return nil }
            var j = i + 3
            if j < end, b[j] == UInt8(ascii: ":") { j += 1 }
            guard let om = digits(j, 2), oh <= 23, om <= 59 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
            i = j + 2
        } else {
            return nil
        }
        guard i == end else { return nil }
        // In Double: on 32-bit targets (wasm32) the seconds since 1970 pass Int.max in 2038.
        let days = Double(daysFromCivil(year, month, day))
        return days * 86_400 + Double(hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// ``seconds(_:zonelessIsUTC:)`` of a String's UTF-8.
    public static func seconds(_ text: String, zonelessIsUTC: Bool) -> Double? {
        seconds(Array(text.utf8)[...], zonelessIsUTC: zonelessIsUTC)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard
    /// Hinnant's `days_from_civil`).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The days of `month` (1–12) in `year` of the Gregorian calendar.
    public static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

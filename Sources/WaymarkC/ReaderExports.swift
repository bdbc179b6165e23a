import CWaymark
import WaymarkCore
import WaymarkNavigation
import WaymarkIO

// The readers (the header's "Reading files"): WaymarkIO's, over the caller's text and
// arrays. Everything is validated before the text is read; the report is written on
// success and on a refused document, the points or rows only on success.

@c @implementation
public func wm_track_read(_ text: UnsafePointer<CChar>?, _ length: Int, _ format: wm_track_format,
                          _ options: UnsafePointer<wm_track_options>?, _ points: UnsafeMutablePointer<wm_track_point>?,
                          _ capacity: Int, _ count: UnsafeMutablePointer<Int>?, _ report: UnsafeMutablePointer<wm_read_report>?) -> wm_status {
    guard let count, let report else { return WM_ERROR_NULL_POINTER }
    guard length >= 0, length <= Limits.maximumBufferBytes else { return WM_ERROR_BAD_COUNT }
    guard text != nil || length == 0 else { return WM_ERROR_NULL_POINTER }
    guard report.pointee.size == UInt32(MemoryLayout<wm_read_report>.size) else { return WM_ERROR_INVALID_VALUE }
    guard let trackFormat = TrackFormat(rawValue: UInt32(bitPattern: format)) else { return WM_ERROR_INVALID_VALUE }
    var readOptions = TrackReadOptions()
    if let o = options?.pointee {
        guard o.size == UInt32(MemoryLayout<wm_track_options>.size), o.reserved_ == 0, o.polygon_rings <= 1,
              let part = TrackReadOptions.GPXPart(rawValue: o.gpx_part) else { return WM_ERROR_INVALID_VALUE }
        readOptions.gpxPart = part
        readOptions.polygonRings = o.polygon_rings == 1
        if o.maximum_points != 0 { readOptions.maximumPoints = o.maximum_points > UInt64(Int.max) ? .max : Int(o.maximum_points) }
    }
    if trackFormat == .polyline || trackFormat == .polyline6 {
        return polylineRead(text, length, precision: trackFormat == .polyline6 ? 6 : 5, maximumPoints: readOptions.maximumPoints,
                            points, capacity, count, report)
    }
    let bytes = textBytes(text, length)
    let read: TrackRead
    do { read = try TrackReader.read(bytes, format: trackFormat, options: readOptions) } catch {
        fill(report, fault: error)
        return WM_ERROR_INVALID_VALUE
    }
    if let refused = countedOutput(read.points.count, capacity: capacity, out: points != nil, count: count) {
        if refused == WM_ERROR_BAD_COUNT { fill(report, warnings: read.warnings, isRoute: read.isRoute, columns: 0) }
        return refused
    }
    if let points {
        for (i, p) in read.points.enumerated() {
            points[i] = wm_track_point(latitude_deg: p.latitude, longitude_deg: p.longitude, height_m: p.height ?? .nan,
                                       time_s: p.time ?? .nan, line: UInt64(p.line))
        }
    }
    fill(report, warnings: read.warnings, isRoute: read.isRoute, columns: 0)
    return WM_OK
}

@c @implementation
public func wm_field_log_read(_ text: UnsafePointer<CChar>?, _ length: Int, _ rows: UnsafeMutablePointer<wm_log_row>?, _ capacity: Int,
                              _ count: UnsafeMutablePointer<Int>?, _ report: UnsafeMutablePointer<wm_read_report>?) -> wm_status {
    guard let count, let report else { return WM_ERROR_NULL_POINTER }
    guard length >= 0, length <= Limits.maximumBufferBytes else { return WM_ERROR_BAD_COUNT }
    guard text != nil || length == 0 else { return WM_ERROR_NULL_POINTER }
    guard report.pointee.size == UInt32(MemoryLayout<wm_read_report>.size) else { return WM_ERROR_INVALID_VALUE }
    var read: [wm_log_row] = []
    var columns = 0
    var reader = FieldLog.Reader(BufferSource(UnsafeRawBufferPointer(start: text.map { UnsafeRawPointer($0) }, count: length)))
    do throws(StreamFault) {
        while let row = try reader.next() { read.append(logRow(row, line: reader.lineNumber)) }
        columns = reader.columns
    } catch {
        // A buffer is always readable: every fault is the text's.
        if case .data(let f) = error { fill(report, fault: f) } else { fill(report, fault: ReadFault(line: 1, "unreadable")) }
        return WM_ERROR_INVALID_VALUE
    }
    if let refused = countedOutput(read.count, capacity: capacity, out: rows != nil, count: count) {
        if refused == WM_ERROR_BAD_COUNT { fill(report, warnings: [], isRoute: false, columns: columns) }
        return refused
    }
    if let rows { for (i, r) in read.enumerated() { rows[i] = r } }
    fill(report, warnings: [], isRoute: false, columns: columns)
    return WM_OK
}

/// A polyline read in place, in memory bounded by the caller's output: the text is
/// decoded once to check it and count its points (nothing kept), then, when the points
/// fit, again straight into `points`. Copying the text and collecting the points first
/// took about 30 bytes per byte of text (a 64 MiB polyline 2 GB, a trap under a memory
/// limit); this takes none beyond the output.
private func polylineRead(_ text: UnsafePointer<CChar>?, _ length: Int, precision: Int, maximumPoints: Int,
                          _ points: UnsafeMutablePointer<wm_track_point>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>,
                          _ report: UnsafeMutablePointer<wm_read_report>) -> wm_status {
    var raw = UnsafeRawBufferPointer(start: text.map { UnsafeRawPointer($0) }, count: text == nil ? 0 : length)
    if raw.count >= 3, raw[0] == 0xEF, raw[1] == 0xBB, raw[2] == 0xBF { raw = UnsafeRawBufferPointer(rebasing: raw[3...]) }
    let text = raw
    let checked = Result { () throws(ReadFault) in
        try TrackReader.decodePolyline(text, precision: precision, maximumPoints: maximumPoints) { _ in }
    }
    let found: (points: Int, polylines: Int)
    switch checked {
    case .failure(let fault):
        fill(report, fault: fault)
        return WM_ERROR_INVALID_VALUE
    case .success(let f): found = f
    }
    if let refused = countedOutput(found.points, capacity: capacity, out: points != nil, count: count) {
        if refused == WM_ERROR_BAD_COUNT { fill(report, warnings: [], isRoute: found.polylines == 1, columns: 0) }
        return refused
    }
    if let points {
        var k = 0
        // The same text decodes to the same points: this pass cannot fail.
        _ = try? TrackReader.decodePolyline(text, precision: precision, maximumPoints: maximumPoints) { p in
            points[k] = wm_track_point(latitude_deg: p.latitude, longitude_deg: p.longitude, height_m: .nan, time_s: .nan, line: UInt64(p.line))
            k += 1
        }
    }
    fill(report, warnings: [], isRoute: found.polylines == 1, columns: 0)
    return WM_OK
}

/// The caller's text as bytes (a UTF-8 byte-order mark is the reader's to skip).
private func textBytes(_ text: UnsafePointer<CChar>?, _ length: Int) -> [UInt8] {
    guard let text, length > 0 else { return [] }
    return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(text), count: length))
}

/// One log row as the header's struct: the fields that are not the event's NaN.
private func logRow(_ row: FieldLog.Row, line: Int) -> wm_log_row {
    let n = Double.nan
    var r = wm_log_row(time_s: row.time, event: 0, tracking: 0, latitude_deg: n, longitude_deg: n, height_m: n, accuracy_m: n,
                       x: n, y: n, z: n, yaw_deg: n, pitch_deg: n, roll_deg: n, true_heading_deg: n, heading_accuracy_deg: n,
                       course_deg: n, course_accuracy_deg: n, speed_mps: n, speed_accuracy_mps: n, line: UInt64(line))
    func pose(_ p: CameraPose) {
        r.x = p.position.x; r.y = p.position.y; r.z = p.position.z
        r.yaw_deg = p.yaw; r.pitch_deg = p.pitch; r.roll_deg = p.roll
    }
    switch row {
    case .fix(_, let lat, let lon, let h, let accuracy, let scene, let v):
        r.event = UInt32(WM_LOG_FIX)
        r.latitude_deg = lat; r.longitude_deg = lon; r.height_m = h ?? n; r.accuracy_m = accuracy
        r.x = scene.x; r.y = scene.y; r.z = scene.z
        r.course_deg = v.course ?? n; r.course_accuracy_deg = v.courseAccuracy ?? n
        r.speed_mps = v.speed ?? n; r.speed_accuracy_mps = v.speedAccuracy ?? n
    case .frame(_, let p):
        r.event = UInt32(WM_LOG_FRAME)
        pose(p)
    case .heading(_, let heading, let accuracy, let p):
        r.event = UInt32(WM_LOG_HEADING)
        pose(p)
        r.true_heading_deg = heading; r.heading_accuracy_deg = accuracy
    case .tracking(_, let state):
        r.event = UInt32(WM_LOG_TRACKING)
        switch state {
        case .normal: r.tracking = WM_TRACKING_NORMAL
        case .limited: r.tracking = WM_TRACKING_LIMITED
        case .reset: r.tracking = WM_TRACKING_RESET
        }
    }
    return r
}

private func fill(_ report: UnsafeMutablePointer<wm_read_report>, fault: ReadFault) {
    report.pointee.is_route = 0
    report.pointee.line = UInt64(max(fault.line, 1))
    report.pointee.warning_count = 0
    report.pointee.columns = 0
    write(fault.reason, into: report)
}

private func fill(_ report: UnsafeMutablePointer<wm_read_report>, warnings: [String], isRoute: Bool, columns: Int) {
    report.pointee.is_route = isRoute ? 1 : 0
    report.pointee.line = 0
    report.pointee.warning_count = UInt32(clamping: warnings.count)
    report.pointee.columns = UInt32(columns)
    var text = ""
    for (k, w) in warnings.enumerated() { text += (k == 0 ? "" : "\n") + w }
    write(text, into: report)
}

/// `text` into the report's message, NUL-terminated; cut at a character boundary with
/// "..." when it does not fit.
private func write(_ text: String, into report: UnsafeMutablePointer<wm_read_report>) {
    withUnsafeMutableBytes(of: &report.pointee.message) { buffer in
        let capacity = buffer.count - 1
        var utf8 = Array(text.utf8)
        if utf8.count > capacity {
            var end = capacity - 3
            while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            utf8 = Array(utf8[..<end]) + Array("...".utf8)
        }
        for (i, c) in utf8.enumerated() { buffer[i] = c }
        buffer[utf8.count] = 0
    }
}

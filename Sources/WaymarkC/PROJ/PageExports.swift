import CWaymark
import WaymarkCore
import WaymarkPROJ
import WaymarkReports

// The report pages (the header's "Report pages"): WaymarkReports' pages of the caller's
// points, with the exact geodesic the CLI hands them (Karney's, WaymarkPROJ), so a page
// made here is the CLI's byte for byte. Everything is checked before the page is made;
// the page is written only when it fits.

@c @implementation
public func wm_track_compare_page(_ points: UnsafePointer<wm_track_point>?, _ count: Int, _ origin: UnsafePointer<wm_geodetic>?,
                                  _ name: UnsafePointer<CChar>?, _ format: wm_page_format, _ page: UnsafeMutablePointer<CChar>?,
                                  _ capacity: Int, _ length: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let points, let name, let length else { return WM_ERROR_NULL_POINTER }
    guard format == WM_PAGE_HTML || format == WM_PAGE_SVG else { return WM_ERROR_INVALID_VALUE }
    // size_t arrives as Int: 2^63 and above read negative, and are too many as well.
    guard count > 0, count <= Limits.maximumRoutePoints else { return WM_ERROR_BAD_COUNT }
    var track: [TrackComparison.Point] = []
    track.reserveCapacity(count)
    for i in 0..<count {
        let p = points[i]
        guard let c = try? GeodeticCoordinate(latitude: p.latitude_deg, longitude: p.longitude_deg,
                                              height: p.height_m.isNaN ? 0 : p.height_m) else { return WM_ERROR_INVALID_VALUE }
        track.append(TrackComparison.Point(line: p.line > UInt64(Int.max) ? Int.max : Int(p.line), coordinate: c))
    }
    var about: GeodeticCoordinate? = nil
    if let o = origin?.pointee {
        guard let c = try? GeodeticCoordinate(latitude: o.lat_deg, longitude: o.lon_deg, height: o.height_m) else {
            return WM_ERROR_INVALID_VALUE
        }
        about = c
    }
    guard TrackComparison.firstHeightOutOfRange(track, origin: about) == nil else { return WM_ERROR_INVALID_VALUE }
    let comparison = TrackComparison(points: track, origin: about) { a, b in
        let line = Geodesic.wgs84.inverse(a, b)
        return (line.distance, line.azimuth1)
    }
    let drawn = TrackAccuracyPage(comparison: comparison, name: String(cString: name))
    var text = format == WM_PAGE_HTML ? drawn.html() : drawn.svg()
    return text.withUTF8 { bytes in
        if let refused = countedOutput(bytes.count, capacity: capacity, out: page != nil, count: length) { return refused }
        if let page, let base = bytes.baseAddress {
            UnsafeMutableRawPointer(page).copyMemory(from: base, byteCount: bytes.count)
        }
        return WM_OK
    }
}

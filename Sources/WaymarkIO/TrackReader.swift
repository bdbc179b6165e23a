/// The track and route documents Waymark reads — GPX, KML, TCX, NMEA, GeoJSON (and
/// OSRM and Valhalla responses) and encoded polylines — from their
/// bytes, with every fault named by line and reason (``ReadFault``). Whole documents:
/// the caller bounds their size (the CLI at 256 MiB, the C API at the header's buffer
/// bound). A UTF-8 byte-order mark at the start is skipped.
///
/// One reader for every language: the CLI, `wm_track_read` and, through it, Python,
/// JavaScript and C# read a file to the same points or refuse it at the same line for the
/// same reason.
public enum TrackReader {
    /// The points of `bytes` in `format`.
    /// - Throws: ``ReadFault`` as the format's reader says.
    public static func read(_ bytes: [UInt8], format: TrackFormat, options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var bytes = bytes
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { bytes.removeFirst(3) }
        switch format {
        case .gpx: return try gpx(bytes, options: options)
        case .kml: return try kml(bytes, options: options)
        case .tcx: return try tcx(bytes, options: options)
        case .nmea: return try nmea(bytes, options: options)
        case .geojson: return try geojson(bytes, options: options)
        case .polyline: return try polyline(bytes, precision: 5, options: options)
        case .polyline6: return try polyline(bytes, precision: 6, options: options)
        case .csv: return try csv(bytes, options: options)
        }
    }

    /// The fault for the point at `line` when it is the first past `limit`.
    public static func tooMany(line: Int, limit: Int) -> ReadFault {
        ReadFault(line: line, "the route has more than \(limit) points, the most a route may have")
    }
}

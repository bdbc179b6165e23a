/// A position read from a track or route document (GPX, KML, TCX, NMEA), where it came
/// from, and the time the document gives it.
public struct TrackPoint: Sendable, Equatable {
    /// The 1-based line of the document the point is on (its element's start tag, or
    /// its coordinates' line).
    public var line: Int
    /// Degrees, WGS-84, as written (−90…90 is the caller's to check; the readers check
    /// only that it is a finite number).
    public var latitude: Double
    /// Degrees, WGS-84, as written.
    public var longitude: Double
    /// Metres, as the document states it (GPX `<ele>`, KML `absolute` altitudes and TCX
    /// `AltitudeMeters` are above sea level; NMEA's are above the ellipsoid); nil when
    /// the point has none.
    public var height: Double?
    /// Seconds since 1970-01-01T00:00:00Z (UTC, no leap seconds); nil when the
    /// document gives the point no time.
    public var time: Double?

    /// A point as read.
    public init(line: Int, latitude: Double, longitude: Double, height: Double? = nil, time: Double? = nil) {
        self.line = line
        self.latitude = latitude
        self.longitude = longitude
        self.height = height
        self.time = time
    }
}

/// The formats ``TrackReader`` reads. The raw values are the C API's
/// `WM_TRACK_FORMAT_*`.
public enum TrackFormat: UInt32, Sendable, CaseIterable {
    /// GPX 1.0/1.1 (``TrackReader/gpx(_:options:)``).
    case gpx = 1
    /// KML 2.2 (``TrackReader/kml(_:options:)``).
    case kml = 2
    /// Garmin TCX v2 (``TrackReader/tcx(_:options:)``).
    case tcx = 3
    /// NMEA 0183 GGA and RMC sentences (``TrackReader/nmea(_:options:)``).
    case nmea = 4
    /// GeoJSON, or an OSRM or Valhalla route response (``TrackReader/geojson(_:options:)``).
    case geojson = 5
    /// Encoded polylines at precision 5 (``TrackReader/polyline(_:precision:options:)``).
    case polyline = 6
    /// Encoded polylines at precision 6.
    case polyline6 = 7
    /// Delimited rows `lat,lon[,h]` (``TrackReader/csv(_:options:)``).
    case csv = 8

    /// Heights in this format are above sea level (GPX `<ele>`, KML `absolute`, TCX
    /// `AltitudeMeters`): a caller that wants ellipsoidal heights converts them through a
    /// geoid (EGM96).
    public var seaLevelHeights: Bool { self == .gpx || self == .kml || self == .tcx }
}

/// How a track document is read.
public struct TrackReadOptions: Sendable {
    /// Which part of a GPX file is the track: the parts are never merged.
    public enum GPXPart: UInt32, Sendable, CaseIterable {
        /// The first track, else the first route, else the waypoints.
        case automatic = 0
        /// The first `<trk>` with points (all its segments in order).
        case track = 1
        /// The first `<rte>` with points.
        case route = 2
        /// Every `<wpt>`.
        case waypoints = 3
    }

    /// GPX only: the part read.
    public var gpxPart = GPXPart.automatic
    /// KML only: a `Polygon`'s rings are read as lines of points (true) or the polygon
    /// is skipped with a warning naming it (false).
    public var polygonRings = false
    /// The most points read: the first point past it is a fault naming the limit and
    /// its line, met while reading (the document is not read further).
    public var maximumPoints = Int.max

    /// The defaults: the automatic GPX part, polygons skipped, no point limit.
    public init() {}
}

/// A document read: its points in order (a polyline file may have none), and what the reader left unread or read
/// differently from the letter of the file, each as a sentence (shown as warnings by
/// the CLI, returned by the bindings).
public struct TrackRead: Sendable {
    /// The points, in document order; never empty but for polylines (an empty text).
    public var points: [TrackPoint]
    /// The points are one route: one LineString, one GPX track segment or route, a TCX
    /// course or activity, an NMEA log.
    public var isRoute: Bool
    /// What was not read (polygons skipped, other GPX parts, fixes without a position…).
    public var warnings: [String]
    /// The document as read: the format's name ("gpx", "kml", "tcx", "nmea", "geojson",
    /// "polyline", "polyline6", "csv"), or the kind of route response a JSON document was
    /// ("osrm", "valhalla").
    public var kind: String

    init(points: [TrackPoint], isRoute: Bool, warnings: [String], kind: String) {
        self.points = points
        self.isRoute = isRoute
        self.warnings = warnings
        self.kind = kind
    }
}

import Waymark

// The text of `waymark help`, each command's help and the man page waymark(1): each
// command's entry (its options with their values and defaults, then what it reads and
// writes: formats and columns, a contract) and the notes every command shares (the
// output and input options, the conventions, the exit statuses). ArgumentParser lays
// out the help pages around them (``DocumentedCommand/helpConfiguration(_:_:input:)``);
// ``ManualPage`` writes the same texts as roff.

enum HelpText {
    /// The root help's introduction (after the abstract).
    static let introduction = """
    With no command, runs `waymark demo`. FILE defaults to standard input.
    """

    /// The options every command shares and the input formats (the man page's OPTIONS).
    static let optionNotes = """
    Output options for every command: --precision N (0 to 17 fixed decimals for row
    values; default: the shortest form that reads back as the same double),
    --line-buffered (flush every row at once; the default when output is a terminal).
    The row commands (scene, geodetic, inverse, direct, datum, transform, geoid,
    arrows) also take --to csv|json|geojson (--output-format on datum, transform and
    geoid, whose --to is their own): CSV (the default), a JSON array of objects keyed
    by the header's names, or GeoJSON for geographic rows (a FeatureCollection of
    Points, the other columns as properties; one LineString when the input was a
    single route: a LineString, a GPX track or route, a polyline).

    Input options of the commands that read rows: --from csv|geojson|gpx|polyline|
    polyline6|kml|tcx|nmea (--input-format on datum and transform, whose --from is their own;
    default: the FILE's extension .geojson, .json, .gpx, .polyline, .polyline6, .kml,
    .tcx, .nmea or .nma, else csv). Every format but CSV gives lat,lon[,h] points, for
    the commands reading such rows (scene, datum, geoid, accuracy TRACK, length,
    inverse --pairs consecutive; arrows, simulate and replay routes); geodetic,
    direct, transform and inverse rows are CSV only (a point format is a usage error).
    GeoJSON Point, MultiPoint, LineString, MultiLineString, Feature and
    FeatureCollection positions [lon, lat(, h)]; a Polygon or MultiPolygon is skipped
    with a warning naming its feature, or --polygons rings reads its rings; a .json
    OSRM route/v1 response (the first route's geometry: polyline, polyline6 told apart
    by the first waypoint, or GeoJSON) or Valhalla route response (every leg's shape,
    polyline6) is read as one. GPX: one part, never merged: --gpx-part
    track|route|waypoints (default: the first track, all its segments, else the
    first route, else the waypoints; a warning names what is not read); <ele> (above
    sea level) is made ellipsoidal through EGM96 unless --heights orthometric; <time>
    is the point's time. KML (Google Earth): Placemark Point, LineString, LinearRing,
    MultiGeometry, gx:Track (<when> is the point's time); altitudes only where
    altitudeMode is absolute (above sea level, as GPX <ele>); Polygon as GeoJSON's;
    KMZ is not read (unzip it: unzip -p FILE.kmz doc.kml). TCX (Garmin): every
    Trackpoint with a Position of the first Activity or Course, AltitudeMeters (above
    sea level, as GPX <ele>), Time; Trackpoints without a Position are left out with
    a warning. NMEA 0183: GGA and RMC sentences of any talker, checksums required and
    verified, one row per fix (h = altitude + geoid separation, above the ellipsoid;
    time from RMC's date), sentences without a fix left out with a warning, other
    sentences skipped. In a GPX, KML, TCX or NMEA track a point without a height
    among points with one is an error naming it, or --missing-heights
    drop-points|ignore-heights says what to do; --keep-columns carries their time
    (seconds since 1970 UTC) as a time column. Encoded polylines one per line at
    precision 5 (polyline) or 6 (polyline6), a coordinate beyond 90/180 degrees
    naming the other precision. CSV: --delimiter
    comma|semicolon|tab|whitespace|auto (default: what a header line shows, else
    what a headerless first line of numbers shows when it is unambiguous: semicolons,
    tabs or runs of spaces; else commas; auto: the first line with data decides), "quoted" fields ("" for a quote),
    --lon-lat for headerless longitude-first rows, --keep-columns to carry columns
    past the coordinates through to the output (otherwise they are an error, unless a
    header names the lat and lon columns: then only those, and h, are read; a time,
    timestamp, datetime, date_time, time_utc or utc column is the point's time, in
    seconds since 1970 or ISO 8601 with Z or an offset). A route
    (arrows, simulate, replay) has at most \(Limits.maximumRoutePoints) points (2^24).
    """

    /// Units, axes, the CSV conventions and the exit statuses.
    static let conventions = """
    Degrees, metres, heights above the WGS-84 ellipsoid. Axes: eus = x east, y up,
    z south (ARKit gravityAndHeading, the default); enu = x east, y north, z up;
    eun = x east, y up, z north (Unity). Input: CSV, LF or CRLF, a UTF-8 byte-order
    mark ignored, blank and # lines skipped, a first line with no number in it is a
    header (for lat,lon[,h] rows a header naming lat/lon/h columns sets their order,
    so lon,lat files read right); a header or comments without rows are an error;
    lines are at most 1 MiB and contain no NUL bytes.
    Exit status: 64 usage error, 65 bad input (the message names the line), 66 the
    input file cannot be opened or read (missing, unreadable, a directory), 69 a PROJ
    grid is not installed or unreadable, 74 an I/O error (writing the output failed:
    a full disk, a closed pipe). `waymark help COMMAND` or `waymark COMMAND --help`
    shows one command.
    """

    /// Each command's entry: its synopsis (the options, then its input), then what it
    /// does, lines as help and the man page show them.
    enum Entry {
        static let demo = """
        the built-in 55-point walking route in ARKit coordinates, with the
        spherical baselines' errors and a summary
        """
        static let scene = """
        --origin LAT,LON[,H] [--axes eus|enu|eun|ENGINE]
        [--method ellipsoidal|proj|haversine|meters-per-degree] [FILE]
        rows lat,lon[,h] -> x,y,z
        """
        static let geodetic = """
        --origin LAT,LON[,H] [--axes eus|enu|eun|ENGINE] [FILE]
        rows x,y,z -> lat,lon,h (CSV only)
        """
        static let inverse = """
        [--method ellipsoidal|haversine] [--pairs consecutive] [FILE]
        rows lat1,lon1,lat2,lon2 -> distance_m,azimuth1_deg,azimuth2_deg (CSV
        only); --pairs consecutive reads lat,lon[,h] points in any format (a
        track) and solves each point and the next: N points, N - 1 rows
        """
        static let direct = """
        [FILE]
        rows lat1,lon1,azimuth1_deg,distance_m -> lat2,lon2,azimuth2_deg (CSV only)
        """
        static let accuracy = """
        [TRACK] [--origin LAT,LON[,H]] [--html FILE] [--svg FILE]
        without TRACK: the spherical baselines' errors by distance and latitude
        (CSV); --html also writes a self-contained report page (plots, the demo
        route, hover read-outs; opens from disk), --svg the same figures as one
        SVG. With TRACK (any input format; - is standard input): the baselines
        against the exact method on that track, about --origin (default: its
        first point): # summary lines (origin; length_m and length_error_m by
        each method; for each error its max, the point it is at, rms and the
        p50, p95, p99 percentiles, linear between ranks), then one row per point
        with the segment from the previous point (empty on the first row):
        point,line,lat,lon,h,time,along_track_m,distance_from_origin_m,
        haversine_horizontal_error_m,haversine_3d_error_m,
        meters_per_degree_horizontal_error_m,meters_per_degree_3d_error_m,
        segment_distance_m,segment_azimuth_deg,haversine_distance_error_m,
        haversine_azimuth_error_deg,meters_per_degree_distance_error_m,
        meters_per_degree_azimuth_error_deg (errors: baseline - exact; position
        errors in the ENU frame about the origin, 3-D with the curvature drop;
        time: seconds since 1970 UTC, empty without one; azimuth errors empty on a
        segment of zero length); --html/--svg: the track
        exact vs both baselines (errors enlarged by a stated factor), the error
        along the track and against the distance from the origin, hover
        read-outs (at most 1000 points drawn per series)
        """
        static let length = """
        [FILE]
        a track's length by each method (# lines: length_m, length_error_m) and
        one row per segment: segment,from_point,to_point,line,geodesic_m,
        azimuth_deg,haversine_m,haversine_azimuth_deg,meters_per_degree_m,
        meters_per_degree_azimuth_deg,along_track_m (geodesic: Karney on WGS-84;
        haversine on the mean-radius sphere; metres per degree about the first
        point); FILE in any input format
        """
        static let simulate = """
        [--route straight|sample|FILE] [--runs N] [--random-seed S]
        [--heading-error-deg D] [--gps-sigma-m M] [--jumps] [--drift-deg-per-min R]
        [--duration-s T] [--speed-mps 1.4] [--estimator pairwise|robust] [--svg FILE]
        [--log FILE] [--html FILE] [--navigator] [--estimator filter|robust|pairwise]
        [--alignment gravity|gravity-and-heading] [--gps-correlated-share F]
        [--gps-correlation-s 30] [--outliers P] [--compass-sigma-deg S]
        [--compass-disturbance R] [--outage START:END] [--reset-at T]
        [--limited START:END] [--yaw-drift-deg D] [--position-drift-m D]
        [--frame-interval-s 0.1] [--velocity-sigma-mps S] [--lateral-offset-m MIN:MAX]
        [--crossing-probability 0.5] [--corner-pause-s MIN:MAX] [--wrong-turn-m D]
        [--filter-gps-correlated-share F] [--filter-gps-correlation-s T]
        [--gps-model FILE] [--route-evidence on|off]
        the heading corrector in a seeded field simulation (default: a straight
        300 m walk, 5 m GPS noise, 15° compass error, 100 runs); --log writes the
        first run's walk as a field log for replay, --html that walk's report page
        (the navigator's run beside the truth, --estimator and --alignment as
        replay's; opens from disk); --navigator runs the walks (default: 20)
        through the navigator (default: the filter) and prints keys
        first_applied_s_median, heading_error_deg_p95, heading_within_2sigma,
        anchor_error_m_p95, anchor_within_2sigma, first_arrow_error_m_p95,
        progress_error_m_p95 (errors after the first applied correction) and,
        from 20 runs, each p95's smallest and largest over blocks of 10 runs
        (heading_error_deg_p95_min_per_10_runs, …_max_per_10_runs, and the same
        for first_arrow_error_m and progress_error_m); --filter-gps-correlated-share
        and --filter-gps-correlation-s set the filter's GPS model. The walk models
        (correlated GPS error, outliers, compass readings every 0.5 s and their
        disturbances, GPS outage, tracking resets and limited tracking, AR yaw and
        position drift, the frame interval, GPS velocity, a walker beside the route
        who crosses at corners and cuts them, pauses at corners, a wrong turn) need
        --log, --html or --navigator; --route-evidence on lets the navigator take the
        route as evidence. Deprecated
        names: --seed for --random-seed, --estimator seed for pairwise
        """
        static let replay = """
        --route ROUTE [--estimator filter|robust|pairwise] [--fov-deg 60]
        [--viewport 390x844] [--route-heights ellipsoidal|orthometric|none]
        [--alignment gravity|gravity-and-heading] [--filter-gps-correlated-share F]
        [--filter-gps-correlation-s T] [--gps-model FILE] [--route-evidence on|off]
        [--html FILE] [--explain FILE] LOG
        runs the navigator over a field log (t_s,event,lat,lon,h,accuracy_m,x,y,z,
        yaw_deg,pitch_deg,roll_deg, optionally true_heading_deg,
        heading_accuracy_deg,tracking, and then optionally course_deg,
        course_accuracy_deg,speed_mps,speed_accuracy_mps; events fix, frame,
        heading, tracking) and
        writes one row per frame (README: Replay); --estimator filter (default:
        the posterior over GPS, compass and the scene track) or robust|pairwise
        (the window fits); --alignment says how the AR session was aligned and
        --filter-gps-correlated-share, --filter-gps-correlation-s the GPS error
        model (the filter's; default 0.96 over 60 s, fitted on real phone logs);
        --html also writes a report page (top view, timelines; opens from disk);
        --route-evidence on takes the route as evidence (default: off);
        --explain FILE writes, per fix, its velocity, route evidence and compass
        reading, what the filter made of it: line,t_s,event (fix, heading,
        velocity, route),outcome (used, anchor_only, rejected,
        forced, skipped),innovation (m or deg),innovation_sigmas,heading_deg,
        heading_sigma_deg,applied; --estimator seed is a deprecated name of pairwise
        """
        static let arrows = """
        --origin LAT,LON[,H] --position LAT,LON[,H] [--spacing-m 3] [--ahead-m 100]
        [--from FORMAT] ROUTE_FILE
        rows x,y,z,yaw_deg (eus) of the route arrows ahead of the user
        """
        static let bench = """
        [--points N] [--repeat R] [--threads T]
        speed of every path against PROJ and a vectorised C floor (build with
        -c release): NAME ns_per_point=X vs_proj=Y vs_floor=Z; --threads T (1 to
        256) adds geo_to_scene_threads_T and scene_to_geo_threads_T, the batch split
        over T threads: aggregate ns per point and speedup= over one thread;
        geo_to_scene_1_point, _16_point (and scene_to_geo_'s): the same points
        through wm_frame_forward (wm_frame_reverse) 1 or 16 per call, vs_batch=
        this / the N-point batch's time
        """
        static let datum = """
        --from wgs84|gcj02|bd09 --to wgs84|gcj02|bd09
        [--region china-rectangle|everywhere] [FILE]
        rows lat,lon -> lat,lon (China's GCJ-02 / Baidu's BD-09, exact both ways)
        """
        static let transform = """
        --from CRS --to CRS [FILE]       (EPSG:4326, EPSG:32650, PROJ strings, WKT)
        rows x,y[,z] -> x,y,z, x = longitude/easting, y = latitude/northing
        """
        static let geoid = """
        [--to ellipsoidal|orthometric] [--undulation]
        [--interpolation bilinear|cubic] [FILE]
        rows lat,lon,h -> lat,lon,h (EGM96; default: sea-level to ellipsoid
        heights), or rows lat,lon[,h] -> undulation_m with --undulation;
        bilinear (default) is PROJ's vgridshift, up to 1.24 m from NGA's
        interpolation between grid nodes; cubic is NGA's (within 0.71 mm)
        """
        static let read = """
        [--from gpx|kml|tcx|nmea|geojson|polyline|polyline6|csv|log]
        [--gpx-part track|route|waypoints] [--polygons skip|rings] [FILE]
        what Waymark's readers (the C API's wm_track_read and wm_field_log_read,
        which Python, JavaScript and C# call) read from a file (GPX, KML, TCX,
        NMEA, GeoJSON and OSRM/Valhalla responses, polylines, CSV rows lat,lon[,h]
        as the row commands read them, --from csv or a .csv file): a track's points as
        line,lat,lon,h,time (h as the file states it, above sea level for GPX, KML
        and TCX; h and time empty where a point has none; time in seconds since
        1970 UTC; warnings on standard error), or a field log's rows (--from log,
        or a .log file) as line followed by the log's nineteen columns; a file the
        readers refuse is exit 65 with its line and reason
        """
        static let gpsModel = """
        [--per-log] [--write FILE] [--to csv|json] LOG...
        fits one GPS error model to every LOG pooled (GnssLogger fix rows under a
        header naming Latitude, Longitude, Accuracy, UtcTimeMillis; each log its own
        unknown mean, so static logs need no truth; optional TrueLatitude,
        TrueLongitude columns make each fix's error fix - truth, for walks; or a
        Waymark field log, t_s,event,... as simulate --log writes it: each fix's
        error against the AR session's track carried onto the fixes by the best
        rotation and translation, one series per stretch between tracking resets,
        each counted in the logs column): white
        plus Gauss-Markov per axis by restricted maximum likelihood, 95 % intervals
        from the profile likelihood; one row white_sigma_m,correlated_sigma_m,
        sigma_m,correlation_time_s,correlation_time_lo_s,correlation_time_hi_s,
        correlated_share,correlated_share_lo,correlated_share_hi,median_accuracy_m,
        accuracy_ratio,lag1_autocorrelation,model_lag1_autocorrelation,fixes,logs,
        log (pooled); --per-log first prints each log's own fit (log: its path);
        --write FILE writes the navigator's settings from the pooled fit (# waymark
        gps-model 1, then gps_correlated_share=, gps_correlation_s=,
        accuracy_confidence=, clamped into the navigator's ranges, a # line saying
        so), which replay and simulate take with --gps-model FILE
        """
        static let version = """
        (or --version) prints "waymark MAJOR.MINOR.PATCH"; --generate-manual
        prints this help as the man page waymark(1) (roff);
        --generate-completion-script bash|zsh|fish prints a shell completion script
        """
    }
}

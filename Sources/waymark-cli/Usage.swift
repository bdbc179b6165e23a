import Waymark

/// The whole CLI in one text: the root help's discussion, each command's help (its
/// entry and the closing notes, ``Help/discussion(for:)``) and the man page
/// (``ManualPage``) are cut from it, so they cannot disagree.
let usage = """
usage: waymark [COMMAND] [OPTIONS] [FILE]

Geodesy for AR navigation: WGS-84 points to AR scene coordinates, exactly.
With no command, runs `waymark demo`. FILE defaults to standard input.

commands:
  demo       the built-in 55-point walking route in ARKit coordinates, with the
             spherical baselines' errors and a summary
  scene      --origin LAT,LON[,H] [--axes eus|enu|eun]
             [--method ellipsoidal|proj|haversine|meters-per-degree] [FILE]
             rows lat,lon[,h] -> x,y,z
  geodetic   --origin LAT,LON[,H] [--axes eus|enu|eun] [FILE]
             rows x,y,z -> lat,lon,h
  inverse    [--method ellipsoidal|haversine] [FILE]
             rows lat1,lon1,lat2,lon2 -> distance_m,azimuth1_deg,azimuth2_deg
  direct     [FILE]
             rows lat1,lon1,azimuth1_deg,distance_m -> lat2,lon2,azimuth2_deg
  accuracy   [--html FILE] [--svg FILE]
             the spherical baselines' errors by distance and latitude (CSV); --html
             also writes a self-contained report page (plots, the demo route, hover
             read-outs; opens from disk), --svg the same figures as one SVG
  simulate   [--route straight|sample|FILE] [--runs N] [--seed S] [--heading-error-deg D]
             [--gps-sigma-m M] [--jumps] [--drift-deg-per-min R] [--duration-s T]
             [--speed-mps 1.4] [--estimator seed|pairwise|robust] [--svg FILE]
             [--log FILE] [--html FILE] [--navigator] [--estimator filter|robust|seed]
             [--alignment gravity|gravity-and-heading] [--gps-correlated-share F]
             [--gps-correlation-s 30] [--outliers P] [--compass-sigma-deg S]
             [--compass-disturbance R] [--outage START:END] [--reset-at T]
             [--limited START:END] [--yaw-drift-deg D] [--position-drift-m D]
             the heading corrector in a seeded field simulation (default: a straight
             300 m walk, 5 m GPS noise, 15° compass error, 100 runs); --log writes the
             first run's walk as a field log for replay, --html that walk's report page
             (the navigator's run beside the truth, --estimator and --alignment as
             replay's; opens from disk); --navigator runs the walks (default: 20)
             through the navigator (default: the filter) and prints keys
             first_applied_s_median, heading_error_deg_p95, heading_within_2sigma,
             anchor_error_m_p95, anchor_within_2sigma, first_arrow_error_m_p95,
             progress_error_m_p95 (errors after the first applied correction). The
             walk models (correlated GPS error, outliers, compass readings every 0.5 s
             and their disturbances, GPS outage, tracking resets and limited tracking,
             AR yaw and position drift) need --log, --html or --navigator
  replay     --route ROUTE [--estimator filter|robust|seed] [--fov-deg 60]
             [--viewport 390x844] [--route-heights ellipsoidal|orthometric|none]
             [--alignment gravity|gravity-and-heading] [--html FILE] [--explain FILE] LOG
             runs the navigator over a field log (t_s,event,lat,lon,h,accuracy_m,x,y,z,
             yaw_deg,pitch_deg,roll_deg, optionally true_heading_deg,
             heading_accuracy_deg,tracking; events fix, frame, heading, tracking) and
             writes one row per frame (README: Replay); --estimator filter (default:
             the Kalman filter over GPS, compass and the scene track) or robust|seed
             (the window fits); --alignment says how the AR session was aligned (the
             filter's); --html also writes a report page (top view, timelines; opens
             from disk); --explain FILE writes, per fix and compass reading, what the
             filter made of it: line,t_s,event,outcome (used, anchor_only, rejected,
             forced, skipped),innovation (m or deg),innovation_sigmas,heading_deg,
             heading_sigma_deg,applied
  arrows     --origin LAT,LON[,H] --position LAT,LON[,H] [--spacing-m 3] [--ahead-m 100]
             [--from FORMAT] ROUTE_FILE
             rows x,y,z,yaw_deg (eus) of the route arrows ahead of the user
  bench      [--points N] [--repeat R]
             speed of every path against PROJ and a vectorised C floor (build with
             -c release): NAME ns_per_point=X vs_proj=Y vs_floor=Z
  datum      --from wgs84|gcj02|bd09 --to wgs84|gcj02|bd09
             [--region china-rectangle|everywhere] [FILE]
             rows lat,lon -> lat,lon (China's GCJ-02 / Baidu's BD-09, exact both ways)
  transform  --from CRS --to CRS [FILE]       (EPSG:4326, EPSG:32650, PROJ strings, WKT)
             rows x,y[,z] -> x,y,z, x = longitude/easting, y = latitude/northing
  geoid      [--to ellipsoidal|orthometric] [--undulation]
             [--interpolation bilinear|cubic] [FILE]
             rows lat,lon,h -> lat,lon,h (EGM96; default: sea-level to ellipsoid
             heights), or rows lat,lon[,h] -> undulation_m with --undulation;
             bilinear (default) is PROJ's vgridshift, up to 1.24 m from NGA's
             interpolation between grid nodes; cubic is NGA's (within 0.71 mm)
  version    (or --version) prints "waymark MAJOR.MINOR.PATCH"; --generate-manual
             prints this help as the man page waymark(1) (roff);
             --generate-completion-script bash|zsh|fish prints a shell completion script

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
polyline6 (--input-format on datum and transform, whose --from is their own;
default: the FILE's extension .geojson, .json, .gpx, .polyline or .polyline6,
else csv). GeoJSON, GPX and polylines give lat,lon[,h] points, for the commands
reading such rows (scene, datum, geoid; arrows, simulate and replay routes):
GeoJSON Point, MultiPoint, LineString, MultiLineString, Feature and
FeatureCollection positions [lon, lat(, h)]; GPX trkpt, rtept and wpt, whose <ele>
(above sea level) is made ellipsoidal through EGM96 unless --heights orthometric;
encoded polylines one per line at precision 5 (polyline) or 6 (polyline6), a
coordinate beyond 90/180 degrees naming the other precision. CSV: --delimiter
comma|semicolon|tab|whitespace|auto (default: what a header line shows, else
what a headerless first line of numbers shows when it is unambiguous: semicolons,
tabs or runs of spaces; else commas; auto: the first line with data decides), "quoted" fields ("" for a quote),
--lon-lat for headerless longitude-first rows, --keep-columns to carry columns
past the coordinates through to the output (otherwise they are an error). A route
(arrows, simulate, replay) has at most \(Limits.maximumRoutePoints) points (2^24).

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

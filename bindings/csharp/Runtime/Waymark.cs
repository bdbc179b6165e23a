// Generated from include/waymark.h by bindings/csharp/Tests~/generate_bindings.py: do not
// edit; change the header (its comments are these docs) and run the script.
//
// Waymark's C ABI for C#: every WM_API function as a DllImport, every struct with its
// layout pinned, every numeric macro as a constant, under the C names (functions,
// constants) and PascalCase types and fields (wm_navigator_config -> NavigatorConfig,
// lat_deg -> LatDeg; wm_frame -> FrameStorage). Handles (wm_navigator *, wm_transform *,
// ...) are IntPtr; size_t is UIntPtr; pointers are pointers, so strides stay in bytes as
// in C and a NativeArray's or a Span's memory can be passed without a copy. The checked,
// exception-throwing layer is in Frame.cs, Navigator.cs, Types.cs and WaymarkException.cs.
// bindings/csharp/Tests~ checks this file against the header: sizes and offsets of every
// struct (from the C compiler), every function's presence, parameter count and parameter
// sizes, every constant's value.
using System;
using System.Runtime.InteropServices;

namespace Waymark
{
    /// <summary>
    /// The C functions and constants of waymark.h, one to one. Every function that can fail
    /// returns a wm_status (0 = WM_OK); see waymark.h for each one's units, ranges and errors.
    /// The library is "waymark" (libwaymark.so, libwaymark.dylib, waymark.dll); on iOS it is
    /// linked into the app and found through "__Internal".
    /// </summary>
    public static unsafe class NativeMethods
    {
#if UNITY_IOS && !UNITY_EDITOR
        /// <summary>The library DllImport names: linked statically into the iOS app.</summary>
        public const string Library = "__Internal";
#else
        /// <summary>The library DllImport names: libwaymark.so / libwaymark.dylib / waymark.dll.</summary>
        public const string Library = "waymark";
#endif

        /// <summary>
        /// WAYMARK_VERSION_MAJOR (waymark.h).
        /// </summary>
        public const int WAYMARK_VERSION_MAJOR = 0;
        /// <summary>
        /// WAYMARK_VERSION_MINOR (waymark.h).
        /// </summary>
        public const int WAYMARK_VERSION_MINOR = 4;
        /// <summary>
        /// WAYMARK_VERSION_PATCH (waymark.h).
        /// </summary>
        public const int WAYMARK_VERSION_PATCH = 0;
        /// <summary>
        /// WAYMARK_VERSION_NUMBER (waymark.h).
        /// </summary>
        public const int WAYMARK_VERSION_NUMBER = (WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH);
        /// <summary>
        /// WM_OK (waymark.h).
        /// </summary>
        public const int WM_OK = 0;
        /// <summary>
        /// WM_ERROR_NULL_POINTER (waymark.h): a required pointer was NULL
        /// </summary>
        public const int WM_ERROR_NULL_POINTER = 1;
        /// <summary>
        /// WM_ERROR_INVALID_VALUE (waymark.h): NaN, +-Inf, |latitude| &gt; 90, bad ellipsoid or radius,
        /// unknown enum
        /// </summary>
        public const int WM_ERROR_INVALID_VALUE = 2;
        /// <summary>
        /// WM_ERROR_BAD_STRIDE (waymark.h): a stride is smaller than its element
        /// </summary>
        public const int WM_ERROR_BAD_STRIDE = 3;
        /// <summary>
        /// WM_ERROR_BAD_COUNT (waymark.h): count * stride would not fit in memory (over 2^56 bytes), a
        /// count beyond a stated limit, or a capacity too small
        /// </summary>
        public const int WM_ERROR_BAD_COUNT = 4;
        /// <summary>
        /// WM_ERROR_PROJ (waymark.h): PROJ failed
        /// </summary>
        public const int WM_ERROR_PROJ = 5;
        /// <summary>
        /// WM_ERROR_NO_CONVERGENCE (waymark.h): an iterative method did not converge
        /// </summary>
        public const int WM_ERROR_NO_CONVERGENCE = 6;
        /// <summary>
        /// WM_ERROR_GRID_MISSING (waymark.h): a PROJ grid file is not installed
        /// </summary>
        public const int WM_ERROR_GRID_MISSING = 7;
        /// <summary>
        /// WM_ERROR_INVALID_FRAME (waymark.h): the wm_frame was never initialised by wm_frame_init*
        /// </summary>
        public const int WM_ERROR_INVALID_FRAME = 8;
        /// <summary>
        /// WM_ERROR_SINGULAR (waymark.h): a matrix has no inverse
        /// </summary>
        public const int WM_ERROR_SINGULAR = 9;
        /// <summary>
        /// WM_ERROR_NOT_AVAILABLE (waymark.h): nothing to report yet (no estimate within the window)
        /// </summary>
        public const int WM_ERROR_NOT_AVAILABLE = 10;
        /// <summary>
        /// WM_CPU_PATH_BASELINE (waymark.h): portable: SSE2 on x86-64, NEON on arm64, wasm32
        /// </summary>
        public const int WM_CPU_PATH_BASELINE = 0;
        /// <summary>
        /// WM_CPU_PATH_AVX2_FMA (waymark.h): x86-64-v3: AVX2 + FMA, chosen from cpuid at run time
        /// </summary>
        public const int WM_CPU_PATH_AVX2_FMA = 1;
        /// <summary>
        /// WM_CPU_PATH_AVX512 (waymark.h): AVX-512 F/DQ/BW/VL + FMA, eight lanes, chosen from cpuid
        /// </summary>
        public const int WM_CPU_PATH_AVX512 = 2;
        /// <summary>
        /// WM_AXES_ENU (waymark.h).
        /// </summary>
        public const int WM_AXES_ENU = 0;
        /// <summary>
        /// WM_AXES_EUS (waymark.h).
        /// </summary>
        public const int WM_AXES_EUS = 1;
        /// <summary>
        /// WM_AXES_EUN (waymark.h).
        /// </summary>
        public const int WM_AXES_EUN = 2;
        /// <summary>
        /// WM_DIR_EAST (waymark.h).
        /// </summary>
        public const int WM_DIR_EAST = 0;
        /// <summary>
        /// WM_DIR_NORTH (waymark.h).
        /// </summary>
        public const int WM_DIR_NORTH = 1;
        /// <summary>
        /// WM_DIR_UP (waymark.h).
        /// </summary>
        public const int WM_DIR_UP = 2;
        /// <summary>
        /// WM_DIR_WEST (waymark.h).
        /// </summary>
        public const int WM_DIR_WEST = 3;
        /// <summary>
        /// WM_DIR_SOUTH (waymark.h).
        /// </summary>
        public const int WM_DIR_SOUTH = 4;
        /// <summary>
        /// WM_DIR_DOWN (waymark.h).
        /// </summary>
        public const int WM_DIR_DOWN = 5;
        /// <summary>
        /// WM_FORWARD_POS_X (waymark.h).
        /// </summary>
        public const int WM_FORWARD_POS_X = 0;
        /// <summary>
        /// WM_FORWARD_POS_Y (waymark.h).
        /// </summary>
        public const int WM_FORWARD_POS_Y = 1;
        /// <summary>
        /// WM_FORWARD_POS_Z (waymark.h).
        /// </summary>
        public const int WM_FORWARD_POS_Z = 2;
        /// <summary>
        /// WM_FORWARD_NEG_X (waymark.h).
        /// </summary>
        public const int WM_FORWARD_NEG_X = 3;
        /// <summary>
        /// WM_FORWARD_NEG_Y (waymark.h).
        /// </summary>
        public const int WM_FORWARD_NEG_Y = 4;
        /// <summary>
        /// WM_FORWARD_NEG_Z (waymark.h).
        /// </summary>
        public const int WM_FORWARD_NEG_Z = 5;
        /// <summary>
        /// WM_UNIT_METRE (waymark.h).
        /// </summary>
        public const int WM_UNIT_METRE = 0;
        /// <summary>
        /// WM_UNIT_DECIMETRE (waymark.h).
        /// </summary>
        public const int WM_UNIT_DECIMETRE = 1;
        /// <summary>
        /// WM_UNIT_CENTIMETRE (waymark.h).
        /// </summary>
        public const int WM_UNIT_CENTIMETRE = 2;
        /// <summary>
        /// WM_UNIT_MILLIMETRE (waymark.h).
        /// </summary>
        public const int WM_UNIT_MILLIMETRE = 3;
        /// <summary>
        /// WM_AXES_ARKIT (waymark.h): also RealityKit, SceneKit: right-handed, y up, -z forward, m
        /// </summary>
        public const int WM_AXES_ARKIT = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_REALITYKIT (waymark.h).
        /// </summary>
        public const int WM_AXES_REALITYKIT = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_SCENEKIT (waymark.h).
        /// </summary>
        public const int WM_AXES_SCENEKIT = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_ARCORE (waymark.h): ARCore C/Java (OpenGL conventions)
        /// </summary>
        public const int WM_AXES_ARCORE = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_ARCORE_UNITY (waymark.h): ARCore through Unity's AR Foundation
        /// </summary>
        public const int WM_AXES_ARCORE_UNITY = WM_AXES_EUN;
        /// <summary>
        /// WM_AXES_UNITY (waymark.h): left-handed, y up, +z forward, m
        /// </summary>
        public const int WM_AXES_UNITY = WM_AXES_EUN;
        /// <summary>
        /// WM_AXES_GODOT (waymark.h): right-handed, y up, -z forward, m
        /// </summary>
        public const int WM_AXES_GODOT = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_THREEJS (waymark.h): three.js and WebXR
        /// </summary>
        public const int WM_AXES_THREEJS = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_WEBXR (waymark.h).
        /// </summary>
        public const int WM_AXES_WEBXR = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_BEVY (waymark.h): right-handed, y up, Transform::forward() = -z, m
        /// </summary>
        public const int WM_AXES_BEVY = WM_AXES_EUS;
        /// <summary>
        /// WM_AXES_UNREAL (waymark.h): WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_SOUTH, WM_DIR_UP,
        /// WM_FORWARD_POS_X, WM_UNIT_CENTIMETRE). left-handed, z up, +x forward, cm (Cesium for Unreal)
        /// </summary>
        public const int WM_AXES_UNREAL = ((0x40000000 | (WM_DIR_EAST) | ((WM_DIR_SOUTH) << 4) | ((WM_DIR_UP) << 8) | ((WM_FORWARD_POS_X) << 12) | ((WM_UNIT_CENTIMETRE) << 16)));
        /// <summary>
        /// WM_BASELINE_HAVERSINE (waymark.h).
        /// </summary>
        public const int WM_BASELINE_HAVERSINE = 0;
        /// <summary>
        /// WM_BASELINE_METERS_PER_DEGREE (waymark.h).
        /// </summary>
        public const int WM_BASELINE_METERS_PER_DEGREE = 1;
        /// <summary>
        /// WM_FRAME_SIZE (waymark.h).
        /// </summary>
        public const int WM_FRAME_SIZE = 512;
        /// <summary>
        /// WM_REGION_CHINA_RECTANGLE (waymark.h): lon 73.66..135.05 E, lat 3.86..53.55 N (the default);
        /// includes Hong Kong, Macau, Taiwan and some neighbours
        /// </summary>
        public const int WM_REGION_CHINA_RECTANGLE = 0;
        /// <summary>
        /// WM_REGION_EVERYWHERE (waymark.h).
        /// </summary>
        public const int WM_REGION_EVERYWHERE = 1;
        /// <summary>
        /// WM_REGION_POLYGON (waymark.h): a ring of vertices, even-odd rule in the lon/lat plane
        /// </summary>
        public const int WM_REGION_POLYGON = 2;
        /// <summary>
        /// WM_TRANSFORM_ALLOW_PATHS (waymark.h): grids and init files may be named by absolute or
        /// relative path (trusted definitions only)
        /// </summary>
        public const uint WM_TRANSFORM_ALLOW_PATHS = 1;
        /// <summary>
        /// WM_GEOID_BILINEAR (waymark.h): PROJ's reference method, as wm_geoid_undulation: up to 1.24 m
        /// from NGA's interpolation between nodes (RMS 0.055 m)
        /// </summary>
        public const int WM_GEOID_BILINEAR = 0;
        /// <summary>
        /// WM_GEOID_CUBIC (waymark.h): NGA's (its INTPT program's 4x4 natural-spline window): up to
        /// 0.71 mm from NGA's program (RMS 0.19 mm); the grid continued across the poles within 0.25
        /// deg of them, where NGA's stops
        /// </summary>
        public const int WM_GEOID_CUBIC = 1;
        /// <summary>
        /// WM_ESTIMATES_BEST (waymark.h): the Yandex.Maps article's rule: lowest accuracy value, newest
        /// among equals, within window_m of the current scene position
        /// </summary>
        public const int WM_ESTIMATES_BEST = 0;
        /// <summary>
        /// WM_ESTIMATES_FUSED (waymark.h): the 1/sigma^2 average of the estimates in the window
        /// </summary>
        public const int WM_ESTIMATES_FUSED = 1;
        /// <summary>
        /// WM_ESTIMATOR_PAIRWISE (waymark.h): the Yandex.Maps article's pairs (scene distance &gt;=
        /// minimum_pair_distance_m)
        /// </summary>
        public const int WM_ESTIMATOR_PAIRWISE = 0;
        /// <summary>
        /// WM_ESTIMATOR_ROBUST (waymark.h): robust least squares (default for wm_heading_config)
        /// </summary>
        public const int WM_ESTIMATOR_ROBUST = 1;
        /// <summary>
        /// WM_ESTIMATOR_FILTER (waymark.h): wm_navigator_config only: the navigator's bank of Kalman
        /// filters over GPS, compass and the scene track (its default)
        /// </summary>
        public const int WM_ESTIMATOR_FILTER = 2;
        /// <summary>
        /// WM_PAIRS_ALL (waymark.h): every pair far enough apart (default)
        /// </summary>
        public const int WM_PAIRS_ALL = 0;
        /// <summary>
        /// WM_PAIRS_DISJOINT (waymark.h): each estimate in one pair at most
        /// </summary>
        public const int WM_PAIRS_DISJOINT = 1;
        /// <summary>
        /// WM_PAIRS_RANDOM_PERCENT (waymark.h): a seeded random pair_percent % of them
        /// </summary>
        public const int WM_PAIRS_RANDOM_PERCENT = 2;
        /// <summary>
        /// WM_PAIRS_TOP_WEIGHT_PERCENT (waymark.h): the pair_percent % with the longest baselines per
        /// accuracy
        /// </summary>
        public const int WM_PAIRS_TOP_WEIGHT_PERCENT = 3;
        /// <summary>
        /// WM_VIEWPORT_MAX (waymark.h).
        /// </summary>
        public const double WM_VIEWPORT_MAX = 1e9;
        /// <summary>
        /// WM_VIEWPORT_MIN_SIZE (waymark.h).
        /// </summary>
        public const double WM_VIEWPORT_MIN_SIZE = 1e-3;
        /// <summary>
        /// WM_LABEL_METRES (waymark.h): metres above the point along the scene's up axis
        /// </summary>
        public const int WM_LABEL_METRES = 0;
        /// <summary>
        /// WM_LABEL_POINTS (waymark.h): screen points above the point's projection, at its depth
        /// (behind the camera the anchor is the point itself)
        /// </summary>
        public const int WM_LABEL_POINTS = 1;
        /// <summary>
        /// WM_PLACEMENT_NONE (waymark.h): placement = distance, scale 1
        /// </summary>
        public const int WM_PLACEMENT_NONE = 0;
        /// <summary>
        /// WM_PLACEMENT_LINEAR (waymark.h): the Yandex.Maps article's 10 + d/1000 metres (linear in d)
        /// </summary>
        public const int WM_PLACEMENT_LINEAR = 1;
        /// <summary>
        /// WM_PLACEMENT_CLAMP (waymark.h): clamp to limit_m with scale limit/d (ARKit-CoreLocation)
        /// </summary>
        public const int WM_PLACEMENT_CLAMP = 2;
        /// <summary>
        /// WM_ALIGNMENT_GRAVITY_AND_HEADING (waymark.h): ARKit .gravityAndHeading: -Z at compass north,
        /// the correction starts at 0 +- alignment_sigma_deg (default)
        /// </summary>
        public const int WM_ALIGNMENT_GRAVITY_AND_HEADING = 0;
        /// <summary>
        /// WM_ALIGNMENT_GRAVITY (waymark.h): ARCore, ARKit .gravity: arbitrary yaw, no prior; the first
        /// compass reading gives the first estimate
        /// </summary>
        public const int WM_ALIGNMENT_GRAVITY = 1;
        /// <summary>
        /// WM_TRACKING_NORMAL (waymark.h).
        /// </summary>
        public const int WM_TRACKING_NORMAL = 0;
        /// <summary>
        /// WM_TRACKING_LIMITED (waymark.h): fixes inform the anchor only; the session drifts more
        /// </summary>
        public const int WM_TRACKING_LIMITED = 1;
        /// <summary>
        /// WM_TRACKING_RESET (waymark.h): the scene restarted: positions before and after are
        /// unrelated; the world side is kept, the scene side rebuilt from the next scene position (a
        /// fix, a reading or a frame)
        /// </summary>
        public const int WM_TRACKING_RESET = 2;
        /// <summary>
        /// WM_SOURCE_NONE (waymark.h): nothing applied: the session's own alignment
        /// </summary>
        public const int WM_SOURCE_NONE = 0;
        /// <summary>
        /// WM_SOURCE_COMPASS (waymark.h): mostly compass readings
        /// </summary>
        public const int WM_SOURCE_COMPASS = 1;
        /// <summary>
        /// WM_SOURCE_TRACK (waymark.h): mostly the GPS track against the scene track
        /// </summary>
        public const int WM_SOURCE_TRACK = 2;
        /// <summary>
        /// WM_ANCHOR_FITTED (waymark.h): the robust fit evaluated at the user (default)
        /// </summary>
        public const int WM_ANCHOR_FITTED = 0;
        /// <summary>
        /// WM_ANCHOR_MOST_ACCURATE (waymark.h): the article's best estimate (lowest accuracy value,
        /// newest)
        /// </summary>
        public const int WM_ANCHOR_MOST_ACCURATE = 1;
        /// <summary>
        /// WM_ANCHOR_FUSED (waymark.h): every fix in the window through the applied heading, 1/sigma^2
        /// </summary>
        public const int WM_ANCHOR_FUSED = 2;
        /// <summary>
        /// WM_HEIGHTS_ELLIPSOIDAL (waymark.h).
        /// </summary>
        public const int WM_HEIGHTS_ELLIPSOIDAL = 0;
        /// <summary>
        /// WM_HEIGHTS_ORTHOMETRIC (waymark.h).
        /// </summary>
        public const int WM_HEIGHTS_ORTHOMETRIC = 1;
        /// <summary>
        /// WM_HEIGHTS_NONE (waymark.h).
        /// </summary>
        public const int WM_HEIGHTS_NONE = 2;
        /// <summary>
        /// WM_CORRECTION_NONE (waymark.h): no heading estimate yet (too little motion)
        /// </summary>
        public const int WM_CORRECTION_NONE = 0;
        /// <summary>
        /// WM_CORRECTION_ESTIMATING (waymark.h): an estimate exists, not trusted yet
        /// </summary>
        public const int WM_CORRECTION_ESTIMATING = 1;
        /// <summary>
        /// WM_CORRECTION_APPLIED (waymark.h): a correction has been applied
        /// </summary>
        public const int WM_CORRECTION_APPLIED = 2;
        /// <summary>
        /// WM_ROUTE_EVIDENCE_DISABLED (waymark.h): not used: config.route_evidence 0, or a window-fit
        /// estimator
        /// </summary>
        public const int WM_ROUTE_EVIDENCE_DISABLED = 0;
        /// <summary>
        /// WM_ROUTE_EVIDENCE_ON (waymark.h): the user is taken to be on the route
        /// </summary>
        public const int WM_ROUTE_EVIDENCE_ON = 1;
        /// <summary>
        /// WM_ROUTE_EVIDENCE_OFF (waymark.h): the user is taken to be off it (a detour, a square, a
        /// wrong turn); the route waits for them to rejoin
        /// </summary>
        public const int WM_ROUTE_EVIDENCE_OFF = 2;
        /// <summary>
        /// WM_NAVIGATOR_CONFIG_SIZE (waymark.h): sizeof(wm_navigator_config) in this version
        /// </summary>
        public const int WM_NAVIGATOR_CONFIG_SIZE = 336;
        /// <summary>
        /// WM_NAVIGATOR_CONFIG_SIZE_0_3 (waymark.h): the 0.3 layout, still accepted (fields before
        /// route_evidence)
        /// </summary>
        public const int WM_NAVIGATOR_CONFIG_SIZE_0_3 = 288;
        /// <summary>
        /// WM_GPS_VELOCITY_SIZE (waymark.h): sizeof(wm_gps_velocity) in this version
        /// </summary>
        public const int WM_GPS_VELOCITY_SIZE = 40;
        /// <summary>
        /// WM_ORIENTATION_PORTRAIT (waymark.h).
        /// </summary>
        public const int WM_ORIENTATION_PORTRAIT = 1;
        /// <summary>
        /// WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN (waymark.h).
        /// </summary>
        public const int WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2;
        /// <summary>
        /// WM_ORIENTATION_LANDSCAPE_RIGHT (waymark.h).
        /// </summary>
        public const int WM_ORIENTATION_LANDSCAPE_RIGHT = 3;
        /// <summary>
        /// WM_ORIENTATION_LANDSCAPE_LEFT (waymark.h).
        /// </summary>
        public const int WM_ORIENTATION_LANDSCAPE_LEFT = 4;
        /// <summary>
        /// WM_NAVIGATOR_RESULT_SIZE (waymark.h): sizeof(wm_navigator_result) in this version
        /// </summary>
        public const int WM_NAVIGATOR_RESULT_SIZE = 256;
        /// <summary>
        /// WM_NAVIGATOR_RESULT_SIZE_0_3 (waymark.h): the 0.3 layout, still accepted (fields before
        /// route_evidence)
        /// </summary>
        public const int WM_NAVIGATOR_RESULT_SIZE_0_3 = 248;
        /// <summary>
        /// WM_NAVIGATOR_RESULT_SIZE_0_2 (waymark.h): the 0.2 layout, still accepted (fields before
        /// origin_shift)
        /// </summary>
        public const int WM_NAVIGATOR_RESULT_SIZE_0_2 = 216;
        /// <summary>
        /// WM_COMPASS_READING_SIZE (waymark.h): sizeof(wm_compass_reading) in this version
        /// </summary>
        public const int WM_COMPASS_READING_SIZE = 96;
        /// <summary>
        /// WM_TRACK_FORMAT_GPX (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_GPX = 1;
        /// <summary>
        /// WM_TRACK_FORMAT_KML (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_KML = 2;
        /// <summary>
        /// WM_TRACK_FORMAT_TCX (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_TCX = 3;
        /// <summary>
        /// WM_TRACK_FORMAT_NMEA (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_NMEA = 4;
        /// <summary>
        /// WM_TRACK_FORMAT_GEOJSON (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_GEOJSON = 5;
        /// <summary>
        /// WM_TRACK_FORMAT_POLYLINE (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_POLYLINE = 6;
        /// <summary>
        /// WM_TRACK_FORMAT_POLYLINE6 (waymark.h).
        /// </summary>
        public const int WM_TRACK_FORMAT_POLYLINE6 = 7;
        /// <summary>
        /// WM_TRACK_FORMAT_CSV (waymark.h): since 0.4
        /// </summary>
        public const int WM_TRACK_FORMAT_CSV = 8;
        /// <summary>
        /// WM_GPX_PART_AUTO (waymark.h): the first track with points, else the first route, else the
        /// waypoints
        /// </summary>
        public const int WM_GPX_PART_AUTO = 0;
        /// <summary>
        /// WM_GPX_PART_TRACK (waymark.h).
        /// </summary>
        public const int WM_GPX_PART_TRACK = 1;
        /// <summary>
        /// WM_GPX_PART_ROUTE (waymark.h).
        /// </summary>
        public const int WM_GPX_PART_ROUTE = 2;
        /// <summary>
        /// WM_GPX_PART_WAYPOINTS (waymark.h).
        /// </summary>
        public const int WM_GPX_PART_WAYPOINTS = 3;
        /// <summary>
        /// WM_TRACK_OPTIONS_SIZE (waymark.h): sizeof(wm_track_options) in this version
        /// </summary>
        public const int WM_TRACK_OPTIONS_SIZE = 24;
        /// <summary>
        /// WM_TRACK_POINT_SIZE (waymark.h): sizeof(wm_track_point)
        /// </summary>
        public const int WM_TRACK_POINT_SIZE = 40;
        /// <summary>
        /// WM_READ_REPORT_SIZE (waymark.h): sizeof(wm_read_report) in this version
        /// </summary>
        public const int WM_READ_REPORT_SIZE = 512;
        /// <summary>
        /// WM_LOG_FIX (waymark.h): a GPS fix: latitude_deg ... accuracy_m, x, y, z, and the velocity
        /// fields
        /// </summary>
        public const int WM_LOG_FIX = 1;
        /// <summary>
        /// WM_LOG_FRAME (waymark.h): a camera frame: x, y, z, yaw_deg, pitch_deg, roll_deg
        /// </summary>
        public const int WM_LOG_FRAME = 2;
        /// <summary>
        /// WM_LOG_HEADING (waymark.h): a compass reading: the frame's fields, true_heading_deg,
        /// heading_accuracy_deg
        /// </summary>
        public const int WM_LOG_HEADING = 3;
        /// <summary>
        /// WM_LOG_TRACKING (waymark.h): the AR session's tracking state (tracking: WM_TRACKING_*)
        /// </summary>
        public const int WM_LOG_TRACKING = 4;
        /// <summary>
        /// WM_LOG_ROW_SIZE (waymark.h): sizeof(wm_log_row)
        /// </summary>
        public const int WM_LOG_ROW_SIZE = 152;
        /// <summary>
        /// WM_PAGE_HTML (waymark.h): a self-contained HTML page: inline CSS, inline SVG figures, a
        /// small hover script
        /// </summary>
        public const int WM_PAGE_HTML = 1;
        /// <summary>
        /// WM_PAGE_SVG (waymark.h): one standalone SVG drawing (the read-outs as tooltips)
        /// </summary>
        public const int WM_PAGE_SVG = 2;
        /// <summary>
        /// WM_ESTIMATOR_SEED_PAIRS (waymark.h): deprecated: the earlier name of WM_ESTIMATOR_PAIRWISE
        /// (removed at 1.0)
        /// </summary>
        public const int WM_ESTIMATOR_SEED_PAIRS = 0;
        /// <summary>
        /// WM_ANCHOR_SEED_BEST (waymark.h): deprecated: the earlier name of WM_ANCHOR_MOST_ACCURATE
        /// (removed at 1.0)
        /// </summary>
        public const int WM_ANCHOR_SEED_BEST = 1;
        /// <summary>
        /// WM_GPS_MODEL_SIZE (waymark.h): sizeof(wm_gps_model) in this version
        /// </summary>
        public const int WM_GPS_MODEL_SIZE = 160;

        /// <summary>
        /// WM_AXES_CUSTOM (waymark.h): a convention of your own. x, y, z: the direction each scene
        /// axis points along (WM_DIR_*; east-or-west, north-or-south and up-or-down once each);
        /// forward: the model's forward axis (WM_FORWARD_*, a horizontal one); unit: the unit of
        /// scene lengths (WM_UNIT_*). The library checks the value wherever axes are taken
        /// (INVALID_VALUE); wm_axes_describe reports its handedness and scale.
        /// </summary>
        public static int WM_AXES_CUSTOM(int x, int y, int z, int forward, int unit)
        {
            return ((0x40000000 | (x) | ((y) << 4) | ((z) << 8) | ((forward) << 12) | ((unit) << 16)));
        }

        /// <summary>
        /// A static, never-NULL English description of a status ("ok", "null pointer", ...; "unknown
        /// status" for codes not listed above). Thread-safe.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_status_string", CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr wm_status_string(int status);

        /// <summary>
        /// WAYMARK_VERSION_NUMBER of the library actually linked. Compare it with the macro to catch a
        /// header/library mismatch at run time. Never fails.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_version", CallingConvention = CallingConvention.Cdecl)]
        public static extern uint wm_version();

        /// <summary>
        /// The linked library's version as static, never-NULL text, "MAJOR.MINOR.PATCH"
        /// (WAYMARK_VERSION_STRING of the library actually linked). Thread-safe. Never fails.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_version_string", CallingConvention = CallingConvention.Cdecl)]
        public static extern IntPtr wm_version_string();

        /// <summary>
        /// Which path this process's hot kernels take (geo -&gt; scene batches and single points,
        /// anchor transforms, scene -&gt; geo, the short-range lines of wm_geodesic_inverse_batch and
        /// wm_polyline_length, wm_gcj02_from_wgs84 and wm_wgs84_from_gcj02 under the China rectangle or
        /// everywhere): WM_CPU_PATH_AVX512 on an x86-64 whose CPU and OS support AVX-512 F, DQ, BW and
        /// VL (the OS saving the opmask and ZMM registers) besides AVX2 and FMA, WM_CPU_PATH_AVX2_FMA
        /// on one that supports AVX2 and FMA, WM_CPU_PATH_BASELINE otherwise. The environment variable
        /// WAYMARK_CPU at the first conversion forces a path: "baseline", "avx2" or "avx512" (a path
        /// the machine lacks falls back to the best one it has; other values are ignored). Decided once
        /// per process and cached (no lock, no allocation; concurrent first calls agree). Every path
        /// meets the same accuracy and is deterministic; the AVX2 + FMA and AVX-512 paths give the same
        /// bits, which may differ from the baseline's in the last bits (not wm_gcj02_from_wgs84, which
        /// gives the published formula's bits on all three). Thread-safe. Never fails.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_cpu_path", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_cpu_path();

        /// <summary>
        /// What an axes value means: *right_handed 1 when x cross y = z (ENU, EUS), 0 when x cross y =
        /// -z (EUN, UNREAL); *units_per_metre 1, 10, 100 or 1000. Either output may be NULL. Errors:
        /// INVALID_VALUE (not a convention; nothing written).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_axes_describe", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_axes_describe(int axes, int* right_handed, double* units_per_metre);

        /// <summary>
        /// Builds a scene frame at `origin` on WGS-84 with the given axes, the origin at scene (0, 0,
        /// 0) and no heading correction. Costs about as much as a few conversions. Errors: NULL_POINTER
        /// (frame), INVALID_VALUE (origin non-finite, |lat| &gt; 90 or |height| &gt; 1e12 m, unknown
        /// axes). On error *frame is untouched.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_init", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_init(FrameStorage* frame, Geodetic origin, int axes);

        /// <summary>
        /// As wm_frame_init on another ellipsoid: equatorial radius 1 &lt;= a_m &lt;= 1e10 metres and
        /// flattening -1 &lt;= f &lt; 1 (f = 0: a sphere; f &lt; 0: prolate). Errors: as wm_frame_init,
        /// plus INVALID_VALUE for a_m or f outside those ranges.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_init_ellipsoid", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_init_ellipsoid(FrameStorage* frame, double a_m, double f, Geodetic origin, int axes);

        /// <summary>
        /// Sets the estimate: `scene_origin` is the scene position (metres, scene axes) of the
        /// geographic origin, each component within +-1e12 m; `heading_correction_deg` is how far true
        /// azimuths exceed the scene's (true = scene + correction), the apps' correction angle; any
        /// finite value. Errors: NULL_POINTER, INVALID_FRAME, INVALID_VALUE (non-finite, or beyond 1e12
        /// m).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_set_estimate", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_set_estimate(FrameStorage* frame, Vec3 scene_origin, double heading_correction_deg);

        /// <summary>
        /// Geodetic -&gt; scene for `count` points: in[i] every in_stride bytes, out[i] every
        /// out_stride bytes (both &gt;= 24). in and out may be the same buffer with the same stride.
        /// Heights within +-1e12 m. Errors: NULL_POINTER (frame, in or out when count &gt; 0),
        /// INVALID_FRAME, BAD_STRIDE, BAD_COUNT, INVALID_VALUE with *first_bad = index of the first bad
        /// point.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_forward", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_forward(FrameStorage* frame, Geodetic* @in, UIntPtr in_stride, Vec3* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Scene -&gt; geodetic (exact inverse of wm_frame_forward); longitudes in [-180, 180). Errors:
        /// as wm_frame_forward (INVALID_VALUE for non-finite components or components beyond +-(3e12 +
        /// 2e7) m, in the axes' unit: every forward result reads back).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_reverse", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_reverse(FrameStorage* frame, Vec3* @in, UIntPtr in_stride, Geodetic* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Checks a batch without converting it: wm_frame_check_geodetic the input of wm_frame_forward
        /// (and of wm_frame_anchor_transforms(_ex)), wm_frame_check_scene the input of
        /// wm_frame_reverse. Reads the frame and the count points in[i] every in_stride bytes; writes
        /// nothing but *first_bad (which may be NULL). Returns the status, and sets *first_bad, exactly
        /// as the conversion on the same frame, input, in_stride and count would with a valid output
        /// buffer (not NULL, its stride &gt;= 24, or &gt;= 64 for anchors): count == 0 is WM_OK without
        /// looking at anything. Errors: NULL_POINTER (frame, in), INVALID_FRAME, BAD_STRIDE (in_stride
        /// &lt; 24), BAD_COUNT, INVALID_VALUE with *first_bad = index of the first bad point (geodetic:
        /// non-finite, |lat| &gt; 90, |height| &gt; 1e12 m; scene: non-finite, or a component beyond
        /// +-(3e12 + 2e7) m in the axes' unit). wm_frame_check_geodetic also refuses, as the anchor
        /// transforms do, a frame whose axes bytes were overwritten (INVALID_FRAME, where
        /// wm_frame_forward, which does not read them, may convert). The promise: when it returns
        /// WM_OK, wm_frame_forward (wm_frame_reverse) on the same frame, input and count with a valid
        /// output buffer returns WM_OK, and so does the conversion of any contiguous part of the batch,
        /// as long as neither the frame nor the input changes in between. So a caller splitting a big
        /// batch over its own threads (see Threading) checks it first (whole, or every chunk in
        /// parallel: a chunk's first_bad counts from the chunk's start), then converts every chunk
        /// straight into the output: all or nothing, without scratch memory. A check reads each point
        /// once and computes little: about a sixth of wm_frame_forward's time, a sixteenth of
        /// wm_frame_reverse's.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_check_geodetic", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_check_geodetic(FrameStorage* frame, Geodetic* @in, UIntPtr in_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>See wm_frame_check_scene in waymark.h (documented with the declaration above it).</summary>
        [DllImport(Library, EntryPoint = "wm_frame_check_scene", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_check_scene(FrameStorage* frame, Vec3* @in, UIntPtr in_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Anchor transforms for a route: out[i] (contiguous, 64 bytes each, any alignment C gives a
        /// wm_mat4f, stored unaligned-safe) has the exact scene position of in[i] as translation and a
        /// rotation about the scene's up axis only that turns the model's forward axis towards in[i +
        /// 1]: -Z in EUS, +Z in EUN (Unity's forward), +Y in ENU. The last point keeps the previous
        /// heading, as do points whose next point is at the same horizontal position. Errors: as
        /// wm_frame_forward.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_anchor_transforms", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_anchor_transforms(FrameStorage* frame, Geodetic* @in, UIntPtr in_stride, Mat4f* @out, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// wm_frame_anchor_transforms with a matrix every out_stride bytes (&gt;= 64, any alignment),
        /// e.g. inside an engine's own per-anchor records; the same matrices bit for bit. The forward
        /// axis is the axes' (WM_FORWARD_*: +X in WM_AXES_UNREAL); the rotation is proper (determinant
        /// +1) in every convention; translations are in the axes' unit. out must not overlap in.
        /// Errors: as wm_frame_forward (BAD_STRIDE for in_stride &lt; 24 or out_stride &lt; 64).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_frame_anchor_transforms_ex", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_frame_anchor_transforms_ex(FrameStorage* frame, Geodetic* @in, UIntPtr in_stride, void* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Geodetic -&gt; scene by one of the spherical baselines, through the frame's estimate and
        /// axes, so the result is comparable with wm_frame_forward. The frame's ellipsoid is not used:
        /// the baselines live on the mean-radius sphere. Errors: as wm_frame_forward, plus
        /// INVALID_VALUE for an unknown method (first_bad not set then).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_baseline_forward", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_baseline_forward(int method, FrameStorage* frame, Geodetic* @in, UIntPtr in_stride, Vec3* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Shortest geodesic from a to b (heights ignored): length in metres and forward azimuths at
        /// both ends in (-180, 180]. azimuth1_deg / azimuth2_deg may be NULL when not wanted. Errors:
        /// NULL_POINTER (distance_m), INVALID_VALUE.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geodesic_inverse", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geodesic_inverse(Geodetic a, Geodetic b, double* distance_m, double* azimuth1_deg, double* azimuth2_deg);

        /// <summary>
        /// The point `distance_m` along the geodesic leaving `start` at `azimuth1_deg` (height copied
        /// from start), and the forward azimuth there (may be NULL). Errors: NULL_POINTER (end),
        /// INVALID_VALUE.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geodesic_direct", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geodesic_direct(Geodetic start, double azimuth1_deg, double distance_m, Geodetic* end, double* azimuth2_deg);

        /// <summary>
        /// Inverse problems from one origin to `count` points (in[i] every in_stride bytes). Lines up
        /// to 10 km use Waymark's closed-form short-range geodesic (as exact as geod_inverse there: 1
        /// um, 1e-8 degree; tens of times faster: four lines at a time on the wm_cpu_path path, a
        /// line's result independent of its position in the batch), longer ones and those within 0.01
        /// degree of a pole geod_inverse. Results go to contiguous arrays of `count` doubles; the
        /// azimuth arrays may be NULL. Lines of any length are finite (down to 1e-300 degree apart: 0
        /// or a few 1e-300 m). Errors: as wm_frame_forward (INVALID_VALUE with *first_bad for a bad
        /// point; a bad origin gives INVALID_VALUE without first_bad).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geodesic_inverse_batch", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geodesic_inverse_batch(Geodetic origin, Geodetic* @in, UIntPtr in_stride, double* distance_m, double* azimuth1_deg, double* azimuth2_deg, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Geodesic length of a polyline of `count` points (legs up to 10 km by the short-range
        /// geodesic, longer ones by geod_inverse): *total_m, and, when cumulative_m is not NULL,
        /// cumulative_m[i] = length from point 0 to point i (cumulative_m[0] = 0). Errors: NULL_POINTER
        /// (total_m, or in when count &gt; 0), BAD_STRIDE, BAD_COUNT, INVALID_VALUE with *first_bad.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_polyline_length", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_polyline_length(Geodetic* @in, UIntPtr in_stride, UIntPtr count, double* cumulative_m, double* total_m, UIntPtr* first_bad);

        /// <summary>
        /// Inverse problems from `origin` to `count` points by Waymark's closed-form short-range
        /// geodesic on WGS-84 — the method wm_geodesic_inverse_batch uses for its short lines, as exact
        /// as geod_inverse there (1 um, 1e-8 degree) — for lines up to 10 km that stay 0.01 degree from
        /// the poles (|latitude difference| &lt;= 0.1 degree). It needs no PROJ, so the core flavour
        /// and the WebAssembly module have geodesics for AR distances; longer lines are the full
        /// flavour's (wm_geodesic_inverse_batch). Results go to contiguous arrays of `count` doubles;
        /// the azimuth arrays may be NULL; heights are ignored. Errors: as wm_frame_forward
        /// (INVALID_VALUE with *first_bad for a bad point; a bad origin gives INVALID_VALUE without
        /// first_bad); NOT_AVAILABLE with *first_bad for the first line the method does not take.
        /// Nothing is written on error.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geodesic_short_batch", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geodesic_short_batch(Geodetic origin, Geodetic* @in, UIntPtr in_stride, double* distance_m, double* azimuth1_deg, double* azimuth2_deg, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Haversine distance and the apps' atan2 initial bearing on a sphere of radius_m (6371008.8 is
        /// the mean Earth radius). bearing_deg may be NULL. Errors: NULL_POINTER (distance_m),
        /// INVALID_VALUE (radius not finite and positive, bad point, or a radius so large the distance
        /// would overflow).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_haversine_inverse", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_haversine_inverse(double radius_m, Geodetic a, Geodetic b, double* distance_m, double* bearing_deg);

        /// <summary>
        /// out = a * b (apply b first). out may alias a or b. Errors: NULL_POINTER, INVALID_VALUE (a
        /// non-finite element).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_mat4f_multiply", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_mat4f_multiply(Mat4f* a, Mat4f* b, Mat4f* @out);

        /// <summary>
        /// Inverse of a rigid transform (rotation + translation): R^T, -R^T t. Cheaper and more
        /// accurate than the general inverse; meaningless for scaled or projective m. Errors:
        /// NULL_POINTER, INVALID_VALUE.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_mat4f_inverse_rigid", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_mat4f_inverse_rigid(Mat4f* m, Mat4f* @out);

        /// <summary>
        /// General inverse (cofactors, computed in double, rounded to float). Errors: NULL_POINTER,
        /// INVALID_VALUE, SINGULAR (determinant 0).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_mat4f_inverse", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_mat4f_inverse(Mat4f* m, Mat4f* @out);

        /// <summary>
        /// Transforms `count` points in place: each is three floats (x, y, z) starting every `stride`
        /// bytes (&gt;= 12), treated as (x, y, z, 1). All points are checked first. Errors:
        /// NULL_POINTER, BAD_STRIDE, BAD_COUNT, INVALID_VALUE (non-finite matrix, or a non-finite point
        /// with *first_bad).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_mat4f_transform_points", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_mat4f_transform_points(Mat4f* m, float* xyz, UIntPtr stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// region may be NULL (= the China rectangle). Batch shape as wm_frame_forward. Errors: as
        /// wm_frame_forward; INVALID_VALUE for an unknown kind or a polygon with fewer than 3 or
        /// invalid vertices (first_bad not set then); BAD_COUNT for a polygon of more than 2^20
        /// vertices; NO_CONVERGENCE with *first_bad from the inverses (wm_wgs84_from_gcj02,
        /// wm_gcj02_from_bd09) for a point they cannot invert.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_gcj02_from_wgs84", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_gcj02_from_wgs84(Region* region, Geodetic* @in, UIntPtr in_stride, Geodetic* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>See wm_wgs84_from_gcj02 in waymark.h (documented with the declaration above it).</summary>
        [DllImport(Library, EntryPoint = "wm_wgs84_from_gcj02", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_wgs84_from_gcj02(Region* region, Geodetic* @in, UIntPtr in_stride, Geodetic* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>See wm_bd09_from_gcj02 in waymark.h (documented with the declaration above it).</summary>
        [DllImport(Library, EntryPoint = "wm_bd09_from_gcj02", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_bd09_from_gcj02(Region* region, Geodetic* @in, UIntPtr in_stride, Geodetic* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>See wm_gcj02_from_bd09 in waymark.h (documented with the declaration above it).</summary>
        [DllImport(Library, EntryPoint = "wm_gcj02_from_bd09", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_gcj02_from_bd09(Region* region, Geodetic* @in, UIntPtr in_stride, Geodetic* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// from, to: "EPSG:4326", "EPSG:32650", PROJ strings, WKT. On success *out owns a new transform
        /// (free it with wm_transform_destroy); on error *out is untouched. CRS strings often come from
        /// outside (a config file, a server), so by default a definition may use grids and init files
        /// only by name, from PROJ's resource directories (the directory of proj.db, PROJ's
        /// user-writable directory, PROJ_DATA): "+geoidgrids=egm96_15.gtx" works,
        /// "+geoidgrids=/path/grid.gtx" and "./grid.gtx" are refused. PROJ's network access is off.
        /// Only regular files are opened, read-only and without blocking (a FIFO or device is refused
        /// at once); nothing is ever written. A path that resolves into a resource directory is allowed
        /// (it names no other file). One rule for grids and init files alike: PROJ keeps both for the
        /// whole process once opened, by the name they were opened under, so one a trusted definition
        /// (WM_TRANSFORM_ALLOW_PATHS) opened stays usable by later definitions naming it the same way,
        /// trusted or not, without opening anything again (even after the file is gone). Where
        /// untrusted definitions must reach nothing but the resource directories, give trusted ones no
        /// paths in the same process. A grid the chosen operation needs that is not installed is
        /// reported here (GRID_MISSING), never later by wm_transform_apply. Errors: NULL_POINTER, PROJ
        /// (unknown CRS, no operation, a file it may not open), GRID_MISSING.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_create", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_transform_create(string from, string to, IntPtr* @out);

        /// <summary>
        /// As wm_transform_create with flags (0 = wm_transform_create's rules). A clone keeps its
        /// original's flags. Errors: as wm_transform_create, plus INVALID_VALUE for an unknown flag
        /// bit.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_create_ex", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_transform_create_ex(string from, string to, uint flags, IntPtr* @out);

        /// <summary>
        /// wm_transform_create (same file rules), and on failure the reason in PROJ's words. When
        /// message is not NULL and message_capacity &gt; 0, the reason is written as a NUL-terminated
        /// UTF-8 string, cut at a character boundary to fit message_capacity bytes: for "EPSG:999999",
        /// "PROJ error 4096: proj_create: crs not found"; for GRID_MISSING, the missing file and the
        /// package that ships it. 256 bytes hold every message seen. On success the buffer is
        /// untouched. Thread-safe: the message goes to the caller's buffer, never to shared state.
        /// Errors: NULL_POINTER (from, to or out NULL), PROJ (definition not understood or no
        /// operation), GRID_MISSING.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_create_with_message", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_transform_create_with_message(string from, string to, IntPtr* @out, byte* message, UIntPtr message_capacity);

        /// <summary>
        /// An independent copy for another thread. Errors: NULL_POINTER, PROJ.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_clone", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_transform_clone(IntPtr transform, IntPtr* @out);

        /// <summary>
        /// Transforms count (x, y, z) triples; in and out may be the same buffer. Nothing is written
        /// unless every point transforms: a non-finite point, or one PROJ cannot transform (outside the
        /// operation's domain), gives INVALID_VALUE with *first_bad. Errors: NULL_POINTER (transform;
        /// in or out when count &gt; 0), BAD_STRIDE, BAD_COUNT, INVALID_VALUE with *first_bad.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_apply", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_transform_apply(IntPtr transform, Vec3* @in, UIntPtr in_stride, Vec3* @out, UIntPtr out_stride, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// Frees a transform; NULL is accepted and ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_transform_destroy", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_transform_destroy(IntPtr transform);

        /// <summary>
        /// ---- EGM96 geoid heights -----------------------------------------------------------
        /// undulation_m[i] = N at in[i] (metres; ellipsoidal h = orthometric H + N), through PROJ's
        /// vgridshift and egm96_15.gtx (Debian package proj-data), bilinear on the 15' grid: exact at
        /// nodes (within 0.6 mm of NGA's grid, its rounding); between them up to 1.24 m from NGA's own
        /// interpolation program (RMS 0.055 m), measured at 22,000 cell centres (Tests/Data/README.md).
        /// wm_geoid_undulation_ex with WM_GEOID_CUBIC gives NGA's interpolation instead. Each call
        /// opens PROJ and the grid (about 15 ms measured here): pass whole routes, not single points.
        /// Every point is looked up before any is written, so a grid that cannot be read everywhere (a
        /// damaged or truncated file) gives PROJ with nothing written. Errors: as wm_frame_forward,
        /// plus GRID_MISSING when egm96_15.gtx is not installed, PROJ when it cannot be read.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geoid_undulation", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geoid_undulation(Geodetic* @in, UIntPtr in_stride, double* undulation_m, UIntPtr count, UIntPtr* first_bad);

        /// <summary>
        /// wm_geoid_undulation with a choice of interpolation (WM_GEOID_*): undulation_m[i] = N at
        /// in[i], metres. WM_GEOID_CUBIC reads the whole grid (4 MB, a few milliseconds measured here)
        /// once per call, then costs no allocation per point: pass whole routes. Every point is checked
        /// before any is written; with WM_GEOID_CUBIC no error can follow that check. Errors:
        /// INVALID_VALUE (an interpolation that is not WM_GEOID_*, checked first; or a bad point, with
        /// *first_bad), NULL_POINTER (in/undulation_m when count &gt; 0), BAD_STRIDE, BAD_COUNT,
        /// GRID_MISSING (egm96_15.gtx not installed), PROJ (the grid cannot be read).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_geoid_undulation_ex", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_geoid_undulation_ex(Geodetic* @in, UIntPtr in_stride, double* undulation_m, UIntPtr count, int interpolation, UIntPtr* first_bad);

        /// <summary>
        /// points: 1 &lt;= count &lt;= 2^24 (16,777,216) scene positions every stride (&gt;= 24) bytes,
        /// copied once. Errors: NULL_POINTER, BAD_STRIDE, BAD_COUNT (0, over 2^24: checked before the
        /// copy is allocated), INVALID_VALUE (unknown axes, a non-finite point or one beyond +-1e12 m).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_route_create", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_route_create(Vec3* points, UIntPtr stride, UIntPtr count, int axes, IntPtr* @out);

        /// <summary>
        /// Frees a route; NULL is accepted and ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_route_destroy", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_route_destroy(IntPtr route);

        /// <summary>
        /// The user's projection onto the route (horizontally), the closest point of the whole route: a
        /// route that doubles back can project onto the wrong leg (the navigator keeps progress
        /// instead). Errors: NULL_POINTER (route, out), INVALID_VALUE (user not finite).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_route_project", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_route_project(IntPtr route, Vec3 user, RoutePosition* @out);

        /// <summary>
        /// The arrows at along-route distances k * spacing_m (k integer) within
        /// [from-&gt;distance_along_m, + ahead_m], clamped to the route: anchored to the route, so they
        /// stay put as the user walks; counted from integers (0.1 m over 100 m is 1,001). *count
        /// receives the number of arrows; when capacity is smaller, BAD_COUNT and nothing is written (a
        /// capacity of 2^63 or more is unlimited: the buffer must hold *count). The count is checked
        /// before any arrow is built; nothing is allocated. Errors: NULL_POINTER (route, from, count;
        /// out when arrows are to be written), INVALID_VALUE (spacing_m or ahead_m not finite and
        /// positive, a non-finite or out-of-range `from`, more than 2^40 arrows or a route over 2^52
        /// spacings long), BAD_COUNT.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_route_arrows", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_route_arrows(IntPtr route, RoutePosition* from, double spacing_m, double ahead_m, Arrow* @out, UIntPtr capacity, UIntPtr* count);

        /// <summary>
        /// The legs of the route between two along-route distances (an arrow's animation section: from
        /// its distance to the next arrow's), clamped to the route. Capacity rule as wm_route_arrows
        /// (counted before any is written; nothing is allocated). Errors: NULL_POINTER (route, count;
        /// out when legs are to be written), INVALID_VALUE (non-finite distances), BAD_COUNT.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_route_legs", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_route_legs(IntPtr route, double from_m, double to_m, ArrowLeg* @out, UIntPtr capacity, UIntPtr* count);

        /// <summary>
        /// The best-estimate buffer, by rule `fused` (WM_ESTIMATES_*). capacity estimates (1 .. 2^24)
        /// are kept, the oldest dropped first; the storage is allocated here, once. On success *out
        /// owns the buffer (free it with wm_estimates_destroy). Errors: NULL_POINTER (out), BAD_COUNT
        /// (capacity 0 or over 2^24), INVALID_VALUE (an unknown rule, window_m not finite and
        /// positive).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_estimates_create", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_estimates_create(UIntPtr capacity, double window_m, int fused, IntPtr* @out);

        /// <summary>
        /// Frees an estimate buffer; NULL is accepted and ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_estimates_destroy", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_estimates_destroy(IntPtr estimates);

        /// <summary>
        /// Adds an estimate (no allocation). Errors: NULL_POINTER, INVALID_VALUE (see wm_estimate).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_estimates_add", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_estimates_add(IntPtr estimates, Estimate* estimate);

        /// <summary>
        /// The user's refined position at `current_scene` (within +-1e12 m; call on every fix and on a
        /// timer): the estimate's fix moved by the scene offset since, through `frame`. NOT_AVAILABLE
        /// when no estimate is within the window. uncertainty_m may be NULL. Errors: NULL_POINTER
        /// (estimates, frame, position), INVALID_FRAME, INVALID_VALUE (current_scene not finite or
        /// beyond 1e12 m), NOT_AVAILABLE.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_estimates_refined", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_estimates_refined(IntPtr estimates, FrameStorage* frame, Vec3 current_scene, Geodetic* position, double* uncertainty_m);

        /// <summary>
        /// Fills *config with the defaults (robust estimator, 10 estimates or 10 s, 30 m accuracy
        /// limit, 10 m pairs, rejection 3, all history). NULL is ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_heading_config_default", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_heading_config_default(HeadingConfig* config);

        /// <summary>
        /// Creates a corrector. On success *out owns it (free it with wm_heading_corrector_destroy).
        /// Errors: NULL_POINTER (config, out), INVALID_VALUE (an unknown estimator or pair selection, a
        /// non-finite value, buffer_count &lt; 1, pair_percent outside (0, 100], rejection &lt;= 0,
        /// history_s &lt; 0).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_heading_corrector_create", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_heading_corrector_create(HeadingConfig* config, IntPtr* @out);

        /// <summary>
        /// Frees a corrector; NULL is accepted and ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_heading_corrector_destroy", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_heading_corrector_destroy(IntPtr corrector);

        /// <summary>
        /// Feeds an estimate. When the buffer triggers, *triggered = 1 and *correction_deg is the angle
        /// to add to the frame's heading correction (wm_frame_set_estimate); *uncertainty_deg its
        /// 1-sigma uncertainty (robust) or -1 (pairs). Otherwise *triggered = 0. uncertainty_deg may be
        /// NULL. Allocates the fit's working arrays when it triggers (the navigator allocates nothing
        /// after create). Errors: NULL_POINTER (corrector, estimate, frame, triggered, correction_deg),
        /// INVALID_FRAME, INVALID_VALUE (see wm_estimate).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_heading_corrector_add", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_heading_corrector_add(IntPtr corrector, Estimate* estimate, FrameStorage* frame, int* triggered, double* correction_deg, double* uncertainty_deg);

        /// <summary>
        /// Projects a scene point: screen position in points (y down) and whether it is visible (in
        /// front of the camera and inside the viewport). Errors: NULL_POINTER, INVALID_VALUE
        /// (non-finite point, non-finite or singular matrices, a viewport that is not finite or out of
        /// the bounds above), NOT_AVAILABLE (a point in the camera's own plane, to round-off: it has no
        /// finite screen position; nothing written then).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_project", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_project(Mat4f* view, Mat4f* projection, Viewport viewport, Vec3 point, double* screen_x, double* screen_y, int* visible);

        /// <summary>
        /// The sphere radius (metres) at `center` whose projection is screen_diameter points across:
        /// the centre projected, a point half the diameter to its right on screen unprojected at the
        /// same depth, their distance measured (the finish mark's size rule of "How Yandex created
        /// augmented reality in Maps for iOS"). Errors: NULL_POINTER, INVALID_VALUE (as
        /// wm_screen_project, or a negative or non-finite diameter), NOT_AVAILABLE (`center` is behind
        /// the camera or in its plane).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_sphere_radius", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_sphere_radius(Mat4f* view, Mat4f* projection, Viewport viewport, Vec3 center, double screen_diameter, double* radius_m);

        /// <summary>
        /// The label roll: the angle, degrees counter-clockwise as the user sees the screen, by which
        /// to turn a screen label so it stays parallel to the horizon (a phone rolled 30 degrees
        /// clockwise gives +30), right at every heading; in (-180, 180]. `axes` says which scene axis
        /// is up. Errors: NULL_POINTER, INVALID_VALUE (non-finite or singular matrices, bad viewport,
        /// unknown axes), NOT_AVAILABLE (looking straight up or down: the horizon has no direction).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_label_roll", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_label_roll(Mat4f* view, Mat4f* projection, Viewport viewport, int axes, double* roll_deg);

        /// <summary>
        /// The off-screen hint: *needed = 0 when `target` is visible; otherwise the edge point (x, y)
        /// and the shortest turn (degrees, positive right; 0 straight above or below). The point moves
        /// continuously along the edge as the camera turns; directly behind it is the bottom centre,
        /// and it is on the side of the shortest turn. Errors: NULL_POINTER, INVALID_VALUE (as
        /// wm_screen_project, or unknown axes).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_hint", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_hint(Mat4f* view, Mat4f* projection, Viewport viewport, int axes, Vec3 target, int* needed, double* x, double* y, double* turn_deg);

        /// <summary>
        /// The label `height` (|height| &lt;= 1e6, in height_unit, WM_LABEL_*) above `point` (scene
        /// metres, within +-1e12) for this camera. The facing direction is exact to round-off (within
        /// 1e-9 degree of the horizontal direction to the camera, tested at every heading and pitch).
        /// Errors: NULL_POINTER (view, projection, out), INVALID_VALUE (as wm_screen_project, an
        /// unknown axes or unit, a height or point out of range), NOT_AVAILABLE (an anchor at the
        /// camera's own position, to round-off, in either unit: it has no direction to face, no screen
        /// position and, for WM_LABEL_POINTS, no depth to measure points at; or an anchor that height
        /// puts beyond +-1e12 m); *out untouched then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_label", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_label(Mat4f* view, Mat4f* projection, Viewport viewport, int axes, Vec3 point, int height_unit, double height, Label* @out);

        /// <summary>
        /// Vertical offsets (points, &lt;= 0: up) that stop screen labels overlapping, by the AR guide
        /// to historical places' rule: the nearest place keeps its position; each farther label moves
        /// up above every nearer label it covered, then on up until it clears every nearer one, with
        /// gap_pt points between. Labels are taken nearest first by distances_m (ties: the lower
        /// index). The same input gives the same offsets (a still camera never makes labels jitter).
        /// count &lt;= 256 (BAD_COUNT beyond): quadratic work usually, cubic at worst; nothing is
        /// allocated. Errors: NULL_POINTER (rects, distances_m or offsets_pt when count &gt; 0),
        /// BAD_STRIDE, BAD_COUNT, INVALID_VALUE (gap_pt not finite in [0, 1e9]; a rectangle or distance
        /// not finite, a negative size, or a value beyond 1e9 points, with *first_bad); nothing is
        /// written then. count == 0 succeeds.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_label_declutter", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_label_declutter(Rect* rects, UIntPtr rect_stride, double* distances_m, UIntPtr distance_stride, UIntPtr count, double gap_pt, double* offsets_pt, UIntPtr* first_bad);

        /// <summary>
        /// Picking: the candidate a tap at (x, y) (points, y down) selects — the one whose projection
        /// (as wm_screen_project) is nearest the tap, in front of the camera and within radius_pt
        /// points (ties: the lower index). positions: count (&lt;= 2^16) scene positions every stride
        /// (&gt;= 24) bytes (marks, places, arrows). *index and *distance_pt receive the pick. Errors:
        /// NULL_POINTER (view, projection, index, distance_pt; positions when count &gt; 0),
        /// BAD_STRIDE, BAD_COUNT, INVALID_VALUE (as wm_screen_project, a non-finite tap, a radius not
        /// finite and &gt;= 0, a position not finite or beyond +-1e12 m with *first_bad), NOT_AVAILABLE
        /// (no candidate within the radius); nothing is written then. Not a batch call: the camera and
        /// stride are checked whatever the count, and count == 0 picks nothing (NOT_AVAILABLE).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_pick", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_pick(Mat4f* view, Mat4f* projection, Viewport viewport, double x, double y, double radius_pt, Vec3* positions, UIntPtr stride, UIntPtr count, UIntPtr* index, double* distance_pt, UIntPtr* first_bad);

        /// <summary>
        /// Finish-mark diameter: maximum below near_m, linear to far_m, minimum beyond (the Yandex.Maps
        /// article's rule; sizes in the caller's unit, e.g. points). Errors: NULL_POINTER,
        /// INVALID_VALUE (a non-finite value, minimum &lt;= 0, minimum &gt; maximum, near_m &lt;= 0,
        /// far_m &lt;= near_m).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_finish_mark_diameter", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_finish_mark_diameter(double maximum, double minimum, double near_m, double far_m, double distance_m, double* diameter);

        /// <summary>
        /// Points of interest ("How we developed the AR application for reviewing historical places").
        /// cluster_of[i] receives the index of the point whose marker stands for point i (itself for a
        /// marker), or -1 when it is beyond radius_m. count &lt;= 2^16 (65,536) per call (BAD_COUNT
        /// beyond): the clustering runs inside cluster_of without allocating, in time quadratic in
        /// count in the worst case. Errors: NULL_POINTER, BAD_STRIDE, BAD_COUNT, INVALID_VALUE (user,
        /// radius not finite and positive, or a point with *first_bad); count == 0 succeeds.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_poi_clusters", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_poi_clusters(Geodetic user, Geodetic* points, UIntPtr stride, UIntPtr count, double radius_m, long* cluster_of, UIntPtr* first_bad);

        /// <summary>
        /// Radar position (x right, y down, centre at (radius, radius)) of a point at distance_m and
        /// bearing_deg for a device facing heading_deg; range_m at the rim, clamped. Errors:
        /// NULL_POINTER (x, y), INVALID_VALUE (radius or range_m not finite and positive, a non-finite
        /// distance or angle; a negative distance counts as 0).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_radar_position", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_radar_position(double radius, double range_m, double distance_m, double bearing_deg, double heading_deg, double* x, double* y);

        /// <summary>
        /// Where to place a far object (metres from the user) and at what scale, by method
        /// (WM_PLACEMENT_*). Errors: NULL_POINTER, INVALID_VALUE (an unknown method, a distance that is
        /// not finite and &gt;= 0, for WM_PLACEMENT_CLAMP a limit that is not finite and positive).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_placement", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_placement(int method, double limit_m, double distance_m, double* placement_m, double* scale);

        /// <summary>
        /// Sets up a gate that turns on within enter_m and off beyond leave_m (&gt;= enter_m). Errors:
        /// NULL_POINTER, INVALID_VALUE (a non-finite or negative enter_m, or leave_m &lt; enter_m).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_proximity_init", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_proximity_init(Proximity* gate, double enter_m, double leave_m);

        /// <summary>
        /// Feeds a distance; *inside = 1 while AR mode is available. Errors: NULL_POINTER,
        /// INVALID_VALUE (a non-finite distance, or a gate wm_proximity_init would refuse).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_proximity_update", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_proximity_update(Proximity* gate, double distance_m, int* inside);

        /// <summary>
        /// From a view matrix (scene -&gt; camera) and a projection: ARKit's camera.viewMatrix(for:
        /// orientation) with projectionMatrix(for: orientation, viewportSize:, zNear:, zFar:); ARCore's
        /// ArCamera_getViewMatrix and ArCamera_getProjectionMatrix; WebXR's
        /// view.transform.inverse.matrix and view.projectionMatrix. transform = the view's inverse.
        /// Errors: as above.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_camera_from_view", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_camera_from_view(Mat4f* view, Mat4f* projection, Viewport viewport, Camera* @out);

        /// <summary>
        /// The camera of a pose as field logs record it (Waymark's CameraPose, what `waymark replay`
        /// and the simulator use): position (scene units, `axes`), yaw degrees clockwise from north,
        /// pitch above the horizontal in [-90, 90], roll clockwise as the user sees the screen; the
        /// camera looks along its -Z with +Y up the screen. transform: 16 doubles, camera -&gt; scene,
        /// column-major. Errors: NULL_POINTER, INVALID_VALUE (non-finite values, a pitch beyond +-90,
        /// unknown axes); nothing written then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_camera_pose_transform", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_camera_pose_transform(Vec3 position, double yaw_deg, double pitch_deg, double roll_deg, int axes, double* transform);

        /// <summary>
        /// An OpenGL-style perspective projection (clip z in [-w, w]), 16 doubles column-major, with
        /// vertical field of view fov_y_deg and aspect = width / height: what `waymark replay` draws
        /// with. Errors: NULL_POINTER, INVALID_VALUE (unless 0 &lt; fov_y_deg &lt; 180, aspect &gt; 0
        /// and 0 &lt; near_m &lt; far_m, all finite, with a projection whose entries are finite and
        /// that is invertible: a subnormal aspect or near * far beyond 1e308 overflow, near * far below
        /// about 1e-308 underflows to a singular matrix); nothing written then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_perspective", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_perspective(double fov_y_deg, double aspect, double near_m, double far_m, double* projection);

        /// <summary>
        /// From ARKit's ARCamera.transform, which is fixed to the sensor (x along the device's long
        /// side towards the Home button: right in landscape-right), the projection for the interface
        /// orientation (projectionMatrix(for:viewportSize:zNear:zFar:)) and that orientation
        /// (WM_ORIENTATION_*): the transform is turned about the camera's z axis so its x is the
        /// screen's right (portrait: +90 degrees, landscape-left: 180, upside-down: -90), as
        /// viewMatrix(for:) does. Errors: as above.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_camera_from_arkit", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_camera_from_arkit(Mat4f* camera_transform, Mat4f* projection, Viewport viewport, int orientation, Camera* @out);

        /// <summary>
        /// From Unity's Camera.cameraToWorldMatrix (camera space as OpenGL's, world in Unity's axes:
        /// WM_AXES_UNITY) and Camera.projectionMatrix (OpenGL convention; Unity's matrices are
        /// column-major in memory, as wm_mat4f). The transform is cameraToWorldMatrix itself; its
        /// determinant is -1 (Unity's world is left-handed), which the navigator expects for
        /// WM_AXES_EUN. Errors: as above.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_camera_from_unity", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_camera_from_unity(Mat4f* camera_to_world, Mat4f* projection, Viewport viewport, Camera* @out);

        /// <summary>
        /// Fills the defaults above into the first `size` bytes of *config, the layout of that size
        /// (WM_NAVIGATOR_CONFIG_SIZE or WM_NAVIGATOR_CONFIG_SIZE_0_3), and sets config-&gt;size to it:
        /// pass sizeof *config. Errors: NULL_POINTER, INVALID_VALUE (another size); nothing written
        /// then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_config_init", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_config_init(NavigatorConfig* config, UIntPtr size);

        /// <summary>
        /// Fills the defaults of the 0.3 layout (WM_NAVIGATOR_CONFIG_SIZE_0_3 bytes, size set to that),
        /// never more: the symbol callers built against 0.3 link to. Compiled against this header, the
        /// call is the macro below, which fills the whole struct. Errors: none (does nothing when
        /// config is NULL).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_config_default", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_navigator_config_default(NavigatorConfig* config);

        /// <summary>
        /// The most arrows an update can return with this config: floor(ahead / spacing) + 2. Errors:
        /// none (0 for a NULL or invalid config).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_arrow_capacity", CallingConvention = CallingConvention.Cdecl)]
        public static extern UIntPtr wm_navigator_arrow_capacity(NavigatorConfig* config);

        /// <summary>
        /// A navigator along `count` &gt;= 2 route points every `stride` bytes (&gt;= 24), copied.
        /// Errors: NULL_POINTER (config, route, out), BAD_STRIDE, BAD_COUNT (count &lt; 2, over 2^24
        /// points, or count * stride over 2^56 bytes), INVALID_VALUE (a config value out of range, an
        /// unknown selector or size, a route point non-finite, |lat| &gt; 90 or |height| &gt; 1e12 m:
        /// *first_bad = its index, first_bad may be NULL), GRID_MISSING (ORTHOMETRIC without
        /// egm96_15.gtx, and always in the core flavour, which has no geoid). *out untouched on error.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_create", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_create(NavigatorConfig* config, Geodetic* route, UIntPtr stride, UIntPtr count, IntPtr* @out, UIntPtr* first_bad);

        /// <summary>
        /// Frees the navigator. Errors: none (NULL is fine).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_destroy", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_navigator_destroy(IntPtr navigator);

        /// <summary>
        /// Feeds a fix (in time order with frames). The first one creates the frame. Errors:
        /// NULL_POINTER, INVALID_VALUE (NaN, Inf, |lat| &gt; 90, accuracies &lt;= 0, has_height not 0
        /// or 1, a scene coordinate or accuracy beyond +-1e12); nothing changes then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_add_fix", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_add_fix(IntPtr navigator, Fix* fix);

        /// <summary>
        /// Feeds a fix with the GPS velocity measured with it (velocity NULL: none, the same as
        /// wm_navigator_add_fix). Under WM_ESTIMATOR_FILTER the velocity is compared with the scene's
        /// since the previous fix (used when that fix was 0.5 to 2 s before, with normal tracking
        /// between); the window fits take the fix alone. Errors: as wm_navigator_add_fix, and
        /// INVALID_VALUE (velocity-&gt;size not WM_GPS_VELOCITY_SIZE, reserved_ not 0, a velocity value
        /// NaN or +-Inf); nothing changes then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_add_fix_velocity", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_add_fix_velocity(IntPtr navigator, Fix* fix, GpsVelocity* velocity);

        /// <summary>
        /// Feeds a compass reading (in time order with fixes and frames). Under WM_ESTIMATOR_FILTER it
        /// measures the heading correction (true heading - the viewing direction's scene yaw); readings
        /// within compass_interval_s of the last used one, or pitched beyond compass_maximum_pitch_deg,
        /// are skipped (WM_OK). The window-fit estimators check it and do not use it. Errors:
        /// NULL_POINTER, INVALID_VALUE (an unknown size, reserved_ not 0, NaN or Inf, accuracy outside
        /// (0, 180], a camera position beyond +-1e12 m); nothing changes then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_add_heading", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_add_heading(IntPtr navigator, CompassReading* reading);

        /// <summary>
        /// Tells the navigator the AR session's tracking state (WM_TRACKING_*) at time_s. Errors:
        /// NULL_POINTER, INVALID_VALUE (an unknown state, a non-finite time); nothing changes then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_tracking", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_tracking(IntPtr navigator, double time_s, int state);

        /// <summary>
        /// Shifts the scene's zero by `shift` (scene units, scene axes) when your engine moved its
        /// world origin there itself (e.g. ARKit's setWorldOrigin): every scene position after this
        /// call, in and out, is the old one minus shift; nothing moves in the world. Errors:
        /// NULL_POINTER, INVALID_VALUE (non-finite, or a total shift beyond +-1e12 m); nothing changes
        /// then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_shift_origin", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_shift_origin(IntPtr navigator, Vec3 shift);

        /// <summary>
        /// Origin shifting by the navigator itself: 0 (the default) never; else an update whose camera
        /// is farther than distance_m (horizontally, metres) from the scene's zero shifts the zero to
        /// the camera and reports it (wm_navigator_result.origin_shift), so positions handed to float
        /// stay small. (A setter, not a config field: added when wm_navigator_config_default filled the
        /// whole struct, so the struct could not grow.) Errors: NULL_POINTER, INVALID_VALUE (negative
        /// or not finite); nothing changes then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_set_origin_shift", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_set_origin_shift(IntPtr navigator, double distance_m);

        /// <summary>
        /// One rendered frame: runs the timers (heading fit, re-anchoring), then fills *result and
        /// writes up to arrow_capacity arrows, nearest first, to `arrows` (may be NULL when
        /// arrow_capacity is 0); *arrow_count receives how many were written (result-&gt;arrow_total
        /// how many are in the window). Before the first fix only time_s, correction_state and
        /// label_roll_deg are set (the rest NaN / 0). Errors: NULL_POINTER (navigator, camera, result,
        /// arrow_count; arrows when arrow_capacity &gt; 0), INVALID_VALUE (non-finite time or camera,
        /// has_ground not 0 or 1, non-positive viewport, singular camera or view-projection, a camera
        /// position or ground height beyond +-1e12 m, result-&gt;size neither WM_NAVIGATOR_RESULT_SIZE
        /// nor WM_NAVIGATOR_RESULT_SIZE_0_2, or the 0.2 size while origin shifting is on: that layout
        /// has no room for the shift, and a shift the caller never sees would misplace everything after
        /// it); nothing changes then. An arrow_capacity of 2^63 or more counts as unlimited.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_update", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_update(IntPtr navigator, double time_s, Camera* camera, NavigatorResult* result, Arrow* arrows, UIntPtr arrow_capacity, UIntPtr* arrow_count);

        /// <summary>
        /// The finish mark's label (the Yandex.Maps article's distance billboard) for the last update's
        /// camera, `height` (height_unit, WM_LABEL_*) above the mark, as wm_screen_label: e.g.
        /// WM_LABEL_POINTS with finish_diameter_pt / 2 + 8 floats it just over the drawn circle;
        /// WM_LABEL_METRES with 2 stands a 3-D label over the sphere. Errors: NULL_POINTER,
        /// INVALID_VALUE (an unknown unit, a height not finite or beyond +-1e6), NOT_AVAILABLE (no
        /// update has drawn a finish yet, or as wm_screen_label); *out untouched then.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_finish_label", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_finish_label(IntPtr navigator, int height_unit, double height, Label* @out);

        /// <summary>
        /// The animation legs of arrow `index` of the last update (from it to the next arrow's
        /// distance, split at route vertices), in the current frame; the same ground height as that
        /// update. *count receives the number of legs; when capacity is smaller, BAD_COUNT and nothing
        /// is written. Errors: NULL_POINTER (navigator, count; out when legs are to be written),
        /// BAD_COUNT, NOT_AVAILABLE (no such arrow).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_navigator_legs", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_navigator_legs(IntPtr navigator, UIntPtr index, ArrowLeg* @out, UIntPtr capacity, UIntPtr* count);

        /// <summary>
        /// Reads a track or route document of format (WM_TRACK_FORMAT_*) into points, in document order
        /// (every format gives at least one point, but a polyline text of blank lines gives none).
        /// *count receives the number of points; when capacity is smaller, BAD_COUNT and nothing is
        /// written (so a first call with capacity 0 sizes the array). report is filled on OK, on
        /// BAD_COUNT for a small capacity, and on a refused document. Errors: NULL_POINTER (count,
        /// report; text when length &gt; 0; points when points are to be written), INVALID_VALUE
        /// (report-&gt;size or options-&gt;size not this version's, an unknown format or gpx_part,
        /// reserved_ not 0; or the document is refused: report-&gt;line and report-&gt;message say
        /// where and why — a value that is not a number, a time that is not ISO 8601, a bad NMEA
        /// checksum, a broken document, no points at all, a point past maximum_points), BAD_COUNT
        /// (length above 2^56; capacity below the point count: *count is still set).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_track_read", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_track_read(byte* text, UIntPtr length, int format, TrackOptions* options, TrackPoint* points, UIntPtr capacity, UIntPtr* count, ReadReport* report);

        /// <summary>
        /// Reads a whole field log into rows, every rule of the format checked (a line at most 1 MiB,
        /// numbers finite, latitudes within +-90, scene coordinates, heights and accuracies within
        /// +-1e12 m, accuracies positive, pitch within +-90, times not decreasing: a row later than
        /// both neighbours is named on its own line). *count receives the number of rows; when capacity
        /// is smaller, BAD_COUNT and nothing is written. report is filled on OK and BAD_COUNT (columns:
        /// the header's) and on a refused log. Errors: NULL_POINTER (count, report; text when length
        /// &gt; 0; rows when rows are to be written), INVALID_VALUE (report-&gt;size not this
        /// version's; or the log is refused: report-&gt;line and report-&gt;message say where and why),
        /// BAD_COUNT (length above 2^56; capacity below the row count: *count is still set).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_field_log_read", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_field_log_read(byte* text, UIntPtr length, LogRow* rows, UIntPtr capacity, UIntPtr* count, ReadReport* report);

        /// <summary>
        /// Writes the page `waymark accuracy TRACK --html FILE` (WM_PAGE_HTML) or `--svg FILE`
        /// (WM_PAGE_SVG) writes for the same points, byte for byte: where the spherical baselines
        /// (haversine, metres per degree) put each point against where the exact method (Karney's
        /// geodesics, the local tangent frame on WGS-84) puts it, about origin. points: count points as
        /// wm_track_read gives them (degrees; height_m in metres, NaN read as 0; time_s is not used;
        /// line, the 1-based input line, names each point on the page). origin: the frame's origin
        /// (degrees, metres), NULL for the first point. name: how the page names the track, e.g. its
        /// file (NUL-terminated UTF-8). The page is UTF-8 without a NUL terminator: *length receives
        /// its size in bytes; when capacity is smaller, BAD_COUNT and nothing is written (so a first
        /// call with capacity 0 sizes the buffer). Time and memory grow with count (the page is made
        /// once per call). Errors: NULL_POINTER (points, name, length; page when it is to be written),
        /// INVALID_VALUE (an unknown format; a point or the origin not a coordinate: a latitude outside
        /// +-90 or a value that is not finite; a height beyond +-1e12 m, the frame conversions' limit,
        /// since 0.4: its errors would not be finite), BAD_COUNT (count 0 or above 2^24, the route
        /// limit; capacity below the page's size: *length is still set).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_track_compare_page", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_track_compare_page(TrackPoint* points, UIntPtr count, Geodetic* origin, string name, int format, byte* page, UIntPtr capacity, UIntPtr* length);

        /// <summary>
        /// Angle (degrees, counter-clockwise on screen) from the screen x axis to the scene's X axis at
        /// `point`. Deprecated (removed at 1.0) for keeping labels level: the scene's X axis is
        /// horizontal on screen only when facing north or south (facing south it turns a label upside
        /// down); use wm_screen_label_roll. Errors: NULL_POINTER, INVALID_VALUE (as wm_screen_project),
        /// NOT_AVAILABLE (the axis has no direction on screen there).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_screen_billboard_roll", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_screen_billboard_roll(Mat4f* view, Mat4f* projection, Viewport viewport, Vec3 point, double* roll_deg);

        /// <summary>
        /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
        /// version before 1.0. Fills *simulation with the reference scenario above. NULL is ignored.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_simulation_default", CallingConvention = CallingConvention.Cdecl)]
        public static extern void wm_simulation_default(Simulation* simulation);

        /// <summary>
        /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
        /// version before 1.0. Runs the simulation described above. Errors: NULL_POINTER (simulation,
        /// count; the outputs when samples are to be written), INVALID_VALUE (as above, or a corrector
        /// setting wm_heading_corrector_create refuses), BAD_COUNT (capacity below the sample count;
        /// *count is still set).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_simulate", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_simulate(Simulation* simulation, double* heading_error_deg, double* finish_error_m, UIntPtr capacity, UIntPtr* count);

        /// <summary>
        /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
        /// version before 1.0. Fits one model to series[0 .. series_count - 1] pooled (each series its
        /// own unknown means; pass one series for one receiver). Deterministic: the same series give
        /// the same bits. Cost: a few thousand passes over the fixes (606 fixes: a few hundredths of a
        /// second). Limits: 1 to 65,536 series of 10 or more fixes each, at most 2^20 fixes in all.
        /// Errors: NULL_POINTER (series, out, a series' array), INVALID_VALUE (out-&gt;size not
        /// WM_GPS_MODEL_SIZE; a value not finite, an accuracy &lt;= 0, a time not after the previous
        /// one, a coordinate or accuracy beyond 1e7: *first_bad_series, when not NULL, names the
        /// series), BAD_COUNT (series_count 0 or above 65,536, a series with fewer than 10 fixes or
        /// more than 2^20, named through *first_bad_series too, more than 2^20 fixes in all); *out is
        /// written only on success.
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_gps_model_fit", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_gps_model_fit(GpsSeries* series, UIntPtr series_count, GpsModel* @out, UIntPtr* first_bad_series);

        /// <summary>
        /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
        /// version before 1.0. Reads a GnssLogger fix log (CSV text under a header line naming
        /// Latitude, Longitude, Accuracy, UtcTimeMillis, in any order, other columns ignored; optional
        /// TrueLatitude and TrueLongitude, both or neither) into a series' arrays, as waymark gps-model
        /// reads it: time_s after the first fix; east_m, north_m of the first fix (WGS-84 tangent
        /// frame) or, with the truth columns, each fix's error (fix minus truth, in a frame at the
        /// first truth); accuracy_m as logged. text need not be NUL-terminated; length bytes are read.
        /// *count receives the number of rows; when capacity is smaller, BAD_COUNT and nothing is
        /// written (a capacity of the text's line count is enough). Errors: NULL_POINTER (text, count;
        /// the arrays when rows are to be written), INVALID_VALUE (a missing column, one truth column
        /// without the other, fewer than 10 rows: *bad_line = 1; a row with a missing or unreadable
        /// number, a latitude beyond 90, an accuracy &lt;= 0, a time not after the previous row's:
        /// *bad_line, when not NULL, is its 1-based line), BAD_COUNT (length above 2^56; capacity below
        /// the row count: *count is still set).
        /// </summary>
        [DllImport(Library, EntryPoint = "wm_gps_series_from_fix_log", CallingConvention = CallingConvention.Cdecl)]
        public static extern int wm_gps_series_from_fix_log(byte* text, UIntPtr length, double* time_s, double* east_m, double* north_m, double* accuracy_m, UIntPtr capacity, UIntPtr* count, UIntPtr* bad_line);
    }

    /// <summary>
    /// A geodetic point: degrees, degrees, metres above the ellipsoid. 24 bytes.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Geodetic
    {
        /// <summary>wm_geodetic.lat_deg (waymark.h).</summary>
        public double LatDeg;
        /// <summary>wm_geodetic.lon_deg (waymark.h).</summary>
        public double LonDeg;
        /// <summary>wm_geodetic.height_m (waymark.h).</summary>
        public double HeightM;
    }

    /// <summary>
    /// A vector in a local or scene frame, metres. 24 bytes (unlike SIMD3&lt;double&gt;).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Vec3
    {
        /// <summary>wm_vec3.x (waymark.h).</summary>
        public double X;
        /// <summary>wm_vec3.y (waymark.h).</summary>
        public double Y;
        /// <summary>wm_vec3.z (waymark.h).</summary>
        public double Z;
    }

    /// <summary>
    /// A 4x4 float matrix, column-major: element (row r, column c) is m[4 * c + r], the translation
    /// is m[12], m[13], m[14]. Identical to simd_float4x4 and OpenGL/Metal. Its C alignment is 4 (a
    /// float's): every function reads and writes wm_mat4f with unaligned-safe loads and stores, so
    /// a matrix inside a packed record works; 16-byte alignment is never required.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Mat4f
    {
        /// <summary>wm_mat4f.m (waymark.h).</summary>
        public fixed float M[16];
    }

    /// <summary>
    /// A scene frame's storage (wm_frame, WM_FRAME_SIZE bytes, opaque): caller-allocated, only
    /// numbers, so copying it is fine. Initialise with wm_frame_init*; Frame wraps one.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct FrameStorage
    {
        /// <summary>wm_frame.opaque_ (waymark.h).</summary>
        public fixed ulong Opaque[64];
    }

    /// <summary>
    /// Where China's datum offsets apply (wm_region): Kind is WM_REGION_*; for WM_REGION_POLYGON,
    /// Polygon points at PolygonCount vertices (3 .. 2^20, height ignored), copied once per call.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Region
    {
        /// <summary>wm_region.kind (waymark.h).</summary>
        public int Kind;
        /// <summary>
        /// WM_REGION_POLYGON: vertices (height ignored), copied once per call
        /// </summary>
        public Geodetic* Polygon;
        /// <summary>
        /// 3 .. 2^20 (1,048,576)
        /// </summary>
        public UIntPtr PolygonCount;
    }

    /// <summary>
    /// Where the user is on the route.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct RoutePosition
    {
        /// <summary>
        /// segment from vertex `segment` to `segment + 1`
        /// </summary>
        public int Segment;
        /// <summary>wm_route_position.reserved_ (waymark.h).</summary>
        public int Reserved;
        /// <summary>
        /// 0..1 along it
        /// </summary>
        public double Fraction;
        /// <summary>
        /// closest route point (horizontally), scene metres
        /// </summary>
        public Vec3 Point;
        /// <summary>
        /// 3-D length from the start to `point`
        /// </summary>
        public double DistanceAlongM;
        /// <summary>
        /// horizontal distance user -&gt; point (off-route when large)
        /// </summary>
        public double OffsetM;
        /// <summary>
        /// along-route distance from `point` to the finish
        /// </summary>
        public double RemainingM;
    }

    /// <summary>
    /// An arrow of the route and the piece of the route its animation follows.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Arrow
    {
        /// <summary>
        /// scene units (the axes' unit; metres unless WM_UNIT_*)
        /// </summary>
        public Vec3 Position;
        /// <summary>
        /// right-handed turn about the scene's up axis that takes the model's forward (the axes'
        /// WM_FORWARD_*: -Z eus, +Z eun, +Y enu, +X unreal) onto the route
        /// </summary>
        public double YawDeg;
        /// <summary>wm_arrow.distance_along_m (waymark.h).</summary>
        public double DistanceAlongM;
    }

    /// <summary>wm_arrow_leg (waymark.h).</summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct ArrowLeg
    {
        /// <summary>wm_arrow_leg.start (waymark.h).</summary>
        public Vec3 Start;
        /// <summary>wm_arrow_leg.end (waymark.h).</summary>
        public Vec3 End;
        /// <summary>wm_arrow_leg.yaw_deg (waymark.h).</summary>
        public double YawDeg;
        /// <summary>
        /// at its start, relative to the previous leg: positive = right (clockwise seen from above) in
        /// every axes convention, as wm_screen_hint; 180 = U-turn. (Earlier versions: right =
        /// negative.)
        /// </summary>
        public double TurnDeg;
    }

    /// <summary>
    /// A fix and the scene position taken with it. wm_estimates_add and wm_heading_corrector_add
    /// refuse (INVALID_VALUE) a fix that is not a valid point, a fix height or a scene coordinate
    /// beyond +-1e12 m (the frames' limit).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Estimate
    {
        /// <summary>wm_estimate.fix (waymark.h).</summary>
        public Geodetic Fix;
        /// <summary>wm_estimate.horizontal_accuracy_m (waymark.h).</summary>
        public double HorizontalAccuracyM;
        /// <summary>wm_estimate.vertical_accuracy_m (waymark.h).</summary>
        public double VerticalAccuracyM;
        /// <summary>
        /// the caller's clock
        /// </summary>
        public double TimestampS;
        /// <summary>wm_estimate.scene_position (waymark.h).</summary>
        public Vec3 ScenePosition;
    }

    /// <summary>
    /// The heading corrector's settings; wm_heading_config_default fills the defaults.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct HeadingConfig
    {
        /// <summary>
        /// WM_ESTIMATOR_PAIRWISE or WM_ESTIMATOR_ROBUST (default)
        /// </summary>
        public int Estimator;
        /// <summary>
        /// pairs: WM_PAIRS_* (default WM_PAIRS_ALL)
        /// </summary>
        public int PairSelection;
        /// <summary>
        /// for WM_PAIRS_RANDOM_PERCENT and WM_PAIRS_TOP_WEIGHT_PERCENT, (0, 100]
        /// </summary>
        public double PairPercent;
        /// <summary>
        /// for WM_PAIRS_RANDOM_PERCENT
        /// </summary>
        public ulong RandomSeed;
        /// <summary>
        /// trigger after this many estimates (10) ...
        /// </summary>
        public int BufferCount;
        /// <summary>wm_heading_config.reserved_ (waymark.h).</summary>
        public int Reserved;
        /// <summary>
        /// ... or this many seconds (10)
        /// </summary>
        public double BufferIntervalS;
        /// <summary>
        /// drop estimates with a larger accuracy value (30)
        /// </summary>
        public double MaximumAccuracyM;
        /// <summary>
        /// pairs: drop closer pairs (10)
        /// </summary>
        public double MinimumPairDistanceM;
        /// <summary>
        /// robust: outlier threshold in robust scales (3)
        /// </summary>
        public double Rejection;
        /// <summary>
        /// robust: seconds kept, 0 = all
        /// </summary>
        public double HistoryS;
    }

    /// <summary>
    /// Screen math. view: scene -&gt; camera (inverse of ARKit's camera.transform), projection:
    /// camera -&gt; clip (either depth convention), both column-major; viewport in points, y down:
    /// x and y within +-1e9, width and height from 1e-3 to 1e9 (WM_VIEWPORT_MAX,
    /// WM_VIEWPORT_MIN_SIZE), so every projection stays finite; others are INVALID_VALUE.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Viewport
    {
        /// <summary>wm_viewport.x (waymark.h).</summary>
        public double X;
        /// <summary>wm_viewport.y (waymark.h).</summary>
        public double Y;
        /// <summary>wm_viewport.width (waymark.h).</summary>
        public double Width;
        /// <summary>wm_viewport.height (waymark.h).</summary>
        public double Height;
    }

    /// <summary>
    /// Labels. A label floats above a placed point (the finish mark, a place): a 3-D label stands
    /// at `anchor` turned about the scene's up axis to face the camera (`transform`); a 2-D label
    /// goes to (screen_x, screen_y), turned by roll_deg to stay level.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Label
    {
        /// <summary>
        /// scene metres
        /// </summary>
        public Vec3 Anchor;
        /// <summary>
        /// unit horizontal vector from the anchor towards the camera, scene axes: the normal a standing
        /// label faces (NaN straight above/below)
        /// </summary>
        public Vec3 Facing;
        /// <summary>
        /// the billboard yaw as an azimuth: facing's, clockwise from north, (-180, 180], the same in
        /// every axes convention (NaN with facing)
        /// </summary>
        public double FacingAzimuthDeg;
        /// <summary>
        /// the anchor on screen, points, y down (NaN behind the camera)
        /// </summary>
        public double ScreenX;
        /// <summary>
        /// the anchor on screen, points, y down (NaN behind the camera)
        /// </summary>
        public double ScreenY;
        /// <summary>
        /// counter-clockwise: keeps a 2-D label level, as wm_screen_label_roll (NaN looking straight up
        /// or down)
        /// </summary>
        public double RollDeg;
        /// <summary>
        /// label -&gt; scene, column-major: columns (right as the camera sees it, the scene's up,
        /// facing, anchor), so a quad in the label's x-y plane with its front towards +z reads the
        /// right way round (NaN with facing)
        /// </summary>
        public Mat4f Transform;
    }

    /// <summary>
    /// A label's screen rectangle: top-left corner and size, points, y down.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Rect
    {
        /// <summary>wm_rect.x (waymark.h).</summary>
        public double X;
        /// <summary>wm_rect.y (waymark.h).</summary>
        public double Y;
        /// <summary>wm_rect.width (waymark.h).</summary>
        public double Width;
        /// <summary>wm_rect.height (waymark.h).</summary>
        public double Height;
    }

    /// <summary>
    /// The 40 m "AR mode available" rule with hysteresis: plain caller-owned state.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Proximity
    {
        /// <summary>wm_proximity.enter_m (waymark.h).</summary>
        public double EnterM;
        /// <summary>wm_proximity.leave_m (waymark.h).</summary>
        public double LeaveM;
        /// <summary>wm_proximity.inside (waymark.h).</summary>
        public int Inside;
        /// <summary>wm_proximity.reserved_ (waymark.h).</summary>
        public int Reserved;
    }

    /// <summary>
    /// Every setting; wm_navigator_config_default fills the defaults shown.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct NavigatorConfig
    {
        /// <summary>
        /// sizeof(wm_navigator_config) (WM_NAVIGATOR_CONFIG_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>
        /// WM_ALIGNMENT_GRAVITY_AND_HEADING
        /// </summary>
        public int Alignment;
        /// <summary>
        /// WM_AXES_EUS
        /// </summary>
        public int Axes;
        /// <summary>
        /// WM_ESTIMATOR_FILTER
        /// </summary>
        public int Estimator;
        /// <summary>
        /// WM_ANCHOR_FITTED
        /// </summary>
        public int Anchor;
        /// <summary>
        /// WM_HEIGHTS_ELLIPSOIDAL
        /// </summary>
        public int Heights;
        /// <summary>
        /// 10 fixes ...
        /// </summary>
        public int BufferCount;
        /// <summary>
        /// 256 fixes kept (1 .. 2^20)
        /// </summary>
        public int FixCapacity;
        /// <summary>
        /// ... or 10 s between heading fits
        /// </summary>
        public double BufferIntervalS;
        /// <summary>
        /// 30: fixes with a larger accuracy value stay out of fits
        /// </summary>
        public double MaximumAccuracyM;
        /// <summary>
        /// 10 (WM_ESTIMATOR_PAIRWISE)
        /// </summary>
        public double MinimumPairDistanceM;
        /// <summary>
        /// 3 robust scales
        /// </summary>
        public double Rejection;
        /// <summary>
        /// 5
        /// </summary>
        public double MaximumUncertaintyDeg;
        /// <summary>
        /// 15
        /// </summary>
        public double MinimumSpanM;
        /// <summary>
        /// 5
        /// </summary>
        public double MinimumMoveM;
        /// <summary>
        /// 100
        /// </summary>
        public double AnchorWindowM;
        /// <summary>
        /// 1
        /// </summary>
        public double AnchorIntervalS;
        /// <summary>
        /// 10
        /// </summary>
        public double ProgressBehindM;
        /// <summary>
        /// 30
        /// </summary>
        public double ProgressAheadM;
        /// <summary>
        /// 20
        /// </summary>
        public double OffRouteM;
        /// <summary>
        /// 10
        /// </summary>
        public double ReacquireAfterS;
        /// <summary>
        /// 3
        /// </summary>
        public double ArrowSpacingM;
        /// <summary>
        /// 100 (at most 2^20 arrows)
        /// </summary>
        public double ArrowsAheadM;
        /// <summary>
        /// 1.4
        /// </summary>
        public double DeviceHeightM;
        /// <summary>
        /// 120, 40: finish diameter ...
        /// </summary>
        public double FinishMaxPt;
        /// <summary>
        /// 120, 40: finish diameter ...
        /// </summary>
        public double FinishMinPt;
        /// <summary>
        /// 50, 2000: ... max below near, linear to far, min beyond
        /// </summary>
        public double FinishNearM;
        /// <summary>
        /// 50, 2000: ... max below near, linear to far, min beyond
        /// </summary>
        public double FinishFarM;
        /// <summary>
        /// 20: 1-sigma of the session's initial alignment, (0, 180]
        /// </summary>
        public double AlignmentSigmaDeg;
        /// <summary>
        /// 60: correlation time of the slowly varying GPS error, &gt; 0 (fitted on real phone logs:
        /// README, Estimator)
        /// </summary>
        public double GpsCorrelationS;
        /// <summary>
        /// 0.96: its share of each fix's sigma, [0, 1)
        /// </summary>
        public double GpsCorrelatedShare;
        /// <summary>
        /// 0.68: horizontal_accuracy_m is this confidence's radius (Android: 68 %); sigma per axis =
        /// accuracy / 1.51
        /// </summary>
        public double AccuracyConfidence;
        /// <summary>
        /// 60: correlation time of the compass's slowly varying error
        /// </summary>
        public double CompassCorrelationS;
        /// <summary>
        /// 0.8: its share of each reading's sigma, [0, 1)
        /// </summary>
        public double CompassCorrelatedShare;
        /// <summary>
        /// 0.5: readings closer than this to the last used are skipped
        /// </summary>
        public double CompassIntervalS;
        /// <summary>
        /// 75: readings with the camera pitched more are skipped, [0, 90]
        /// </summary>
        public double CompassMaximumPitchDeg;
        /// <summary>
        /// 1: the session's yaw random walk, degrees per sqrt(minute)
        /// </summary>
        public double YawDriftDeg;
        /// <summary>
        /// 0.1: its position random walk, metres per sqrt(metre walked)
        /// </summary>
        public double PositionDriftM;
        /// <summary>
        /// 4: measurements farther than this many sigma are outliers
        /// </summary>
        public double OutlierGate;
        /// <summary>
        /// 0.2: a fix informs the heading after this much scene motion since the last that did
        /// </summary>
        public double HeadingStepM;
        /// <summary>
        /// 0 (off) or 1: the route as evidence of where the user is
        /// </summary>
        public int RouteEvidence;
        /// <summary>
        /// 0
        /// </summary>
        public int Reserved;
        /// <summary>
        /// 2: 1-sigma of the user's offset from the centre of their side of the street
        /// (route_side_offset_m), or from the route's centre line when that is 0, (0, 1000]
        /// </summary>
        public double RouteOffsetSigmaM;
        /// <summary>
        /// 1000: metres walked over which that offset varies, &gt; 0
        /// </summary>
        public double RouteOffsetDistanceM;
        /// <summary>
        /// 0.5: the slowly varying share of the GPS velocity's error, [0, 1)
        /// </summary>
        public double VelocityCorrelatedShare;
        /// <summary>
        /// 10: its correlation time, seconds, &gt; 0
        /// </summary>
        public double VelocityCorrelationS;
        /// <summary>
        /// 4: where each side of the street lies from the route's centre line, [0, 1000]: the offset's
        /// prior is two Gaussians of sigma route_offset_sigma_m, one per side, and the fixes tell the
        /// sides apart; 0: one Gaussian about the line
        /// </summary>
        public double RouteSideOffsetM;
    }

    /// <summary>
    /// A location fix and the device's scene position when it was taken.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Fix
    {
        /// <summary>
        /// height_m ellipsoidal; ignored when has_height == 0
        /// </summary>
        public Geodetic Position;
        /// <summary>wm_fix.has_height (waymark.h).</summary>
        public int HasHeight;
        /// <summary>wm_fix.reserved_ (waymark.h).</summary>
        public int Reserved;
        /// <summary>
        /// &gt; 0, as CoreLocation's horizontalAccuracy
        /// </summary>
        public double HorizontalAccuracyM;
        /// <summary>
        /// &gt; 0; not read when has_height == 0 (any value)
        /// </summary>
        public double VerticalAccuracyM;
        /// <summary>
        /// the caller's clock, the same as frames'
        /// </summary>
        public double TimeS;
        /// <summary>wm_fix.scene_position (waymark.h).</summary>
        public Vec3 ScenePosition;
    }

    /// <summary>
    /// The GPS velocity of a fix (wm_navigator_add_fix_velocity): CoreLocation's course,
    /// courseAccuracy, speed and speedAccuracy; Android's getBearing, getBearingAccuracyDegrees,
    /// getSpeed, getSpeedAccuracyMetersPerSecond. A value outside its range (a phone marks a
    /// missing one -1) is "none"; the velocity is used only when all four are present. NaN and
    /// +-Inf are errors, not "none".
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct GpsVelocity
    {
        /// <summary>
        /// sizeof(wm_gps_velocity) (WM_GPS_VELOCITY_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>
        /// 0
        /// </summary>
        public int Reserved;
        /// <summary>
        /// over ground, clockwise from true north, &gt;= 0 (wrapped into [0, 360)); negative: none
        /// </summary>
        public double CourseDeg;
        /// <summary>
        /// its 1-sigma, (0, 180]; else none (0: Android without one)
        /// </summary>
        public double CourseAccuracyDeg;
        /// <summary>
        /// over ground, m/s, [0, 1000]; else none
        /// </summary>
        public double SpeedMps;
        /// <summary>
        /// its 1-sigma, m/s, (0, 1000]; else none
        /// </summary>
        public double SpeedAccuracyMps;
    }

    /// <summary>
    /// The camera of one rendered frame. transform: camera -&gt; scene (ARKit camera.transform),
    /// rigid; projection: camera -&gt; clip (either depth convention); viewport in points, y down.
    /// ground_height_m: a detected ground plane's scene height (scene units, as every scene
    /// coordinate: the _m names are metres in metre conventions), used for routes without heights
    /// when has_ground == 1.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Camera
    {
        /// <summary>wm_camera.transform (waymark.h).</summary>
        public Mat4f Transform;
        /// <summary>wm_camera.projection (waymark.h).</summary>
        public Mat4f Projection;
        /// <summary>wm_camera.viewport (waymark.h).</summary>
        public Viewport Viewport;
        /// <summary>wm_camera.has_ground (waymark.h).</summary>
        public int HasGround;
        /// <summary>wm_camera.reserved_ (waymark.h).</summary>
        public int Reserved;
        /// <summary>wm_camera.ground_height_m (waymark.h).</summary>
        public double GroundHeightM;
    }

    /// <summary>
    /// Everything to draw. NaN: not available yet (no fix yet, or behind the camera).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct NavigatorResult
    {
        /// <summary>
        /// set by the caller: sizeof(wm_navigator_result)
        /// </summary>
        public uint Size;
        /// <summary>
        /// WM_SOURCE_*
        /// </summary>
        public int CorrectionSource;
        /// <summary>wm_navigator_result.time_s (waymark.h).</summary>
        public double TimeS;
        /// <summary>
        /// WM_CORRECTION_*
        /// </summary>
        public int CorrectionState;
        /// <summary>
        /// 1 when off_route_m exceeds the config's
        /// </summary>
        public int OffRoute;
        /// <summary>
        /// the frame's: true azimuth = scene azimuth + this
        /// </summary>
        public double CorrectionDeg;
        /// <summary>
        /// its 1-sigma (applied) or the estimate's (estimating)
        /// </summary>
        public double CorrectionSigmaDeg;
        /// <summary>
        /// monotonic along-route distance
        /// </summary>
        public double ProgressM;
        /// <summary>
        /// along-route distance to the finish
        /// </summary>
        public double RemainingM;
        /// <summary>
        /// horizontal distance from the route
        /// </summary>
        public double OffRouteM;
        /// <summary>
        /// the user's refined position (the camera's)
        /// </summary>
        public Geodetic User;
        /// <summary>
        /// finish mark, scene units
        /// </summary>
        public Vec3 Finish;
        /// <summary>
        /// straight-line scene distance camera -&gt; finish
        /// </summary>
        public double FinishDistanceM;
        /// <summary>
        /// in front and inside the viewport
        /// </summary>
        public int FinishVisible;
        /// <summary>
        /// 1: draw the hint (the finish is off screen)
        /// </summary>
        public int HintNeeded;
        /// <summary>
        /// points; NaN behind the camera
        /// </summary>
        public double FinishScreenX;
        /// <summary>
        /// points; NaN behind the camera
        /// </summary>
        public double FinishScreenY;
        /// <summary>
        /// the size rule
        /// </summary>
        public double FinishDiameterPt;
        /// <summary>
        /// sphere at the finish projecting to that diameter (scene units)
        /// </summary>
        public double FinishSphereRadiusM;
        /// <summary>
        /// on the viewport's edge, continuous as the camera turns; directly behind = bottom centre
        /// </summary>
        public double HintX;
        /// <summary>
        /// on the viewport's edge, continuous as the camera turns; directly behind = bottom centre
        /// </summary>
        public double HintY;
        /// <summary>
        /// shortest turn to the finish, positive = right
        /// </summary>
        public double HintTurnDeg;
        /// <summary>
        /// counter-clockwise as the user sees the screen, to keep a label level: phone rolled 30 deg
        /// clockwise -&gt; +30
        /// </summary>
        public double LabelRollDeg;
        /// <summary>
        /// arrows in the window (at most the config's capacity)
        /// </summary>
        public UIntPtr ArrowTotal;
        /// <summary>
        /// horizontal uncertainty of where the frame puts the camera: sqrt(sigma_east^2 +
        /// sigma_north^2), metres (NaN before the first fix and for the window-fit estimators)
        /// </summary>
        public double AnchorSigmaM;
        /// <summary>
        /// WM_TRACKING_NORMAL or WM_TRACKING_LIMITED, as last reported
        /// </summary>
        public int TrackingState;
        /// <summary>wm_navigator_result.reserved_ (waymark.h).</summary>
        public int Reserved;
        /// <summary>
        /// when origin_shifted: the shift this update made (scene units, horizontal). Move your scene's
        /// origin by it before drawing (ARKit: session.setWorldOrigin(relativeTransform:) with this
        /// translation); this result's positions and every scene position you pass from now on are in
        /// the shifted scene — a camera or fix captured before you moved the origin must be shifted
        /// too. An engine that cannot move it at once keeps automatic shifting off and calls
        /// wm_navigator_shift_origin when it does. Else zeros.
        /// </summary>
        public Vec3 OriginShift;
        /// <summary>
        /// 1 when this update shifted the origin
        /// </summary>
        public int OriginShifted;
        /// <summary>wm_navigator_result.reserved2_ (waymark.h).</summary>
        public int Reserved2;
        /// <summary>
        /// WM_ROUTE_EVIDENCE_*: whether the route is evidence now
        /// </summary>
        public int RouteEvidence;
        /// <summary>wm_navigator_result.reserved3_ (waymark.h).</summary>
        public int Reserved3;
    }

    /// <summary>
    /// A compass reading: the true heading of the camera's viewing direction and the camera when it
    /// was read.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct CompassReading
    {
        /// <summary>
        /// sizeof(wm_compass_reading) (WM_COMPASS_READING_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>
        /// 0
        /// </summary>
        public int Reserved;
        /// <summary>
        /// the caller's clock, the same as fixes and frames
        /// </summary>
        public double TimeS;
        /// <summary>
        /// clockwise from true north, any finite value (CoreLocation trueHeading; Android: azimuth +
        /// declination)
        /// </summary>
        public double TrueHeadingDeg;
        /// <summary>
        /// its 1-sigma, (0, 180] (CoreLocation headingAccuracy)
        /// </summary>
        public double AccuracyDeg;
        /// <summary>
        /// camera -&gt; scene (ARKit camera.transform), rigid
        /// </summary>
        public Mat4f Camera;
    }

    /// <summary>
    /// How a track is read; NULL: every default (zeros).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct TrackOptions
    {
        /// <summary>
        /// set by the caller: sizeof(wm_track_options) (WM_TRACK_OPTIONS_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>
        /// WM_GPX_PART_*, GPX only
        /// </summary>
        public uint GpxPart;
        /// <summary>
        /// KML and GeoJSON: 1 reads a Polygon's rings as lines; 0 skips it with a warning
        /// </summary>
        public uint PolygonRings;
        /// <summary>
        /// 0
        /// </summary>
        public uint Reserved;
        /// <summary>
        /// a point past it is a fault naming its line; 0: no limit but the text's
        /// </summary>
        public ulong MaximumPoints;
    }

    /// <summary>
    /// A point read from a track: WGS-84 degrees as written (the reader checks only that they are
    /// finite numbers), its height in metres (GPX, KML and TCX heights are above sea level, NMEA's
    /// above the ellipsoid) or NaN when the point has none, its time in seconds since
    /// 1970-01-01T00:00:00Z (UTC) or NaN when the document gives none, and the 1-based line it is
    /// on.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct TrackPoint
    {
        /// <summary>wm_track_point.latitude_deg (waymark.h).</summary>
        public double LatitudeDeg;
        /// <summary>wm_track_point.longitude_deg (waymark.h).</summary>
        public double LongitudeDeg;
        /// <summary>wm_track_point.height_m (waymark.h).</summary>
        public double HeightM;
        /// <summary>wm_track_point.time_s (waymark.h).</summary>
        public double TimeS;
        /// <summary>wm_track_point.line (waymark.h).</summary>
        public ulong Line;
    }

    /// <summary>
    /// What a read found: on WM_ERROR_INVALID_VALUE for the text, the fault's line and reason; on
    /// WM_OK, what was left unread or read differently from the letter of the file (one warning a
    /// line). message is NUL-terminated UTF-8 whose control bytes are written \xHH; a longer text
    /// is cut at a character boundary and ends with "...".
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct ReadReport
    {
        /// <summary>
        /// set by the caller: sizeof(wm_read_report) (WM_READ_REPORT_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>
        /// tracks: 1 when the points are one route (one LineString, one GPX segment or route, a TCX
        /// activity, an NMEA log, a route response, one polyline)
        /// </summary>
        public uint IsRoute;
        /// <summary>
        /// the fault's 1-based line; 0 on success
        /// </summary>
        public ulong Line;
        /// <summary>
        /// warnings (their text is message's lines)
        /// </summary>
        public uint WarningCount;
        /// <summary>
        /// field logs: 12, 15 or 19, the header's columns
        /// </summary>
        public uint Columns;
        /// <summary>wm_read_report.message (waymark.h).</summary>
        public fixed byte Message[488];
    }

    /// <summary>
    /// the AR session's tracking state (tracking: WM_TRACKING_*)
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct LogRow
    {
        /// <summary>
        /// t_s
        /// </summary>
        public double TimeS;
        /// <summary>
        /// WM_LOG_*
        /// </summary>
        public uint Event;
        /// <summary>
        /// WM_TRACKING_* in tracking rows; 0 otherwise
        /// </summary>
        public int Tracking;
        /// <summary>wm_log_row.latitude_deg (waymark.h).</summary>
        public double LatitudeDeg;
        /// <summary>wm_log_row.longitude_deg (waymark.h).</summary>
        public double LongitudeDeg;
        /// <summary>
        /// NaN when the fix has none
        /// </summary>
        public double HeightM;
        /// <summary>
        /// the fix's 1-sigma horizontal accuracy
        /// </summary>
        public double AccuracyM;
        /// <summary>
        /// the camera's scene position, metres
        /// </summary>
        public double X;
        /// <summary>
        /// the camera's scene position, metres
        /// </summary>
        public double Y;
        /// <summary>
        /// the camera's scene position, metres
        /// </summary>
        public double Z;
        /// <summary>wm_log_row.yaw_deg (waymark.h).</summary>
        public double YawDeg;
        /// <summary>wm_log_row.pitch_deg (waymark.h).</summary>
        public double PitchDeg;
        /// <summary>wm_log_row.roll_deg (waymark.h).</summary>
        public double RollDeg;
        /// <summary>wm_log_row.true_heading_deg (waymark.h).</summary>
        public double TrueHeadingDeg;
        /// <summary>wm_log_row.heading_accuracy_deg (waymark.h).</summary>
        public double HeadingAccuracyDeg;
        /// <summary>wm_log_row.course_deg (waymark.h).</summary>
        public double CourseDeg;
        /// <summary>wm_log_row.course_accuracy_deg (waymark.h).</summary>
        public double CourseAccuracyDeg;
        /// <summary>wm_log_row.speed_mps (waymark.h).</summary>
        public double SpeedMps;
        /// <summary>wm_log_row.speed_accuracy_mps (waymark.h).</summary>
        public double SpeedAccuracyMps;
        /// <summary>
        /// the row's 1-based line
        /// </summary>
        public ulong Line;
    }

    /// <summary>
    /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
    /// version before 1.0. The seeded field simulator (the reference scenario by default: a
    /// straight 300 m walk at 1.4 m/s, GPS sigma 5 m per axis at 1 Hz, 15 degree compass error, no
    /// drift, no jumps). One sample per second from t = 0: heading_error_deg[i] (frame correction
    /// minus true compass error) and finish_error_m[i] (where the app draws the finish vs where it
    /// is). *count receives the number of samples; when capacity is smaller, BAD_COUNT and nothing
    /// is written. Same seed, same numbers. The sample count is known before the run:
    /// floor(duration) + 1, with the duration duration_s, or the walk's length over speed_m_s when
    /// duration_s is 0. It is set in *count and checked against capacity before anything runs; a
    /// duration (given or implied) over 3,600 s is INVALID_VALUE (one call stays well under a
    /// second: the corrector's cost grows quadratically with the walk), as are a speed that is not
    /// finite and positive and a non-finite parameter.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct Simulation
    {
        /// <summary>wm_simulation.speed_m_s (waymark.h).</summary>
        public double SpeedMS;
        /// <summary>wm_simulation.gps_sigma_m (waymark.h).</summary>
        public double GpsSigmaM;
        /// <summary>wm_simulation.heading_error_deg (waymark.h).</summary>
        public double HeadingErrorDeg;
        /// <summary>wm_simulation.drift_deg_per_min (waymark.h).</summary>
        public double DriftDegPerMin;
        /// <summary>
        /// 0: until the end of the walk
        /// </summary>
        public double DurationS;
        /// <summary>
        /// per fix; 0 = no jumps; jumps are 60 m
        /// </summary>
        public double JumpProbability;
        /// <summary>wm_simulation.seed (waymark.h).</summary>
        public ulong Seed;
        /// <summary>wm_simulation.corrector (waymark.h).</summary>
        public HeadingConfig Corrector;
    }

    /// <summary>
    /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
    /// version before 1.0. One receiver's horizontal fixes: count fixes at time_s[i] (seconds, any
    /// origin, strictly increasing), east_m[i] and north_m[i] (metres in any local east-north frame
    /// near the receiver, |value| &lt;= 1e7; or, for a moving receiver, each fix's error: fix minus
    /// truth), accuracy_m[i] (the reported horizontal accuracy, a 68 % radius on Android, &gt; 0
    /// and &lt;= 1e7). The arrays are the caller's and are only read.
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct GpsSeries
    {
        /// <summary>wm_gps_series.time_s (waymark.h).</summary>
        public double* TimeS;
        /// <summary>wm_gps_series.east_m (waymark.h).</summary>
        public double* EastM;
        /// <summary>wm_gps_series.north_m (waymark.h).</summary>
        public double* NorthM;
        /// <summary>wm_gps_series.accuracy_m (waymark.h).</summary>
        public double* AccuracyM;
        /// <summary>wm_gps_series.count (waymark.h).</summary>
        public UIntPtr Count;
    }

    /// <summary>
    /// Experimental (waymark.h's WAYMARK_EXPERIMENTAL section): may change or go in any minor
    /// version before 1.0. The fit. NaN where a value does not exist (lag1_autocorrelation with no
    /// two fixes 0.5-1.5 s apart).
    /// </summary>
    [StructLayout(LayoutKind.Sequential)]
    public unsafe partial struct GpsModel
    {
        /// <summary>
        /// set by the caller: sizeof(wm_gps_model) (WM_GPS_MODEL_SIZE)
        /// </summary>
        public uint Size;
        /// <summary>wm_gps_model.reserved_ (waymark.h).</summary>
        public uint Reserved;
        /// <summary>
        /// white part's 1-sigma per axis, metres
        /// </summary>
        public double WhiteSigmaM;
        /// <summary>
        /// Gauss-Markov part's stationary 1-sigma per axis, metres
        /// </summary>
        public double CorrelatedSigmaM;
        /// <summary>
        /// sqrt(white^2 + correlated^2)
        /// </summary>
        public double SigmaM;
        /// <summary>
        /// in [0.5, 3600]
        /// </summary>
        public double CorrelationTimeS;
        /// <summary>
        /// its 95 % interval; an end at 0.5 or 3600: unbounded there
        /// </summary>
        public double CorrelationTimeLoS;
        /// <summary>wm_gps_model.correlation_time_hi_s (waymark.h).</summary>
        public double CorrelationTimeHiS;
        /// <summary>
        /// correlated_sigma_m / sigma_m, in [0, 1]
        /// </summary>
        public double CorrelatedShare;
        /// <summary>
        /// its 95 % interval
        /// </summary>
        public double ShareLo;
        /// <summary>
        /// its 95 % interval
        /// </summary>
        public double ShareHi;
        /// <summary>
        /// the median of every fix's accuracy_m
        /// </summary>
        public double MedianAccuracyM;
        /// <summary>
        /// sigma_m / (median_accuracy_m / 1.5096): 1 when a 68 % radius is right
        /// </summary>
        public double AccuracyRatio;
        /// <summary>
        /// measured, every axis less its mean, fixes 0.5-1.5 s apart
        /// </summary>
        public double Lag1Autocorrelation;
        /// <summary>
        /// the model's: correlated_share^2 * exp(-1 / correlation_time_s)
        /// </summary>
        public double ModelLag1Autocorrelation;
        /// <summary>
        /// at the optimum, up to a constant fixed by the counts
        /// </summary>
        public double RestrictedLogLikelihood;
        /// <summary>wm_gps_model.navigator_gps_correlated_share (waymark.h).</summary>
        public double NavigatorGpsCorrelatedShare;
        /// <summary>wm_gps_model.navigator_gps_correlation_s (waymark.h).</summary>
        public double NavigatorGpsCorrelationS;
        /// <summary>wm_gps_model.navigator_accuracy_confidence (waymark.h).</summary>
        public double NavigatorAccuracyConfidence;
        /// <summary>
        /// fixes fitted, over all series
        /// </summary>
        public ulong FixCount;
        /// <summary>wm_gps_model.series_count (waymark.h).</summary>
        public ulong SeriesCount;
    }
}

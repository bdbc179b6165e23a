# Generated from include/waymark.h by scripts/generate-bindings-constants: do not edit;
# change the header and run the script (js/test/abi.test.mjs and python/tests/test_abi.py
# fail while this file is out of date).
"""The C ABI's constants under their C names, the enumerations by family
(``ENUMS["WM_DIR"]["EAST"]`` is ``WM_DIR_EAST``) and the function-like macros as
functions. Struct layouts are cffi's, read from the header at import time."""
from typing import Dict

WAYMARK_VERSION_MAJOR = 0
WAYMARK_VERSION_MINOR = 4
WAYMARK_VERSION_PATCH = 0
WAYMARK_VERSION_NUMBER = 400  # (WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH)
WAYMARK_VERSION_STRING = "0.4.0"
WM_OK = 0
#: a required pointer was NULL
WM_ERROR_NULL_POINTER = 1
#: NaN, +-Inf, |latitude| > 90, bad ellipsoid or radius, unknown enum
WM_ERROR_INVALID_VALUE = 2
#: a stride is smaller than its element
WM_ERROR_BAD_STRIDE = 3
#: count * stride would not fit in memory (over 2^56 bytes), a count beyond a stated limit, or a
#: capacity too small
WM_ERROR_BAD_COUNT = 4
#: PROJ failed
WM_ERROR_PROJ = 5
#: an iterative method did not converge
WM_ERROR_NO_CONVERGENCE = 6
#: a PROJ grid file is not installed
WM_ERROR_GRID_MISSING = 7
#: the wm_frame was never initialised by wm_frame_init*
WM_ERROR_INVALID_FRAME = 8
#: a matrix has no inverse
WM_ERROR_SINGULAR = 9
#: nothing to report yet (no estimate within the window)
WM_ERROR_NOT_AVAILABLE = 10
#: portable: SSE2 on x86-64, NEON on arm64, wasm32
WM_CPU_PATH_BASELINE = 0
#: x86-64-v3: AVX2 + FMA, chosen from cpuid at run time
WM_CPU_PATH_AVX2_FMA = 1
#: AVX-512 F/DQ/BW/VL + FMA, eight lanes, chosen from cpuid
WM_CPU_PATH_AVX512 = 2
WM_AXES_ENU = 0
WM_AXES_EUS = 1
WM_AXES_EUN = 2
WM_DIR_EAST = 0
WM_DIR_NORTH = 1
WM_DIR_UP = 2
WM_DIR_WEST = 3
WM_DIR_SOUTH = 4
WM_DIR_DOWN = 5
WM_FORWARD_POS_X = 0
WM_FORWARD_POS_Y = 1
WM_FORWARD_POS_Z = 2
WM_FORWARD_NEG_X = 3
WM_FORWARD_NEG_Y = 4
WM_FORWARD_NEG_Z = 5
WM_UNIT_METRE = 0
WM_UNIT_DECIMETRE = 1
WM_UNIT_CENTIMETRE = 2
WM_UNIT_MILLIMETRE = 3
#: also RealityKit, SceneKit: right-handed, y up, -z forward, m
WM_AXES_ARKIT = 1  # WM_AXES_EUS
WM_AXES_REALITYKIT = 1  # WM_AXES_EUS
WM_AXES_SCENEKIT = 1  # WM_AXES_EUS
#: ARCore C/Java (OpenGL conventions)
WM_AXES_ARCORE = 1  # WM_AXES_EUS
#: ARCore through Unity's AR Foundation
WM_AXES_ARCORE_UNITY = 2  # WM_AXES_EUN
#: left-handed, y up, +z forward, m
WM_AXES_UNITY = 2  # WM_AXES_EUN
#: right-handed, y up, -z forward, m
WM_AXES_GODOT = 1  # WM_AXES_EUS
#: three.js and WebXR
WM_AXES_THREEJS = 1  # WM_AXES_EUS
WM_AXES_WEBXR = 1  # WM_AXES_EUS
#: right-handed, y up, Transform::forward() = -z, m
WM_AXES_BEVY = 1  # WM_AXES_EUS
#: left-handed, z up, +x forward, cm (Cesium for Unreal)
WM_AXES_UNREAL = 1073873472  # WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_SOUTH, WM_DIR_UP, WM_FORWARD_POS_X, WM_UNIT_CENTIMETRE)
WM_BASELINE_HAVERSINE = 0
WM_BASELINE_METERS_PER_DEGREE = 1
WM_FRAME_SIZE = 512
#: lon 73.66..135.05 E, lat 3.86..53.55 N (the default); includes Hong Kong, Macau, Taiwan and some
#: neighbours
WM_REGION_CHINA_RECTANGLE = 0
WM_REGION_EVERYWHERE = 1
#: a ring of vertices, even-odd rule in the lon/lat plane
WM_REGION_POLYGON = 2
#: grids and init files may be named by absolute or relative path (trusted definitions only)
WM_TRANSFORM_ALLOW_PATHS = 1
#: PROJ's reference method, as wm_geoid_undulation: up to 1.24 m from NGA's interpolation between
#: nodes (RMS 0.055 m)
WM_GEOID_BILINEAR = 0
#: NGA's (its INTPT program's 4x4 natural-spline window): up to 0.71 mm from NGA's program (RMS 0.19
#: mm); the grid continued across the poles within 0.25 deg of them, where NGA's stops
WM_GEOID_CUBIC = 1
#: the Yandex.Maps article's rule: lowest accuracy value, newest among equals, within window_m of
#: the current scene position
WM_ESTIMATES_BEST = 0
#: the 1/sigma^2 average of the estimates in the window
WM_ESTIMATES_FUSED = 1
#: the Yandex.Maps article's pairs (scene distance >= minimum_pair_distance_m)
WM_ESTIMATOR_PAIRWISE = 0
#: robust least squares (default for wm_heading_config)
WM_ESTIMATOR_ROBUST = 1
#: wm_navigator_config only: the navigator's bank of Kalman filters over GPS, compass and the scene
#: track (its default)
WM_ESTIMATOR_FILTER = 2
#: every pair far enough apart (default)
WM_PAIRS_ALL = 0
#: each estimate in one pair at most
WM_PAIRS_DISJOINT = 1
#: a seeded random pair_percent % of them
WM_PAIRS_RANDOM_PERCENT = 2
#: the pair_percent % with the longest baselines per accuracy
WM_PAIRS_TOP_WEIGHT_PERCENT = 3
WM_VIEWPORT_MAX = 1000000000.0
WM_VIEWPORT_MIN_SIZE = 0.001
#: metres above the point along the scene's up axis
WM_LABEL_METRES = 0
#: screen points above the point's projection, at its depth (behind the camera the anchor is the
#: point itself)
WM_LABEL_POINTS = 1
#: placement = distance, scale 1
WM_PLACEMENT_NONE = 0
#: the Yandex.Maps article's 10 + d/1000 metres (linear in d)
WM_PLACEMENT_LINEAR = 1
#: clamp to limit_m with scale limit/d (ARKit-CoreLocation)
WM_PLACEMENT_CLAMP = 2
#: ARKit .gravityAndHeading: -Z at compass north, the correction starts at 0 +- alignment_sigma_deg
#: (default)
WM_ALIGNMENT_GRAVITY_AND_HEADING = 0
#: ARCore, ARKit .gravity: arbitrary yaw, no prior; the first compass reading gives the first
#: estimate
WM_ALIGNMENT_GRAVITY = 1
WM_TRACKING_NORMAL = 0
#: fixes inform the anchor only; the session drifts more
WM_TRACKING_LIMITED = 1
#: the scene restarted: positions before and after are unrelated; the world side is kept, the scene
#: side rebuilt from the next scene position (a fix, a reading or a frame)
WM_TRACKING_RESET = 2
#: nothing applied: the session's own alignment
WM_SOURCE_NONE = 0
#: mostly compass readings
WM_SOURCE_COMPASS = 1
#: mostly the GPS track against the scene track
WM_SOURCE_TRACK = 2
#: the robust fit evaluated at the user (default)
WM_ANCHOR_FITTED = 0
#: the article's best estimate (lowest accuracy value, newest)
WM_ANCHOR_MOST_ACCURATE = 1
#: every fix in the window through the applied heading, 1/sigma^2
WM_ANCHOR_FUSED = 2
WM_HEIGHTS_ELLIPSOIDAL = 0
WM_HEIGHTS_ORTHOMETRIC = 1
WM_HEIGHTS_NONE = 2
#: no heading estimate yet (too little motion)
WM_CORRECTION_NONE = 0
#: an estimate exists, not trusted yet
WM_CORRECTION_ESTIMATING = 1
#: a correction has been applied
WM_CORRECTION_APPLIED = 2
#: not used: config.route_evidence 0, or a window-fit estimator
WM_ROUTE_EVIDENCE_DISABLED = 0
#: the user is taken to be on the route
WM_ROUTE_EVIDENCE_ON = 1
#: the user is taken to be off it (a detour, a square, a wrong turn); the route waits for them to
#: rejoin
WM_ROUTE_EVIDENCE_OFF = 2
#: sizeof(wm_navigator_config) in this version
WM_NAVIGATOR_CONFIG_SIZE = 336
#: the 0.3 layout, still accepted (fields before route_evidence)
WM_NAVIGATOR_CONFIG_SIZE_0_3 = 288
#: sizeof(wm_gps_velocity) in this version
WM_GPS_VELOCITY_SIZE = 40
WM_ORIENTATION_PORTRAIT = 1
WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2
WM_ORIENTATION_LANDSCAPE_RIGHT = 3
WM_ORIENTATION_LANDSCAPE_LEFT = 4
#: sizeof(wm_navigator_result) in this version
WM_NAVIGATOR_RESULT_SIZE = 256
#: the 0.3 layout, still accepted (fields before route_evidence)
WM_NAVIGATOR_RESULT_SIZE_0_3 = 248
#: the 0.2 layout, still accepted (fields before origin_shift)
WM_NAVIGATOR_RESULT_SIZE_0_2 = 216
#: sizeof(wm_compass_reading) in this version
WM_COMPASS_READING_SIZE = 96
WM_TRACK_FORMAT_GPX = 1
WM_TRACK_FORMAT_KML = 2
WM_TRACK_FORMAT_TCX = 3
WM_TRACK_FORMAT_NMEA = 4
WM_TRACK_FORMAT_GEOJSON = 5
WM_TRACK_FORMAT_POLYLINE = 6
WM_TRACK_FORMAT_POLYLINE6 = 7
#: since 0.4
WM_TRACK_FORMAT_CSV = 8
#: the first track with points, else the first route, else the waypoints
WM_GPX_PART_AUTO = 0
WM_GPX_PART_TRACK = 1
WM_GPX_PART_ROUTE = 2
WM_GPX_PART_WAYPOINTS = 3
#: sizeof(wm_track_options) in this version
WM_TRACK_OPTIONS_SIZE = 24
#: sizeof(wm_track_point)
WM_TRACK_POINT_SIZE = 40
#: sizeof(wm_read_report) in this version
WM_READ_REPORT_SIZE = 512
#: a GPS fix: latitude_deg ... accuracy_m, x, y, z, and the velocity fields
WM_LOG_FIX = 1
#: a camera frame: x, y, z, yaw_deg, pitch_deg, roll_deg
WM_LOG_FRAME = 2
#: a compass reading: the frame's fields, true_heading_deg, heading_accuracy_deg
WM_LOG_HEADING = 3
#: the AR session's tracking state (tracking: WM_TRACKING_*)
WM_LOG_TRACKING = 4
#: sizeof(wm_log_row)
WM_LOG_ROW_SIZE = 152
#: a self-contained HTML page: inline CSS, inline SVG figures, a small hover script
WM_PAGE_HTML = 1
#: one standalone SVG drawing (the read-outs as tooltips)
WM_PAGE_SVG = 2
#: deprecated: the earlier name of WM_ESTIMATOR_PAIRWISE (removed at 1.0)
WM_ESTIMATOR_SEED_PAIRS = 0
#: deprecated: the earlier name of WM_ANCHOR_MOST_ACCURATE (removed at 1.0)
WM_ANCHOR_SEED_BEST = 1
#: sizeof(wm_gps_model) in this version
WM_GPS_MODEL_SIZE = 160

#: The enumerations by family, each in the header's order.
ENUMS: Dict[str, Dict[str, int]] = {
    "WM_ERROR": {
        "NULL_POINTER": 1, "INVALID_VALUE": 2, "BAD_STRIDE": 3, "BAD_COUNT": 4, "PROJ": 5,
        "NO_CONVERGENCE": 6, "GRID_MISSING": 7, "INVALID_FRAME": 8, "SINGULAR": 9,
        "NOT_AVAILABLE": 10,
    },
    "WM_CPU_PATH": {"BASELINE": 0, "AVX2_FMA": 1, "AVX512": 2},
    "WM_AXES": {
        "ENU": 0, "EUS": 1, "EUN": 2, "ARKIT": 1, "REALITYKIT": 1, "SCENEKIT": 1, "ARCORE": 1,
        "ARCORE_UNITY": 2, "UNITY": 2, "GODOT": 1, "THREEJS": 1, "WEBXR": 1, "BEVY": 1,
        "UNREAL": 1073873472,
    },
    "WM_DIR": {"EAST": 0, "NORTH": 1, "UP": 2, "WEST": 3, "SOUTH": 4, "DOWN": 5},
    "WM_FORWARD": {"POS_X": 0, "POS_Y": 1, "POS_Z": 2, "NEG_X": 3, "NEG_Y": 4, "NEG_Z": 5},
    "WM_UNIT": {"METRE": 0, "DECIMETRE": 1, "CENTIMETRE": 2, "MILLIMETRE": 3},
    "WM_BASELINE": {"HAVERSINE": 0, "METERS_PER_DEGREE": 1},
    "WM_REGION": {"CHINA_RECTANGLE": 0, "EVERYWHERE": 1, "POLYGON": 2},
    "WM_GEOID": {"BILINEAR": 0, "CUBIC": 1},
    "WM_ESTIMATES": {"BEST": 0, "FUSED": 1},
    "WM_ESTIMATOR": {"PAIRWISE": 0, "ROBUST": 1, "FILTER": 2, "SEED_PAIRS": 0},
    "WM_PAIRS": {"ALL": 0, "DISJOINT": 1, "RANDOM_PERCENT": 2, "TOP_WEIGHT_PERCENT": 3},
    "WM_LABEL": {"METRES": 0, "POINTS": 1},
    "WM_PLACEMENT": {"NONE": 0, "LINEAR": 1, "CLAMP": 2},
    "WM_ALIGNMENT": {"GRAVITY_AND_HEADING": 0, "GRAVITY": 1},
    "WM_TRACKING": {"NORMAL": 0, "LIMITED": 1, "RESET": 2},
    "WM_SOURCE": {"NONE": 0, "COMPASS": 1, "TRACK": 2},
    "WM_ANCHOR": {"FITTED": 0, "MOST_ACCURATE": 1, "FUSED": 2, "SEED_BEST": 1},
    "WM_HEIGHTS": {"ELLIPSOIDAL": 0, "ORTHOMETRIC": 1, "NONE": 2},
    "WM_CORRECTION": {"NONE": 0, "ESTIMATING": 1, "APPLIED": 2},
    "WM_ROUTE_EVIDENCE": {"DISABLED": 0, "ON": 1, "OFF": 2},
    "WM_ORIENTATION": {
        "PORTRAIT": 1, "PORTRAIT_UPSIDE_DOWN": 2, "LANDSCAPE_RIGHT": 3, "LANDSCAPE_LEFT": 4,
    },
}


def _int32(value: int) -> int:
    """`value` as C converts it to a 32-bit signed type (two's complement)."""
    return (value + (1 << 31)) % (1 << 32) - (1 << 31)


def WM_AXES_CUSTOM(x: int, y: int, z: int, forward: int, unit: int) -> int:
    """WM_AXES_CUSTOM of waymark.h, its body translated. A convention of your own: the direction
    each scene axis points along (WM_DIR_*; x, y and z must name east-or-west, north-or-south and
    up-or-down once each), the model's forward axis for anchor transforms and arrow yaws
    (WM_FORWARD_*, a horizontal axis) and the unit of scene lengths (WM_UNIT_*). Handedness follows
    from the directions (wm_axes_describe reports it). Any other wm_axes value is INVALID_VALUE
    wherever axes are taken. A descriptor equal to ENU, EUS or EUN (metres, their forward axis)
    behaves exactly as that value."""
    return (_int32(0x40000000 | (x) | ((y) << 4) | ((z) << 8) | ((forward) << 12) | ((unit) << 16)))

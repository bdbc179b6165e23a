// Generated from include/waymark.h by scripts/generate-bindings-constants: do not edit;
// change the header and run the script (js/test/abi.test.mjs and python/tests/test_abi.py
// fail while this file is out of date).
// The C ABI's numbers for the wasm32 module: every constant under its C name, the
// enumerations by family, the function-like macros, and every struct's size and field
// offsets (nested fields as "outer.inner"), which js/test/abi.test.mjs checks against clang.

export const WAYMARK_VERSION_MAJOR = 0;
export const WAYMARK_VERSION_MINOR = 4;
export const WAYMARK_VERSION_PATCH = 0;
export const WAYMARK_VERSION_NUMBER = 400;   // (WAYMARK_VERSION_MAJOR * 10000 + WAYMARK_VERSION_MINOR * 100 + WAYMARK_VERSION_PATCH)
export const WAYMARK_VERSION_STRING = "0.4.0";
export const WM_OK = 0;
export const WM_ERROR_NULL_POINTER = 1;
export const WM_ERROR_INVALID_VALUE = 2;
export const WM_ERROR_BAD_STRIDE = 3;
export const WM_ERROR_BAD_COUNT = 4;
export const WM_ERROR_PROJ = 5;
export const WM_ERROR_NO_CONVERGENCE = 6;
export const WM_ERROR_GRID_MISSING = 7;
export const WM_ERROR_INVALID_FRAME = 8;
export const WM_ERROR_SINGULAR = 9;
export const WM_ERROR_NOT_AVAILABLE = 10;
export const WM_CPU_PATH_BASELINE = 0;
export const WM_CPU_PATH_AVX2_FMA = 1;
export const WM_CPU_PATH_AVX512 = 2;
export const WM_AXES_ENU = 0;
export const WM_AXES_EUS = 1;
export const WM_AXES_EUN = 2;
export const WM_DIR_EAST = 0;
export const WM_DIR_NORTH = 1;
export const WM_DIR_UP = 2;
export const WM_DIR_WEST = 3;
export const WM_DIR_SOUTH = 4;
export const WM_DIR_DOWN = 5;
export const WM_FORWARD_POS_X = 0;
export const WM_FORWARD_POS_Y = 1;
export const WM_FORWARD_POS_Z = 2;
export const WM_FORWARD_NEG_X = 3;
export const WM_FORWARD_NEG_Y = 4;
export const WM_FORWARD_NEG_Z = 5;
export const WM_UNIT_METRE = 0;
export const WM_UNIT_DECIMETRE = 1;
export const WM_UNIT_CENTIMETRE = 2;
export const WM_UNIT_MILLIMETRE = 3;
export const WM_AXES_ARKIT = 1;   // WM_AXES_EUS
export const WM_AXES_REALITYKIT = 1;   // WM_AXES_EUS
export const WM_AXES_SCENEKIT = 1;   // WM_AXES_EUS
export const WM_AXES_ARCORE = 1;   // WM_AXES_EUS
export const WM_AXES_ARCORE_UNITY = 2;   // WM_AXES_EUN
export const WM_AXES_UNITY = 2;   // WM_AXES_EUN
export const WM_AXES_GODOT = 1;   // WM_AXES_EUS
export const WM_AXES_THREEJS = 1;   // WM_AXES_EUS
export const WM_AXES_WEBXR = 1;   // WM_AXES_EUS
export const WM_AXES_BEVY = 1;   // WM_AXES_EUS
export const WM_AXES_UNREAL = 1073873472;   // WM_AXES_CUSTOM(WM_DIR_EAST, WM_DIR_SOUTH, WM_DIR_UP, WM_FORWARD_POS_X, WM_UNIT_CENTIMETRE)
export const WM_BASELINE_HAVERSINE = 0;
export const WM_BASELINE_METERS_PER_DEGREE = 1;
export const WM_FRAME_SIZE = 512;
export const WM_REGION_CHINA_RECTANGLE = 0;
export const WM_REGION_EVERYWHERE = 1;
export const WM_REGION_POLYGON = 2;
export const WM_TRANSFORM_ALLOW_PATHS = 1;
export const WM_GEOID_BILINEAR = 0;
export const WM_GEOID_CUBIC = 1;
export const WM_ESTIMATES_BEST = 0;
export const WM_ESTIMATES_FUSED = 1;
export const WM_ESTIMATOR_PAIRWISE = 0;
export const WM_ESTIMATOR_ROBUST = 1;
export const WM_ESTIMATOR_FILTER = 2;
export const WM_PAIRS_ALL = 0;
export const WM_PAIRS_DISJOINT = 1;
export const WM_PAIRS_RANDOM_PERCENT = 2;
export const WM_PAIRS_TOP_WEIGHT_PERCENT = 3;
export const WM_VIEWPORT_MAX = 1000000000.0;
export const WM_VIEWPORT_MIN_SIZE = 0.001;
export const WM_LABEL_METRES = 0;
export const WM_LABEL_POINTS = 1;
export const WM_PLACEMENT_NONE = 0;
export const WM_PLACEMENT_LINEAR = 1;
export const WM_PLACEMENT_CLAMP = 2;
export const WM_ALIGNMENT_GRAVITY_AND_HEADING = 0;
export const WM_ALIGNMENT_GRAVITY = 1;
export const WM_TRACKING_NORMAL = 0;
export const WM_TRACKING_LIMITED = 1;
export const WM_TRACKING_RESET = 2;
export const WM_SOURCE_NONE = 0;
export const WM_SOURCE_COMPASS = 1;
export const WM_SOURCE_TRACK = 2;
export const WM_ANCHOR_FITTED = 0;
export const WM_ANCHOR_MOST_ACCURATE = 1;
export const WM_ANCHOR_FUSED = 2;
export const WM_HEIGHTS_ELLIPSOIDAL = 0;
export const WM_HEIGHTS_ORTHOMETRIC = 1;
export const WM_HEIGHTS_NONE = 2;
export const WM_CORRECTION_NONE = 0;
export const WM_CORRECTION_ESTIMATING = 1;
export const WM_CORRECTION_APPLIED = 2;
export const WM_ROUTE_EVIDENCE_DISABLED = 0;
export const WM_ROUTE_EVIDENCE_ON = 1;
export const WM_ROUTE_EVIDENCE_OFF = 2;
export const WM_NAVIGATOR_CONFIG_SIZE = 336;
export const WM_NAVIGATOR_CONFIG_SIZE_0_3 = 288;
export const WM_GPS_VELOCITY_SIZE = 40;
export const WM_ORIENTATION_PORTRAIT = 1;
export const WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 2;
export const WM_ORIENTATION_LANDSCAPE_RIGHT = 3;
export const WM_ORIENTATION_LANDSCAPE_LEFT = 4;
export const WM_NAVIGATOR_RESULT_SIZE = 256;
export const WM_NAVIGATOR_RESULT_SIZE_0_3 = 248;
export const WM_NAVIGATOR_RESULT_SIZE_0_2 = 216;
export const WM_COMPASS_READING_SIZE = 96;
export const WM_TRACK_FORMAT_GPX = 1;
export const WM_TRACK_FORMAT_KML = 2;
export const WM_TRACK_FORMAT_TCX = 3;
export const WM_TRACK_FORMAT_NMEA = 4;
export const WM_TRACK_FORMAT_GEOJSON = 5;
export const WM_TRACK_FORMAT_POLYLINE = 6;
export const WM_TRACK_FORMAT_POLYLINE6 = 7;
export const WM_TRACK_FORMAT_CSV = 8;
export const WM_GPX_PART_AUTO = 0;
export const WM_GPX_PART_TRACK = 1;
export const WM_GPX_PART_ROUTE = 2;
export const WM_GPX_PART_WAYPOINTS = 3;
export const WM_TRACK_OPTIONS_SIZE = 24;
export const WM_TRACK_POINT_SIZE = 40;
export const WM_READ_REPORT_SIZE = 512;
export const WM_LOG_FIX = 1;
export const WM_LOG_FRAME = 2;
export const WM_LOG_HEADING = 3;
export const WM_LOG_TRACKING = 4;
export const WM_LOG_ROW_SIZE = 152;
export const WM_PAGE_HTML = 1;
export const WM_PAGE_SVG = 2;
export const WM_ESTIMATOR_SEED_PAIRS = 0;
export const WM_ANCHOR_SEED_BEST = 1;
export const WM_GPS_MODEL_SIZE = 160;

/** The enumerations by family: ENUMS.WM_DIR.EAST is WM_DIR_EAST (header order). */
export const ENUMS = Object.freeze({
  WM_ERROR: Object.freeze({
    NULL_POINTER: 1, INVALID_VALUE: 2, BAD_STRIDE: 3, BAD_COUNT: 4, PROJ: 5, NO_CONVERGENCE: 6,
    GRID_MISSING: 7, INVALID_FRAME: 8, SINGULAR: 9, NOT_AVAILABLE: 10,
  }),
  WM_CPU_PATH: Object.freeze({ BASELINE: 0, AVX2_FMA: 1, AVX512: 2 }),
  WM_AXES: Object.freeze({
    ENU: 0, EUS: 1, EUN: 2, ARKIT: 1, REALITYKIT: 1, SCENEKIT: 1, ARCORE: 1, ARCORE_UNITY: 2,
    UNITY: 2, GODOT: 1, THREEJS: 1, WEBXR: 1, BEVY: 1, UNREAL: 1073873472,
  }),
  WM_DIR: Object.freeze({ EAST: 0, NORTH: 1, UP: 2, WEST: 3, SOUTH: 4, DOWN: 5 }),
  WM_FORWARD: Object.freeze({ POS_X: 0, POS_Y: 1, POS_Z: 2, NEG_X: 3, NEG_Y: 4, NEG_Z: 5 }),
  WM_UNIT: Object.freeze({ METRE: 0, DECIMETRE: 1, CENTIMETRE: 2, MILLIMETRE: 3 }),
  WM_BASELINE: Object.freeze({ HAVERSINE: 0, METERS_PER_DEGREE: 1 }),
  WM_REGION: Object.freeze({ CHINA_RECTANGLE: 0, EVERYWHERE: 1, POLYGON: 2 }),
  WM_GEOID: Object.freeze({ BILINEAR: 0, CUBIC: 1 }),
  WM_ESTIMATES: Object.freeze({ BEST: 0, FUSED: 1 }),
  WM_ESTIMATOR: Object.freeze({ PAIRWISE: 0, ROBUST: 1, FILTER: 2, SEED_PAIRS: 0 }),
  WM_PAIRS: Object.freeze({ ALL: 0, DISJOINT: 1, RANDOM_PERCENT: 2, TOP_WEIGHT_PERCENT: 3 }),
  WM_LABEL: Object.freeze({ METRES: 0, POINTS: 1 }),
  WM_PLACEMENT: Object.freeze({ NONE: 0, LINEAR: 1, CLAMP: 2 }),
  WM_ALIGNMENT: Object.freeze({ GRAVITY_AND_HEADING: 0, GRAVITY: 1 }),
  WM_TRACKING: Object.freeze({ NORMAL: 0, LIMITED: 1, RESET: 2 }),
  WM_SOURCE: Object.freeze({ NONE: 0, COMPASS: 1, TRACK: 2 }),
  WM_ANCHOR: Object.freeze({ FITTED: 0, MOST_ACCURATE: 1, FUSED: 2, SEED_BEST: 1 }),
  WM_HEIGHTS: Object.freeze({ ELLIPSOIDAL: 0, ORTHOMETRIC: 1, NONE: 2 }),
  WM_CORRECTION: Object.freeze({ NONE: 0, ESTIMATING: 1, APPLIED: 2 }),
  WM_ROUTE_EVIDENCE: Object.freeze({ DISABLED: 0, ON: 1, OFF: 2 }),
  WM_ORIENTATION: Object.freeze({
    PORTRAIT: 1, PORTRAIT_UPSIDE_DOWN: 2, LANDSCAPE_RIGHT: 3, LANDSCAPE_LEFT: 4,
  }),
});

/** WM_AXES_CUSTOM(x, y, z, forward, unit) of waymark.h, its body translated. A convention of your
 * own: the direction each scene axis points along (WM_DIR_*; x, y and z must name east-or-west,
 * north-or-south and up-or-down once each), the model's forward axis for anchor transforms and
 * arrow yaws (WM_FORWARD_*, a horizontal axis) and the unit of scene lengths (WM_UNIT_*).
 * Handedness follows from the directions (wm_axes_describe reports it). Any other wm_axes value is
 * INVALID_VALUE wherever axes are taken. A descriptor equal to ENU, EUS or EUN (metres, their
 * forward axis) behaves exactly as that value. */
export function WM_AXES_CUSTOM(x, y, z, forward, unit) {
  return (((0x40000000 | (x) | ((y) << 4) | ((z) << 8) | ((forward) << 12) | ((unit) << 16)) | 0));
}

/** sizeof(struct) on wasm32 (4-byte pointers and size_t). */
export const SIZEOF = Object.freeze({
  wm_geodetic: 24, wm_vec3: 24, wm_mat4f: 64, wm_frame: 512, wm_region: 12, wm_route_position: 64,
  wm_arrow: 40, wm_arrow_leg: 64, wm_estimate: 72, wm_heading_config: 72, wm_viewport: 32,
  wm_label: 144, wm_rect: 32, wm_proximity: 24, wm_navigator_config: 336, wm_fix: 80,
  wm_gps_velocity: 40, wm_camera: 176, wm_navigator_result: 256, wm_compass_reading: 96,
  wm_track_options: 24, wm_track_point: 40, wm_read_report: 512, wm_log_row: 152,
  wm_simulation: 128, wm_gps_series: 20, wm_gps_model: 160,
});

/** offsetof(struct, field) on wasm32; a nested struct's fields as "outer.inner". */
export const OFFSETOF = Object.freeze({
  wm_geodetic: Object.freeze({ lat_deg: 0, lon_deg: 8, height_m: 16 }),
  wm_vec3: Object.freeze({ x: 0, y: 8, z: 16 }),
  wm_mat4f: Object.freeze({ m: 0 }),
  wm_frame: Object.freeze({ opaque_: 0 }),
  wm_region: Object.freeze({ kind: 0, polygon: 4, polygon_count: 8 }),
  wm_route_position: Object.freeze({
    segment: 0, reserved_: 4, fraction: 8, point: 16, "point.x": 16, "point.y": 24, "point.z": 32,
    distance_along_m: 40, offset_m: 48, remaining_m: 56,
  }),
  wm_arrow: Object.freeze({
    position: 0, "position.x": 0, "position.y": 8, "position.z": 16, yaw_deg: 24,
    distance_along_m: 32,
  }),
  wm_arrow_leg: Object.freeze({
    start: 0, "start.x": 0, "start.y": 8, "start.z": 16, end: 24, "end.x": 24, "end.y": 32,
    "end.z": 40, yaw_deg: 48, turn_deg: 56,
  }),
  wm_estimate: Object.freeze({
    fix: 0, "fix.lat_deg": 0, "fix.lon_deg": 8, "fix.height_m": 16, horizontal_accuracy_m: 24,
    vertical_accuracy_m: 32, timestamp_s: 40, scene_position: 48, "scene_position.x": 48,
    "scene_position.y": 56, "scene_position.z": 64,
  }),
  wm_heading_config: Object.freeze({
    estimator: 0, pair_selection: 4, pair_percent: 8, random_seed: 16, buffer_count: 24,
    reserved_: 28, buffer_interval_s: 32, maximum_accuracy_m: 40, minimum_pair_distance_m: 48,
    rejection: 56, history_s: 64,
  }),
  wm_viewport: Object.freeze({ x: 0, y: 8, width: 16, height: 24 }),
  wm_label: Object.freeze({
    anchor: 0, "anchor.x": 0, "anchor.y": 8, "anchor.z": 16, facing: 24, "facing.x": 24,
    "facing.y": 32, "facing.z": 40, facing_azimuth_deg: 48, screen_x: 56, screen_y: 64,
    roll_deg: 72, transform: 80, "transform.m": 80,
  }),
  wm_rect: Object.freeze({ x: 0, y: 8, width: 16, height: 24 }),
  wm_proximity: Object.freeze({ enter_m: 0, leave_m: 8, inside: 16, reserved_: 20 }),
  wm_navigator_config: Object.freeze({
    size: 0, alignment: 4, axes: 8, estimator: 12, anchor: 16, heights: 20, buffer_count: 24,
    fix_capacity: 28, buffer_interval_s: 32, maximum_accuracy_m: 40, minimum_pair_distance_m: 48,
    rejection: 56, maximum_uncertainty_deg: 64, minimum_span_m: 72, minimum_move_m: 80,
    anchor_window_m: 88, anchor_interval_s: 96, progress_behind_m: 104, progress_ahead_m: 112,
    off_route_m: 120, reacquire_after_s: 128, arrow_spacing_m: 136, arrows_ahead_m: 144,
    device_height_m: 152, finish_max_pt: 160, finish_min_pt: 168, finish_near_m: 176,
    finish_far_m: 184, alignment_sigma_deg: 192, gps_correlation_s: 200, gps_correlated_share: 208,
    accuracy_confidence: 216, compass_correlation_s: 224, compass_correlated_share: 232,
    compass_interval_s: 240, compass_maximum_pitch_deg: 248, yaw_drift_deg: 256,
    position_drift_m: 264, outlier_gate: 272, heading_step_m: 280, route_evidence: 288,
    reserved_: 292, route_offset_sigma_m: 296, route_offset_distance_m: 304,
    velocity_correlated_share: 312, velocity_correlation_s: 320, route_side_offset_m: 328,
  }),
  wm_fix: Object.freeze({
    position: 0, "position.lat_deg": 0, "position.lon_deg": 8, "position.height_m": 16,
    has_height: 24, reserved_: 28, horizontal_accuracy_m: 32, vertical_accuracy_m: 40, time_s: 48,
    scene_position: 56, "scene_position.x": 56, "scene_position.y": 64, "scene_position.z": 72,
  }),
  wm_gps_velocity: Object.freeze({
    size: 0, reserved_: 4, course_deg: 8, course_accuracy_deg: 16, speed_mps: 24,
    speed_accuracy_mps: 32,
  }),
  wm_camera: Object.freeze({
    transform: 0, "transform.m": 0, projection: 64, "projection.m": 64, viewport: 128,
    "viewport.x": 128, "viewport.y": 136, "viewport.width": 144, "viewport.height": 152,
    has_ground: 160, reserved_: 164, ground_height_m: 168,
  }),
  wm_navigator_result: Object.freeze({
    size: 0, correction_source: 4, time_s: 8, correction_state: 16, off_route: 20,
    correction_deg: 24, correction_sigma_deg: 32, progress_m: 40, remaining_m: 48, off_route_m: 56,
    user: 64, "user.lat_deg": 64, "user.lon_deg": 72, "user.height_m": 80, finish: 88,
    "finish.x": 88, "finish.y": 96, "finish.z": 104, finish_distance_m: 112, finish_visible: 120,
    hint_needed: 124, finish_screen_x: 128, finish_screen_y: 136, finish_diameter_pt: 144,
    finish_sphere_radius_m: 152, hint_x: 160, hint_y: 168, hint_turn_deg: 176, label_roll_deg: 184,
    arrow_total: 192, anchor_sigma_m: 200, tracking_state: 208, reserved_: 212, origin_shift: 216,
    "origin_shift.x": 216, "origin_shift.y": 224, "origin_shift.z": 232, origin_shifted: 240,
    reserved2_: 244, route_evidence: 248, reserved3_: 252,
  }),
  wm_compass_reading: Object.freeze({
    size: 0, reserved_: 4, time_s: 8, true_heading_deg: 16, accuracy_deg: 24, camera: 32,
    "camera.m": 32,
  }),
  wm_track_options: Object.freeze({
    size: 0, gpx_part: 4, polygon_rings: 8, reserved_: 12, maximum_points: 16,
  }),
  wm_track_point: Object.freeze({
    latitude_deg: 0, longitude_deg: 8, height_m: 16, time_s: 24, line: 32,
  }),
  wm_read_report: Object.freeze({
    size: 0, is_route: 4, line: 8, warning_count: 16, columns: 20, message: 24,
  }),
  wm_log_row: Object.freeze({
    time_s: 0, event: 8, tracking: 12, latitude_deg: 16, longitude_deg: 24, height_m: 32,
    accuracy_m: 40, x: 48, y: 56, z: 64, yaw_deg: 72, pitch_deg: 80, roll_deg: 88,
    true_heading_deg: 96, heading_accuracy_deg: 104, course_deg: 112, course_accuracy_deg: 120,
    speed_mps: 128, speed_accuracy_mps: 136, line: 144,
  }),
  wm_simulation: Object.freeze({
    speed_m_s: 0, gps_sigma_m: 8, heading_error_deg: 16, drift_deg_per_min: 24, duration_s: 32,
    jump_probability: 40, seed: 48, corrector: 56, "corrector.estimator": 56,
    "corrector.pair_selection": 60, "corrector.pair_percent": 64, "corrector.random_seed": 72,
    "corrector.buffer_count": 80, "corrector.reserved_": 84, "corrector.buffer_interval_s": 88,
    "corrector.maximum_accuracy_m": 96, "corrector.minimum_pair_distance_m": 104,
    "corrector.rejection": 112, "corrector.history_s": 120,
  }),
  wm_gps_series: Object.freeze({ time_s: 0, east_m: 4, north_m: 8, accuracy_m: 12, count: 16 }),
  wm_gps_model: Object.freeze({
    size: 0, reserved_: 4, white_sigma_m: 8, correlated_sigma_m: 16, sigma_m: 24,
    correlation_time_s: 32, correlation_time_lo_s: 40, correlation_time_hi_s: 48,
    correlated_share: 56, share_lo: 64, share_hi: 72, median_accuracy_m: 80, accuracy_ratio: 88,
    lag1_autocorrelation: 96, model_lag1_autocorrelation: 104, restricted_log_likelihood: 112,
    navigator_gps_correlated_share: 120, navigator_gps_correlation_s: 128,
    navigator_accuracy_confidence: 136, fix_count: 144, series_count: 152,
  }),
});

/** wm_status_string's text of each status (Sources/WaymarkC/Status.swift), for the errors
 * the package raises before calling the module. */
export const STATUS_TEXT = Object.freeze({
  [0]: "ok",
  [1]: "null pointer",
  [2]: "invalid value (NaN, infinity, latitude beyond +-90, bad ellipsoid, radius or enum)",
  [3]: "stride smaller than its element",
  [4]: "count too large for memory",
  [5]: "PROJ failed",
  [6]: "no convergence",
  [7]: "PROJ grid file missing (install proj-data)",
  [8]: "frame not initialised by wm_frame_init",
  [9]: "singular matrix",
  [10]: "not available (no estimate in the window, or behind the camera)",
});

// Generated from include/waymark.h by scripts/generate-bindings-constants: do not edit;
// change the header and run the script (js/test/abi.test.mjs and python/tests/test_abi.py
// fail while this file is out of date).

export declare const WAYMARK_VERSION_MAJOR: 0;
export declare const WAYMARK_VERSION_MINOR: 4;
export declare const WAYMARK_VERSION_PATCH: 0;
export declare const WAYMARK_VERSION_NUMBER: 400;
export declare const WAYMARK_VERSION_STRING: "0.4.0";
export declare const WM_OK: 0;
/** a required pointer was NULL */
export declare const WM_ERROR_NULL_POINTER: 1;
/** NaN, +-Inf, |latitude| > 90, bad ellipsoid or radius, unknown enum */
export declare const WM_ERROR_INVALID_VALUE: 2;
/** a stride is smaller than its element */
export declare const WM_ERROR_BAD_STRIDE: 3;
/** count * stride would not fit in memory (over 2^56 bytes), a count beyond a stated limit, or a
 * capacity too small */
export declare const WM_ERROR_BAD_COUNT: 4;
/** PROJ failed */
export declare const WM_ERROR_PROJ: 5;
/** an iterative method did not converge */
export declare const WM_ERROR_NO_CONVERGENCE: 6;
/** a PROJ grid file is not installed */
export declare const WM_ERROR_GRID_MISSING: 7;
/** the wm_frame was never initialised by wm_frame_init* */
export declare const WM_ERROR_INVALID_FRAME: 8;
/** a matrix has no inverse */
export declare const WM_ERROR_SINGULAR: 9;
/** nothing to report yet (no estimate within the window) */
export declare const WM_ERROR_NOT_AVAILABLE: 10;
/** portable: SSE2 on x86-64, NEON on arm64, wasm32 */
export declare const WM_CPU_PATH_BASELINE: 0;
/** x86-64-v3: AVX2 + FMA, chosen from cpuid at run time */
export declare const WM_CPU_PATH_AVX2_FMA: 1;
/** AVX-512 F/DQ/BW/VL + FMA, eight lanes, chosen from cpuid */
export declare const WM_CPU_PATH_AVX512: 2;
export declare const WM_AXES_ENU: 0;
export declare const WM_AXES_EUS: 1;
export declare const WM_AXES_EUN: 2;
export declare const WM_DIR_EAST: 0;
export declare const WM_DIR_NORTH: 1;
export declare const WM_DIR_UP: 2;
export declare const WM_DIR_WEST: 3;
export declare const WM_DIR_SOUTH: 4;
export declare const WM_DIR_DOWN: 5;
export declare const WM_FORWARD_POS_X: 0;
export declare const WM_FORWARD_POS_Y: 1;
export declare const WM_FORWARD_POS_Z: 2;
export declare const WM_FORWARD_NEG_X: 3;
export declare const WM_FORWARD_NEG_Y: 4;
export declare const WM_FORWARD_NEG_Z: 5;
export declare const WM_UNIT_METRE: 0;
export declare const WM_UNIT_DECIMETRE: 1;
export declare const WM_UNIT_CENTIMETRE: 2;
export declare const WM_UNIT_MILLIMETRE: 3;
/** also RealityKit, SceneKit: right-handed, y up, -z forward, m */
export declare const WM_AXES_ARKIT: 1;
export declare const WM_AXES_REALITYKIT: 1;
export declare const WM_AXES_SCENEKIT: 1;
/** ARCore C/Java (OpenGL conventions) */
export declare const WM_AXES_ARCORE: 1;
/** ARCore through Unity's AR Foundation */
export declare const WM_AXES_ARCORE_UNITY: 2;
/** left-handed, y up, +z forward, m */
export declare const WM_AXES_UNITY: 2;
/** right-handed, y up, -z forward, m */
export declare const WM_AXES_GODOT: 1;
/** three.js and WebXR */
export declare const WM_AXES_THREEJS: 1;
export declare const WM_AXES_WEBXR: 1;
/** right-handed, y up, Transform::forward() = -z, m */
export declare const WM_AXES_BEVY: 1;
/** left-handed, z up, +x forward, cm (Cesium for Unreal) */
export declare const WM_AXES_UNREAL: 1073873472;
export declare const WM_BASELINE_HAVERSINE: 0;
export declare const WM_BASELINE_METERS_PER_DEGREE: 1;
export declare const WM_FRAME_SIZE: 512;
/** lon 73.66..135.05 E, lat 3.86..53.55 N (the default); includes Hong Kong, Macau, Taiwan and some
 * neighbours */
export declare const WM_REGION_CHINA_RECTANGLE: 0;
export declare const WM_REGION_EVERYWHERE: 1;
/** a ring of vertices, even-odd rule in the lon/lat plane */
export declare const WM_REGION_POLYGON: 2;
/** grids and init files may be named by absolute or relative path (trusted definitions only) */
export declare const WM_TRANSFORM_ALLOW_PATHS: 1;
/** PROJ's reference method, as wm_geoid_undulation: up to 1.24 m from NGA's interpolation between
 * nodes (RMS 0.055 m) */
export declare const WM_GEOID_BILINEAR: 0;
/** NGA's (its INTPT program's 4x4 natural-spline window): up to 0.71 mm from NGA's program (RMS
 * 0.19 mm); the grid continued across the poles within 0.25 deg of them, where NGA's stops */
export declare const WM_GEOID_CUBIC: 1;
/** the Yandex.Maps article's rule: lowest accuracy value, newest among equals, within window_m of
 * the current scene position */
export declare const WM_ESTIMATES_BEST: 0;
/** the 1/sigma^2 average of the estimates in the window */
export declare const WM_ESTIMATES_FUSED: 1;
/** the Yandex.Maps article's pairs (scene distance >= minimum_pair_distance_m) */
export declare const WM_ESTIMATOR_PAIRWISE: 0;
/** robust least squares (default for wm_heading_config) */
export declare const WM_ESTIMATOR_ROBUST: 1;
/** wm_navigator_config only: the navigator's bank of Kalman filters over GPS, compass and the scene
 * track (its default) */
export declare const WM_ESTIMATOR_FILTER: 2;
/** every pair far enough apart (default) */
export declare const WM_PAIRS_ALL: 0;
/** each estimate in one pair at most */
export declare const WM_PAIRS_DISJOINT: 1;
/** a seeded random pair_percent % of them */
export declare const WM_PAIRS_RANDOM_PERCENT: 2;
/** the pair_percent % with the longest baselines per accuracy */
export declare const WM_PAIRS_TOP_WEIGHT_PERCENT: 3;
export declare const WM_VIEWPORT_MAX: 1000000000.0;
export declare const WM_VIEWPORT_MIN_SIZE: 0.001;
/** metres above the point along the scene's up axis */
export declare const WM_LABEL_METRES: 0;
/** screen points above the point's projection, at its depth (behind the camera the anchor is the
 * point itself) */
export declare const WM_LABEL_POINTS: 1;
/** placement = distance, scale 1 */
export declare const WM_PLACEMENT_NONE: 0;
/** the Yandex.Maps article's 10 + d/1000 metres (linear in d) */
export declare const WM_PLACEMENT_LINEAR: 1;
/** clamp to limit_m with scale limit/d (ARKit-CoreLocation) */
export declare const WM_PLACEMENT_CLAMP: 2;
/** ARKit .gravityAndHeading: -Z at compass north, the correction starts at 0 +- alignment_sigma_deg
 * (default) */
export declare const WM_ALIGNMENT_GRAVITY_AND_HEADING: 0;
/** ARCore, ARKit .gravity: arbitrary yaw, no prior; the first compass reading gives the first
 * estimate */
export declare const WM_ALIGNMENT_GRAVITY: 1;
export declare const WM_TRACKING_NORMAL: 0;
/** fixes inform the anchor only; the session drifts more */
export declare const WM_TRACKING_LIMITED: 1;
/** the scene restarted: positions before and after are unrelated; the world side is kept, the scene
 * side rebuilt from the next scene position (a fix, a reading or a frame) */
export declare const WM_TRACKING_RESET: 2;
/** nothing applied: the session's own alignment */
export declare const WM_SOURCE_NONE: 0;
/** mostly compass readings */
export declare const WM_SOURCE_COMPASS: 1;
/** mostly the GPS track against the scene track */
export declare const WM_SOURCE_TRACK: 2;
/** the robust fit evaluated at the user (default) */
export declare const WM_ANCHOR_FITTED: 0;
/** the article's best estimate (lowest accuracy value, newest) */
export declare const WM_ANCHOR_MOST_ACCURATE: 1;
/** every fix in the window through the applied heading, 1/sigma^2 */
export declare const WM_ANCHOR_FUSED: 2;
export declare const WM_HEIGHTS_ELLIPSOIDAL: 0;
export declare const WM_HEIGHTS_ORTHOMETRIC: 1;
export declare const WM_HEIGHTS_NONE: 2;
/** no heading estimate yet (too little motion) */
export declare const WM_CORRECTION_NONE: 0;
/** an estimate exists, not trusted yet */
export declare const WM_CORRECTION_ESTIMATING: 1;
/** a correction has been applied */
export declare const WM_CORRECTION_APPLIED: 2;
/** not used: config.route_evidence 0, or a window-fit estimator */
export declare const WM_ROUTE_EVIDENCE_DISABLED: 0;
/** the user is taken to be on the route */
export declare const WM_ROUTE_EVIDENCE_ON: 1;
/** the user is taken to be off it (a detour, a square, a wrong turn); the route waits for them to
 * rejoin */
export declare const WM_ROUTE_EVIDENCE_OFF: 2;
/** sizeof(wm_navigator_config) in this version */
export declare const WM_NAVIGATOR_CONFIG_SIZE: 336;
/** the 0.3 layout, still accepted (fields before route_evidence) */
export declare const WM_NAVIGATOR_CONFIG_SIZE_0_3: 288;
/** sizeof(wm_gps_velocity) in this version */
export declare const WM_GPS_VELOCITY_SIZE: 40;
export declare const WM_ORIENTATION_PORTRAIT: 1;
export declare const WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN: 2;
export declare const WM_ORIENTATION_LANDSCAPE_RIGHT: 3;
export declare const WM_ORIENTATION_LANDSCAPE_LEFT: 4;
/** sizeof(wm_navigator_result) in this version */
export declare const WM_NAVIGATOR_RESULT_SIZE: 256;
/** the 0.3 layout, still accepted (fields before route_evidence) */
export declare const WM_NAVIGATOR_RESULT_SIZE_0_3: 248;
/** the 0.2 layout, still accepted (fields before origin_shift) */
export declare const WM_NAVIGATOR_RESULT_SIZE_0_2: 216;
/** sizeof(wm_compass_reading) in this version */
export declare const WM_COMPASS_READING_SIZE: 96;
export declare const WM_TRACK_FORMAT_GPX: 1;
export declare const WM_TRACK_FORMAT_KML: 2;
export declare const WM_TRACK_FORMAT_TCX: 3;
export declare const WM_TRACK_FORMAT_NMEA: 4;
export declare const WM_TRACK_FORMAT_GEOJSON: 5;
export declare const WM_TRACK_FORMAT_POLYLINE: 6;
export declare const WM_TRACK_FORMAT_POLYLINE6: 7;
/** since 0.4 */
export declare const WM_TRACK_FORMAT_CSV: 8;
/** the first track with points, else the first route, else the waypoints */
export declare const WM_GPX_PART_AUTO: 0;
export declare const WM_GPX_PART_TRACK: 1;
export declare const WM_GPX_PART_ROUTE: 2;
export declare const WM_GPX_PART_WAYPOINTS: 3;
/** sizeof(wm_track_options) in this version */
export declare const WM_TRACK_OPTIONS_SIZE: 24;
/** sizeof(wm_track_point) */
export declare const WM_TRACK_POINT_SIZE: 40;
/** sizeof(wm_read_report) in this version */
export declare const WM_READ_REPORT_SIZE: 512;
/** a GPS fix: latitude_deg ... accuracy_m, x, y, z, and the velocity fields */
export declare const WM_LOG_FIX: 1;
/** a camera frame: x, y, z, yaw_deg, pitch_deg, roll_deg */
export declare const WM_LOG_FRAME: 2;
/** a compass reading: the frame's fields, true_heading_deg, heading_accuracy_deg */
export declare const WM_LOG_HEADING: 3;
/** the AR session's tracking state (tracking: WM_TRACKING_*) */
export declare const WM_LOG_TRACKING: 4;
/** sizeof(wm_log_row) */
export declare const WM_LOG_ROW_SIZE: 152;
/** a self-contained HTML page: inline CSS, inline SVG figures, a small hover script */
export declare const WM_PAGE_HTML: 1;
/** one standalone SVG drawing (the read-outs as tooltips) */
export declare const WM_PAGE_SVG: 2;
/** @deprecated the earlier name of WM_ESTIMATOR_PAIRWISE (removed at 1.0) */
export declare const WM_ESTIMATOR_SEED_PAIRS: 0;
/** @deprecated the earlier name of WM_ANCHOR_MOST_ACCURATE (removed at 1.0) */
export declare const WM_ANCHOR_SEED_BEST: 1;
/** sizeof(wm_gps_model) in this version */
export declare const WM_GPS_MODEL_SIZE: 160;
/** The enumerations by family: ENUMS.WM_DIR.EAST is WM_DIR_EAST (header order). */
export declare const ENUMS: {
  readonly WM_ERROR: Readonly<{
    NULL_POINTER: 1;
    INVALID_VALUE: 2;
    BAD_STRIDE: 3;
    BAD_COUNT: 4;
    PROJ: 5;
    NO_CONVERGENCE: 6;
    GRID_MISSING: 7;
    INVALID_FRAME: 8;
    SINGULAR: 9;
    NOT_AVAILABLE: 10;
  }>;
  readonly WM_CPU_PATH: Readonly<{
    BASELINE: 0;
    AVX2_FMA: 1;
    AVX512: 2;
  }>;
  readonly WM_AXES: Readonly<{
    ENU: 0;
    EUS: 1;
    EUN: 2;
    ARKIT: 1;
    REALITYKIT: 1;
    SCENEKIT: 1;
    ARCORE: 1;
    ARCORE_UNITY: 2;
    UNITY: 2;
    GODOT: 1;
    THREEJS: 1;
    WEBXR: 1;
    BEVY: 1;
    UNREAL: 1073873472;
  }>;
  readonly WM_DIR: Readonly<{
    EAST: 0;
    NORTH: 1;
    UP: 2;
    WEST: 3;
    SOUTH: 4;
    DOWN: 5;
  }>;
  readonly WM_FORWARD: Readonly<{
    POS_X: 0;
    POS_Y: 1;
    POS_Z: 2;
    NEG_X: 3;
    NEG_Y: 4;
    NEG_Z: 5;
  }>;
  readonly WM_UNIT: Readonly<{
    METRE: 0;
    DECIMETRE: 1;
    CENTIMETRE: 2;
    MILLIMETRE: 3;
  }>;
  readonly WM_BASELINE: Readonly<{
    HAVERSINE: 0;
    METERS_PER_DEGREE: 1;
  }>;
  readonly WM_REGION: Readonly<{
    CHINA_RECTANGLE: 0;
    EVERYWHERE: 1;
    POLYGON: 2;
  }>;
  readonly WM_GEOID: Readonly<{
    BILINEAR: 0;
    CUBIC: 1;
  }>;
  readonly WM_ESTIMATES: Readonly<{
    BEST: 0;
    FUSED: 1;
  }>;
  readonly WM_ESTIMATOR: Readonly<{
    PAIRWISE: 0;
    ROBUST: 1;
    FILTER: 2;
    /** @deprecated the earlier name of WM_ESTIMATOR_PAIRWISE (removed at 1.0) */ SEED_PAIRS: 0;
  }>;
  readonly WM_PAIRS: Readonly<{
    ALL: 0;
    DISJOINT: 1;
    RANDOM_PERCENT: 2;
    TOP_WEIGHT_PERCENT: 3;
  }>;
  readonly WM_LABEL: Readonly<{
    METRES: 0;
    POINTS: 1;
  }>;
  readonly WM_PLACEMENT: Readonly<{
    NONE: 0;
    LINEAR: 1;
    CLAMP: 2;
  }>;
  readonly WM_ALIGNMENT: Readonly<{
    GRAVITY_AND_HEADING: 0;
    GRAVITY: 1;
  }>;
  readonly WM_TRACKING: Readonly<{
    NORMAL: 0;
    LIMITED: 1;
    RESET: 2;
  }>;
  readonly WM_SOURCE: Readonly<{
    NONE: 0;
    COMPASS: 1;
    TRACK: 2;
  }>;
  readonly WM_ANCHOR: Readonly<{
    FITTED: 0;
    MOST_ACCURATE: 1;
    FUSED: 2;
    /** @deprecated the earlier name of WM_ANCHOR_MOST_ACCURATE (removed at 1.0) */ SEED_BEST: 1;
  }>;
  readonly WM_HEIGHTS: Readonly<{
    ELLIPSOIDAL: 0;
    ORTHOMETRIC: 1;
    NONE: 2;
  }>;
  readonly WM_CORRECTION: Readonly<{
    NONE: 0;
    ESTIMATING: 1;
    APPLIED: 2;
  }>;
  readonly WM_ROUTE_EVIDENCE: Readonly<{
    DISABLED: 0;
    ON: 1;
    OFF: 2;
  }>;
  readonly WM_ORIENTATION: Readonly<{
    PORTRAIT: 1;
    PORTRAIT_UPSIDE_DOWN: 2;
    LANDSCAPE_RIGHT: 3;
    LANDSCAPE_LEFT: 4;
  }>;
};
/** WM_AXES_CUSTOM of waymark.h. A convention of your own: the direction each scene axis points
 * along (WM_DIR_*; x, y and z must name east-or-west, north-or-south and up-or-down once each), the
 * model's forward axis for anchor transforms and arrow yaws (WM_FORWARD_*, a horizontal axis) and
 * the unit of scene lengths (WM_UNIT_*). Handedness follows from the directions (wm_axes_describe
 * reports it). Any other wm_axes value is INVALID_VALUE wherever axes are taken. A descriptor equal
 * to ENU, EUS or EUN (metres, their forward axis) behaves exactly as that value. */
export declare function WM_AXES_CUSTOM(x: number, y: number, z: number, forward: number, unit: number): number;
/** sizeof(struct) on wasm32 (4-byte pointers and size_t). */
export declare const SIZEOF: Readonly<{
  wm_geodetic: 24; wm_vec3: 24; wm_mat4f: 64; wm_frame: 512; wm_region: 12; wm_route_position: 64;
  wm_arrow: 40; wm_arrow_leg: 64; wm_estimate: 72; wm_heading_config: 72; wm_viewport: 32;
  wm_label: 144; wm_rect: 32; wm_proximity: 24; wm_navigator_config: 336; wm_fix: 80;
  wm_gps_velocity: 40; wm_camera: 176; wm_navigator_result: 256; wm_compass_reading: 96;
  wm_track_options: 24; wm_track_point: 40; wm_read_report: 512; wm_log_row: 152;
  wm_simulation: 128; wm_gps_series: 20; wm_gps_model: 160;
}>;
/** offsetof(struct, field) on wasm32; a nested struct's fields as "outer.inner". */
export declare const OFFSETOF: Readonly<{
  wm_geodetic: Readonly<{ lat_deg: 0; lon_deg: 8; height_m: 16 }>;
  wm_vec3: Readonly<{ x: 0; y: 8; z: 16 }>;
  wm_mat4f: Readonly<{ m: 0 }>;
  wm_frame: Readonly<{ opaque_: 0 }>;
  wm_region: Readonly<{ kind: 0; polygon: 4; polygon_count: 8 }>;
  wm_route_position: Readonly<{
    segment: 0; reserved_: 4; fraction: 8; point: 16; "point.x": 16; "point.y": 24; "point.z": 32;
    distance_along_m: 40; offset_m: 48; remaining_m: 56;
  }>;
  wm_arrow: Readonly<{
    position: 0; "position.x": 0; "position.y": 8; "position.z": 16; yaw_deg: 24;
    distance_along_m: 32;
  }>;
  wm_arrow_leg: Readonly<{
    start: 0; "start.x": 0; "start.y": 8; "start.z": 16; end: 24; "end.x": 24; "end.y": 32;
    "end.z": 40; yaw_deg: 48; turn_deg: 56;
  }>;
  wm_estimate: Readonly<{
    fix: 0; "fix.lat_deg": 0; "fix.lon_deg": 8; "fix.height_m": 16; horizontal_accuracy_m: 24;
    vertical_accuracy_m: 32; timestamp_s: 40; scene_position: 48; "scene_position.x": 48;
    "scene_position.y": 56; "scene_position.z": 64;
  }>;
  wm_heading_config: Readonly<{
    estimator: 0; pair_selection: 4; pair_percent: 8; random_seed: 16; buffer_count: 24;
    reserved_: 28; buffer_interval_s: 32; maximum_accuracy_m: 40; minimum_pair_distance_m: 48;
    rejection: 56; history_s: 64;
  }>;
  wm_viewport: Readonly<{ x: 0; y: 8; width: 16; height: 24 }>;
  wm_label: Readonly<{
    anchor: 0; "anchor.x": 0; "anchor.y": 8; "anchor.z": 16; facing: 24; "facing.x": 24;
    "facing.y": 32; "facing.z": 40; facing_azimuth_deg: 48; screen_x: 56; screen_y: 64;
    roll_deg: 72; transform: 80; "transform.m": 80;
  }>;
  wm_rect: Readonly<{ x: 0; y: 8; width: 16; height: 24 }>;
  wm_proximity: Readonly<{ enter_m: 0; leave_m: 8; inside: 16; reserved_: 20 }>;
  wm_navigator_config: Readonly<{
    size: 0; alignment: 4; axes: 8; estimator: 12; anchor: 16; heights: 20; buffer_count: 24;
    fix_capacity: 28; buffer_interval_s: 32; maximum_accuracy_m: 40; minimum_pair_distance_m: 48;
    rejection: 56; maximum_uncertainty_deg: 64; minimum_span_m: 72; minimum_move_m: 80;
    anchor_window_m: 88; anchor_interval_s: 96; progress_behind_m: 104; progress_ahead_m: 112;
    off_route_m: 120; reacquire_after_s: 128; arrow_spacing_m: 136; arrows_ahead_m: 144;
    device_height_m: 152; finish_max_pt: 160; finish_min_pt: 168; finish_near_m: 176;
    finish_far_m: 184; alignment_sigma_deg: 192; gps_correlation_s: 200; gps_correlated_share: 208;
    accuracy_confidence: 216; compass_correlation_s: 224; compass_correlated_share: 232;
    compass_interval_s: 240; compass_maximum_pitch_deg: 248; yaw_drift_deg: 256;
    position_drift_m: 264; outlier_gate: 272; heading_step_m: 280; route_evidence: 288;
    reserved_: 292; route_offset_sigma_m: 296; route_offset_distance_m: 304;
    velocity_correlated_share: 312; velocity_correlation_s: 320; route_side_offset_m: 328;
  }>;
  wm_fix: Readonly<{
    position: 0; "position.lat_deg": 0; "position.lon_deg": 8; "position.height_m": 16;
    has_height: 24; reserved_: 28; horizontal_accuracy_m: 32; vertical_accuracy_m: 40; time_s: 48;
    scene_position: 56; "scene_position.x": 56; "scene_position.y": 64; "scene_position.z": 72;
  }>;
  wm_gps_velocity: Readonly<{
    size: 0; reserved_: 4; course_deg: 8; course_accuracy_deg: 16; speed_mps: 24;
    speed_accuracy_mps: 32;
  }>;
  wm_camera: Readonly<{
    transform: 0; "transform.m": 0; projection: 64; "projection.m": 64; viewport: 128;
    "viewport.x": 128; "viewport.y": 136; "viewport.width": 144; "viewport.height": 152;
    has_ground: 160; reserved_: 164; ground_height_m: 168;
  }>;
  wm_navigator_result: Readonly<{
    size: 0; correction_source: 4; time_s: 8; correction_state: 16; off_route: 20;
    correction_deg: 24; correction_sigma_deg: 32; progress_m: 40; remaining_m: 48; off_route_m: 56;
    user: 64; "user.lat_deg": 64; "user.lon_deg": 72; "user.height_m": 80; finish: 88;
    "finish.x": 88; "finish.y": 96; "finish.z": 104; finish_distance_m: 112; finish_visible: 120;
    hint_needed: 124; finish_screen_x: 128; finish_screen_y: 136; finish_diameter_pt: 144;
    finish_sphere_radius_m: 152; hint_x: 160; hint_y: 168; hint_turn_deg: 176; label_roll_deg: 184;
    arrow_total: 192; anchor_sigma_m: 200; tracking_state: 208; reserved_: 212; origin_shift: 216;
    "origin_shift.x": 216; "origin_shift.y": 224; "origin_shift.z": 232; origin_shifted: 240;
    reserved2_: 244; route_evidence: 248; reserved3_: 252;
  }>;
  wm_compass_reading: Readonly<{
    size: 0; reserved_: 4; time_s: 8; true_heading_deg: 16; accuracy_deg: 24; camera: 32;
    "camera.m": 32;
  }>;
  wm_track_options: Readonly<{
    size: 0; gpx_part: 4; polygon_rings: 8; reserved_: 12; maximum_points: 16;
  }>;
  wm_track_point: Readonly<{
    latitude_deg: 0; longitude_deg: 8; height_m: 16; time_s: 24; line: 32;
  }>;
  wm_read_report: Readonly<{
    size: 0; is_route: 4; line: 8; warning_count: 16; columns: 20; message: 24;
  }>;
  wm_log_row: Readonly<{
    time_s: 0; event: 8; tracking: 12; latitude_deg: 16; longitude_deg: 24; height_m: 32;
    accuracy_m: 40; x: 48; y: 56; z: 64; yaw_deg: 72; pitch_deg: 80; roll_deg: 88;
    true_heading_deg: 96; heading_accuracy_deg: 104; course_deg: 112; course_accuracy_deg: 120;
    speed_mps: 128; speed_accuracy_mps: 136; line: 144;
  }>;
  wm_simulation: Readonly<{
    speed_m_s: 0; gps_sigma_m: 8; heading_error_deg: 16; drift_deg_per_min: 24; duration_s: 32;
    jump_probability: 40; seed: 48; corrector: 56; "corrector.estimator": 56;
    "corrector.pair_selection": 60; "corrector.pair_percent": 64; "corrector.random_seed": 72;
    "corrector.buffer_count": 80; "corrector.reserved_": 84; "corrector.buffer_interval_s": 88;
    "corrector.maximum_accuracy_m": 96; "corrector.minimum_pair_distance_m": 104;
    "corrector.rejection": 112; "corrector.history_s": 120;
  }>;
  wm_gps_series: Readonly<{ time_s: 0; east_m: 4; north_m: 8; accuracy_m: 12; count: 16 }>;
  wm_gps_model: Readonly<{
    size: 0; reserved_: 4; white_sigma_m: 8; correlated_sigma_m: 16; sigma_m: 24;
    correlation_time_s: 32; correlation_time_lo_s: 40; correlation_time_hi_s: 48;
    correlated_share: 56; share_lo: 64; share_hi: 72; median_accuracy_m: 80; accuracy_ratio: 88;
    lag1_autocorrelation: 96; model_lag1_autocorrelation: 104; restricted_log_likelihood: 112;
    navigator_gps_correlated_share: 120; navigator_gps_correlation_s: 128;
    navigator_accuracy_confidence: 136; fix_count: 144; series_count: 152;
  }>;
}>;
/** wm_status_string's text of each status, by status number. */
export declare const STATUS_TEXT: Readonly<Record<number, string>>;

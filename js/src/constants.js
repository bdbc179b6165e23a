// The C ABI's enumerations (include/waymark.h) by name. Each table is the one place a
// name meets its number: a new preset in the header is one line here.

/** Directions, forward axes and units of a custom axes convention (WM_DIR_*,
 * WM_FORWARD_*, WM_UNIT_*). */
export const Direction = Object.freeze({ EAST: 0, NORTH: 1, UP: 2, WEST: 3, SOUTH: 4, DOWN: 5 });
export const Forward = Object.freeze({ POS_X: 0, POS_Y: 1, POS_Z: 2, NEG_X: 3, NEG_Y: 4, NEG_Z: 5 });
export const Unit = Object.freeze({ METRE: 0, DECIMETRE: 1, CENTIMETRE: 2, MILLIMETRE: 3 });

/** A convention of your own (WM_AXES_CUSTOM): the Direction each scene axis points
 * along, the model's Forward axis and the Unit of scene lengths. The module checks it
 * (INVALID_VALUE wherever axes are taken if it is not a valid assignment). */
export function customAxes(x, y, z, forward, unit) {
  return 0x40000000 | x | (y << 4) | (z << 8) | (forward << 12) | (unit << 16);
}

/** Scene axis conventions (wm_axes) and the engine presets, one line each as the
 * header's WM_AXES_* (js/test/declarations.test.mjs compares the two). ENU: x east,
 * y north, z up. EUS: x east, y up, z south (WebXR, three.js, ARKit, ARCore: 100 m due
 * north is z = -100). EUN: x east, y up, z north (Unity). */
export const Axes = Object.freeze({
  ENU: 0,
  EUS: 1,
  EUN: 2,
  ARKIT: 1,
  REALITYKIT: 1,
  SCENEKIT: 1,
  ARCORE: 1,
  ARCORE_UNITY: 2,
  UNITY: 2,
  GODOT: 1,
  THREEJS: 1,
  WEBXR: 1,
  BEVY: 1,
  UNREAL: customAxes(Direction.EAST, Direction.SOUTH, Direction.UP, Forward.POS_X, Unit.CENTIMETRE),
});

/** wm_status codes. */
export const Status = Object.freeze({
  OK: 0, NULL_POINTER: 1, INVALID_VALUE: 2, BAD_STRIDE: 3, BAD_COUNT: 4, PROJ: 5,
  NO_CONVERGENCE: 6, GRID_MISSING: 7, INVALID_FRAME: 8, SINGULAR: 9, NOT_AVAILABLE: 10,
});

/** Where the China datum offsets apply (wm_region_kind; a polygon is passed as points). */
export const Region = Object.freeze({ CHINA_RECTANGLE: 0, EVERYWHERE: 1, POLYGON: 2 });

/** wm_navigator_tracking states. */
export const Tracking = Object.freeze({ NORMAL: 0, LIMITED: 1, RESET: 2 });

/** wm_navigator_config.estimator. */
export const Estimator = Object.freeze({ PAIRWISE: 0, ROBUST: 1, FILTER: 2, /** @deprecated the earlier name of PAIRWISE (removed at 1.0) */ SEED_PAIRS: 0 });

/** wm_navigator_config.alignment: how the AR session's yaw was set when it started.
 * WebXR's local space has an arbitrary yaw: GRAVITY. */
export const Alignment = Object.freeze({ GRAVITY_AND_HEADING: 0, GRAVITY: 1 });

/** wm_navigator_config.anchor. */
export const Anchor = Object.freeze({ FITTED: 0, MOST_ACCURATE: 1, FUSED: 2, /** @deprecated the earlier name of MOST_ACCURATE (removed at 1.0) */ SEED_BEST: 1 });

/** wm_navigator_config.heights (ORTHOMETRIC needs the geoid: GRID_MISSING in this module). */
export const Heights = Object.freeze({ ELLIPSOIDAL: 0, ORTHOMETRIC: 1, NONE: 2 });

/** wm_navigator_result.correction_state. */
export const CorrectionState = Object.freeze({ NONE: 0, ESTIMATING: 1, APPLIED: 2 });

/** wm_navigator_result.correction_source. */
export const CorrectionSource = Object.freeze({ NONE: 0, COMPASS: 1, TRACK: 2 });

/** wm_navigator_result.route_evidence (WM_ROUTE_EVIDENCE_*; a 0.4 module). */
export const RouteEvidence = Object.freeze({ DISABLED: 0, ON: 1, OFF: 2 });

/** The name of `value` in `table` (undefined when it has none). */
export function nameOf(table, value) {
  for (const [name, v] of Object.entries(table)) if (v === value) return name;
  return undefined;
}

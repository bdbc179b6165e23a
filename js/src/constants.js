// The C ABI's enumerations (include/waymark.h) by name. The numbers are the generated
// module's (src/generated/abi.js, written from the header by
// scripts/generate-bindings-constants): a preset or value added to the header appears in
// its table here with no edit, and js/test/abi.test.mjs fails while the module is stale.
import { ENUMS, WM_AXES_CUSTOM, WM_OK } from "./generated/abi.js";

/** Directions, forward axes and units of a custom axes convention (WM_DIR_*,
 * WM_FORWARD_*, WM_UNIT_*). */
export const Direction = ENUMS.WM_DIR;
export const Forward = ENUMS.WM_FORWARD;
export const Unit = ENUMS.WM_UNIT;

/** A convention of your own (WM_AXES_CUSTOM): the Direction each scene axis points
 * along, the model's Forward axis and the Unit of scene lengths. The module checks it
 * (INVALID_VALUE wherever axes are taken if it is not a valid assignment). */
export function customAxes(x, y, z, forward, unit) {
  return WM_AXES_CUSTOM(x, y, z, forward, unit);
}

/** Scene axis conventions (wm_axes) and the engine presets, every WM_AXES_* of the
 * header in its order. ENU: x east, y north, z up. EUS: x east, y up, z south (WebXR,
 * three.js, ARKit, ARCore: 100 m due north is z = -100). EUN: x east, y up, z north
 * (Unity). UNREAL: x east, y south, z up, centimetres. */
export const Axes = ENUMS.WM_AXES;

/** wm_status codes: OK and every WM_ERROR_*. */
export const Status = Object.freeze({ OK: WM_OK, ...ENUMS.WM_ERROR });

/** Where the China datum offsets apply (wm_region_kind; a polygon is passed as points). */
export const Region = ENUMS.WM_REGION;

/** wm_navigator_tracking states. */
export const Tracking = ENUMS.WM_TRACKING;

/** wm_navigator_config.estimator (SEED_PAIRS: the deprecated earlier name of PAIRWISE,
 * removed at 1.0). */
export const Estimator = ENUMS.WM_ESTIMATOR;

/** wm_navigator_config.alignment: how the AR session's yaw was set when it started.
 * WebXR's local space has an arbitrary yaw: GRAVITY. */
export const Alignment = ENUMS.WM_ALIGNMENT;

/** wm_navigator_config.anchor (SEED_BEST: the deprecated earlier name of MOST_ACCURATE,
 * removed at 1.0). */
export const Anchor = ENUMS.WM_ANCHOR;

/** wm_navigator_config.heights (ORTHOMETRIC needs the geoid: GRID_MISSING in this module). */
export const Heights = ENUMS.WM_HEIGHTS;

/** wm_navigator_result.correction_state (WM_CORRECTION_*). */
export const CorrectionState = ENUMS.WM_CORRECTION;

/** wm_navigator_result.correction_source (WM_SOURCE_*). */
export const CorrectionSource = ENUMS.WM_SOURCE;

/** wm_navigator_result.route_evidence (WM_ROUTE_EVIDENCE_*; a 0.4 module). */
export const RouteEvidence = ENUMS.WM_ROUTE_EVIDENCE;

/** The name of `value` in `table` (undefined when it has none). */
export function nameOf(table, value) {
  for (const [name, v] of Object.entries(table)) if (v === value) return name;
  return undefined;
}

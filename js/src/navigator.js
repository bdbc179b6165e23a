import { Alignment, Anchor, Axes, CorrectionSource, CorrectionState, Estimator, Heights, RouteEvidence, Status, Tracking, nameOf } from "./constants.js";
import {
  OFFSETOF, SIZEOF, WM_COMPASS_READING_SIZE, WM_GPS_VELOCITY_SIZE, WM_NAVIGATOR_CONFIG_SIZE, WM_NAVIGATOR_CONFIG_SIZE_0_3,
  WM_NAVIGATOR_RESULT_SIZE, WM_NAVIGATOR_RESULT_SIZE_0_2, WM_NAVIGATOR_RESULT_SIZE_0_3,
} from "./generated/abi.js";
import { argumentError, fieldError } from "./errors.js";
import { PointBuffer, finalizer } from "./memory.js";
import { copyNumbers, enumValue, matrix, numberOf, tripleCount, vector, viewport } from "./args.js";

// The versioned structs' sizes and wasm32 offsets are the header's (src/generated/abi.js;
// size_t is 4 bytes here, so wm_navigator_result.arrow_total is followed by 4 bytes of
// padding). A module with GPS velocity (wm_navigator_add_fix_velocity, 0.4) fills this
// version's result and takes its config (wm_navigator_config_init); one with the origin
// shift (wm_navigator_shift_origin, 0.3) the 0.3 result; older ones the 0.2 result. Each
// later library still accepts the earlier layouts.
const RESULT = WM_NAVIGATOR_RESULT_SIZE, RESULT_0_3 = WM_NAVIGATOR_RESULT_SIZE_0_3, RESULT_0_2 = WM_NAVIGATOR_RESULT_SIZE_0_2;
// The config: 0.2's and 0.3's layout, which every later library accepts, or this
// version's with the velocity and route settings after it.
// CONFIG_ROOM: the config's block, whichever layout the module fills, 8-aligned for the
// pointers after it.
const CONFIG = WM_NAVIGATOR_CONFIG_SIZE, CONFIG_0_3 = WM_NAVIGATOR_CONFIG_SIZE_0_3, CONFIG_ROOM = Math.max(512, Math.ceil(CONFIG / 8) * 8);
const READING = WM_COMPASS_READING_SIZE, VELOCITY = WM_GPS_VELOCITY_SIZE, FIX = SIZEOF.wm_fix, CAMERA = SIZEOF.wm_camera;
const ARROW = SIZEOF.wm_arrow, POINT = SIZEOF.wm_geodetic;
const CONFIG_AT = OFFSETOF.wm_navigator_config, RESULT_AT = OFFSETOF.wm_navigator_result, FIX_AT = OFFSETOF.wm_fix;
const CAMERA_AT = OFFSETOF.wm_camera, READING_AT = OFFSETOF.wm_compass_reading, VELOCITY_AT = OFFSETOF.wm_gps_velocity;

const CONFIG_INTS = [["alignment", Alignment], ["axes", Axes], ["estimator", Estimator], ["anchor", Anchor],
  ["heights", Heights], ["bufferCount"], ["fixCapacity"]];
const CONFIG_DOUBLES = ["bufferIntervalS", "maximumAccuracyM", "minimumPairDistanceM", "rejection",
  "maximumUncertaintyDeg", "minimumSpanM", "minimumMoveM", "anchorWindowM", "anchorIntervalS", "progressBehindM",
  "progressAheadM", "offRouteM", "reacquireAfterS", "arrowSpacingM", "arrowsAheadM", "deviceHeightM", "finishMaxPt",
  "finishMinPt", "finishNearM", "finishFarM", "alignmentSigmaDeg", "gpsCorrelationS", "gpsCorrelatedShare",
  "accuracyConfidence", "compassCorrelationS", "compassCorrelatedShare", "compassIntervalS", "compassMaximumPitchDeg",
  "yawDriftDeg", "positionDriftM", "outlierGate", "headingStepM"];
// 0.4: route_evidence (an int32 after the 0.3 layout, then reserved_) and five doubles.
const CONFIG_0_4_DOUBLES = ["routeOffsetSigmaM", "routeOffsetDistanceM", "velocityCorrelatedShare", "velocityCorrelationS",
  "routeSideOffsetM"];
const CONFIG_0_4_KEYS = ["routeEvidence", ...CONFIG_0_4_DOUBLES];
const CONFIG_KEYS = new Set([...CONFIG_INTS.map(([k]) => k), ...CONFIG_DOUBLES, ...CONFIG_0_4_KEYS, "originShiftM"]);
const VELOCITY_KEYS = ["course", "courseAccuracy", "speed", "speedAccuracy"];

// Each option is the config field of the same name in snake case (bufferIntervalS:
// buffer_interval_s). Resolved once here, so an option whose field the header renamed
// fails at import rather than writing to offset NaN.
const configOffset = Object.fromEntries([...CONFIG_INTS.map(([k]) => k), ...CONFIG_DOUBLES, ...CONFIG_0_4_KEYS].map((key) => {
  const field = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  if (CONFIG_AT[field] === undefined) throw new Error(`waymark-geo: wm_navigator_config has no field ${field}`);
  return [key, CONFIG_AT[field]];
}));

/** The options wm_navigator_create refused with INVALID_VALUE, found with the library's
 * own rules (none copied here): each option that differs from the default is tried alone
 * on the defaults, on a two-point route; when none fails alone (a combination, such as
 * finishMinPt above finishMaxPt), each is put back to its default in a copy instead.
 * [[`options.name`, "options.name = value (default d)"], ...]. */
function configProblems(wm, config, size) {
  const block = wm.alloc(2 * CONFIG_ROOM + 8 + 2 * POINT, "wm_navigator_create", "a config check");
  try {
    const def = block, trial = block + CONFIG_ROOM, out = block + 2 * CONFIG_ROOM, route = out + 8;
    if (size === CONFIG) {
      wm.exports.wm_navigator_config_init(def, CONFIG);
    } else {
      wm.exports.wm_navigator_config_default(def);
      wm.u32(def + CONFIG_AT.size, 1)[0] = CONFIG_0_3;
    }
    wm.f64(route, 6).set([55.7339, 37.5886, 0, 55.7352473, 37.5886, 0]);
    const fields = [...CONFIG_INTS.map(([key, table]) => [key, "i32", table]), ...CONFIG_DOUBLES.map((key) => [key, "f64"]),
      ...(size === CONFIG ? [["routeEvidence", "i32"], ...CONFIG_0_4_DOUBLES.map((key) => [key, "f64"])] : [])];
    const read = (base, [key, type]) => wm[type](base + configOffset[key], 1)[0];
    const write = (base, [key, type], value) => { wm[type](base + configOffset[key], 1)[0] = value; };
    const copy = (source) => new Uint8Array(wm.memory.buffer, trial, size).set(new Uint8Array(wm.memory.buffer, source, size));
    const accepted = () => {
      if (wm.exports.wm_navigator_create(trial, route, POINT, 2, out, 0) !== Status.OK) return false;
      wm.exports.wm_navigator_destroy(wm.u32(out, 1)[0]);
      return true;
    };
    const changed = fields.filter((f) => !Object.is(read(config, f), read(def, f)));
    let bad = changed.filter((f) => { copy(def); write(trial, f, read(config, f)); return !accepted(); });
    if (bad.length === 0) bad = changed.filter((f) => { copy(config); write(trial, f, read(def, f)); return accepted(); });
    const shown = (f, value) => (f[2] ? nameOf(f[2], value) ?? value : value);
    return bad.map((f) => [`options.${f[0]}`, `options.${f[0]} = ${shown(f, read(config, f))} (default ${shown(f, read(def, f))})`]);
  } finally {
    wm.free(block);
  }
}

/** The fields of a refused fix that break wm_navigator_add_fix's documented rules (asked
 * only after the library refused it). */
function fixProblems([lat, lon, height], hasHeight, [accuracy, verticalAccuracy, time, ...scene], velocity) {
  const bad = (x, limit = Infinity) => !Number.isFinite(x) || Math.abs(x) > limit;
  const problems = [];
  if (bad(lat, 90)) problems.push(["fix.lat", `fix.lat = ${lat} (finite, |lat| <= 90)`]);
  if (bad(lon)) problems.push(["fix.lon", `fix.lon = ${lon} (finite)`]);
  if (hasHeight && bad(height)) problems.push(["fix.height", `fix.height = ${height} (finite, or omitted)`]);
  if (bad(accuracy, 1e12) || accuracy <= 0) problems.push(["fix.accuracy", `fix.accuracy = ${accuracy} (> 0 and finite)`]);
  if (hasHeight && (bad(verticalAccuracy, 1e12) || verticalAccuracy <= 0)) {
    problems.push(["fix.verticalAccuracy", `fix.verticalAccuracy = ${verticalAccuracy} (> 0 and finite when height is given)`]);
  }
  if (bad(time)) problems.push(["fix.time", `fix.time = ${time} (finite)`]);
  if (scene.some((v) => bad(v, 1e12))) problems.push(["fix.scene", `fix.scene = [${scene.join(", ")}] (three finite numbers)`]);
  velocity.forEach((v, k) => {
    if (bad(v)) problems.push([`fix.${VELOCITY_KEYS[k]}`, `fix.${VELOCITY_KEYS[k]} = ${v} (a number; omitted or -1 for none)`]);
  });
  return problems;
}

/**
 * AR walking navigation as one session object (wm_navigator): feed it every location
 * fix with the device's scene position then, compass readings and tracking changes,
 * and call update() once per rendered frame. Dispose it when done.
 */
export class Navigator {
  /**
   * `route`: flat (lat, lon, height) triples, at least two points. `options`: any
   * wm_navigator_config field in camelCase (`arrowSpacingM: 3`, `estimator: "FILTER"`,
   * `axes: "EUS"`, `alignment: "GRAVITY"`, `heights: "NONE"`, ...); the header's
   * defaults otherwise.
   */
  constructor(waymark, route, options = {}) {
    const wm = waymark, fn = "wm_navigator_create";
    this.waymark = wm;
    if (options === null || typeof options !== "object") throw argumentError(fn, "INVALID_VALUE", "options must be an object");
    for (const key of Object.keys(options)) {
      if (!CONFIG_KEYS.has(key)) throw argumentError(fn, "INVALID_VALUE", `unknown option ${key}`);
    }
    const count = tripleCount(route, fn, "route");
    const config = wm.alloc(CONFIG_ROOM + 8 + POINT * count, fn, `a route of ${count} points`);
    try {
      this.velocity = typeof wm.exports.wm_navigator_add_fix_velocity === "function";
      if (this.velocity) {
        wm.check("wm_navigator_config_init", wm.exports.wm_navigator_config_init(config, CONFIG));
      } else {
        const late = CONFIG_0_4_KEYS.find((key) => options[key] !== undefined);
        if (late) throw argumentError(fn, "INVALID_VALUE", `this module's navigator has no ${late} (a 0.4 module has)`);
        wm.exports.wm_navigator_config_default(config);
        wm.u32(config + CONFIG_AT.size, 1)[0] = CONFIG_0_3;
      }
      this.resultSize = this.velocity ? RESULT : typeof wm.exports.wm_navigator_shift_origin === "function" ? RESULT_0_3 : RESULT_0_2;
      CONFIG_INTS.forEach(([key, table]) => {
        if (options[key] === undefined) return;
        const value = table ? enumValue(table, options[key], fn, key) : options[key];
        if (!Number.isInteger(value) || value < -0x80000000 || value > 0x7fffffff) throw argumentError(fn, "INVALID_VALUE", `${key} ${value} is not an int32`);
        wm.i32(config + configOffset[key], 1)[0] = value;
      });
      CONFIG_DOUBLES.forEach((key) => {
        if (options[key] !== undefined) wm.f64(config + configOffset[key], 1)[0] = numberOf(options[key], fn, `options.${key}`);
      });
      if (options.routeEvidence !== undefined) {
        const on = options.routeEvidence;
        if (on !== true && on !== false && on !== 0 && on !== 1) throw argumentError(fn, "INVALID_VALUE", `routeEvidence ${on} is not a boolean`);
        wm.i32(config + configOffset.routeEvidence, 1)[0] = on ? 1 : 0;
      }
      CONFIG_0_4_DOUBLES.forEach((key) => {
        if (options[key] !== undefined) wm.f64(config + configOffset[key], 1)[0] = numberOf(options[key], fn, `options.${key}`);
      });
      this.axes = wm.i32(config + CONFIG_AT.axes, 1)[0];
      const capacity = wm.exports.wm_navigator_arrow_capacity(config) >>> 0;
      const routePointer = config + CONFIG_ROOM + 8, out = config + CONFIG_ROOM, firstBad = config + CONFIG_ROOM + 4;
      if (count > 0) copyNumbers(wm.f64(routePointer, 3 * count), route instanceof PointBuffer ? route.array : route, fn, "route", 3);
      wm.u32(firstBad, 1)[0] = 0xffffffff;
      const status = wm.exports.wm_navigator_create(config, routePointer, POINT, count, out, firstBad);
      if (status === Status.INVALID_VALUE && wm.u32(firstBad, 1)[0] === 0xffffffff) {
        const problems = configProblems(wm, config, this.velocity ? CONFIG : CONFIG_0_3);   // which option
        if (problems.length) throw fieldError(fn, status, wm.statusString(status), problems);
      }
      wm.check(fn, status, firstBad);
      this.pointer = wm.u32(out, 1)[0];
      this.arrowCapacity = capacity;
      if (options.originShiftM !== undefined) {
        try {
          this.setOriginShift(options.originShiftM);
        } catch (error) {
          wm.exports.wm_navigator_destroy(this.pointer);
          throw error;
        }
      }
    } finally {
      wm.free(config);
    }
    // Every struct a call needs, allocated once: calls allocate nothing.
    try {
      this.block = wm.alloc(RESULT + CAMERA + FIX + READING + VELOCITY + 8 + ARROW * this.arrowCapacity, fn,
        `${this.arrowCapacity} arrows`);
    } catch (error) {
      wm.exports.wm_navigator_destroy(this.pointer);   // the caller never gets the handle to dispose of
      throw error;
    }
    this.result = this.block; this.camera = this.result + RESULT; this.fix = this.camera + CAMERA;
    this.reading = this.fix + FIX; this.gps = this.reading + READING; this.count = this.gps + VELOCITY;
    this.arrows = this.count + 8;
    const { exports } = wm, handle = this.pointer, block = this.block;
    this._token = {};
    finalizer.register(this, () => { exports.wm_navigator_destroy(handle); exports.free(block); }, this._token);
  }

  _live(fn) {
    if (this.pointer === 0) throw argumentError(fn, "NULL_POINTER", "the navigator was disposed");
    return this.pointer;
  }

  /**
   * A location fix: {lat, lon, height?, accuracy, verticalAccuracy?, time, scene}.
   * `accuracy` is the horizontal accuracy radius in metres (the Geolocation API's
   * coords.accuracy), `height` metres above the WGS-84 ellipsoid (omit it when unknown),
   * `verticalAccuracy` metres (10 when omitted), `time` seconds on the caller's clock,
   * `scene` the device's scene position [x, y, z] when the fix was taken. The GPS
   * velocity measured with it, when the device gives one (a 0.4 module,
   * wm_navigator_add_fix_velocity): `course` degrees clockwise from true north,
   * `courseAccuracy` its 1-sigma in (0, 180], `speed` m/s in [0, 1000], `speedAccuracy`
   * its 1-sigma (m/s); an omitted or out-of-range value (a phone's -1) is none, NaN an
   * error. The velocity is used when all four are present.
   */
  addFix(fix) {
    const nav = this._live("wm_navigator_add_fix"), wm = this.waymark, p = this.fix;
    if (fix === null || typeof fix !== "object") throw argumentError("wm_navigator_add_fix", "NULL_POINTER", "fix must be an object");
    const hasVelocity = VELOCITY_KEYS.some((key) => fix[key] !== undefined && fix[key] !== null);
    if (hasVelocity && !this.velocity) {
      throw argumentError("wm_navigator_add_fix_velocity", "INVALID_VALUE", "this module's navigator takes no GPS velocity (a 0.4 module does)");
    }
    const fn = hasVelocity ? "wm_navigator_add_fix_velocity" : "wm_navigator_add_fix";
    const scene = fix.scene === undefined || fix.scene === null ? [NaN, NaN, NaN] : vector(fix.scene, fn, "fix.scene");
    const hasHeight = fix.height !== undefined && fix.height !== null;
    const at = [numberOf(fix.lat, fn, "fix.lat"), numberOf(fix.lon, fn, "fix.lon"), hasHeight ? numberOf(fix.height, fn, "fix.height") : 0];
    const rest = [numberOf(fix.accuracy, fn, "fix.accuracy"), numberOf(fix.verticalAccuracy ?? 10, fn, "fix.verticalAccuracy"),
      numberOf(fix.time, fn, "fix.time"), ...scene];
    const velocity = VELOCITY_KEYS.map((key) => (fix[key] === undefined || fix[key] === null ? -1 : numberOf(fix[key], fn, `fix.${key}`)));
    wm.f64(p + FIX_AT.position, 3).set(at);
    wm.i32(p + FIX_AT.has_height, 1)[0] = hasHeight ? 1 : 0;
    wm.i32(p + FIX_AT.reserved_, 1)[0] = 0;
    const [accuracy, verticalAccuracy, fixTime, ...scenePosition] = rest;
    wm.f64(p + FIX_AT.horizontal_accuracy_m, 1)[0] = accuracy;
    wm.f64(p + FIX_AT.vertical_accuracy_m, 1)[0] = verticalAccuracy;
    wm.f64(p + FIX_AT.time_s, 1)[0] = fixTime;
    wm.f64(p + FIX_AT.scene_position, 3).set(scenePosition);
    const named = (status) => {   // an INVALID_VALUE names the fields that break the header's rules
      if (status !== Status.INVALID_VALUE) return status;
      const problems = fixProblems(at, hasHeight, rest, hasVelocity ? velocity : []);
      if (problems.length) throw fieldError(fn, status, wm.statusString(status), problems);
      return status;
    };
    if (!hasVelocity) {
      wm.check(fn, named(wm.exports.wm_navigator_add_fix(nav, p)));
      return;
    }
    const v = this.gps;
    wm.u32(v + VELOCITY_AT.size, 1)[0] = VELOCITY;
    wm.i32(v + VELOCITY_AT.reserved_, 1)[0] = 0;
    ["course_deg", "course_accuracy_deg", "speed_mps", "speed_accuracy_mps"].forEach((field, k) => {
      wm.f64(v + VELOCITY_AT[field], 1)[0] = velocity[k];
    });
    wm.check(fn, named(wm.exports.wm_navigator_add_fix_velocity(nav, p, v)));
  }

  /**
   * A compass reading: {time, trueHeading, accuracy, camera}: the true heading of the
   * camera's viewing direction (degrees clockwise from true north), its 1-sigma in
   * degrees, (0, 180], and the camera -> scene transform when it was read (16 numbers,
   * column-major, XRViewerPose.transform.matrix).
   */
  addHeading(reading) {
    const fn = "wm_navigator_add_heading", nav = this._live(fn), wm = this.waymark, p = this.reading;
    if (reading === null || typeof reading !== "object") throw argumentError(fn, "NULL_POINTER", "reading must be an object");
    const values = ["time", "trueHeading", "accuracy"].map((key) => numberOf(reading[key], fn, `reading.${key}`));
    wm.u32(p + READING_AT.size, 1)[0] = READING;
    wm.i32(p + READING_AT.reserved_, 1)[0] = 0;
    ["time_s", "true_heading_deg", "accuracy_deg"].forEach((field, k) => { wm.f64(p + READING_AT[field], 1)[0] = values[k]; });
    matrix(wm.f32(p + READING_AT.camera, 16), reading.camera, fn, "reading.camera");
    wm.check(fn, wm.exports.wm_navigator_add_heading(nav, p));
  }

  /** The AR session's tracking state at `time`: "NORMAL", "LIMITED", "RESET" (or Tracking's numbers). */
  tracking(time, state) {
    const fn = "wm_navigator_tracking", nav = this._live(fn);
    const value = enumValue(Tracking, state, fn, "state"), t = numberOf(time, fn, "time");
    this.waymark.check(fn, this.waymark.exports.wm_navigator_tracking(nav, t, value));
  }

  /**
   * One rendered frame at `time` with `camera`: {transform, projection, viewport,
   * groundHeight?} — camera -> scene and camera -> clip (16 numbers each, column-major:
   * XRViewerPose.transform.matrix and XRView.projectionMatrix), the viewport
   * [x, y, width, height] or {x, y, width, height} (XRViewport) in CSS pixels, y down,
   * and a detected ground plane's scene height. Every call reads all of them afresh
   * (nothing comes from an earlier call): a missing viewport is a WaymarkError
   * NULL_POINTER, one of another length — a two-number [width, height] too — or without
   * one of the four fields INVALID_VALUE, each naming camera.viewport; the navigator is
   * unchanged then. Returns everything to draw as a plain object (NaN: not available yet); its
   * `arrows` is a Float64Array of 5 numbers per arrow, nearest first: x, y, z (scene
   * metres), yaw (degrees, the turn about the scene's up axis that takes the model's
   * forward onto the route) and the distance along the route (metres).
   */
  update(time, camera) {
    const fn = "wm_navigator_update", nav = this._live(fn), wm = this.waymark, c = this.camera;
    if (camera === null || typeof camera !== "object") throw argumentError(fn, "NULL_POINTER", "camera must be an object");
    const t = numberOf(time, fn, "time");
    const view = viewport(camera.viewport, fn);
    const ground = camera.groundHeight !== undefined && camera.groundHeight !== null;
    const groundHeight = ground ? numberOf(camera.groundHeight, fn, "camera.groundHeight") : 0;
    matrix(wm.f32(c + CAMERA_AT.transform, 16), camera.transform, fn, "camera.transform");
    matrix(wm.f32(c + CAMERA_AT.projection, 16), camera.projection, fn, "camera.projection");
    ["viewport.x", "viewport.y", "viewport.width", "viewport.height"].forEach((field, k) => {
      wm.f64(c + CAMERA_AT[field], 1)[0] = view[k];
    });
    wm.i32(c + CAMERA_AT.has_ground, 1)[0] = ground ? 1 : 0;
    wm.i32(c + CAMERA_AT.reserved_, 1)[0] = 0;
    wm.f64(c + CAMERA_AT.ground_height_m, 1)[0] = groundHeight;
    const r = this.result, shifts = this.resultSize >= RESULT_0_3;
    wm.u32(r + RESULT_AT.size, 1)[0] = this.resultSize;
    wm.check(fn, wm.exports.wm_navigator_update(nav, t, c, r, this.arrows, this.arrowCapacity, this.count));
    const d = wm.f64(r, RESULT / 8), i = wm.i32(r, RESULT / 4);
    const f64 = (field) => d[RESULT_AT[field] / 8], i32 = (field) => i[RESULT_AT[field] / 4];
    const arrowCount = wm.u32(this.count, 1)[0];
    return {
      time: f64("time_s"),
      correctionSource: nameOf(CorrectionSource, i32("correction_source")),
      correctionState: nameOf(CorrectionState, i32("correction_state")),
      offRoute: i32("off_route") === 1,
      correctionDeg: f64("correction_deg"), correctionSigmaDeg: f64("correction_sigma_deg"),
      progressM: f64("progress_m"), remainingM: f64("remaining_m"), offRouteM: f64("off_route_m"),
      user: { lat: f64("user.lat_deg"), lon: f64("user.lon_deg"), height: f64("user.height_m") },
      finish: [f64("finish.x"), f64("finish.y"), f64("finish.z")],
      finishDistanceM: f64("finish_distance_m"),
      finishVisible: i32("finish_visible") === 1, hintNeeded: i32("hint_needed") === 1,
      finishScreenX: f64("finish_screen_x"), finishScreenY: f64("finish_screen_y"),
      finishDiameterPt: f64("finish_diameter_pt"), finishSphereRadiusM: f64("finish_sphere_radius_m"),
      hintX: f64("hint_x"), hintY: f64("hint_y"), hintTurnDeg: f64("hint_turn_deg"), labelRollDeg: f64("label_roll_deg"),
      arrowTotal: wm.u32(r + RESULT_AT.arrow_total, 1)[0],   // a size_t: 4 bytes on wasm32
      anchorSigmaM: f64("anchor_sigma_m"),
      trackingState: nameOf(Tracking, i32("tracking_state")),
      originShifted: shifts && i32("origin_shifted") === 1,
      originShift: shifts ? [f64("origin_shift.x"), f64("origin_shift.y"), f64("origin_shift.z")] : [0, 0, 0],
      routeEvidence: this.resultSize >= RESULT ? nameOf(RouteEvidence, i32("route_evidence")) : "DISABLED",
      // wm_arrow is five doubles (position x, y, z, yaw_deg, distance_along_m): the
      // arrows are copied out as they lie.
      arrows: Float64Array.from(wm.f64(this.arrows, (ARROW / 8) * arrowCount)),
    };
  }

  /** Shifts the scene's zero by `shift` ([x, y, z], scene units) when your engine moved
   * its world origin there itself: every scene position after this call, in and out,
   * is the old one minus shift (wm_navigator_shift_origin; a 0.3 module). */
  shiftOrigin(shift) {
    const fn = "wm_navigator_shift_origin", nav = this._live(fn), wm = this.waymark;
    if (typeof wm.exports[fn] !== "function") throw argumentError(fn, "INVALID_VALUE", "this module's navigator has no origin shift");
    wm.f64(this.fix, 3).set(vector(shift, fn, "shift"));
    wm.check(fn, wm.exports[fn](nav, this.fix));
  }

  /** Origin shifting by the navigator: 0 never (the default); else an update whose
   * camera is farther than `distanceM` (horizontally, metres) from the scene's zero
   * shifts the zero to the camera and reports it in the result (originShifted,
   * originShift) — wm_navigator_set_origin_shift (a 0.3 module). */
  setOriginShift(distanceM) {
    const fn = "wm_navigator_set_origin_shift", wm = this.waymark;
    if (typeof wm.exports[fn] !== "function") throw argumentError(fn, "INVALID_VALUE", "this module's navigator has no origin shift");
    const nav = this._live(fn), distance = numberOf(distanceM, fn, "distanceM");
    wm.check(fn, wm.exports[fn](nav, distance));
  }

  /** Frees the navigator; it is unusable afterwards (NULL_POINTER). Idempotent. */
  dispose() {
    if (this.pointer === 0) return;
    finalizer.unregister(this._token);
    this.waymark.exports.wm_navigator_destroy(this.pointer);
    this.waymark.free(this.block);
    this.pointer = 0;
    this.block = 0;
  }
}

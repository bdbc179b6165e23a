import { Axes, Status } from "./constants.js";
import { SIZEOF, WM_FRAME_SIZE } from "./generated/abi.js";
import { argumentError } from "./errors.js";
import { finalizer } from "./memory.js";
import { enumValue, numberOf, point, vector } from "./args.js";

const FRAME_BYTES = WM_FRAME_SIZE, POINT = SIZEOF.wm_geodetic, MATRIX = SIZEOF.wm_mat4f;

/** A scene frame (wm_frame) in the module's memory: build it once per origin, convert
 * many batches. Dispose it when done (a FinalizationRegistry frees it otherwise). */
export class Frame {
  /** See Waymark.createFrame. options.ellipsoid: {a, f} (metres, flattening) instead of WGS-84. */
  constructor(waymark, origin, axes = Axes.EUS, options = {}) {
    const wm = waymark;
    this.waymark = wm;
    this.axes = enumValue(Axes, axes, "wm_frame_init", "axes");
    const triple = point(origin, "wm_frame_init", "origin");
    const ellipsoid = options?.ellipsoid;
    // Read before the block is allocated: a refused argument then leaves nothing behind.
    const [a, f] = ellipsoid
      ? [numberOf(ellipsoid.a, "wm_frame_init_ellipsoid", "ellipsoid.a"), numberOf(ellipsoid.f, "wm_frame_init_ellipsoid", "ellipsoid.f")]
      : [];
    const pointer = wm.alloc(FRAME_BYTES + POINT);
    // Structs passed by value travel by pointer in WebAssembly's C ABI.
    wm.f64(pointer + FRAME_BYTES, 3).set(triple);
    const status = ellipsoid
      ? wm.exports.wm_frame_init_ellipsoid(pointer, a, f, pointer + FRAME_BYTES, this.axes)
      : wm.exports.wm_frame_init(pointer, pointer + FRAME_BYTES, this.axes);
    if (status !== Status.OK) {
      wm.free(pointer);
      wm.check(ellipsoid ? "wm_frame_init_ellipsoid" : "wm_frame_init", status);
    }
    this.pointer = pointer;
    this._token = {};
    const { exports } = wm;
    finalizer.register(this, () => exports.free(pointer), this._token);
  }

  _live(fn) {
    if (this.pointer === 0) throw argumentError(fn, "INVALID_FRAME", "the frame was disposed");
    return this.pointer;
  }

  /** Where the geographic origin is in the scene (metres, scene axes) and how far true
   * azimuths exceed the scene's (degrees: true = scene + correction) —
   * wm_frame_set_estimate. */
  setEstimate(sceneOrigin, headingCorrectionDeg) {
    const fn = "wm_frame_set_estimate", frame = this._live(fn);
    const v = vector(sceneOrigin, fn, "sceneOrigin"), correction = numberOf(headingCorrectionDeg, fn, "headingCorrectionDeg");
    this.waymark.f64(frame + FRAME_BYTES, 3).set(v);
    this.waymark.check(fn, this.waymark.exports.wm_frame_set_estimate(frame, frame + FRAME_BYTES, correction));
  }

  /** Geodetic triples (lat°, lon°, height m) -> scene triples (x, y, z m): wm_frame_forward.
   * `out` (optional): a Float64Array or PointBuffer to write into. */
  forward(points, out) {
    return this.waymark.batch("wm_frame_forward", [this._live("wm_frame_forward")], points, out, POINT, 3);
  }

  /** Scene triples -> geodetic triples, longitudes in [-180, 180): wm_frame_reverse. */
  reverse(points, out) {
    return this.waymark.batch("wm_frame_reverse", [this._live("wm_frame_reverse")], points, out, POINT, 3);
  }

  /** A 4x4 column-major float matrix (16 floats) per point: the exact scene position as
   * translation, turned about the up axis towards the next point —
   * wm_frame_anchor_transforms; three.js `matrix.fromArray(out, 16 * i)` reads it. */
  anchorTransforms(points, out) {
    return this.waymark.batch("wm_frame_anchor_transforms", [this._live("wm_frame_anchor_transforms")], points, out, MATRIX, 16, true);
  }

  /** Frees the frame; it is unusable afterwards (INVALID_FRAME). Idempotent. */
  dispose() {
    if (this.pointer === 0) return;
    finalizer.unregister(this._token);
    this.waymark.free(this.pointer);
    this.pointer = 0;
  }
}

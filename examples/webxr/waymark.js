// waymark.js — a small JavaScript wrapper over waymark-core.wasm, the core flavour of
// Waymark's C library built for WebAssembly (scripts/build-wasm). Works in browsers and
// in Node 18+; no dependencies. The module imports nothing (no WASI), so instantiating
// it needs no shim.
//
//   import { loadWaymark, Axes } from "./waymark.js";
//   const wm = await loadWaymark("waymark-core.wasm");
//   const frame = wm.createFrame({ lat: 55.73397, lon: 37.58864, height: 158 }, Axes.EUS);
//   const scene = frame.forward(route);          // Float64Array: x, y, z per point
//   const anchors = frame.anchorTransforms(route); // Float32Array: 16 per point, column-major
//   frame.dispose();
//
// Points go in and come out as flat Float64Arrays of triples: (lat°, lon°, height m
// above the WGS-84 ellipsoid) on the geodetic side, (x, y, z) metres on the scene side —
// the C ABI's wm_geodetic and wm_vec3, 24 bytes each. Memory: the wrapper places each
// call's buffers in the module's linear memory with the exported malloc/free, which are
// this host's allocator (the C caller's buffers), not allocation by the library; it
// keeps one scratch block and grows it when a batch needs more. Errors throw a
// WaymarkError carrying the wm_status and, for a bad point, its index.

/** Scene axis conventions (wm_axes): ENU x east, y north, z up; EUS x east, y up,
 * z south (WebXR, ARKit, ARCore, three.js: 100 m due north is z = -100); EUN (Unity). */
export const Axes = Object.freeze({ ENU: 0, EUS: 1, EUN: 2 });

/** The C ABI's status codes (wm_status). */
export const Status = Object.freeze({
  OK: 0, NULL_POINTER: 1, INVALID_VALUE: 2, BAD_STRIDE: 3, BAD_COUNT: 4, PROJ: 5,
  NO_CONVERGENCE: 6, GRID_MISSING: 7, INVALID_FRAME: 8, SINGULAR: 9, NOT_AVAILABLE: 10,
});

/** Where the China datum offsets apply (wm_region_kind; polygons: use the raw exports). */
export const Region = Object.freeze({ CHINA_RECTANGLE: 0, EVERYWHERE: 1 });

const GEODETIC_BYTES = 24;   // wm_geodetic, wm_vec3
const MAT4F_BYTES = 64;      // wm_mat4f
const FRAME_BYTES = 512;     // WM_FRAME_SIZE
const REGION_BYTES = 12;     // wm_region on wasm32: kind, polygon pointer, polygon_count
const NO_INDEX = 0xffffffff; // first_bad before the call: unchanged means "not set"

/** A failed call: `status` is the wm_status, `firstBad` the index of the first bad
 * point when the library reported one. */
export class WaymarkError extends Error {
  constructor(fn, status, description, firstBad) {
    super(`${fn}: ${description}${firstBad === undefined ? "" : ` (point ${firstBad})`}`);
    this.name = "WaymarkError";
    this.function = fn;
    this.status = status;
    this.firstBad = firstBad;
  }
}

/** Loads and instantiates the module. `source`: a URL or path string, a URL, a fetch
 * Response (or a promise of one), the bytes (ArrayBuffer or typed array), or a compiled
 * WebAssembly.Module. */
export async function loadWaymark(source) {
  let module;
  if (source instanceof WebAssembly.Module) {
    module = source;
  } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    module = await WebAssembly.compile(source);
  } else {
    const response = await (typeof source === "string" || source instanceof URL ? fetch(source) : source);
    if (!response.ok) throw new Error(`waymark: cannot fetch ${response.url}: ${response.status}`);
    // Streaming compilation needs the server to send application/wasm; else read it whole.
    module = response.headers.get("content-type") === "application/wasm"
      ? await WebAssembly.compileStreaming(response)
      : await WebAssembly.compile(await response.arrayBuffer());
  }
  const instance = await WebAssembly.instantiate(module, {});
  instance.exports._initialize();   // a reactor: runs the C library's constructors once
  return new Waymark(instance);
}

/** One instance of the module: its exports, memory and the typed wrappers. */
export class Waymark {
  constructor(instance) {
    /** The raw exports: every wm_ function of the core flavour, malloc, free, memory. */
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this._scratch = 0;
    this._scratchBytes = 0;
  }

  /** The library's version, "MAJOR.MINOR.PATCH" (wm_version_string). */
  get version() { return this.cString(this.exports.wm_version_string()); }

  /** wm_status_string: the English description of a status. */
  statusString(status) { return this.cString(this.exports.wm_status_string(status)); }

  /** A NUL-terminated string in linear memory. */
  cString(pointer) {
    const bytes = new Uint8Array(this.memory.buffer, pointer);
    return new TextDecoder().decode(bytes.subarray(0, bytes.indexOf(0)));
  }

  /** The host's allocator in linear memory (malloc); throws when memory cannot grow. */
  alloc(bytes) {
    const pointer = this.exports.malloc(bytes);
    if (pointer === 0) throw new RangeError(`waymark: cannot allocate ${bytes} bytes in linear memory`);
    return pointer;
  }

  /** Frees what alloc returned (free; 0 is ignored). */
  free(pointer) { this.exports.free(pointer); }

  /** Views of linear memory, made afresh: growing memory detaches the old ones. */
  f64(pointer, length) { return new Float64Array(this.memory.buffer, pointer, length); }
  f32(pointer, length) { return new Float32Array(this.memory.buffer, pointer, length); }
  u32(pointer, length) { return new Uint32Array(this.memory.buffer, pointer, length); }

  /** The scratch block, at least `bytes` long (16-byte aligned, from malloc). */
  scratch(bytes) {
    if (bytes > this._scratchBytes) {
      this.free(this._scratch);
      this._scratch = 0;
      this._scratchBytes = 0;
      this._scratch = this.alloc(bytes);
      this._scratchBytes = bytes;
    }
    return this._scratch;
  }

  /** Throws a WaymarkError for a non-zero status; `firstBadPointer` (optional) is read
   * when the call set it. */
  check(fn, status, firstBadPointer = 0) {
    if (status === Status.OK) return;
    let firstBad;
    if (firstBadPointer !== 0) {
      const index = this.u32(firstBadPointer, 1)[0];
      if (index !== NO_INDEX) firstBad = index;
    }
    throw new WaymarkError(fn, status, this.statusString(status), firstBad);
  }

  /** Runs the batch function `fn(...leading, in, 24, out, outBytes, count, first_bad)`
   * over `points`, a flat array of triples, and returns its output copied out of linear
   * memory (`outPerPoint` elements per point). */
  batch(fn, leading, points, outBytes, outPerPoint, OutArray) {
    if (points.length % 3 !== 0) throw new RangeError("waymark: points must be triples");
    const count = points.length / 3;
    const inBytes = count * GEODETIC_BYTES;
    const block = this.scratch(8 + inBytes + count * outBytes);
    const firstBad = block, input = block + 8, output = input + inBytes;
    this.u32(firstBad, 1)[0] = NO_INDEX;
    this.f64(input, points.length).set(points);
    // wm_frame_anchor_transforms has no output stride (matrices are contiguous).
    const args = outBytes === MAT4F_BYTES
      ? [...leading, input, GEODETIC_BYTES, output, count, firstBad]
      : [...leading, input, GEODETIC_BYTES, output, outBytes, count, firstBad];
    this.check(fn, this.exports[fn](...args), firstBad);
    const view = OutArray === Float32Array ? this.f32(output, count * outPerPoint) : this.f64(output, count * outPerPoint);
    return OutArray.from(view);
  }

  /** A scene frame at `origin` ({lat, lon, height} or a triple [lat, lon, height]) on WGS-84. */
  createFrame(origin, axes = Axes.EUS) { return new Frame(this, origin, axes); }

  /** WGS-84 -> GCJ-02 ("Mars coordinates") for flat triples (lat, lon, height); the
   * identity outside China unless region is Region.EVERYWHERE. */
  gcj02FromWgs84(points, region = Region.CHINA_RECTANGLE) { return this.datum("wm_gcj02_from_wgs84", points, region); }
  /** GCJ-02 -> WGS-84, the exact inverse (below 1 µm). */
  wgs84FromGcj02(points, region = Region.CHINA_RECTANGLE) { return this.datum("wm_wgs84_from_gcj02", points, region); }
  /** GCJ-02 -> BD-09 (Baidu). */
  bd09FromGcj02(points, region = Region.CHINA_RECTANGLE) { return this.datum("wm_bd09_from_gcj02", points, region); }
  /** BD-09 -> GCJ-02, the exact inverse. */
  gcj02FromBd09(points, region = Region.CHINA_RECTANGLE) { return this.datum("wm_gcj02_from_bd09", points, region); }

  datum(fn, points, regionKind) {
    let region = 0;
    try {
      if (regionKind !== Region.CHINA_RECTANGLE) {
        region = this.alloc(REGION_BYTES);
        this.u32(region, 3).set([regionKind, 0, 0]);
      }
      return this.batch(fn, [region], points, GEODETIC_BYTES, 3, Float64Array);
    } finally {
      this.free(region);
    }
  }
}

/** A wm_frame in linear memory: build it once per origin, convert many batches. */
export class Frame {
  constructor(waymark, origin, axes) {
    const wm = waymark;
    const [lat, lon, height] = "length" in origin ? origin : [origin.lat, origin.lon, origin.height ?? 0];
    this.wm = wm;
    this.pointer = wm.alloc(FRAME_BYTES + GEODETIC_BYTES);
    // Structs passed by value travel by pointer in WebAssembly's C ABI.
    const originPointer = this.pointer + FRAME_BYTES;
    wm.f64(originPointer, 3).set([lat, lon, height]);
    const status = wm.exports.wm_frame_init(this.pointer, originPointer, axes);
    if (status !== Status.OK) {
      wm.free(this.pointer);
      this.pointer = 0;
      wm.check("wm_frame_init", status);
    }
  }

  /** Where the origin is in the scene (metres, scene axes) and how far true azimuths
   * exceed the scene's (true = scene + correction, degrees): the AR session's compass
   * error (wm_frame_set_estimate). */
  setEstimate(sceneOrigin, headingCorrectionDeg) {
    const vector = this.pointer + FRAME_BYTES;
    this.wm.f64(vector, 3).set(sceneOrigin);
    this.wm.check("wm_frame_set_estimate", this.wm.exports.wm_frame_set_estimate(this.pointer, vector, headingCorrectionDeg));
  }

  /** Geodetic triples -> scene triples (wm_frame_forward). */
  forward(points) { return this.wm.batch("wm_frame_forward", [this.pointer], points, GEODETIC_BYTES, 3, Float64Array); }

  /** Scene triples -> geodetic triples (wm_frame_reverse), longitudes in [-180, 180). */
  reverse(points) { return this.wm.batch("wm_frame_reverse", [this.pointer], points, GEODETIC_BYTES, 3, Float64Array); }

  /** One 4x4 column-major float matrix per point (16 floats): the exact scene position
   * as translation, turned about the up axis towards the next point
   * (wm_frame_anchor_transforms) — XRRigidTransform's and three.js Matrix4's layout. */
  anchorTransforms(points) {
    return this.wm.batch("wm_frame_anchor_transforms", [this.pointer], points, MAT4F_BYTES, 16, Float32Array);
  }

  /** Frees the frame's memory; the frame is unusable afterwards. */
  dispose() {
    this.wm.free(this.pointer);
    this.pointer = 0;
  }
}

/** The pose of matrix `index` of `matrices` (16 floats each, column-major, a rotation
 * and a translation — wm_frame_anchor_transforms' output) as WebXR wants it:
 * `new XRRigidTransform(pose.position, pose.orientation)`. */
export function rigidPose(matrices, index = 0) {
  const m = matrices.subarray(16 * index, 16 * index + 16);
  // Row r, column c is m[4c + r]; the quaternion by the largest of its four squares.
  const m00 = m[0], m11 = m[5], m22 = m[10], trace = m00 + m11 + m22;
  let x, y, z, w;
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace);
    w = s / 4; x = (m[6] - m[9]) / s; y = (m[8] - m[2]) / s; z = (m[1] - m[4]) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m[6] - m[9]) / s; x = s / 4; y = (m[4] + m[1]) / s; z = (m[8] + m[2]) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m[8] - m[2]) / s; x = (m[4] + m[1]) / s; y = s / 4; z = (m[9] + m[6]) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m[1] - m[4]) / s; x = (m[8] + m[2]) / s; y = (m[9] + m[6]) / s; z = s / 4;
  }
  return { position: { x: m[12], y: m[13], z: m[14], w: 1 }, orientation: { x, y, z, w } };
}

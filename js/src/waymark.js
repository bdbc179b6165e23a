import { Axes, Region, Status } from "./constants.js";
import { OFFSETOF, SIZEOF } from "./generated/abi.js";
import { WaymarkError, argumentError } from "./errors.js";
import { PointBuffer, blockBytes, keep } from "./memory.js";
import { Frame } from "./frame.js";
import { copyNumbers, enumValue, matrix, numberOf, point, tripleCount, viewport } from "./args.js";
import { Navigator } from "./navigator.js";

const NO_INDEX = 0xffffffff;   // first_bad before a call: unchanged means "not set"
const REGION = SIZEOF.wm_region, REGION_AT = OFFSETOF.wm_region;   // 4-byte pointer and size_t on wasm32
const POINT = SIZEOF.wm_geodetic, MATRIX = SIZEOF.wm_mat4f, VIEWPORT = SIZEOF.wm_viewport;

/** A wm_region at `at`: kind (wm_region_kind, an int32), polygon (a pointer) and
 * polygon_count (a size_t), the last two 4 bytes each on wasm32. */
function writeRegion(wm, at, kind, polygon, count) {
  wm.i32(at + REGION_AT.kind, 1)[0] = kind;
  wm.u32(at + REGION_AT.polygon, 1)[0] = polygon;
  wm.u32(at + REGION_AT.polygon_count, 1)[0] = count;
}

/** One instance of the module: its memory, the typed wrappers, the raw exports. */
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

  /** malloc in linear memory: a block of `bytes` bytes (a whole number up to
   * MAX_BLOCK_BYTES, 2^31 - 1, else a WaymarkError BAD_COUNT from `fn`, "alloc" by
   * default, naming `what`). Throws a RangeError when memory cannot grow. */
  alloc(bytes, fn = "alloc", what = "the block") {
    const pointer = this.exports.malloc(blockBytes(bytes, fn, what));
    if (pointer === 0) throw new RangeError(`waymark-geo: cannot allocate ${bytes} bytes in the module's memory`);
    return pointer;
  }

  /** free (0 is ignored). */
  free(pointer) { this.exports.free(pointer); }

  /** Fresh views of linear memory. */
  f64(pointer, length) { return new Float64Array(this.memory.buffer, pointer, length); }
  f32(pointer, length) { return new Float32Array(this.memory.buffer, pointer, length); }
  u32(pointer, length) { return new Uint32Array(this.memory.buffer, pointer, length); }
  i32(pointer, length) { return new Int32Array(this.memory.buffer, pointer, length); }

  /** The scratch block for copied batches, at least `bytes` long. A size the module's
   * memory cannot hold is refused (WaymarkError BAD_COUNT from `fn`) with the block as it
   * was; when memory cannot grow (RangeError) the block is gone and recorded as gone, so
   * the recorded size is always what malloc gave. */
  scratch(bytes, fn = "scratch", what = "the scratch block") {
    blockBytes(bytes, fn, what);
    if (bytes > this._scratchBytes) {
      this.free(this._scratch);
      this._scratch = 0;
      this._scratchBytes = 0;
      this._scratch = this.alloc(bytes);
      this._scratchBytes = bytes;
    }
    return this._scratch;
  }

  /** Throws a WaymarkError for a non-zero status; reads first_bad at `firstBadPointer`
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

  /** A block for `count` points in the module's memory, for zero-copy batches. */
  allocPoints(count) { return new PointBuffer(this, count); }

  /**
   * Runs a batch function `fn(...leading, in, 24, out, [outBytes,] count, first_bad)`.
   * `points` and `out` may be PointBuffers (read and written in place), typed arrays or
   * arrays (copied through a scratch block). Returns `out` (viewed afresh when it is a
   * view of the module's memory that the scratch block's growth detached), or a new
   * array of `perPoint` elements a point (Float32Array for matrices, else Float64Array).
   * Refused before anything changes: points that are not numbers (a BigInt64Array or
   * DataView: NULL_POINTER; a BigInt element: INVALID_VALUE with its point as firstBad),
   * and BAD_COUNT for a batch whose copy in and out would need more than
   * MAX_BLOCK_BYTES (2^31 - 1 bytes) of the module's memory.
   */
  batch(fn, leading, points, out, outBytes, perPoint, contiguous = false) {
    const count = tripleCount(points, fn);
    const OutArray = outBytes === MATRIX ? Float32Array : Float64Array;
    if (out instanceof PointBuffer) {
      out._check();
      if (outBytes !== POINT || out.count < count) throw argumentError(fn, "BAD_COUNT", `the output buffer holds ${out.count} points, ${count} needed`);
    } else if (out !== undefined && out !== null) {
      if (!(out instanceof OutArray)) throw argumentError(fn, "NULL_POINTER", `out must be a ${OutArray.name} or a PointBuffer`);
      if (out.length < count * perPoint) throw argumentError(fn, "BAD_COUNT", `out holds ${out.length} numbers, ${count * perPoint} needed`);
    }
    const inPlace = points instanceof PointBuffer, outPlace = out instanceof PointBuffer;
    const pointsNow = keep(this.memory, points), outNow = keep(this.memory, out);
    const inBytes = inPlace ? 0 : count * POINT, outCopy = outPlace ? 0 : count * outBytes;
    const block = this.scratch(8 + inBytes + outCopy, fn, `${count} points copied in and out`);
    const firstBad = block, input = inPlace ? points.pointer : block + 8, output = outPlace ? out.pointer : block + 8 + inBytes;
    this.u32(firstBad, 1)[0] = NO_INDEX;
    if (!inPlace && count > 0) copyNumbers(this.f64(input, 3 * count), pointsNow(), fn, "points", 3);
    const args = contiguous
      ? [...leading, input, POINT, output, count, firstBad]
      : [...leading, input, POINT, output, outBytes, count, firstBad];
    this.check(fn, this.exports[fn](...args), firstBad);
    if (outPlace) return out;
    const view = new OutArray(this.memory.buffer, output, count * perPoint);
    // A view of the module's memory as out= is returned made afresh if the block grew it.
    if (out) { const fresh = outNow(); fresh.set(view); return fresh; }
    return OutArray.from(view);
  }

  /** What an axes value (a name of Axes or a number, customAxes' too) means:
   * {rightHanded (x cross y = z), unitsPerMetre (1, 10, 100 or 1000)} — wm_axes_describe. */
  describeAxes(axes) {
    const fn = "wm_axes_describe", value = enumValue(Axes, axes, fn, "axes"), block = this.scratch(16);
    this.check(fn, this.exports[fn](value, block, block + 8));
    return { rightHanded: this.i32(block, 1)[0] === 1, unitsPerMetre: this.f64(block + 8, 1)[0] };
  }

  /** A scene frame at `origin` ({lat, lon, height} or [lat, lon, height], degrees and
   * metres above the WGS-84 ellipsoid) with `axes` (a name of Axes or its number). */
  createFrame(origin, axes = Axes.EUS, options = {}) { return new Frame(this, origin, axes, options); }

  /** A navigator along `route` (see Navigator). */
  createNavigator(route, options = {}) { return new Navigator(this, route, options); }

  /** WGS-84 -> GCJ-02 for flat (lat, lon, height) triples; the identity outside the
   * region (default: China's rectangle). options: {region: "CHINA_RECTANGLE" |
   * "EVERYWHERE" | polygon triples, out}. */
  gcj02FromWgs84(points, options) { return this._datum("wm_gcj02_from_wgs84", points, options); }
  /** GCJ-02 -> WGS-84, the exact inverse (below 1 µm). */
  wgs84FromGcj02(points, options) { return this._datum("wm_wgs84_from_gcj02", points, options); }
  /** GCJ-02 -> BD-09 (Baidu). */
  bd09FromGcj02(points, options) { return this._datum("wm_bd09_from_gcj02", points, options); }
  /** BD-09 -> GCJ-02, the exact inverse. */
  gcj02FromBd09(points, options) { return this._datum("wm_gcj02_from_bd09", points, options); }

  _datum(fn, points, options) {
    options ??= {};
    if (typeof options !== "object") throw argumentError(fn, "INVALID_VALUE", "options must be an object");
    const region = options.region ?? Region.CHINA_RECTANGLE;
    // The region's block may grow memory: views of it are taken again after.
    const pointsNow = keep(this.memory, points), outNow = keep(this.memory, options.out), regionNow = keep(this.memory, region);
    let block = 0, polygon = null;
    try {
      let regionPointer = 0;
      if (typeof region === "object") {
        polygon = region instanceof PointBuffer ? region : null;
        const vertices = tripleCount(region, fn, "options.region");
        // The vertices after the struct, at the next multiple of 8 bytes.
        const vertexOffset = Math.ceil(REGION / 8) * 8;
        block = this.alloc(vertexOffset + (polygon ? 0 : POINT * vertices), fn, `a region of ${vertices} vertices`);
        const vertexPointer = polygon ? region.pointer : block + vertexOffset;
        if (!polygon && vertices > 0) copyNumbers(this.f64(vertexPointer, 3 * vertices), regionNow(), fn, "options.region");
        writeRegion(this, block, Region.POLYGON, vertexPointer, vertices);
        regionPointer = block;
      } else {
        const kind = enumValue(Region, region, fn, "region");
        if (kind !== Region.CHINA_RECTANGLE) {
          block = this.alloc(REGION);
          writeRegion(this, block, kind, 0, 0);
          regionPointer = block;
        }
      }
      return this.batch(fn, [regionPointer], pointsNow(), outNow(), POINT, 3);
    } finally {
      this.free(block);
    }
  }

  /**
   * Screen positions of scene points for a camera {transform, projection, viewport}
   * (camera -> scene and camera -> clip, 16 numbers each, column-major; the viewport
   * [x, y, width, height] in CSS pixels, y down): 3 numbers a point, x, y (pixels) and
   * 1 when the point is in front of the camera and inside the viewport, else 0
   * (wm_mat4f_inverse_rigid, then wm_screen_project per point). `points`: flat scene
   * triples. `out`: a Float64Array to write into, untouched when a point is refused
   * (WaymarkError with its index as firstBad). The viewport is required every call, as
   * Navigator.update's: NULL_POINTER when missing, INVALID_VALUE when not four numbers.
   */
  screenProject(camera, points, out) {
    const fn = "wm_screen_project", count = tripleCount(points, fn);
    if (camera === null || typeof camera !== "object") throw argumentError(fn, "NULL_POINTER", "camera must be an object");
    if (out !== undefined && (!(out instanceof Float64Array) || out.length < 3 * count)) {
      throw argumentError(fn, "BAD_COUNT", `out must be a Float64Array of ${3 * count} numbers`);
    }
    const pointsNow = keep(this.memory, points), outNow = keep(this.memory, out);
    // Three matrices, the viewport, the point, then x, y (doubles) and visible (an int32).
    const block = this.scratch(3 * MATRIX + VIEWPORT + POINT + 24);
    const transform = block, view = transform + MATRIX, projection = view + MATRIX, viewportAt = projection + MATRIX;
    const point = viewportAt + VIEWPORT, xy = point + POINT;
    matrix(this.f32(transform, 16), camera.transform, fn, "camera.transform");
    matrix(this.f32(projection, 16), camera.projection, fn, "camera.projection");
    this.f64(viewportAt, 4).set(viewport(camera.viewport, fn));
    this.check("wm_mat4f_inverse_rigid", this.exports.wm_mat4f_inverse_rigid(transform, view));
    const values = points instanceof PointBuffer ? points.array : pointsNow();
    // Into a fresh array first: a point refused part-way leaves `out` as it was.
    const result = new Float64Array(3 * count);
    for (let i = 0; i < count; i++) {
      const p = [values[3 * i], values[3 * i + 1], values[3 * i + 2]];
      const bad = p.findIndex((x) => typeof x === "bigint" || typeof x === "symbol");
      if (bad >= 0) throw argumentError(fn, "INVALID_VALUE", `points[${3 * i + bad}] is a ${typeof p[bad]}, not a number`, i);
      this.f64(point, 3).set(p);
      const status = this.exports.wm_screen_project(view, projection, viewportAt, point, xy, xy + 8, xy + 16);
      if (status !== Status.OK) throw new WaymarkError(fn, status, this.statusString(status), i);
      const [x, y] = this.f64(xy, 2);
      result[3 * i] = x; result[3 * i + 1] = y; result[3 * i + 2] = this.i32(xy + 16, 1)[0];
    }
    if (!out) return result;
    const fresh = outNow();
    fresh.set(result);
    return fresh;
  }

  /**
   * Ellipsoidal geodesics on WGS-84 from `origin` ({lat, lon} or [lat, lon, h]) to each of
   * `points` (flat lat, lon, height triples, heights ignored), by Waymark's closed-form
   * short-range method (wm_geodesic_short_batch): lines up to 10 km that stay 0.01° from
   * the poles, as exact as Karney's geod_inverse there (1 µm, 1e-8°). Returns
   * {distanceM, azimuth1Deg, azimuth2Deg}, Float64Arrays of one number a point, azimuths
   * clockwise from north in (-180, 180] at the origin and at the point. A longer line
   * throws WaymarkError NOT_AVAILABLE with its index as firstBad (Karney's method for any
   * length needs PROJ, which this module is built without); nothing is returned then.
   */
  geodesicInverse(origin, points) {
    const fn = "wm_geodesic_short_batch", count = tripleCount(points, fn);
    const o = point(origin, fn, "origin");
    // A PointBuffer is read in place; anything else is copied. Views of memory are taken
    // only after scratch(), which may grow (and so detach) the module's memory.
    const inPlace = points instanceof PointBuffer, pointsNow = keep(this.memory, points);
    if (inPlace) points._check();
    const block = this.scratch(8 + POINT + (inPlace ? 0 : count * POINT) + count * 24, fn, `${count} points and their geodesics`);
    const firstBad = block, originAt = block + 8, input = inPlace ? points.pointer : originAt + POINT;
    const out = inPlace ? originAt + POINT : input + count * POINT;
    this.u32(firstBad, 1)[0] = NO_INDEX;
    this.f64(originAt, 3).set(o);
    if (!inPlace && count > 0) copyNumbers(this.f64(input, 3 * count), pointsNow(), fn, "points", 3);
    this.check(fn, this.exports[fn](originAt, input, POINT, out, out + 8 * count, out + 16 * count, count, firstBad), firstBad);
    return {
      distanceM: Float64Array.from(this.f64(out, count)),
      azimuth1Deg: Float64Array.from(this.f64(out + 8 * count, count)),
      azimuth2Deg: Float64Array.from(this.f64(out + 16 * count, count)),
    };
  }

  /**
   * The haversine distance (metres) and initial bearing (degrees clockwise from north,
   * (-180, 180]) from `a` to `b` on a sphere of `radiusM` (the mean Earth radius by
   * default): the spherical baseline AR apps use (geodesicInverse is the ellipsoidal
   * answer, to compare with).
   */
  haversineInverse(a, b, radiusM = 6371008.8) {
    const [pa, pb] = [point(a, "haversineInverse", "a"), point(b, "haversineInverse", "b")];
    const radius = numberOf(radiusM, "haversineInverse", "radiusM");
    const block = this.scratch(8 + 2 * POINT + 16);
    const from = block + 8, to = from + POINT, outputs = to + POINT;
    this.f64(from, 3).set(pa);
    this.f64(to, 3).set(pb);
    // Structs passed by value travel by pointer in WebAssembly's C ABI.
    this.check("wm_haversine_inverse", this.exports.wm_haversine_inverse(radius, from, to, outputs, outputs + 8));
    const [distanceM, bearingDeg] = this.f64(outputs, 2);
    return { distanceM, bearingDeg };
  }
}


// Argument readers shared by the wrappers: enumerations by name or number, points,
// flat triples, matrices, viewports. Every reader refuses with a WaymarkError naming the
// argument and reads every value it passes on, so nothing left in the module's memory
// by an earlier call can stand in for a missing one.
import { argumentError } from "./errors.js";
import { MAX_BLOCK_BYTES, POINT_BYTES, PointBuffer } from "./memory.js";

// The typed arrays whose elements are Numbers: BigInt64Array and BigUint64Array hold
// BigInts, which Float64Array.set refuses with a TypeError, and a DataView has no
// elements at all.
const NUMBER_VIEWS = new Set(["Float64Array", "Float32Array", "Float16Array", "Int8Array", "Uint8Array",
  "Uint8ClampedArray", "Int16Array", "Uint16Array", "Int32Array", "Uint32Array"]);

/** An ArrayBuffer view's kind ("Float64Array", "BigInt64Array", "DataView"), or null.
 * Read from its tag rather than by instanceof, so a view made in another realm (an
 * iframe, a worker) is judged by what it is. */
function viewKind(value) {
  return ArrayBuffer.isView(value) ? Object.prototype.toString.call(value).slice(8, -1) : null;
}

/** Refuses an ArrayBuffer view that holds no Numbers (NULL_POINTER, naming `what`). */
function numberView(value, fn, what, shape) {
  const kind = viewKind(value);
  if (kind !== null && !NUMBER_VIEWS.has(kind)) {
    throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}, not a ${kind}`);
  }
}

/** A Number argument: a BigInt or a Symbol, which Number() or the module's f64
 * parameters would refuse with a raw TypeError (or round a BigInt), is INVALID_VALUE
 * naming `what`; anything else is read with Number(). */
export function numberOf(value, fn, what) {
  if (typeof value === "bigint" || typeof value === "symbol") {
    throw argumentError(fn, "INVALID_VALUE", `${what} is a ${typeof value}, not a number`);
  }
  return Number(value);
}

/** A value of an enumeration table given by name ("EUS") or number (1). */
export function enumValue(table, value, fn, what) {
  if (typeof value === "string" && Object.hasOwn(table, value.toUpperCase().replaceAll("-", "_"))) {
    return table[value.toUpperCase().replaceAll("-", "_")];
  }
  if (Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff) return value;   // the module judges it
  throw argumentError(fn, "INVALID_VALUE", `${what} ${String(value)} is not one of ${Object.keys(table).join(", ")}`);
}

/** The most points a batch takes: their triples must fit in one block of the module's
 * memory (the input alone; a batch that copies needs room for its output too). */
export const MAX_POINTS = Math.floor(MAX_BLOCK_BYTES / POINT_BYTES);

/** A flat array of triples (an array of numbers, a typed array of numbers, or a
 * PointBuffer): its point count. NULL_POINTER for anything else (a BigInt64Array, a
 * DataView), BAD_COUNT for a length that is not whole triples or more than MAX_POINTS
 * points — refused before anything is allocated or written. */
export function tripleCount(points, fn, what = "points") {
  if (points instanceof PointBuffer) { points._check(); return points.count; }
  const shape = "a Float64Array, an array of numbers or a PointBuffer";
  if (!Array.isArray(points) && !NUMBER_VIEWS.has(viewKind(points))) {
    numberView(points, fn, what, shape);
    throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  }
  if (points.length % 3 !== 0) throw argumentError(fn, "BAD_COUNT", `${what}: ${points.length} numbers are not whole triples`);
  const count = points.length / 3;
  if (count > MAX_POINTS) {
    throw argumentError(fn, "BAD_COUNT", `${what}: ${count} points are more than the ${MAX_POINTS} the module's memory holds in one block`);
  }
  return count;
}

/** Copies `values` (an array or a typed array of numbers) into `target`, a view of the
 * module's memory. An element Float64Array.set cannot convert (a BigInt, a Symbol) is
 * INVALID_VALUE naming it, with firstBad its group's index (the point, for triples:
 * `group` 3) when `group` is given. */
export function copyNumbers(target, values, fn, what, group = 0) {
  try {
    target.set(values);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const k = Array.prototype.findIndex.call(values, (x) => typeof x === "bigint" || typeof x === "symbol");
    if (k < 0) throw error;
    throw argumentError(fn, "INVALID_VALUE", `${what}[${k}] is a ${typeof values[k]}, not a number`,
      group ? Math.floor(k / group) : undefined);
  }
}

/** A 4x4 column-major matrix argument (16 numbers) written into `target` (16 floats). */
export function matrix(target, m, fn, what) {
  const shape = "16 numbers, column-major";
  if (m === null || typeof m !== "object") throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  numberView(m, fn, what, shape);
  if (m.length !== 16) throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  copyNumbers(target, m, fn, what);
}

/** {lat, lon, height} or [lat, lon, height] as a triple (height 0 when omitted). */
export function point(p, fn, what = "point") {
  const shape = "{lat, lon, height} or [lat, lon, height]";
  if (p === null || typeof p !== "object") throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  numberView(p, fn, what, shape);
  return "length" in p
    ? [numberOf(p[0], fn, `${what}[0]`), numberOf(p[1], fn, `${what}[1]`), numberOf(p[2] ?? 0, fn, `${what}[2]`)]
    : [numberOf(p.lat, fn, `${what}.lat`), numberOf(p.lon, fn, `${what}.lon`), numberOf(p.height ?? 0, fn, `${what}.height`)];
}

/** [x, y, z] or {x, y, z} as a triple; a missing component is NaN (the module refuses it). */
export function vector(v, fn, what) {
  const shape = "[x, y, z] or {x, y, z}";
  if (v === null || typeof v !== "object") throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  numberView(v, fn, what, shape);
  return "length" in v
    ? [0, 1, 2].map((k) => numberOf(v[k], fn, `${what}[${k}]`))
    : ["x", "y", "z"].map((k) => numberOf(v[k], fn, `${what}.${k}`));
}

/**
 * A viewport: [x, y, width, height] (exactly four numbers) or {x, y, width, height}
 * (XRViewport, DOMRect), CSS pixels. NULL_POINTER when it is missing; INVALID_VALUE when
 * it has another length or lacks a field — a two-number [width, height] is refused,
 * not read as an origin of (0, 0): [x, y] would look the same. Nothing is filled in
 * from an earlier call.
 */
export function viewport(v, fn, what = "camera.viewport") {
  const shape = "[x, y, width, height] or {x, y, width, height} (CSS pixels)";
  if (v === null || typeof v !== "object") throw argumentError(fn, "NULL_POINTER", `${what} must be ${shape}`);
  numberView(v, fn, what, shape);
  if ("length" in v) {
    if (v.length !== 4) throw argumentError(fn, "INVALID_VALUE", `${what} has ${v.length} numbers; it must be ${shape}`);
    return [0, 1, 2, 3].map((k) => numberOf(v[k], fn, `${what}[${k}]`));
  }
  return ["x", "y", "width", "height"].map((k) => {
    if (v[k] === undefined || v[k] === null) throw argumentError(fn, "INVALID_VALUE", `${what}.${k} is missing; it must be ${shape}`);
    return numberOf(v[k], fn, `${what}.${k}`);
  });
}

// Argument readers shared by the wrappers: enumerations by name or number, points,
// flat triples.
import { argumentError } from "./errors.js";
import { PointBuffer } from "./memory.js";

/** A value of an enumeration table given by name ("EUS") or number (1). */
export function enumValue(table, value, fn, what) {
  if (typeof value === "string" && Object.hasOwn(table, value.toUpperCase().replaceAll("-", "_"))) {
    return table[value.toUpperCase().replaceAll("-", "_")];
  }
  if (Number.isInteger(value) && value >= -0x80000000 && value <= 0x7fffffff) return value;   // the module judges it
  throw argumentError(fn, "INVALID_VALUE", `${what} ${String(value)} is not one of ${Object.keys(table).join(", ")}`);
}

/** A flat array of triples (Float64Array, array of numbers, or PointBuffer): its point count. */
export function tripleCount(points, fn) {
  if (points instanceof PointBuffer) { points._check(); return points.count; }
  if (!(points instanceof Float64Array) && !Array.isArray(points) && !ArrayBuffer.isView(points)) {
    throw argumentError(fn, "NULL_POINTER", "points must be a Float64Array, an array of numbers or a PointBuffer");
  }
  if (points.length % 3 !== 0) throw argumentError(fn, "BAD_COUNT", `${points.length} numbers are not whole triples`);
  return points.length / 3;
}

/** {lat, lon, height} or [lat, lon, height] as a triple. */
export function point(p, fn) {
  if (p === null || typeof p !== "object") throw argumentError(fn, "NULL_POINTER", "a point must be {lat, lon, height} or [lat, lon, height]");
  const triple = "length" in p ? [p[0], p[1], p[2] ?? 0] : [p.lat, p.lon, p.height ?? 0];
  return triple.map(Number);
}

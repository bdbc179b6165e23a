// Tracks, routes and field logs read by the library's own readers (wm_track_read,
// wm_field_log_read in waymark-io.wasm): the code the waymark CLI, Python and C# run, so
// a file reads to the same points, or is refused at the same line for the same reason,
// in a browser too. The readers' module is separate from the core's, loaded on the first
// read, so a page that reads no file does not download it.
import { instantiate } from "./load.js";
import { Status, nameOf } from "./constants.js";
import { WaymarkError, argumentError } from "./errors.js";
import { blockBytes } from "./memory.js";
import { OFFSETOF, SIZEOF, WM_GPX_PART_AUTO, WM_GPX_PART_ROUTE, WM_GPX_PART_TRACK, WM_GPX_PART_WAYPOINTS,
  WM_TRACK_FORMAT_GEOJSON, WM_TRACK_FORMAT_GPX, WM_TRACK_FORMAT_KML, WM_TRACK_FORMAT_NMEA, WM_TRACK_FORMAT_POLYLINE,
  WM_TRACK_FORMAT_POLYLINE6, WM_TRACK_FORMAT_TCX, WM_TRACK_FORMAT_CSV, WM_TRACKING_LIMITED,
  WM_TRACKING_NORMAL, WM_TRACKING_RESET } from "./generated/abi.js";

/** The formats readTrack takes. */
export const TrackFormat = Object.freeze({ gpx: WM_TRACK_FORMAT_GPX, kml: WM_TRACK_FORMAT_KML, tcx: WM_TRACK_FORMAT_TCX,
  nmea: WM_TRACK_FORMAT_NMEA, geojson: WM_TRACK_FORMAT_GEOJSON, polyline: WM_TRACK_FORMAT_POLYLINE,
  polyline6: WM_TRACK_FORMAT_POLYLINE6, csv: WM_TRACK_FORMAT_CSV });
const EXTENSIONS = { gpx: "gpx", kml: "kml", tcx: "tcx", nmea: "nmea", nma: "nmea", geojson: "geojson", json: "geojson",
  polyline: "polyline", polyline6: "polyline6", csv: "csv" };
const GPX_PARTS = { undefined: WM_GPX_PART_AUTO, track: WM_GPX_PART_TRACK, route: WM_GPX_PART_ROUTE, waypoints: WM_GPX_PART_WAYPOINTS };
const EVENTS = { 1: "fix", 2: "frame", 3: "heading", 4: "tracking" };
const TRACKING = { [WM_TRACKING_NORMAL]: "normal", [WM_TRACKING_LIMITED]: "limited", [WM_TRACKING_RESET]: "reset" };

/** A document or log the readers refuse: `line` (1-based) holds the fault and `reason`
 * says what is wrong, word for word the CLI's `line N: reason` (exit 65). */
export class ReadError extends Error {
  constructor(line, reason) {
    super(`line ${line}: ${reason}`);
    this.name = "ReadError";
    this.line = line;
    this.reason = reason;
  }
}

let readersModule = null;

/** The readers' module, instantiated once (`source`: a URL or path, a Response, bytes or
 * a compiled WebAssembly.Module; by default the package's wasm/waymark-io.wasm). */
export async function loadReaders(source) {
  if (source === undefined && readersModule) return readersModule;
  const promise = instantiate(source ?? new URL("../wasm/waymark-io.wasm", import.meta.url)).then((instance) => {
    instance.exports._initialize();
    return instance.exports;
  });
  if (source === undefined) readersModule = promise.catch((e) => { readersModule = null; throw e; });
  return promise;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The input as bytes: a string (the document's text), an ArrayBuffer or a typed array. */
function inputBytes(input, fn) {
  if (typeof input === "string") return encoder.encode(input);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw argumentError(fn, "INVALID_VALUE", "the input must be a string, an ArrayBuffer or a typed array");
}

/** Calls `read(text, length, out, capacity, count, report)` twice (size, then fill) with
 * the input copied into the module's memory; returns [count, out pointer, report pointer,
 * memory, free] or throws ReadError / WaymarkError. */
function run(exports, fn, bytes, elementSize, call) {
  const length = blockBytes(bytes.length, fn, "the input");
  const text = exports.malloc(Math.max(length, 1));
  const report = exports.malloc(SIZEOF.wm_read_report + 8);
  const count = report + SIZEOF.wm_read_report;
  let out = 0;
  const free = () => { exports.free(text); exports.free(report); if (out) exports.free(out); };
  if (!text || !report) { free(); throw argumentError(fn, "BAD_COUNT", "the module's memory cannot hold the input"); }
  try {
    new Uint8Array(exports.memory.buffer, text, length).set(bytes);
    new DataView(exports.memory.buffer).setUint32(report + OFFSETOF.wm_read_report.size, SIZEOF.wm_read_report, true);
    let status = call(text, length, 0, 0, count, report);
    const view = () => new DataView(exports.memory.buffer);
    if (status === Status.INVALID_VALUE && Number(view().getBigUint64(report + OFFSETOF.wm_read_report.line, true)) > 0) {
      throw new ReadError(Number(view().getBigUint64(report + OFFSETOF.wm_read_report.line, true)), message(exports, report));
    }
    if (status !== Status.OK && status !== Status.BAD_COUNT) throw new WaymarkError(fn, status, nameOf(Status, status) ?? "refused");
    const n = view().getUint32(count, true);
    out = exports.malloc(blockBytes(Math.max(n, 1) * elementSize, fn, "the points"));
    if (!out) throw argumentError(fn, "BAD_COUNT", "the module's memory cannot hold the points");
    status = call(text, length, out, n, count, report);
    if (status !== Status.OK) throw new WaymarkError(fn, status, nameOf(Status, status) ?? "refused");
    return { n, out, report, view: view(), free };
  } catch (e) {
    free();
    throw e;
  }
}

function message(exports, report) {
  const bytes = new Uint8Array(exports.memory.buffer, report + OFFSETOF.wm_read_report.message,
    SIZEOF.wm_read_report - OFFSETOF.wm_read_report.message);
  const end = bytes.indexOf(0);
  return decoder.decode(bytes.subarray(0, end < 0 ? bytes.length : end));
}

/**
 * The points of a GPX, KML, TCX, NMEA, GeoJSON (or OSRM/Valhalla response), encoded
 * polyline or CSV (rows lat,lon[,h], the CLI's rules with their defaults) document: `input` its text (a string), or its
 * bytes (an ArrayBuffer or typed array, as a file input's `arrayBuffer()` gives).
 * `options.format`: "gpx", "kml", "tcx", "nmea", "geojson", "polyline", "polyline6" or "csv" (or `options.name`, a file name whose
 * extension says it); `options.gpxPart`: "track", "route" or "waypoints"; `options.polygons`:
 * "skip" (default, with a warning) or "rings" (KML, GeoJSON). Resolves to `{ points, isRoute,
 * warnings }`, each point `{ line, lat, lon, h, time }` (degrees; metres as the document
 * states them, null when none; seconds since 1970 UTC, null when none). Rejects with a
 * ReadError (line, reason) for a document the readers refuse.
 */
export async function readTrack(input, options = {}) {
  const fn = "readTrack";
  const name = options.format ?? EXTENSIONS[String(options.name ?? "").split(".").pop().toLowerCase()];
  const format = TrackFormat[name];
  if (format === undefined) throw argumentError(fn, "INVALID_VALUE", `format must be gpx, kml, tcx, nmea, geojson, polyline, polyline6 or csv (or a name with such an extension), not ${JSON.stringify(options.format ?? options.name)}`);
  const part = GPX_PARTS[options.gpxPart];
  if (part === undefined) throw argumentError(fn, "INVALID_VALUE", `gpxPart must be "track", "route" or "waypoints", not ${JSON.stringify(options.gpxPart)}`);
  const polygons = options.polygons ?? "skip";
  if (polygons !== "skip" && polygons !== "rings") throw argumentError(fn, "INVALID_VALUE", `polygons must be "skip" or "rings", not ${JSON.stringify(polygons)}`);
  const bytes = inputBytes(input, fn);
  const exports = await loadReaders(options.module);
  const opts = exports.malloc(SIZEOF.wm_track_options);
  if (!opts) throw argumentError(fn, "BAD_COUNT", "the module's memory cannot hold the options");
  try {
    const o = new DataView(exports.memory.buffer);
    o.setUint32(opts + OFFSETOF.wm_track_options.size, SIZEOF.wm_track_options, true);
    o.setUint32(opts + OFFSETOF.wm_track_options.gpx_part, part, true);
    o.setUint32(opts + OFFSETOF.wm_track_options.polygon_rings, polygons === "rings" ? 1 : 0, true);
    o.setUint32(opts + OFFSETOF.wm_track_options.reserved_, 0, true);
    o.setBigUint64(opts + OFFSETOF.wm_track_options.maximum_points, 0n, true);
    const r = run(exports, fn, bytes, SIZEOF.wm_track_point,
      (text, length, out, capacity, count, report) => exports.wm_track_read(text, length, format, opts, out, capacity, count, report));
    try {
      const points = new Array(r.n);
      const f = OFFSETOF.wm_track_point;
      for (let i = 0; i < r.n; i++) {
        const p = r.out + i * SIZEOF.wm_track_point;
        const h = r.view.getFloat64(p + f.height_m, true), t = r.view.getFloat64(p + f.time_s, true);
        points[i] = { line: Number(r.view.getBigUint64(p + f.line, true)), lat: r.view.getFloat64(p + f.latitude_deg, true),
          lon: r.view.getFloat64(p + f.longitude_deg, true), h: Number.isNaN(h) ? null : h, time: Number.isNaN(t) ? null : t };
      }
      const rep = OFFSETOF.wm_read_report;
      const warnings = r.view.getUint32(r.report + rep.warning_count, true) ? message(exports, r.report).split("\n") : [];
      return { points, isRoute: r.view.getUint32(r.report + rep.is_route, true) === 1, warnings };
    } finally {
      r.free();
    }
  } finally {
    exports.free(opts);
  }
}

/**
 * Every row of a field log (waymark replay's format, any of its three headers): `input`
 * its text, or its bytes. Resolves to an array of rows `{ line, t, event, ... }` with the
 * event's fields (fix: lat, lon, h (null when none), accuracy, x, y, z, course,
 * courseAccuracy, speed, speedAccuracy (null when empty); frame: x, y, z, yaw, pitch,
 * roll; heading: those and trueHeading, headingAccuracy; tracking: state). Rejects with
 * a ReadError (line, reason) for a log the reader refuses, as `waymark replay` would.
 */
export async function readFieldLog(input, options = {}) {
  const fn = "readFieldLog";
  const bytes = inputBytes(input, fn);
  const exports = await loadReaders(options.module);
  const r = run(exports, fn, bytes, SIZEOF.wm_log_row,
    (text, length, out, capacity, count, report) => exports.wm_field_log_read(text, length, out, capacity, count, report));
  try {
    const f = OFFSETOF.wm_log_row;
    const rows = new Array(r.n);
    for (let i = 0; i < r.n; i++) {
      const p = r.out + i * SIZEOF.wm_log_row;
      const d = (name) => r.view.getFloat64(p + f[name], true);
      const opt = (name) => { const v = d(name); return Number.isNaN(v) ? null : v; };
      const event = EVENTS[r.view.getUint32(p + f.event, true)];
      const row = { line: Number(r.view.getBigUint64(p + f.line, true)), t: d("time_s"), event };
      if (event === "fix") {
        Object.assign(row, { lat: d("latitude_deg"), lon: d("longitude_deg"), h: opt("height_m"), accuracy: d("accuracy_m"),
          x: d("x"), y: d("y"), z: d("z"), course: opt("course_deg"), courseAccuracy: opt("course_accuracy_deg"),
          speed: opt("speed_mps"), speedAccuracy: opt("speed_accuracy_mps") });
      } else if (event === "tracking") {
        row.state = TRACKING[r.view.getInt32(p + f.tracking, true)];
      } else {
        Object.assign(row, { x: d("x"), y: d("y"), z: d("z"), yaw: d("yaw_deg"), pitch: d("pitch_deg"), roll: d("roll_deg") });
        if (event === "heading") Object.assign(row, { trueHeading: d("true_heading_deg"), headingAccuracy: d("heading_accuracy_deg") });
      }
      rows[i] = row;
    }
    return rows;
  } finally {
    r.free();
  }
}

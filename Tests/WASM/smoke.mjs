// The WebAssembly build's test, run by node (scripts/test-wasm): loads
// build-wasm/waymark-core.wasm (or the scalar build, waymark-core-scalar.wasm) through
// the JavaScript package js/ (waymark-geo, the wrapper a page uses), checks that it
// imports nothing and exports exactly the header's core-flavour functions, then
// converts the reference vectors at the C consumer test's tolerances
// (Tests/CABI/c_abi_test.c; the gcoord cities at the Swift suite's), walks the error
// paths and drives the navigator through its versioned structs at their wasm32
// offsets. With HOST_OUTPUTS (Tests/WASM/host_outputs.c's output, scripts/test-wasm
// makes it) every converted number is also compared with the host build's.
// Usage: node Tests/WASM/smoke.mjs [MODULE.wasm [HOST_OUTPUTS]]. Prints
// "N passed, N failed"; exits 1 on any failure.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadWaymark, rigidPose, Axes, Status, WaymarkError } from "../../js/src/index.js";
import { readCSV as readCSVFile } from "../../js/test/helpers.mjs";
// Field offsets from the header (scripts/generate-bindings-constants), never written here.
import { OFFSETOF } from "../../js/src/generated/abi.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const modulePath = process.argv[2] ?? `${root}build-wasm/waymark-core.wasm`;
const hostOutputs = process.argv[3];
let passed = 0, failed = 0;
function check(ok, what) {
  if (ok) { passed++; return; }
  failed++;
  if (failed <= 20) console.error(`smoke.mjs: failed: ${what}`);
}

// CSV with quoted fields (the external files quote their notes): the package tests' reader.
const readCSV = (relative) => readCSVFile(`${root}Tests/Data/${relative}`);

const figure = (x) => (x === 0 ? "0" : x.toPrecision(2));
const angleDiff = (a, b) => { const d = Math.abs(a - b) % 360; return Math.min(d, 360 - d); };
const degree = Math.PI / 180;

// ---- The module's interface against the header ------------------------------------
const bytes = readFileSync(modulePath);
const compiled = await WebAssembly.compile(bytes);
// A page downloads it: the README's size budget.
check(bytes.length <= 344 * 1024, `the module is at most 344 KiB (${bytes.length} bytes)`);
check(WebAssembly.Module.imports(compiled).length === 0, `the module imports nothing (has ${JSON.stringify(WebAssembly.Module.imports(compiled))})`);
const header = readFileSync(`${root}include/waymark.h`, "utf8");
// The core flavour's declarations: the header without its !WAYMARK_CORE blocks (its
// experimental section included: the module exports it too).
const coreHeader = header.replace(/#if !defined\(WAYMARK_CORE\)[\s\S]*?#endif \/\* !WAYMARK_CORE \*\//g, "");
const declared = (text) => new Set([...text.matchAll(/^WM_API\b[^(]*?\b(wm_\w+)\s*\(/gm)].map((m) => m[1]));
const coreFunctions = declared(coreHeader), allFunctions = declared(header);
const exported = new Set(WebAssembly.Module.exports(compiled).map((e) => e.name));
// The readers (the header's "Reading files" section) are waymark-io.wasm's, not this module's.
const readingStart = header.indexOf("/* ---- Reading files");   // to the next section
const readingSection = header.slice(readingStart, header.indexOf("/* ---- ", readingStart + 1));
const readers = declared(readingSection);
check(readers.size === 2, `the header's readers (${[...readers].join(", ")})`);
const expected = new Set([...coreFunctions].filter((name) => !readers.has(name)).concat(["memory", "_initialize", "malloc", "free"]));
for (const name of expected) check(exported.has(name), `${name} exported`);
for (const name of exported) check(expected.has(name), `${name} exported but not in the core flavour's header`);
const projOnly = [...allFunctions].filter((name) => !coreFunctions.has(name));
check(coreFunctions.size >= 50 && projOnly.length >= 10, `header parsed (${coreFunctions.size} core, ${projOnly.length} PROJ-only)`);

const wm = await loadWaymark(compiled);
const raw = wm.exports;
const versionString = header.match(/#define WAYMARK_VERSION_STRING "([^"]+)"/)[1];
const [major, minor, patch] = ["MAJOR", "MINOR", "PATCH"].map((p) => Number(header.match(new RegExp(`#define WAYMARK_VERSION_${p} (\\d+)`))[1]));
check(wm.version === versionString, `wm_version_string "${wm.version}" is the header's "${versionString}"`);
check(raw.wm_version() === major * 10000 + minor * 100 + patch, "wm_version is the header's number");
check(wm.statusString(Status.OK) === "ok" && wm.statusString(1000) === "unknown status", "wm_status_string");
const descriptions = new Set();
for (let s = 0; s <= Status.NOT_AVAILABLE; s++) descriptions.add(wm.statusString(s));
check(descriptions.size === Status.NOT_AVAILABLE + 1, "every status has its own description");

// ---- ENU reference vectors: PROJ 9.5.1's cart + topocentric (Tests/Data/README) -----
let enuRows = 0, enuWorst = 0, enuWorstHeight = 0;
const enuAnswers = [], arrowAnswers = [];
for (const row of readCSV("enu_wgs84.csv")) {
  const v = Object.values(row).map(Number);
  const frame = wm.createFrame([v[0], v[1], v[2]], Axes.ENU);
  const point = [v[3], v[4], v[5]];
  const enu = frame.forward(point);
  const err = Math.hypot(enu[0] - v[6], enu[1] - v[7], enu[2] - v[8]);
  check(err <= 1e-6, `ENU row ${enuRows}: ${err} m from PROJ`);
  enuWorst = Math.max(enuWorst, err);
  const back = frame.reverse(enu);
  enuAnswers.push([...enu, ...back]);
  check(Math.abs(back[0] - point[0]) <= 1e-12 && angleDiff(back[1], point[1]) * Math.cos(point[0] * degree) <= 1e-12,
        `ENU row ${enuRows}: round trip ${back[0] - point[0]}°, ${back[1] - point[1]}°`);
  check(Math.abs(back[2] - point[2]) <= 1e-6, `ENU row ${enuRows}: round trip height`);
  enuWorstHeight = Math.max(enuWorstHeight, Math.abs(back[2] - point[2]));
  frame.dispose();
  enuRows++;
}
check(enuRows === 2000, `2000 ENU rows (read ${enuRows})`);

// Distance in metres between two nearby points: the length of one's ENU vector in a
// frame at the other (a chord, equal to the geodesic below a micrometre at these scales).
function metres(a, b) {
  const frame = wm.createFrame(a, Axes.ENU);
  const d = frame.forward(b);
  frame.dispose();
  return Math.hypot(d[0], d[1], d[2]);
}
const close = (a, b, tol) => Math.abs(a[0] - b[0]) <= tol && Math.abs(a[1] - b[1]) <= tol;

// ---- GCJ-02 / BD-09: the collected vectors (c_abi_test.c's and ChinaDatumTests') ----
let gcjRows = 0;
for (const row of readCSV("external/gcj_reference_vectors.csv")) {
  const name = row.case, op = row.operation;
  const p = (prefix) => (row[`${prefix}_lat`] && row[`${prefix}_lon`] ? [Number(row[`${prefix}_lat`]), Number(row[`${prefix}_lon`]), 0] : null);
  const w = p("wgs"), g = p("gcj"), b = p("bd");
  if (name.startsWith("eviltransform_bd2wgs")) continue;   // a non-standard x_pi variant (Tests/Data/external/README.md 3a)
  if (op.includes("identity outside") && w) {
    check(close(wm.gcj02FromWgs84(w), w, 0) && close(wm.wgs84FromGcj02(w), w, 0), `${name}: identity outside China`);
    gcjRows++;
  } else if (op.startsWith("wgs2gcj") && w && g) {
    check(close(wm.gcj02FromWgs84(w), g, 1e-12), `${name}: WGS-84 -> GCJ-02 within 1e-12°`);
    check(metres(w, wm.wgs84FromGcj02(g)) <= 1e-6, `${name}: the exact inverse within 1e-6 m`);
    gcjRows++;
  }
  if (op.startsWith("gcj2bd") && g && b) {
    check(close(wm.bd09FromGcj02(g), b, name.includes("matlab") ? 1e-5 : 1e-12), `${name}: GCJ-02 -> BD-09`);
    gcjRows++;
  }
  if (op === "bd2gcj" && g && b) {
    const exact = wm.gcj02FromBd09(b);
    check(metres(exact, g) <= 0.25 && close(wm.bd09FromGcj02(exact), b, 1e-11), `${name}: BD-09 -> GCJ-02, exact inverse`);
    gcjRows++;
  }
  if (op === "wgs2bd" && w && b) {
    check(close(wm.bd09FromGcj02(wm.gcj02FromWgs84(w)), b, 1e-12), `${name}: WGS-84 -> BD-09`);
    gcjRows++;
  }
  if (op.startsWith("bd2wgs") && w && b) {   // hutool's one-step approximations: metres off
    check(metres(wm.wgs84FromGcj02(wm.gcj02FromBd09(b)), w) < 10, `${name}: BD-09 -> WGS-84`);
    gcjRows++;
  }
}
check(gcjRows === 15, `15 collected GCJ-02/BD-09 vectors checked (checked ${gcjRows})`);

// gcoord's 664 Chinese cities in one batch each way: real-service GCJ-02 within gcoord's
// own 4-decimal tolerance; BD-09 is the standard formula of the file's GCJ-02 (≤ 2e-7°).
const cities = readCSV("external/gcj_gcoord_china_cities.csv");
const wgs = Float64Array.from(cities.flatMap((r) => [Number(r.wgs_lat), Number(r.wgs_lon), 0]));
const gcj = Float64Array.from(cities.flatMap((r) => [Number(r.gcj_lat), Number(r.gcj_lon), 0]));
const bd = Float64Array.from(cities.flatMap((r) => [Number(r.bd_lat), Number(r.bd_lon), 0]));
const gcjOut = wm.gcj02FromWgs84(wgs), bdOut = wm.bd09FromGcj02(gcj), backOut = wm.wgs84FromGcj02(gcjOut);
let cityRows = 0;
for (let i = 0; i < cities.length; i++) {
  const at = (array) => [array[3 * i], array[3 * i + 1], array[3 * i + 2]];
  check(close(at(gcjOut), at(gcj), 1e-4), `city ${i}: GCJ-02 within 1e-4°`);
  check(close(at(bdOut), at(bd), 2e-7), `city ${i}: BD-09 within 2e-7°`);
  check(Math.abs(backOut[3 * i] - wgs[3 * i]) <= 1e-11 && Math.abs(backOut[3 * i + 1] - wgs[3 * i + 1]) <= 1e-11, `city ${i}: round trip`);
  cityRows++;
}
check(cityRows === 664, `664 gcoord cities (read ${cityRows})`);

// ---- Anchors: translations are the forward positions, rounded to float -----------------
{
  const route = Float64Array.from(readFileSync(`${root}examples/c-engine/route.csv`, "utf8").split("\n")
    .filter((l) => l && !l.startsWith("#")).flatMap((l) => l.split(",").map(Number)));
  const frame = wm.createFrame([route[0], route[1], route[2]], Axes.EUS);
  frame.setEstimate([1, 2, 3], 10);
  const scene = frame.forward(route), anchors = frame.anchorTransforms(route);
  const n = route.length / 3;
  check(anchors.length === 16 * n && n === 7, "one matrix per route point");
  for (let i = 0; i < n; i++) {
    const t = anchors.subarray(16 * i, 16 * i + 16);
    check([0, 1, 2].every((k) => t[12 + k] === Math.fround(scene[3 * i + k])) && t[15] === 1 && t[5] === 1,
          `anchor ${i}: translation = forward position, rotation about up`);
  }
  // rigidPose (what the page hands XRRigidTransform): the quaternion turns the model's
  // forward (-Z in EUS) towards the next point, horizontally; the last keeps the heading.
  for (let i = 0; i < n; i++) {
    const { position, orientation: q } = rigidPose(anchors, i);
    const j = Math.min(i, n - 2);
    const toward = [scene[3 * j + 3] - scene[3 * j], 0, scene[3 * j + 5] - scene[3 * j + 2]];
    const length = Math.hypot(...toward);
    // v' = v + 2w (q × v) + 2 q × (q × v), v = (0, 0, -1).
    const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const u = [q.x, q.y, q.z], v = [0, 0, -1], t = cross(u, v), tt = cross(u, t);
    const forward = v.map((x, k) => x + 2 * q.w * t[k] + 2 * tt[k]);
    const alignment = (forward[0] * toward[0] + forward[1] * toward[1] + forward[2] * toward[2]) / length;
    check(alignment > 1 - 1e-6 && Math.abs(forward[1]) < 1e-6 && Math.abs(Math.hypot(q.x, q.y, q.z, q.w) - 1) < 1e-6,
          `anchor ${i}: rigidPose faces the next point (${alignment})`);
    check(position.x === anchors[16 * i + 12] && position.z === anchors[16 * i + 14], `anchor ${i}: rigidPose position`);
  }
  // A route handle (the library's own allocation, in linear memory): the arrows every
  // 2 m for 50 m from the user 0.5 m east of the start; compared with the host below.
  {
    const block = wm.alloc(8 + 24 * n + 24 + 64 + 64 * 40 + 4);
    const out = block, points = block + 8, user = points + 24 * n, position = user + 24, arrows = position + 64, count = arrows + 64 * 40;
    wm.f64(points, 3 * n).set(scene);
    wm.f64(user, 3).set([scene[0] + 0.5, scene[1], scene[2]]);
    check(raw.wm_route_create(points, 24, n, Axes.EUS, out) === Status.OK, "wm_route_create");
    const route = wm.u32(out, 1)[0];
    check(raw.wm_route_project(route, user, position) === Status.OK, "wm_route_project");
    check(raw.wm_route_arrows(route, position, 2, 50, arrows, 64, count) === Status.OK, "wm_route_arrows");
    const k = wm.u32(count, 1)[0];
    const values = wm.f64(arrows, 5 * k);
    for (let i = 0; i < k; i++) arrowAnswers.push(Array.from(values.subarray(5 * i, 5 * i + 5)));
    check(k === 25 && arrowAnswers[0][4] === 2 && arrowAnswers[k - 1][4] === 50, `25 arrows, 2 to 50 m along (${k})`);
    check(raw.wm_route_arrows(route, position, 2, 50, arrows, 3, count) === Status.BAD_COUNT, "too small a capacity is BAD_COUNT");
    raw.wm_route_destroy(route);
    wm.free(block);
  }
  check(Math.abs(scene[0] - 1) < 1e-9 && Math.abs(scene[1] - 2) < 1e-9 && Math.abs(scene[2] - 3) < 1e-9, "the estimate moves the origin");
  frame.dispose();
}

// ---- Error paths: statuses, first_bad, outputs untouched, no trap ---------------------
{
  const block = wm.alloc(4096);
  const frame = block, input = block + 512, output = block + 1024, firstBad = block + 2048, origin = block + 2056;
  new Uint8Array(wm.memory.buffer, block, 4096).fill(0);
  wm.f64(origin, 3).set([31.2, 121.5, 10]);
  check(raw.wm_frame_init(0, origin, Axes.ENU) === Status.NULL_POINTER, "wm_frame_init(NULL) is NULL_POINTER");
  check(raw.wm_frame_forward(frame, input, 24, output, 24, 1, firstBad) === Status.INVALID_FRAME, "an uninitialised frame is INVALID_FRAME");
  check(raw.wm_frame_init(frame, origin, 7) === Status.INVALID_VALUE, "unknown axes are INVALID_VALUE");
  check(raw.wm_frame_init(frame, origin, Axes.ENU) === Status.OK, "wm_frame_init");
  check(raw.wm_frame_forward(frame, 0, 24, output, 24, 1, firstBad) === Status.NULL_POINTER, "wm_frame_forward(in = NULL) is NULL_POINTER");
  check(raw.wm_frame_forward(0, 0, 0, 0, 0, 0, 0) === Status.OK, "count 0 succeeds whatever the rest");
  check(raw.wm_wgs84_from_gcj02(0, 0, 24, output, 24, 1, 0) === Status.NULL_POINTER, "wm_wgs84_from_gcj02(in = NULL) is NULL_POINTER");
  check(raw.wm_frame_forward(frame, input, 16, output, 24, 1, firstBad) === Status.BAD_STRIDE, "a 16-byte stride is BAD_STRIDE");
  // size_t is 32 bits here: counts of 2^31 and more, and count x stride beyond 2^31,
  // are BAD_COUNT before anything is read (not a trap, not a wrapped product).
  for (const count of [0x80000000, 0xffffffff, 0x10000000]) {
    check(raw.wm_frame_forward(frame, input, 24, output, 24, count, firstBad) === Status.BAD_COUNT, `count ${count} is BAD_COUNT`);
  }
  wm.f64(input, 9).set([31.2, 121.5, 0, 31.3, NaN, 0, 31.4, 121.6, 0]);
  new Uint8Array(wm.memory.buffer, output, 72).fill(0x5a);
  check(raw.wm_gcj02_from_wgs84(0, input, 24, output, 24, 3, firstBad) === Status.INVALID_VALUE && wm.u32(firstBad, 1)[0] === 1,
        "a NaN longitude is INVALID_VALUE with first_bad = 1");
  check(new Uint8Array(wm.memory.buffer, output, 72).every((x) => x === 0x5a), "outputs untouched on error");
  wm.free(block);
  let thrown;
  try { wm.wgs84FromGcj02([31.2, 121.5, 0, 95, 121, 0]); } catch (error) { thrown = error; }
  check(thrown instanceof WaymarkError && thrown.status === Status.INVALID_VALUE && thrown.firstBad === 1,
        `the wrapper throws WaymarkError(INVALID_VALUE, point 1) (got ${thrown})`);
  const denver = [39.7392, -104.9903, 0];
  check(wm.gcj02FromWgs84(denver)[0] === denver[0] && wm.gcj02FromWgs84(denver, { region: "EVERYWHERE" })[0] !== denver[0],
        "identity outside China, unless the region is EVERYWHERE");
}

// ---- The navigator through the raw exports: the versioned structs' wasm32 layout -------
// size_t is 32 bits here, so wm_navigator_result's arrow_total is 4 bytes followed by 4
// of padding; every size is still the header's (config 336 and 0.3's 288, result 216,
// reading 96, velocity 40).
let navigatorSummary = "";
{
  // The config's sizes are the header's (wm_navigator_config_init writes the one asked,
  // the exported wm_navigator_config_default 0.3's); the result is passed in its 0.2
  // layout (216 bytes), which later versions still accept.
  const CONFIG = Number(header.match(/#define WM_NAVIGATOR_CONFIG_SIZE (\d+)/)[1]), RESULT = 216, READING = 96, FIX = 80, CAMERA = 176;
  const CONFIG_0_3 = Number(header.match(/#define WM_NAVIGATOR_CONFIG_SIZE_0_3 (\d+)/)[1]);
  const VELOCITY = Number(header.match(/#define WM_GPS_VELOCITY_SIZE (\d+)/)[1]);
  const block = wm.alloc(4096);
  const config = block, route = block + 512, out = block + 576, fix = block + 640, camera = block + 768,
        reading = block + 1024, result = block + 1152, arrows = block + 1408, count = block + 3968, velocity = block + 4000;
  new Uint8Array(wm.memory.buffer, block, 4096).fill(0);
  const i32 = (p) => new Int32Array(wm.memory.buffer, p, 1);
  raw.wm_navigator_config_default(config);
  check(wm.u32(config, 1)[0] === CONFIG_0_3 && i32(config + OFFSETOF.wm_navigator_config.estimator)[0] === 2 && i32(config + OFFSETOF.wm_navigator_config.alignment)[0] === 0 &&
        new Uint8Array(wm.memory.buffer, config + CONFIG_0_3, CONFIG - CONFIG_0_3).every((x) => x === 0),
        `wm_navigator_config_default: the 0.3 layout only (size ${CONFIG_0_3}), estimator FILTER, alignment GRAVITY_AND_HEADING`);
  check(raw.wm_navigator_config_init(config, CONFIG + 8) === Status.INVALID_VALUE && wm.u32(config, 1)[0] === CONFIG_0_3,
        "wm_navigator_config_init of another size: INVALID_VALUE, nothing written");
  check(raw.wm_navigator_config_init(config, CONFIG) === Status.OK && wm.u32(config, 1)[0] === CONFIG &&
        wm.f64(config + OFFSETOF.wm_navigator_config.route_offset_sigma_m, 1)[0] === 2 && wm.f64(config + OFFSETOF.wm_navigator_config.velocity_correlation_s, 1)[0] === 10,
        `wm_navigator_config_init: size ${CONFIG}, route_offset_sigma_m 2 and velocity_correlation_s 10 at their offsets`);
  check(raw.wm_navigator_arrow_capacity(config) === 35, "wm_navigator_arrow_capacity");
  wm.u32(config, 1)[0] = CONFIG + 8;
  check(raw.wm_navigator_arrow_capacity(config) === 0, "a config of another size: capacity 0");
  check(raw.wm_navigator_create(config, route, 24, 2, out, 0) === Status.INVALID_VALUE, "a config of another size is INVALID_VALUE");
  wm.u32(config, 1)[0] = CONFIG;
  i32(config + OFFSETOF.wm_navigator_config.alignment)[0] = 1;                                       // WM_ALIGNMENT_GRAVITY
  wm.f64(route, 6).set([55.7339, 37.5886, 150, 55.7366, 37.5886, 150]);
  check(raw.wm_navigator_create(config, route, 24, 2, out, 0) === Status.OK, "wm_navigator_create");
  const nav = wm.u32(out, 1)[0];
  // A fix at the start, the device 1.4 m up at the scene's origin.
  wm.f64(fix, 3).set([55.7339, 37.5886, 151.4]);
  i32(fix + OFFSETOF.wm_fix.has_height)[0] = 1;
  wm.f64(fix + OFFSETOF.wm_fix.horizontal_accuracy_m, 2).set([5, 10]);
  wm.f64(fix + OFFSETOF.wm_fix.time_s, 4).set([0.1, 0, 1.4, 0]);
  check(raw.wm_navigator_add_fix(nav, fix) === Status.OK, "wm_navigator_add_fix");
  // The same fix with a velocity: a bad size refused, -1 (none) and real values taken.
  wm.u32(velocity, 2).set([VELOCITY + 8, 0]);
  wm.f64(velocity + OFFSETOF.wm_gps_velocity.course_deg, 4).set([10, 3, 1.4, 0.1]);
  check(raw.wm_navigator_add_fix_velocity(nav, fix, velocity) === Status.INVALID_VALUE, "a velocity of another size is INVALID_VALUE");
  wm.u32(velocity, 1)[0] = VELOCITY;
  wm.f64(velocity + OFFSETOF.wm_gps_velocity.course_deg, 1)[0] = NaN;
  check(raw.wm_navigator_add_fix_velocity(nav, fix, velocity) === Status.INVALID_VALUE, "a NaN course is INVALID_VALUE");
  wm.f64(velocity + OFFSETOF.wm_gps_velocity.course_deg, 1)[0] = -1;
  check(raw.wm_navigator_add_fix_velocity(nav, fix, velocity) === Status.OK && raw.wm_navigator_add_fix_velocity(nav, fix, 0) === Status.OK,
        "wm_navigator_add_fix_velocity: a course of -1 (none) and a NULL velocity");
  // A camera 1.4 m up looking 20° right of the scene's -Z; true = scene + 73.5.
  const yaw = 20 * degree, truth = 73.5;
  const transform = [Math.cos(yaw), 0, Math.sin(yaw), 0, 0, 1, 0, 0, -Math.sin(yaw), 0, Math.cos(yaw), 0, 0, 1.4, 0, 1];
  wm.f32(camera, 32).set([...transform, 3.7, 0, 0, 0, 0, 1.7, 0, 0, 0, 0, -1, -1, 0, 0, -0.002, 0]);
  wm.f64(camera + OFFSETOF.wm_camera.viewport, 4).set([0, 0, 390, 844]);
  wm.u32(reading, 2).set([READING, 0]);
  wm.f64(reading + OFFSETOF.wm_compass_reading.time_s, 3).set([0.2, 20 + truth, 10]);
  wm.f32(reading + OFFSETOF.wm_compass_reading.camera, 16).set(transform);
  check(raw.wm_navigator_add_heading(nav, reading) === Status.OK, "wm_navigator_add_heading");
  wm.u32(result, 1)[0] = RESULT;
  check(raw.wm_navigator_update(nav, 0.3, camera, result, arrows, 40, count) === Status.OK, "wm_navigator_update");
  const state = i32(result + OFFSETOF.wm_navigator_result.correction_state)[0], source = i32(result + OFFSETOF.wm_navigator_result.correction_source)[0];
  const [correction, sigma] = wm.f64(result + OFFSETOF.wm_navigator_result.correction_deg, 2);
  const arrowTotal = wm.u32(result + OFFSETOF.wm_navigator_result.arrow_total, 1)[0], anchorSigma = wm.f64(result + OFFSETOF.wm_navigator_result.anchor_sigma_m, 1)[0], tracking = i32(result + OFFSETOF.wm_navigator_result.tracking_state)[0];
  check(state === 2 && source === 1, `gravity alignment and one reading: APPLIED from the COMPASS (state ${state}, source ${source})`);
  check(Math.abs(correction - truth) <= 3 * sigma && sigma > 0 && sigma < 11, `the correction within 3σ of the truth (${correction} ± ${sigma})`);
  check(arrowTotal > 0 && arrowTotal === wm.u32(count, 1)[0] && anchorSigma > 0 && Number.isFinite(anchorSigma) && tracking === 0,
        `arrow_total (${arrowTotal}), anchor_sigma_m (${anchorSigma}) and tracking_state at their wasm32 offsets`);
  check(raw.wm_navigator_tracking(nav, 0.4, 1) === Status.OK && raw.wm_navigator_update(nav, 0.5, camera, result, arrows, 40, count) === Status.OK &&
        i32(result + OFFSETOF.wm_navigator_result.tracking_state)[0] === 1, "tracking LIMITED shows in the result");
  check(raw.wm_navigator_tracking(nav, 0.6, 3) === Status.INVALID_VALUE && raw.wm_navigator_tracking(nav, NaN, 2) === Status.INVALID_VALUE,
        "an unknown state or a NaN time is INVALID_VALUE");
  check(raw.wm_navigator_tracking(nav, 0.7, 2) === Status.OK && raw.wm_navigator_add_fix(nav, fix) === Status.OK &&
        raw.wm_navigator_update(nav, 0.8, camera, result, arrows, 40, count) === Status.OK && i32(result + OFFSETOF.wm_navigator_result.tracking_state)[0] === 0 &&
        i32(result + OFFSETOF.wm_navigator_result.correction_state)[0] === 0, "RESET, then a fix: normal tracking, no correction until the next heading");
  wm.u32(reading, 1)[0] = READING + 8;
  check(raw.wm_navigator_add_heading(nav, reading) === Status.INVALID_VALUE, "a reading of another size is INVALID_VALUE");
  wm.u32(reading, 2).set([READING, 1]);
  check(raw.wm_navigator_add_heading(nav, reading) === Status.INVALID_VALUE, "a reading with reserved_ != 0 is INVALID_VALUE");
  new Uint8Array(wm.memory.buffer, result, RESULT).fill(0x5a);
  wm.u32(result, 1)[0] = 192;                                   // 0.1's size
  check(raw.wm_navigator_update(nav, 0.9, camera, result, arrows, 40, count) === Status.INVALID_VALUE &&
        new Uint8Array(wm.memory.buffer, result + 4, RESULT - 4)   /* every byte after the size field */.every((x) => x === 0x5a),
        "a result of another size is INVALID_VALUE, untouched");
  raw.wm_navigator_destroy(nav);
  wm.free(block);
  navigatorSummary = `wasm: navigator: versioned structs at their wasm32 offsets (config ${CONFIG}, result ${RESULT}, reading ${READING}, velocity ${VELOCITY} bytes); ` +
    `one fix and one compass reading under gravity alignment apply ${correction.toFixed(2)}° ± ${sigma.toFixed(2)} (truth ${truth})`;
}

// ---- The same numbers as the host build ---------------------------------------------
// Waymark's own arithmetic is the same everywhere (Swift does not fuse multiply-adds);
// only the C library's sin, cos, atan2, ... differ (wasi-libc's musl against glibc), by
// an ulp here and there: the ENU vectors by nanometres at most, GCJ-02 not at all.
// The asserted bounds are the ones printed in the README.
let hostSummary = "";
if (hostOutputs) {
  const lines = readFileSync(hostOutputs, "utf8").trim().split("\n").map((l) => l.split(" "));
  const host = { enu: [], city: [], arrow: [] };
  for (const [kind, ...numbers] of lines) host[kind].push(numbers.map(Number));
  check(host.enu.length === enuRows && host.city.length === cityRows, `host outputs: ${host.enu.length} ENU and ${host.city.length} city lines`);
  let enuIdentical = 0, enuApart = 0, reverseApart = 0;
  host.enu.forEach((h, i) => {
    const w = enuAnswers[i];
    if (h.every((x, k) => Object.is(x, w[k]))) enuIdentical++;
    enuApart = Math.max(enuApart, Math.hypot(h[0] - w[0], h[1] - w[1], h[2] - w[2]));
    reverseApart = Math.max(reverseApart, Math.abs(h[3] - w[3]), angleDiff(h[4], w[4]) * Math.cos(h[3] * degree));
  });
  // The printed bounds: 1e-8 m (forward) and 1e-13° (reverse), far inside the C test's
  // 1e-6 m and 1e-12°.
  check(enuApart <= 1e-8, `ENU forward within 1e-8 m of the host's (${enuApart} m)`);
  check(reverseApart <= 1e-13, `ENU reverse within 1e-13° of the host's (${reverseApart}°)`);
  // GCJ-02 (sin, sqrt) and its iterated inverse agree to the bit; BD-09 (atan2, sin,
  // cos, sqrt of its own) may differ in the last bit: 1e-13° is printed.
  let gcjIdentical = 0, bdApart = 0;
  host.city.forEach((h, i) => {
    const same = (x, y) => Object.is(x, y);
    if (same(h[0], gcjOut[3 * i]) && same(h[1], gcjOut[3 * i + 1]) && same(h[4], backOut[3 * i]) && same(h[5], backOut[3 * i + 1])) gcjIdentical++;
    bdApart = Math.max(bdApart, Math.abs(h[2] - bdOut[3 * i]), Math.abs(h[3] - bdOut[3 * i + 1]));
  });
  // The arrows: positions through the frame (libm), yaw through atan2: 1e-8 m and 1e-12°.
  check(host.arrow.length === arrowAnswers.length, `host outputs: ${host.arrow.length} arrows`);
  let arrowApart = 0, yawApart = 0;
  host.arrow.forEach((h, i) => {
    const w = arrowAnswers[i] ?? [NaN, NaN, NaN, NaN, NaN];
    arrowApart = Math.max(arrowApart, Math.hypot(h[0] - w[0], h[1] - w[1], h[2] - w[2]), Math.abs(h[4] - w[4]));
    yawApart = Math.max(yawApart, angleDiff(h[3], w[3]));
  });
  check(arrowApart <= 1e-8 && yawApart <= 1e-12, `route arrows within 1e-8 m and 1e-12° of the host's (${arrowApart} m, ${yawApart}°)`);
  check(gcjIdentical === cityRows, `GCJ-02 and its inverse bit-identical to the host's (${gcjIdentical} of ${cityRows} cities)`);
  check(bdApart <= 1e-13, `BD-09 within 1e-13° of the host's (${bdApart}°)`);
  hostSummary = `wasm: against the host build (${process.arch === "x64" ? "x86-64" : process.arch}): ENU forward within ${figure(enuApart)} m, reverse within ${figure(reverseApart)}° ` +
    `(${enuIdentical} of ${enuRows} rows bit-identical); GCJ-02 and its inverse bit-identical (${gcjIdentical} cities), BD-09 within ${figure(bdApart)}°; ` +
    `${arrowAnswers.length} route arrows within ${figure(arrowApart)} m, ${figure(yawApart)}°`;
}

console.log(`wasm: module ${bytes.length} bytes, no imports, ${coreFunctions.size} wm_ functions exported (the header's core flavour, none of its ${projOnly.length} PROJ functions)`);
console.log(`wasm: ${enuRows} ENU rows within ${figure(enuWorst)} m of PROJ (tolerance 1e-6 m), round trips within 1e-12° and ${figure(enuWorstHeight)} m`);
console.log(`wasm: ${gcjRows} collected GCJ-02/BD-09 vectors (1e-12°) and ${cityRows} gcoord cities (GCJ-02 1e-4°, BD-09 2e-7°, round trip 1e-11°), all within tolerance`);
console.log(navigatorSummary);
if (hostSummary) console.log(hostSummary);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;

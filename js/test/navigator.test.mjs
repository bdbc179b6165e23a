// The navigator over a field log from `waymark simulate --log` (test/fixtures, see
// fixtures/README.md) equals `waymark replay`'s rows for it within the tolerances below.
// replay drives the Swift navigator with double-precision cameras; the C ABI (and so
// this package) takes the camera as float matrices, as every engine hands them over,
// so the two runs differ by the float rounding of the camera propagated through the
// filter (measured: 2e-6 m, 1.2e-6°, 2e-4 pt) — hence tolerances, 50 times that, rather
// than bits.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCSV, load, root } from "./helpers.mjs";
import { perspective } from "../src/index.js";

const fixtures = `${root}js/test/fixtures/`;
const RAD = Math.PI / 180;

/** CameraPose.transform (Sources/WaymarkNavigation/CameraPose.swift) in EUS: the
 * log's yaw, pitch and roll as the camera -> scene matrix replay builds, column-major. */
function cameraTransform(x, y, z, yaw, pitch, roll) {
  const [sy, cy, sp, cp, sr, cr] = [Math.sin(yaw * RAD), Math.cos(yaw * RAD), Math.sin(pitch * RAD), Math.cos(pitch * RAD), Math.sin(roll * RAD), Math.cos(roll * RAD)];
  const f = [sy * cp, cy * cp, sp], right0 = [cy, -sy, 0];
  const up0 = [right0[1] * f[2] - right0[2] * f[1], right0[2] * f[0] - right0[0] * f[2], right0[0] * f[1] - right0[1] * f[0]];
  const up = up0.map((v, k) => cr * v + sr * right0[k]), right = right0.map((v, k) => cr * v - sr * up0[k]);
  const eus = (v) => [v[0], v[2], -v[1]];
  return [...eus(right), 0, ...eus(up), 0, ...eus(f.map((v) => -v)), 0, x, y, z, 1];
}

// Tolerances: positions and distances in metres, angles in degrees, screen in points.
const TOLERANCE = { metres: 1e-4, degrees: 1e-4, points: 0.01, latlon: 1e-9 };
const COLUMNS = {
  progress_m: ["progressM", "metres"], remaining_m: ["remainingM", "metres"], off_route_m: ["offRouteM", "metres"],
  correction_deg: ["correctionDeg", "degrees"], correction_sigma_deg: ["correctionSigmaDeg", "degrees"],
  lat: [(r) => r.user.lat, "latlon"], lon: [(r) => r.user.lon, "latlon"],
  finish_x: [(r) => r.finish[0], "metres"], finish_y: [(r) => r.finish[1], "metres"], finish_z: [(r) => r.finish[2], "metres"],
  finish_screen_x: ["finishScreenX", "points"], finish_screen_y: ["finishScreenY", "points"], finish_diameter_pt: ["finishDiameterPt", "points"],
  hint_x: ["hintX", "points"], hint_y: ["hintY", "points"], hint_turn_deg: ["hintTurnDeg", "degrees"], label_roll_deg: ["labelRollDeg", "degrees"],
  first_arrow_along_m: [(r) => (r.arrows.length ? r.arrows[4] : NaN), "metres"],
  first_arrow_x: [(r) => (r.arrows.length ? r.arrows[0] : NaN), "metres"], first_arrow_y: [(r) => (r.arrows.length ? r.arrows[1] : NaN), "metres"],
  first_arrow_z: [(r) => (r.arrows.length ? r.arrows[2] : NaN), "metres"], anchor_sigma_m: ["anchorSigmaM", "metres"],
};

test("the navigator over simulate --log's walk equals waymark replay's rows", async () => {
  const wm = await load();
  const route = readCSV(`${fixtures}route.csv`).flatMap((r) => [Number(r.lat), Number(r.lon), 0]);
  const log = readCSV(`${fixtures}walk.csv`);
  const expected = readCSV(`${fixtures}replay.csv`);
  // replay: the default configuration, a route without heights (NONE), 60° vertical
  // field of view on a 390 x 844 viewport.
  const nav = wm.createNavigator(route, { heights: "NONE" });
  const projection = perspective(60, 390 / 844);
  const viewport = [0, 0, 390, 844];
  const worst = { metres: 0, degrees: 0, points: 0, latlon: 0 };
  let frames = 0, readings = 0, fixes = 0, changes = 0;
  const n = (s) => (s === "" ? NaN : Number(s));
  for (const e of log) {
    const t = Number(e.t_s);
    const pose = () => cameraTransform(n(e.x), n(e.y), n(e.z), n(e.yaw_deg), n(e.pitch_deg), n(e.roll_deg));
    if (e.event === "fix") {
      nav.addFix({ lat: n(e.lat), lon: n(e.lon), height: e.h === "" ? undefined : n(e.h), accuracy: n(e.accuracy_m), time: t, scene: [n(e.x), n(e.y), n(e.z)] });
      fixes++;
    } else if (e.event === "heading") {
      nav.addHeading({ time: t, trueHeading: n(e.true_heading_deg), accuracy: n(e.heading_accuracy_deg), camera: pose() });
      readings++;
    } else if (e.event === "tracking") {
      nav.tracking(t, e.tracking.toUpperCase());
      changes++;
    } else {
      const r = nav.update(t, { transform: pose(), projection, viewport });
      const row = expected[frames++];
      assert.equal(r.time, Number(row.t_s));
      assert.equal(r.correctionState.toLowerCase(), row.correction_state, `t = ${t}: state`);
      assert.equal(r.correctionSource.toLowerCase(), row.correction_source, `t = ${t}: source`);
      assert.equal(r.arrowTotal, Number(row.arrow_count), `t = ${t}: arrows`);
      assert.equal(r.arrows.length, 5 * Math.min(r.arrowTotal, nav.arrowCapacity));
      if (row.finish_visible !== "") assert.equal(r.finishVisible ? "1" : "0", row.finish_visible, `t = ${t}: finish visible`);
      for (const [column, [field, unit]] of Object.entries(COLUMNS)) {
        const want = n(row[column]), got = typeof field === "function" ? field(r) : r[field];
        if (Number.isNaN(want)) { assert.ok(Number.isNaN(got), `t = ${t}: ${column} ${got}, replay has none`); continue; }
        const apart = unit === "degrees" ? Math.abs(((got - want + 540) % 360) - 180) : Math.abs(got - want);
        assert.ok(apart <= TOLERANCE[unit], `t = ${t}: ${column} ${got}, replay ${want} (${apart} ${unit} apart)`);
        worst[unit] = Math.max(worst[unit], apart);
      }
    }
  }
  nav.dispose();
  assert.equal(frames, expected.length);
  assert.ok(fixes >= 40 && readings >= 80 && changes === 3 && frames === 401, `${fixes} fixes, ${readings} readings, ${changes} tracking changes, ${frames} frames`);
  console.log(`navigator vs replay: ${frames} frames, ${fixes} fixes, ${readings} compass readings, ${changes} tracking changes; ` +
    `worst ${worst.metres.toPrecision(2)} m, ${worst.degrees.toPrecision(2)}°, ${worst.points.toPrecision(2)} pt, ${worst.latlon.toPrecision(2)}° lat/lon`);
});

test("origin shift (0.3 modules): an update far from the scene's zero shifts it and says by how much", async () => {
  const wm = await load();
  const route = [55.7339, 37.5886, 150, 55.7366, 37.5886, 150];
  const projection = perspective(60, 390 / 844), viewport = [0, 0, 390, 844];
  const nav = wm.createNavigator(route, { alignment: "GRAVITY", originShiftM: 50 });
  nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] });
  const near = nav.update(0.1, { transform: cameraTransform(10, 1.4, 0, 0, 0, 0), projection, viewport });
  assert.equal(near.originShifted, false);
  assert.deepEqual(near.originShift, [0, 0, 0]);
  const far = nav.update(0.2, { transform: cameraTransform(80, 1.4, -20, 0, 0, 0), projection, viewport });
  assert.equal(far.originShifted, true);
  assert.ok(Math.abs(far.originShift[0] - 80) < 1e-6 && far.originShift[1] === 0 && Math.abs(far.originShift[2] + 20) < 1e-6, `${far.originShift}`);
  nav.shiftOrigin([1, 0, 0]);
  assert.throws(() => nav.shiftOrigin([NaN, 0, 0]), (e) => e.statusName === "INVALID_VALUE" && e.function === "wm_navigator_shift_origin");
  assert.throws(() => wm.createNavigator(route, { originShiftM: -1 }), (e) => e.statusName === "INVALID_VALUE");
  nav.dispose();
});

test("GPS velocity and route evidence (0.4 modules): the velocity applies the heading in seconds; the result says when the route is evidence", async () => {
  const wm = await load();
  const route = [55.7339, 37.5886, 0, 55.7366, 37.5886, 0];
  const projection = perspective(60, 390 / 844), viewport = [0, 0, 390, 844];
  const offset = 15, a = offset * RAD;
  // White 3 m GPS per axis, told so; the same noise for every navigator.
  const options = { heights: "NONE", accuracyConfidence: 1 - Math.exp(-0.5), gpsCorrelatedShare: 0 };
  const noise = (seed) => { let s = seed; return () => { s = (s * 1103515245 + 12345) % 2147483648; return 2 * (s / 2147483648) - 1; }; };
  function walk(nav, seconds, velocity, seed = 7) {
    const rnd = noise(seed);
    let r;
    for (let i = 0; i < seconds; i++) {
      const north = 1.4 * i, scene = [-north * Math.sin(a), 1.4, -north * Math.cos(a)];
      const lat = 55.7339 + (north + 3 * rnd()) / 111320, lon = 37.5886 + (3 * rnd()) / (111320 * Math.cos(55.7339 * RAD));
      nav.addFix({ lat, lon, accuracy: 3, time: i, scene, ...(velocity ? velocity(i, rnd) : {}) });
      r = nav.update(i + 0.5, { transform: cameraTransform(scene[0], 1.4, scene[2], -offset, 0, 0), projection, viewport });
    }
    return r;
  }
  const phone = (i, rnd) => ({ course: (360 + 3 * rnd()) % 360, courseAccuracy: 3, speed: 1.4, speedAccuracy: 0.1 });
  const plain = walk(wm.createNavigator(route, options), 10);
  const missing = walk(wm.createNavigator(route, options), 10, (i, rnd) => (rnd(), { course: -1, courseAccuracy: null, speed: -1, speedAccuracy: -1 }));
  const fast = walk(wm.createNavigator(route, options), 10, phone);
  // No velocity (-1, null): the plain fix's numbers (the extra draw keeps the noise in step).
  assert.ok(plain.correctionState !== "APPLIED" && fast.correctionState === "APPLIED", `${plain.correctionState}, ${fast.correctionState}`);
  assert.ok(fast.correctionSigmaDeg < 0.5 * plain.correctionSigmaDeg, `sigma ${fast.correctionSigmaDeg} with velocity, ${plain.correctionSigmaDeg} without`);
  assert.ok(Math.abs(fast.correctionDeg - offset) < 3 * fast.correctionSigmaDeg, `${fast.correctionDeg} ± ${fast.correctionSigmaDeg}`);
  assert.equal(fast.routeEvidence, "DISABLED");
  assert.ok(Number.isFinite(missing.correctionSigmaDeg));
  const twinPlain = walk(wm.createNavigator(route, options), 10, (i, rnd) => (rnd(), {}));
  assert.equal(missing.correctionSigmaDeg, twinPlain.correctionSigmaDeg);
  assert.equal(missing.correctionDeg, twinPlain.correctionDeg);
  const nav = wm.createNavigator(route, options);
  assert.throws(() => nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 3, time: 0, scene: [0, 1.4, 0], course: NaN, courseAccuracy: 3, speed: 1, speedAccuracy: 0.1 }),
                (e) => e.statusName === "INVALID_VALUE" && e.function === "wm_navigator_add_fix_velocity");
  nav.dispose();
  const on = walk(wm.createNavigator(route, { ...options, routeEvidence: true, routeOffsetSigmaM: 3 }), 30, phone, 8);
  assert.equal(on.routeEvidence, "ON");
  assert.throws(() => wm.createNavigator(route, { routeEvidence: 2 }), (e) => e.statusName === "INVALID_VALUE");
  assert.throws(() => wm.createNavigator(route, { velocityCorrelatedShare: 1 }), (e) => e.statusName === "INVALID_VALUE");
});

test("update results stay put (issue 52): every field a fresh value, none a view into the module's reused result", async () => {
  const wm = await load();
  const route = [55.7339, 37.5886, 150, 55.7366, 37.5886, 150];
  const projection = perspective(60, 390 / 844), viewport = [0, 0, 390, 844];
  const nav = wm.createNavigator(route, { alignment: "GRAVITY", originShiftM: 3 });
  const kept = [], copies = [];
  let shift = [0, 0, 0];
  for (let i = 0; i < 40; i++) {
    const scene = [-shift[0], 1.4 - shift[1], -1.4 * i - shift[2]];
    nav.addFix({ lat: 55.7339 + (1.4 * i) / 111320, lon: 37.5886, accuracy: 3, time: i, scene });
    const r = nav.update(i + 0.5, { transform: cameraTransform(scene[0], scene[1], scene[2], 0, 0, 0), projection, viewport });
    if (r.originShifted) shift = shift.map((v, k) => v + r.originShift[k]);
    kept.push(r);
    copies.push(structuredClone(r));
  }
  assert.ok(kept.filter((r) => r.originShifted).length >= 3, "the walk shifted the origin");
  kept.forEach((r, i) => assert.deepEqual(r, copies[i], `result ${i} changed after later updates`));
  for (const r of kept) assert.equal(r.arrows.buffer.byteLength, r.arrows.byteLength, "arrows in a buffer of their own");
  nav.dispose();
});

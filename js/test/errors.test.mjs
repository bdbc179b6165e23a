// Every API's errors: a WaymarkError with the C status's name, the first bad index where
// the library reports one, the function's name, and nothing written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";
import { WaymarkError, Status, customAxes, Direction, Forward, Unit } from "../src/index.js";

const wm = await load();
const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1.4, 0, 1];
const P = [3.7, 0, 0, 0, 0, 1.7, 0, 0, 0, 0, -1, -1, 0, 0, -0.002, 0];
const route = [55.7339, 37.5886, 150, 55.7366, 37.5886, 150];

function throwsWaymark(call, statusName, firstBad, fn) {
  let error;
  try { call(); } catch (e) { error = e; }
  assert.ok(error instanceof WaymarkError, `expected a WaymarkError, got ${error}`);
  assert.equal(error.statusName, statusName, error.message);
  assert.equal(error.status, Status[statusName]);
  assert.equal(error.firstBad, firstBad, error.message);
  if (fn) assert.equal(error.function, fn);
  assert.ok(error.message.includes(statusName));
  return error;
}

test("frames: bad origins, axes, ellipsoids and estimates", () => {
  throwsWaymark(() => wm.createFrame([91, 0, 0]), "INVALID_VALUE", undefined, "wm_frame_init");
  throwsWaymark(() => wm.createFrame([0, NaN, 0]), "INVALID_VALUE");
  throwsWaymark(() => wm.createFrame([0, 0, 2e12]), "INVALID_VALUE");
  throwsWaymark(() => wm.createFrame([0, 0, 0], 7), "INVALID_VALUE", undefined, "wm_frame_init");
  throwsWaymark(() => wm.createFrame([0, 0, 0], "NORTH_UP"), "INVALID_VALUE");
  throwsWaymark(() => wm.createFrame(null), "NULL_POINTER");
  throwsWaymark(() => wm.createFrame([0, 0, 0], "EUS", { ellipsoid: { a: 0.5, f: 0 } }), "INVALID_VALUE", undefined, "wm_frame_init_ellipsoid");
  const frame = wm.createFrame({ lat: 10, lon: 20 }, "eus");
  throwsWaymark(() => frame.setEstimate([0, 0, Infinity], 0), "INVALID_VALUE", undefined, "wm_frame_set_estimate");
  throwsWaymark(() => frame.setEstimate([0, 0, 0], NaN), "INVALID_VALUE");
  throwsWaymark(() => frame.setEstimate(null, 0), "NULL_POINTER");
  frame.dispose();
});

test("batches: the first bad point's index, outputs untouched, shapes and capacities", () => {
  const frame = wm.createFrame([10, 20, 0], "ENU");
  const out = new Float64Array(9).fill(7);
  throwsWaymark(() => frame.forward([10, 20, 0, 10, 20, 0, 95, 20, 0], out), "INVALID_VALUE", 2, "wm_frame_forward");
  assert.ok(out.every((x) => x === 7), "out untouched");
  throwsWaymark(() => frame.reverse([0, 0, 0, 0, NaN, 0]), "INVALID_VALUE", 1, "wm_frame_reverse");
  throwsWaymark(() => frame.reverse([0, 0, 4e12]), "INVALID_VALUE", 0);   // beyond 3e12 + 2e7 m, the farthest a forward result lies
  assert.ok(frame.reverse([0, 0, 2e12]).every(Number.isFinite), "2e12 m, which forward results reach, reads back");
  throwsWaymark(() => frame.anchorTransforms([10, 20, 0, 10, Infinity, 0]), "INVALID_VALUE", 1, "wm_frame_anchor_transforms");
  throwsWaymark(() => frame.forward([1, 2]), "BAD_COUNT", undefined, "wm_frame_forward");
  throwsWaymark(() => frame.forward([10, 20, 0], new Float64Array(2)), "BAD_COUNT");
  throwsWaymark(() => frame.forward([10, 20, 0], new Float32Array(3)), "NULL_POINTER");
  throwsWaymark(() => frame.anchorTransforms([10, 20, 0], new Float32Array(15)), "BAD_COUNT");
  throwsWaymark(() => frame.forward("10,20,0"), "NULL_POINTER");
  const small = wm.allocPoints(1);
  throwsWaymark(() => frame.forward([10, 20, 0, 10, 20, 0], small), "BAD_COUNT");
  throwsWaymark(() => wm.allocPoints(-1), "BAD_COUNT");
  throwsWaymark(() => wm.allocPoints(1.5), "BAD_COUNT");
  small.dispose();
  throwsWaymark(() => small.array, "NULL_POINTER");
  throwsWaymark(() => frame.forward(small), "NULL_POINTER");
  assert.equal(frame.forward([]).length, 0);   // count 0 succeeds
  frame.dispose();
  throwsWaymark(() => frame.forward([10, 20, 0]), "INVALID_FRAME");
  throwsWaymark(() => frame.setEstimate([0, 0, 0], 0), "INVALID_FRAME");
  frame.dispose();   // idempotent
});

test("datums: bad points, regions and inverses that do not exist", () => {
  throwsWaymark(() => wm.gcj02FromWgs84([31.2, 121.5, 0, 95, 121, 0]), "INVALID_VALUE", 1, "wm_gcj02_from_wgs84");
  throwsWaymark(() => wm.wgs84FromGcj02([31.2, NaN, 0]), "INVALID_VALUE", 0, "wm_wgs84_from_gcj02");
  throwsWaymark(() => wm.bd09FromGcj02([31.2, 121.5, 0], { region: 5 }), "INVALID_VALUE", undefined, "wm_bd09_from_gcj02");
  throwsWaymark(() => wm.gcj02FromBd09([31.2, 121.5, 0], { region: "MARS" }), "INVALID_VALUE");
  throwsWaymark(() => wm.gcj02FromWgs84([31.2, 121.5, 0], { region: [0, 0, 0, 1, 1, 0] }), "INVALID_VALUE");   // two vertices
  throwsWaymark(() => wm.gcj02FromWgs84([31.2, 121.5, 0], { region: [0, 0, 0, 1] }), "BAD_COUNT");
  // Far from China the formula may have no exact inverse: NO_CONVERGENCE, never a wrong point.
  throwsWaymark(() => wm.wgs84FromGcj02([31.2, 121.5, 0, -89.95, -179, 0], { region: "EVERYWHERE" }), "NO_CONVERGENCE", 1, "wm_wgs84_from_gcj02");
});

test("screen projection and custom axes", () => {
  const camera = { transform: I, projection: P, viewport: [0, 0, 390, 844] };
  throwsWaymark(() => wm.screenProject(camera, [0, 0, -5, NaN, 0, -5]), "INVALID_VALUE", 1, "wm_screen_project");
  throwsWaymark(() => wm.screenProject({ ...camera, viewport: [0, 0, -1, 844] }, [0, 0, -5]), "INVALID_VALUE", 0);
  throwsWaymark(() => wm.screenProject({ ...camera, transform: new Array(16).fill(NaN) }, [0, 0, -5]), "INVALID_VALUE", undefined, "wm_mat4f_inverse_rigid");
  throwsWaymark(() => wm.screenProject({ ...camera, projection: [1] }, [0, 0, -5]), "NULL_POINTER");
  throwsWaymark(() => wm.screenProject(null, [0, 0, -5]), "NULL_POINTER");
  throwsWaymark(() => wm.screenProject(camera, [0, 0, -5], new Float64Array(2)), "BAD_COUNT");
  const [x, y, visible] = wm.screenProject(camera, [0, 1.4, -10]);
  assert.ok(Math.abs(x - 195) < 1e-6 && Math.abs(y - 422) < 1e-3 && visible === 1);
  // x east, y east again: not an assignment of three directions.
  throwsWaymark(() => wm.createFrame([0, 0, 0], customAxes(Direction.EAST, Direction.EAST, Direction.UP, Forward.POS_X, Unit.METRE)), "INVALID_VALUE", undefined, "wm_frame_init");
  assert.deepEqual(wm.describeAxes("UNREAL"), { rightHanded: false, unitsPerMetre: 100 });
  assert.deepEqual(wm.describeAxes("WEBXR"), { rightHanded: true, unitsPerMetre: 1 });
  throwsWaymark(() => wm.describeAxes(7), "INVALID_VALUE", undefined, "wm_axes_describe");
  throwsWaymark(() => wm.describeAxes("SIDEWAYS"), "INVALID_VALUE");
  const unreal = wm.createFrame([0, 0, 0], "UNREAL");   // centimetres: 1 m north is y = -100
  assert.ok(Math.abs(unreal.forward([1 / 110574.3, 0, 0])[1] + 100) < 0.1);
  unreal.dispose();
});

test("haversine: bad points and radii", () => {
  throwsWaymark(() => wm.geodesicInverse([55.7, 37.6], [55.71, 37.6, 0, 55.9, 37.6, 0]), "NOT_AVAILABLE", 1, "wm_geodesic_short_batch");
  throwsWaymark(() => wm.geodesicInverse([55.7, 37.6], [55.71, 37.6, 0, NaN, 37.6, 0]), "INVALID_VALUE", 1);
  throwsWaymark(() => wm.geodesicInverse([91, 37.6], [55.71, 37.6, 0]), "INVALID_VALUE");
  throwsWaymark(() => wm.geodesicInverse(null, [55.71, 37.6, 0]), "NULL_POINTER");
  throwsWaymark(() => wm.haversineInverse([91, 0], [0, 0]), "INVALID_VALUE", undefined, "wm_haversine_inverse");
  throwsWaymark(() => wm.haversineInverse([0, 0], [0, 1], -1), "INVALID_VALUE");
  throwsWaymark(() => wm.haversineInverse([0, 0], null), "NULL_POINTER");
});

test("navigator: routes, options, fixes, readings, tracking, frames, disposal", () => {
  throwsWaymark(() => wm.createNavigator([55.7339, 37.5886, 150]), "BAD_COUNT", undefined, "wm_navigator_create");
  throwsWaymark(() => wm.createNavigator([55.7339, 37.5886, 150, 95, 37.5886, 150]), "INVALID_VALUE", 1, "wm_navigator_create");
  throwsWaymark(() => wm.createNavigator(route, { arrowSpacingM: -1 }), "INVALID_VALUE", undefined);
  throwsWaymark(() => wm.createNavigator(route, { estimator: 9 }), "INVALID_VALUE");
  throwsWaymark(() => wm.createNavigator(route, { estimator: "KALMAN" }), "INVALID_VALUE");
  throwsWaymark(() => wm.createNavigator(route, { arrowSpacing: 3 }), "INVALID_VALUE");   // unknown option
  throwsWaymark(() => wm.createNavigator(route, { heights: "ORTHOMETRIC" }), "GRID_MISSING");   // no geoid in the core flavour
  const nav = wm.createNavigator(route, { alignment: "GRAVITY" });
  throwsWaymark(() => nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 0, time: 0, scene: [0, 0, 0] }), "INVALID_VALUE", undefined, "wm_navigator_add_fix");
  throwsWaymark(() => nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0 }), "INVALID_VALUE");
  throwsWaymark(() => nav.addFix(null), "NULL_POINTER");
  throwsWaymark(() => nav.addHeading({ time: 0, trueHeading: 10, accuracy: 200, camera: I }), "INVALID_VALUE", undefined, "wm_navigator_add_heading");
  throwsWaymark(() => nav.addHeading({ time: 0, trueHeading: 10, accuracy: 5, camera: [1, 2, 3] }), "NULL_POINTER");
  throwsWaymark(() => nav.tracking(0, "LOST"), "INVALID_VALUE");
  throwsWaymark(() => nav.tracking(0, 3), "INVALID_VALUE", undefined, "wm_navigator_tracking");
  throwsWaymark(() => nav.tracking(NaN, "NORMAL"), "INVALID_VALUE");
  throwsWaymark(() => nav.update(0, { transform: I, projection: P, viewport: [0, 0, 0, 844] }), "INVALID_VALUE", undefined, "wm_navigator_update");
  throwsWaymark(() => nav.update(0, { transform: I, projection: new Array(16).fill(0), viewport: [0, 0, 390, 844] }), "INVALID_VALUE");
  throwsWaymark(() => nav.update(NaN, { transform: I, projection: P, viewport: [0, 0, 390, 844] }), "INVALID_VALUE");
  throwsWaymark(() => nav.update(0, { projection: P, viewport: [0, 0, 390, 844] }), "NULL_POINTER");
  // Before the first fix only the time and the correction state are set.
  const before = nav.update(0.1, { transform: I, projection: P, viewport: [0, 0, 390, 844] });
  assert.equal(before.time, 0.1);
  assert.ok(Number.isNaN(before.progressM) && before.arrows.length === 0);
  nav.dispose();
  throwsWaymark(() => nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 0, 0] }), "NULL_POINTER");
  throwsWaymark(() => nav.update(0, { transform: I, projection: P, viewport: [0, 0, 390, 844] }), "NULL_POINTER");
  nav.dispose();
});

test("a refused navigator option or fix names its field (error.fields, and the value in the message)", () => {
  const option = throwsWaymark(() => wm.createNavigator(route, { arrowSpacingM: -3 }), "INVALID_VALUE", undefined, "wm_navigator_create");
  assert.deepEqual(option.fields, ["options.arrowSpacingM"]);
  assert.match(option.message, /options\.arrowSpacingM = -3 \(default 3\)/);
  // Only wrong beside finishMaxPt: found by putting each back to its default.
  assert.deepEqual(throwsWaymark(() => wm.createNavigator(route, { finishMinPt: 500 }), "INVALID_VALUE").fields, ["options.finishMinPt"]);
  assert.deepEqual(throwsWaymark(() => wm.createNavigator(route, { gpsCorrelatedShare: 1.5, outlierGate: -1 }), "INVALID_VALUE").fields,
    ["options.gpsCorrelatedShare", "options.outlierGate"]);
  assert.deepEqual(throwsWaymark(() => wm.createNavigator([55.7339, 37.5886, 150, 95, 37.5886, 150]), "INVALID_VALUE", 1).fields, []);
  const nav = wm.createNavigator(route);
  const fix = { lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 0, 0] };
  for (const [change, field] of [[{ accuracy: 0 }, "fix.accuracy"], [{ lat: 91 }, "fix.lat"], [{ time: Infinity }, "fix.time"],
    [{ scene: [0, NaN, 0] }, "fix.scene"], [{ height: 150, verticalAccuracy: -1 }, "fix.verticalAccuracy"],
    [{ course: NaN, courseAccuracy: 5, speed: 1, speedAccuracy: 0.5 }, "fix.course"]]) {
    const error = throwsWaymark(() => nav.addFix({ ...fix, ...change }), "INVALID_VALUE");
    assert.deepEqual(error.fields, [field], error.message);
    assert.ok(error.message.includes(`${field} = `), error.message);
  }
  nav.addFix({ ...fix, verticalAccuracy: -1 });   // no height: any vertical accuracy
  nav.dispose();
});

test("an argument the package refuses itself reads wm_status_string's words, as the module's refusals do", async () => {
  const { STATUS_TEXT } = await import("../src/generated/abi.js");
  for (const status of Object.values(Status)) assert.equal(STATUS_TEXT[status], wm.statusString(status), `status ${status}`);
  let error;
  try { wm.createFrame([55.75, 37.62, 0]).forward("not points"); } catch (e) { error = e; }
  assert.ok(error instanceof WaymarkError, `${error}`);
  assert.ok(error.message.includes(`(${wm.statusString(error.status)}: `), error.message);
});

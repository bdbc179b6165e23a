// Issue 37's JS cases (hostile callers against 0.3): sizes the module's 32-bit memory
// cannot hold, calls that reused an earlier call's values, inputs that are not arrays
// of numbers. Each refusal is a WaymarkError naming the argument, raised before any
// state changes: after it the objects answer exactly as twins that never saw it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";
import { WaymarkError, SensorFeed, Status, cameraFromOrientation, perspective } from "../src/index.js";

const wm = await load();
const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1.4, 0, 1];
const P = [3.7, 0, 0, 0, 0, 1.7, 0, 0, 0, 0, -1, -1, 0, 0, -0.002, 0];
const route = [55.7339, 37.5886, 150, 55.7352, 37.5886, 150, 55.7352, 37.5910, 150];
const VIEWPORT = [0, 0, 390, 844];

/** The WaymarkError `call` throws, checked for its status, function and words. */
function refused(call, statusName, fn, ...words) {
  let error;
  try { call(); } catch (e) { error = e; }
  assert.ok(error instanceof WaymarkError, `expected a WaymarkError, got ${error}`);
  assert.equal(error.statusName, statusName, error.message);
  assert.equal(error.status, Status[statusName]);
  if (fn) assert.equal(error.function, fn);
  for (const word of words) assert.ok(error.message.includes(word), `${error.message} does not name ${word}`);
  return error;
}

/** 1,000 points around Moscow (lat, lon, height triples). */
const thousand = Array.from({ length: 3000 }, (_, k) => [55.7339 + (k % 300) * 1e-5, 37.5886, 150][k % 3]);

test("issue 37: a batch too large for the module's 32-bit memory is BAD_COUNT before the scratch block changes; no frame is overrun", () => {
  const first = wm.createFrame([55.7339, 37.5886, 150], "EUS");
  const expected = first.forward(thousand);
  // 268,435,458 numbers: 89,478,486 points, 4,294,967,336 bytes in and out — 40 once
  // wrapped into malloc's 32-bit size.
  let error;
  try { first.forward(new Array(268435458)); } catch (e) { error = e; }
  // The overrun first (as 0.3 did it: a frame made after the refusal, then an ordinary
  // 1,000-point batch through the scratch block), the error's kind after.
  const victim = wm.createFrame([10, 20, 0], "ENU");
  const victimBefore = victim.forward([10, 20.001, 0]);
  assert.deepEqual(first.forward(thousand), expected);
  assert.deepEqual(victim.forward([10, 20.001, 0]), victimBefore, "a frame made after the refusal was overrun");
  victim.dispose();
  refused(() => { throw error; }, "BAD_COUNT", "wm_frame_forward", "points");
  // 48,806,447 matrices: 8 + 88 bytes a point wraps to 48 bytes.
  refused(() => first.anchorTransforms(new Array(3 * 48806447)), "BAD_COUNT", "wm_frame_anchor_transforms");
  refused(() => wm.geodesicInverse([55.7, 37.6], new Array(3 * 89478485)), "BAD_COUNT", "wm_geodesic_short_batch");
  refused(() => wm.screenProject({ transform: I, projection: P, viewport: VIEWPORT }, new Array(268435458)), "BAD_COUNT", "wm_screen_project");
  refused(() => wm.createNavigator(new Array(3 * 178956971)), "BAD_COUNT", "wm_navigator_create", "route");
  refused(() => wm.gcj02FromWgs84([31.2, 121.5, 0], { region: new Array(3 * 178956971) }), "BAD_COUNT", "wm_gcj02_from_wgs84", "options.region");
  refused(() => wm.alloc(2 ** 32 + 40), "BAD_COUNT", "alloc");
  refused(() => wm.alloc(-1), "BAD_COUNT", "alloc");
  // A frame made after the refusals, where the wrapped block's neighbours live, and an
  // ordinary batch through the scratch block: both answer as before.
  const second = wm.createFrame([10, 20, 0], "ENU");
  const near = second.forward([10, 20.001, 0]);
  assert.deepEqual(first.forward(thousand), expected);
  assert.deepEqual(second.forward([10, 20.001, 0]), near);
  const twin = wm.createFrame([10, 20, 0], "ENU");
  assert.deepEqual(twin.forward([10, 20.001, 0]), near);
  for (const frame of [first, second, twin]) frame.dispose();
});

test("issue 37: Navigator.update needs its viewport every call — missing, [width, height] or incomplete is refused, never the last call's", () => {
  const make = () => {
    const nav = wm.createNavigator(route, { alignment: "GRAVITY" });
    nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] });
    return nav;
  };
  const nav = make(), twin = make(), fresh = make();
  // An offset viewport first: had the next call kept its x, the finish would move by 390.
  const offset = nav.update(0.1, { transform: I, projection: P, viewport: [390, 0, 390, 844] });
  twin.update(0.1, { transform: I, projection: P, viewport: [390, 0, 390, 844] });
  for (const n of [nav, fresh]) {   // the same answer whatever came before
    refused(() => n.update(0.2, { transform: I, projection: P }), "NULL_POINTER", "wm_navigator_update", "camera.viewport");
    refused(() => n.update(0.2, { transform: I, projection: P, viewport: null }), "NULL_POINTER", "wm_navigator_update", "camera.viewport");
    refused(() => n.update(0.2, { transform: I, projection: P, viewport: [390, 844] }), "INVALID_VALUE", "wm_navigator_update", "camera.viewport");
    refused(() => n.update(0.2, { transform: I, projection: P, viewport: [0, 0, 390, 844, 1] }), "INVALID_VALUE", "wm_navigator_update", "camera.viewport");
    refused(() => n.update(0.2, { transform: I, projection: P, viewport: { width: 390, height: 844 } }), "INVALID_VALUE", "wm_navigator_update", "camera.viewport.x");
  }
  // Nothing changed: the next update is the twin's, which never saw the refusals.
  const result = nav.update(0.2, { transform: I, projection: P, viewport: VIEWPORT });
  assert.deepEqual(result, twin.update(0.2, { transform: I, projection: P, viewport: VIEWPORT }));
  assert.ok(Math.abs(offset.finishScreenX - result.finishScreenX - 390) < 1e-6, `finish x ${offset.finishScreenX}, ${result.finishScreenX}`);
  // The object form, XRViewport's, is the same viewport.
  const object = nav.update(0.3, { transform: I, projection: P, viewport: { x: 0, y: 0, width: 390, height: 844 } });
  assert.deepEqual(object, twin.update(0.3, { transform: I, projection: P, viewport: VIEWPORT }));
  for (const n of [nav, twin, fresh]) n.dispose();
});

test("issue 37: screenProject needs its viewport every call, and a refused point leaves out untouched", () => {
  const camera = { transform: I, projection: P, viewport: [390, 0, 390, 844] };
  const [x] = wm.screenProject(camera, [0, 1.4, -10]);
  assert.ok(Math.abs(x - 585) < 1e-6);
  refused(() => wm.screenProject({ transform: I, projection: P }, [0, 1.4, -10]), "NULL_POINTER", "wm_screen_project", "camera.viewport");
  refused(() => wm.screenProject({ transform: I, projection: P, viewport: [390, 844] }, [0, 1.4, -10]), "INVALID_VALUE", "wm_screen_project", "camera.viewport");
  const out = new Float64Array(6).fill(7);
  const error = refused(() => wm.screenProject({ ...camera, viewport: VIEWPORT }, [0, 1.4, -10, NaN, 0, -5], out), "INVALID_VALUE", "wm_screen_project");
  assert.equal(error.firstBad, 1);
  assert.ok(out.every((v) => v === 7), "out untouched");
  const [x2] = wm.screenProject({ ...camera, viewport: VIEWPORT }, [0, 1.4, -10]);
  assert.ok(Math.abs(x2 - 195) < 1e-6);
});

test("issue 37: BigInt64Array, BigUint64Array, DataView and BigInt values are WaymarkErrors naming the argument", () => {
  const frame = wm.createFrame([55.7339, 37.5886, 150], "EUS");
  const expected = frame.forward(route);
  const views = [new BigInt64Array(3), new BigUint64Array(3), new DataView(new ArrayBuffer(24))];
  for (const bad of views) {
    const kind = bad.constructor.name;
    refused(() => frame.forward(bad), "NULL_POINTER", "wm_frame_forward", "points", kind);
    refused(() => frame.reverse(bad), "NULL_POINTER", "wm_frame_reverse", "points", kind);
    refused(() => frame.anchorTransforms(bad), "NULL_POINTER", "wm_frame_anchor_transforms", "points", kind);
    refused(() => wm.gcj02FromWgs84(bad), "NULL_POINTER", "wm_gcj02_from_wgs84", "points", kind);
    refused(() => wm.gcj02FromWgs84(route, { region: bad }), "NULL_POINTER", "wm_gcj02_from_wgs84", "options.region");
    refused(() => wm.geodesicInverse([55.7, 37.6], bad), "NULL_POINTER", "wm_geodesic_short_batch", "points");
    refused(() => wm.screenProject({ transform: I, projection: P, viewport: VIEWPORT }, bad), "NULL_POINTER", "wm_screen_project", "points");
    refused(() => wm.createNavigator(bad), "NULL_POINTER", "wm_navigator_create", "route");
    refused(() => wm.createFrame(bad), "NULL_POINTER", "wm_frame_init", "origin");
    refused(() => frame.setEstimate(bad, 0), "NULL_POINTER", "wm_frame_set_estimate", "sceneOrigin");
  }
  // Typed arrays of sixteen: the matrices and a viewport of four.
  const nav = wm.createNavigator(route, { alignment: "GRAVITY" });
  const camera = { transform: I, projection: P, viewport: VIEWPORT };
  refused(() => nav.update(0.1, { ...camera, transform: new BigInt64Array(16) }), "NULL_POINTER", "wm_navigator_update", "camera.transform");
  refused(() => nav.update(0.1, { ...camera, projection: new BigUint64Array(16) }), "NULL_POINTER", "wm_navigator_update", "camera.projection");
  refused(() => nav.update(0.1, { ...camera, viewport: new BigInt64Array([0n, 0n, 390n, 844n]) }), "NULL_POINTER", "wm_navigator_update", "camera.viewport");
  refused(() => wm.screenProject({ ...camera, transform: new BigInt64Array(16) }, [0, 1.4, -10]), "NULL_POINTER", "wm_screen_project", "camera.transform");
  refused(() => nav.addHeading({ time: 0, trueHeading: 0, accuracy: 5, camera: new BigInt64Array(16) }), "NULL_POINTER", "wm_navigator_add_heading", "reading.camera");
  refused(() => nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: new BigInt64Array(3) }), "NULL_POINTER", "wm_navigator_add_fix", "fix.scene");
  // BigInt values inside plain arrays and as numbers: INVALID_VALUE, the point's index.
  const error = refused(() => frame.forward([55.7339, 37.5886, 150, 55.7, 37n, 150]), "INVALID_VALUE", "wm_frame_forward", "points[4]");
  assert.equal(error.firstBad, 1);
  assert.equal(refused(() => wm.createNavigator([55.7339, 37.5886, 150, 55.7352, 37.5886, 150n]), "INVALID_VALUE", "wm_navigator_create", "route[5]").firstBad, 1);
  refused(() => nav.update(0.1, { ...camera, transform: [...I.slice(0, 15), 1n] }), "INVALID_VALUE", "wm_navigator_update", "camera.transform[15]");
  refused(() => nav.addFix({ lat: 55n, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] }), "INVALID_VALUE", "wm_navigator_add_fix", "fix.lat");
  refused(() => nav.tracking(0n, "NORMAL"), "INVALID_VALUE", "wm_navigator_tracking", "time");
  refused(() => wm.haversineInverse([0, 0], [0, 1], 6371008n), "INVALID_VALUE", "haversineInverse", "radiusM");
  refused(() => wm.createFrame([55n, 37, 150]), "INVALID_VALUE", "wm_frame_init", "origin[0]");
  refused(() => perspective(60n, 0.5), "INVALID_VALUE", "perspective", "fovYDeg");
  refused(() => cameraFromOrientation({ alpha: 0, beta: 90, gamma: 0 }, 0, new BigInt64Array(3)), "NULL_POINTER", "cameraFromOrientation", "position");
  refused(() => cameraFromOrientation({ alpha: 0n, beta: 90, gamma: 0 }), "INVALID_VALUE", "cameraFromOrientation", "alpha");
  // Every typed array of Numbers is still read.
  assert.deepEqual(frame.forward(Float32Array.from(route)), frame.forward(Float64Array.from(Float32Array.from(route))));
  assert.deepEqual(frame.forward(route), expected);
  // Nothing changed: the navigator answers as a twin that never saw the refusals.
  const twin = wm.createNavigator(route, { alignment: "GRAVITY" });
  for (const n of [nav, twin]) n.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] });
  assert.deepEqual(nav.update(0.1, camera), twin.update(0.1, camera));
  for (const o of [frame, nav, twin]) o.dispose();
});

test("issue 37: SensorFeed keeps a WebXR pose only when the navigator took its frame", () => {
  const nav = wm.createNavigator(route, { alignment: "GRAVITY" });
  const feed = new SensorFeed(wm, nav, { window: {} });
  const A = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 1.4, -4, 1], B = [...A.slice(0, 12), 50, 1.4, 50, 1];
  feed.update(1, { transform: A, projection: P, viewport: VIEWPORT });
  assert.deepEqual(feed.camera(), Float32Array.from(A));
  refused(() => feed.update(1.1, { transform: B, projection: P }), "NULL_POINTER", "wm_navigator_update", "camera.viewport");
  refused(() => feed.update(1.2, { transform: [...B.slice(0, 12), NaN, 1.4, 0, 1], projection: P, viewport: VIEWPORT }), "INVALID_VALUE", "wm_navigator_update");
  refused(() => feed.update(1.3, { transform: new BigInt64Array(16), projection: P, viewport: VIEWPORT }), "NULL_POINTER", "wm_navigator_update", "view.transform");
  assert.deepEqual(feed.camera(), Float32Array.from(A), "a refused frame's pose stayed behind");
  // A fix now is placed at A's position, as it was before the refusals.
  feed.onPosition({ coords: { latitude: 55.7339, longitude: 37.5886, altitude: null, accuracy: 5 }, timestamp: 0 });
  assert.deepEqual(feed.errors, []);
  nav.dispose();
});

test("issue 37: a PointBuffer's array passed as points or out= survives the memory growth the call's own scratch block causes", async () => {
  // A module of its own, so the scratch block starts empty and must grow here.
  const fresh = await load(), twin = await load();
  const frame = fresh.createFrame([55.7339, 37.5886, 150], "EUS"), other = twin.createFrame([55.7339, 37.5886, 150], "EUS");
  const count = 200000, points = fresh.allocPoints(count);
  for (let i = 0; i < count; i++) points.array.set([55.7339 + i * 1e-7, 37.5886, 150], 3 * i);
  const expected = other.forward(Float64Array.from(points.array));
  const memory = fresh.memory.buffer.byteLength;
  assert.deepEqual(frame.forward(points.array), expected);   // threw a TypeError: a detached view
  assert.ok(fresh.memory.buffer.byteLength > memory, "the scratch block grew the memory");
  const out = fresh.allocPoints(2 * count), view = out.array;
  const written = frame.forward(Array.from(points.array).concat(Array.from(points.array)), view);
  assert.deepEqual(written.subarray(0, 3 * count), expected);   // the same bytes, seen afresh
  assert.deepEqual(out.array.subarray(3 * count), expected);
  const datum = fresh.gcj02FromWgs84(points.array, { region: "EVERYWHERE" });
  assert.deepEqual(datum, twin.gcj02FromWgs84(Float64Array.from(points.array), { region: "EVERYWHERE" }));
  for (const o of [frame, other, points, out]) o.dispose();
});

test("issue 37: a China-datum call reads a PointBuffer's array after its polygon's block grew the memory (was an empty answer)", async () => {
  const fresh = await load(), twin = await load();
  const points = fresh.allocPoints(10);
  for (let i = 0; i < 10; i++) points.array.set([31.2 + i * 1e-3, 121.5, 0], 3 * i);
  // 500,000 vertices: a 12 MB block, more than the fresh module's memory has free.
  const n = 500000, ring = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) ring.set([35 + 20 * Math.sin(2 * Math.PI * i / n), 105 + 35 * Math.cos(2 * Math.PI * i / n), 0], 3 * i);
  const memory = fresh.memory.buffer.byteLength;
  const got = fresh.gcj02FromWgs84(points.array, { region: ring });
  assert.ok(fresh.memory.buffer.byteLength > memory, "the polygon's block grew the memory");
  assert.deepEqual(got, twin.gcj02FromWgs84(Float64Array.from(points.array), { region: ring }));
  assert.equal(got.length, 30);
  points.dispose();
});

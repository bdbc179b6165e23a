// Conversions against the reference vectors in Tests/Data (the C consumer test's
// tolerances, as Tests/WASM/smoke.mjs), through every way of passing points: arrays,
// caller-provided outputs and PointBuffers in the module's memory; and the SIMD128
// module against the scalar one, bit for bit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { data, load, angleDiff } from "./helpers.mjs";
import { rigidPose } from "../src/index.js";

const wm = await load("simd");
const scalar = await load("scalar");
const enuRows = data("enu_wgs84.csv").map((r) => Object.values(r).map(Number));
const cities = data("external/gcj_gcoord_china_cities.csv");

test("ENU reference vectors (PROJ 9.5.1 cart + topocentric): within 1e-6 m, round trips 1e-12° and 1e-6 m", () => {
  assert.equal(enuRows.length, 2000);
  let worst = 0;
  for (const v of enuRows) {
    const frame = wm.createFrame([v[0], v[1], v[2]], "ENU");
    const enu = frame.forward([v[3], v[4], v[5]]);
    worst = Math.max(worst, Math.hypot(enu[0] - v[6], enu[1] - v[7], enu[2] - v[8]));
    const back = frame.reverse(enu);
    assert.ok(Math.abs(back[0] - v[3]) <= 1e-12 && angleDiff(back[1], v[4]) * Math.cos(v[3] * Math.PI / 180) <= 1e-12);
    assert.ok(Math.abs(back[2] - v[5]) <= 1e-6);
    frame.dispose();
  }
  assert.ok(worst <= 1e-6, `worst ${worst} m`);
});

test("caller-provided outputs and PointBuffers give the copied path's numbers, in place", () => {
  const frame = wm.createFrame(enuRows[0].slice(0, 3), "EUS");
  frame.setEstimate([1, 2, 3], 10);
  const points = Float64Array.from(enuRows.slice(0, 50).flatMap((v) => [v[3], v[4], v[5]]));
  const copied = frame.forward(points);
  const out = new Float64Array(150);
  assert.equal(frame.forward(points, out), out);
  assert.deepEqual(out, copied);
  const buffer = wm.allocPoints(50);
  buffer.array.set(points);
  assert.equal(frame.forward(buffer, buffer), buffer);   // in place, no copy
  assert.deepEqual(Float64Array.from(buffer.array), copied);
  const back = wm.allocPoints(50);
  frame.reverse(buffer, back);
  assert.deepEqual(Float64Array.from(back.array), frame.reverse(copied));
  const matrices = new Float32Array(16 * 50);
  assert.equal(frame.anchorTransforms(buffer.array.length ? points : points, matrices), matrices);
  assert.deepEqual(matrices, frame.anchorTransforms(points));
  buffer.dispose(); back.dispose(); frame.dispose();
});

test("anchors: 16 floats a point, translation = forward position, rotation about up towards the next point", () => {
  const route = Float64Array.from([55.73397, 37.58864, 158, 55.7341589, 37.5890967, 157.9, 55.7343478, 37.5895533, 157.8, 55.7343478, 37.5895533, 157.8]);
  const frame = wm.createFrame([55.73397, 37.58864, 158], "EUS");
  const scene = frame.forward(route), anchors = frame.anchorTransforms(route);
  assert.equal(anchors.length, 64);
  for (let i = 0; i < 4; i++) {
    for (let k = 0; k < 3; k++) assert.equal(anchors[16 * i + 12 + k], Math.fround(scene[3 * i + k]));
    assert.equal(anchors[16 * i + 5], 1);    // y (up) column untouched: a turn about up only
    const j = Math.min(i, 1);                // the last two points: the previous heading
    const toward = [scene[3 * j + 3] - scene[3 * j], scene[3 * j + 5] - scene[3 * j + 2]];
    const forward = [-anchors[16 * i + 8], -anchors[16 * i + 10]];   // -Z column in EUS
    const cos = (forward[0] * toward[0] + forward[1] * toward[1]) / Math.hypot(...toward) / Math.hypot(...forward);
    assert.ok(cos > 1 - 1e-6, `anchor ${i} faces the next point (${cos})`);
    const { orientation: q } = rigidPose(anchors, i);
    assert.ok(Math.abs(Math.hypot(q.x, q.y, q.z, q.w) - 1) < 1e-6);
  }
  frame.dispose();
});

test("GCJ-02 / BD-09: gcoord's 664 cities in batches (GCJ-02 1e-4°, BD-09 2e-7°, round trip 1e-11°)", () => {
  assert.equal(cities.length, 664);
  const wgs = Float64Array.from(cities.flatMap((r) => [Number(r.wgs_lat), Number(r.wgs_lon), 0]));
  const gcj = Float64Array.from(cities.flatMap((r) => [Number(r.gcj_lat), Number(r.gcj_lon), 0]));
  const bd = Float64Array.from(cities.flatMap((r) => [Number(r.bd_lat), Number(r.bd_lon), 0]));
  const gcjOut = wm.gcj02FromWgs84(wgs), bdOut = wm.bd09FromGcj02(gcj), back = wm.wgs84FromGcj02(gcjOut), bdBack = wm.gcj02FromBd09(bdOut);
  for (let i = 0; i < 3 * cities.length; i++) {
    if (i % 3 === 2) continue;
    assert.ok(Math.abs(gcjOut[i] - gcj[i]) <= 1e-4, `city ${Math.floor(i / 3)} GCJ-02`);
    assert.ok(Math.abs(bdOut[i] - bd[i]) <= 2e-7, `city ${Math.floor(i / 3)} BD-09`);
    assert.ok(Math.abs(back[i] - wgs[i]) <= 1e-11 && Math.abs(bdBack[i] - gcj[i]) <= 1e-11, `city ${Math.floor(i / 3)} round trips`);
  }
});

test("GCJ-02 regions: identity outside China by default, applied everywhere or inside a polygon", () => {
  const denver = [39.7392, -104.9903, 0];
  assert.deepEqual(Array.from(wm.gcj02FromWgs84(denver)), denver);
  const everywhere = wm.gcj02FromWgs84(denver, { region: "EVERYWHERE" });
  assert.notEqual(everywhere[0], denver[0]);
  const square = [39, -106, 0, 41, -106, 0, 41, -104, 0, 39, -104, 0];
  assert.deepEqual(wm.gcj02FromWgs84(denver, { region: square }), everywhere);
  const buffer = wm.allocPoints(4);
  buffer.array.set(square);
  assert.deepEqual(wm.gcj02FromWgs84(denver, { region: buffer }), everywhere);
  buffer.dispose();
});

test("the collected GCJ-02 vectors: bit-identical to the published formula within 1e-12°", () => {
  let checked = 0;
  for (const row of data("external/gcj_reference_vectors.csv")) {
    if (!row.operation.startsWith("wgs2gcj") || !row.wgs_lat || !row.gcj_lat || row.case.startsWith("eviltransform_bd2wgs")) continue;
    const out = wm.gcj02FromWgs84([Number(row.wgs_lat), Number(row.wgs_lon), 0]);
    assert.ok(Math.abs(out[0] - Number(row.gcj_lat)) <= 1e-12 && Math.abs(out[1] - Number(row.gcj_lon)) <= 1e-12, row.case);
    checked++;
  }
  assert.ok(checked >= 3, `${checked} vectors`);
});

test("geodesics (wm_geodesic_short_batch): the reference lines up to 10 km within 1e-6 m and 1e-8°", () => {
  // kind, lat1, lon1, lat2, lon2, s12_m, azi1_deg, azi2_deg
  const rows = data("geodesic_wgs84.csv").map((r) => Object.values(r).slice(1).map(Number));
  let checked = 0, worst = 0;
  for (const [lat1, lon1, lat2, lon2, s12, azi1, azi2] of rows) {
    if (s12 > 10000 || Math.abs(lat1) > 89.9 || Math.abs(lat2) > 89.9 || Math.abs(lat1 - lat2) > 0.1) continue;
    const g = wm.geodesicInverse([lat1, lon1, 0], [lat2, lon2, 0]);
    worst = Math.max(worst, Math.abs(g.distanceM[0] - s12));
    // Azimuths where the printed inputs (1e-12°) pin them to 1e-9° (the C test's rule).
    const sensitivity = 2 * Math.SQRT2 * (0.5e-12 * Math.PI / 180 * 6378137) / Math.max(s12, 1e-12) * 180 / Math.PI;
    if (sensitivity <= 1e-9) assert.ok(angleDiff(g.azimuth1Deg[0], azi1) <= 1e-8 && angleDiff(g.azimuth2Deg[0], azi2) <= 1e-8);
    checked++;
  }
  assert.ok(checked > 1000 && worst <= 1e-6, `${checked} lines, worst ${worst} m`);
  // A PointBuffer large enough to grow the module's memory: read in place, the same numbers.
  const big = wm.allocPoints(200000);
  for (let i = 0; i < 200000; i++) big.array.set([55.7339 + (i % 100) * 1e-5, 37.5886 + (i % 77) * 1e-5, 0], 3 * i);
  const inPlace = wm.geodesicInverse([55.7339, 37.5886], big);
  assert.equal(inPlace.distanceM.length, 200000);
  assert.equal(inPlace.distanceM[123], wm.geodesicInverse([55.7339, 37.5886], [55.7339 + (123 % 100) * 1e-5, 37.5886 + (123 % 77) * 1e-5, 0]).distanceM[0]);
  big.dispose();
  // A batch: the same numbers as one line at a time.
  const pts = [55.7349, 37.5886, 0, 55.7339, 37.5986, 0, 55.74, 37.6, 0];
  const batch = wm.geodesicInverse([55.7339, 37.5886], pts);
  for (let i = 0; i < 3; i++) {
    assert.equal(batch.distanceM[i], wm.geodesicInverse([55.7339, 37.5886], pts.slice(3 * i, 3 * i + 3)).distanceM[0]);
  }
});

test("haversine (the apps' spherical baseline): 1° of latitude on the mean sphere", () => {
  const { distanceM, bearingDeg } = wm.haversineInverse({ lat: 0, lon: 0 }, { lat: 1, lon: 0 });
  assert.ok(Math.abs(distanceM - 6371008.8 * Math.PI / 180) < 1e-6);
  assert.equal(bearingDeg, 0);
  assert.ok(Math.abs(wm.haversineInverse([0, 0], [0, 1], 1).distanceM - Math.PI / 180) < 1e-15);
});

test("SIMD128 and scalar modules give the same bits (ENU forward and reverse, GCJ-02 and its inverse, BD-09, anchors)", () => {
  let rows = 0;
  for (const v of enuRows) {
    const a = wm.createFrame([v[0], v[1], v[2]], "ENU"), b = scalar.createFrame([v[0], v[1], v[2]], "ENU");
    const p = [v[3], v[4], v[5], v[0], v[1], v[2]];
    const fa = a.forward(p), fb = b.forward(p);
    assert.deepEqual(fa, fb);
    assert.deepEqual(a.reverse(fa), b.reverse(fb));
    assert.deepEqual(a.anchorTransforms(p), b.anchorTransforms(p));
    a.dispose(); b.dispose();
    rows++;
  }
  const wgs = Float64Array.from(cities.flatMap((r) => [Number(r.wgs_lat), Number(r.wgs_lon), 0]));
  const g = wm.gcj02FromWgs84(wgs);
  assert.deepEqual(g, scalar.gcj02FromWgs84(wgs));
  assert.deepEqual(wm.wgs84FromGcj02(g), scalar.wgs84FromGcj02(g));
  assert.deepEqual(wm.bd09FromGcj02(g), scalar.bd09FromGcj02(g));
  // A batch of 2,000 (the vector lanes' path, groups of four) equals the single points.
  const batch = Float64Array.from(enuRows.flatMap((v) => [v[3], v[4], v[5]]));
  const frame = wm.createFrame([enuRows[0][0], enuRows[0][1], enuRows[0][2]], "EUS"), frame2 = scalar.createFrame([enuRows[0][0], enuRows[0][1], enuRows[0][2]], "EUS");
  assert.deepEqual(frame.forward(batch), frame2.forward(batch));
  frame.dispose(); frame2.dispose();
  assert.equal(rows, 2000);
});

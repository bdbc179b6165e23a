#!/usr/bin/env node
// waymark-geo in node, in one run: geo -> scene, anchor transforms and WGS-84 -> GCJ-02
// through the SIMD128 module and the scalar one (the same sources without SIMD; both
// give the same bits), next to a plain-JavaScript implementation of the same exact
// geo -> scene conversion (ellipsoid -> ECEF -> the frame's rotation, EUS axes) written
// for the comparison. Prints `waymark bench`-style lines, NAME ns_per_point=X and
// ratios, each timing the best of --repeat interleaved rounds over --points points
// (wall clock, one thread); the modules' batches run in place on PointBuffers (no copies), and the
// .copied lines pass ordinary Float64Arrays (copied in and out of the module's memory).
// Usage: node Benchmarks/js/bench.mjs [--points 20000] [--repeat 51]
// Needs: js/scripts/build (the package's modules in js/wasm).
import { readFileSync } from "node:fs";
import { loadWaymark } from "../../js/src/index.js";

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const points = option("points", 20000), repeat = option("repeat", 51);
const wasm = (name) => readFileSync(new URL(`../../js/wasm/${name}`, import.meta.url));
const modules = { simd: await loadWaymark(wasm("waymark-core.wasm")), scalar: await loadWaymark(wasm("waymark-core-scalar.wasm")) };

// A seeded cloud within about 5 km of Moscow's centre at street heights (the kernels'
// near path), and one in China for GCJ-02.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const origin = [55.7539, 37.6208, 150];
const geo = new Float64Array(3 * points), china = new Float64Array(3 * points);
for (let i = 0; i < points; i++) {
  geo.set([origin[0] + (random() - 0.5) * 0.09, origin[1] + (random() - 0.5) * 0.16, origin[2] + (random() - 0.5) * 40], 3 * i);
  china.set([31.2304 + (random() - 0.5) * 0.5, 121.4737 + (random() - 0.5) * 0.5, 10], 3 * i);
}

// Every case runs once per round, the rounds interleaving them, and each keeps its
// fastest round: on a shared machine both modules then see the same conditions, and the
// minimum is the run least disturbed.
const cases = [];
const timed = (name, run) => cases.push({ name, run, best: Infinity });
function measure() {
  for (let r = 0; r < repeat; r++) {
    for (const c of cases) {
      const t0 = process.hrtime.bigint();
      c.run();
      c.best = Math.min(c.best, Number(process.hrtime.bigint() - t0) / points);
    }
  }
  return Object.fromEntries(cases.map((c) => [c.name, c.best]));
}

// The plain-JavaScript conversion: WGS-84 geodetic -> ECEF, minus the origin's ECEF,
// rotated into east, north, up at the origin, then EUS (x east, y up, z south).
function plainFrame([lat0, lon0, h0]) {
  const a = 6378137, f = 1 / 298.257223563, e2 = f * (2 - f), rad = Math.PI / 180;
  const ecef = (lat, lon, h) => {
    const sp = Math.sin(lat * rad), cp = Math.cos(lat * rad), sl = Math.sin(lon * rad), cl = Math.cos(lon * rad);
    const n = a / Math.sqrt(1 - e2 * sp * sp);
    return [(n + h) * cp * cl, (n + h) * cp * sl, (n * (1 - e2) + h) * sp];
  };
  const [x0, y0, z0] = ecef(lat0, lon0, h0);
  const sp0 = Math.sin(lat0 * rad), cp0 = Math.cos(lat0 * rad), sl0 = Math.sin(lon0 * rad), cl0 = Math.cos(lon0 * rad);
  return (input, out) => {
    for (let i = 0; i < input.length; i += 3) {
      const sp = Math.sin(input[i] * rad), cp = Math.cos(input[i] * rad), sl = Math.sin(input[i + 1] * rad), cl = Math.cos(input[i + 1] * rad);
      const h = input[i + 2], n = a / Math.sqrt(1 - e2 * sp * sp);
      const dx = (n + h) * cp * cl - x0, dy = (n + h) * cp * sl - y0, dz = (n * (1 - e2) + h) * sp - z0;
      const east = -sl0 * dx + cl0 * dy;
      const north = -sp0 * cl0 * dx - sp0 * sl0 * dy + cp0 * dz;
      const up = cp0 * cl0 * dx + cp0 * sl0 * dy + sp0 * dz;
      out[i] = east; out[i + 1] = up; out[i + 2] = -north;
    }
    return out;
  };
}

const checks = {}, buffers = [];
for (const [name, wm] of Object.entries(modules)) {
  const frame = wm.createFrame(origin, "EUS");
  const input = wm.allocPoints(points), output = wm.allocPoints(points), chinaIn = wm.allocPoints(points);
  input.array.set(geo);
  chinaIn.array.set(china);
  const matrices = new Float32Array(16 * points), copied = new Float64Array(3 * points);
  timed(`${name}.scene`, () => frame.forward(input, output));
  timed(`${name}.copied`, () => frame.forward(geo, copied));
  timed(`${name}.anchors`, () => frame.anchorTransforms(input, matrices));
  timed(`${name}.gcj`, () => wm.gcj02FromWgs84(chinaIn, { out: output }));
  checks[name] = frame.forward(geo);
  buffers.push(input, output, chinaIn, frame);
}
const plain = plainFrame(origin), plainOut = new Float64Array(3 * points);
timed("plain", () => plain(geo, plainOut));
const t = measure();
for (const b of buffers) b.dispose();
let apart = 0, bitsSame = true;
for (let i = 0; i < 3 * points; i++) {
  apart = Math.max(apart, Math.abs(plainOut[i] - checks.simd[i]));
  bitsSame &&= Object.is(checks.simd[i], checks.scalar[i]);
}
const simd = { scene: t["simd.scene"], copied: t["simd.copied"], anchors: t["simd.anchors"], gcj: t["simd.gcj"] };
const scalar = { scene: t["scalar.scene"], copied: t["scalar.copied"], anchors: t["scalar.anchors"], gcj: t["scalar.gcj"] };
const plainNs = t.plain;

const ns = (x) => x.toFixed(1), ratio = (x) => x.toFixed(2);
console.log(`# node ${process.version}, ${points} points, best of ${repeat} interleaved rounds; SIMD and scalar modules ${bitsSame ? "bit-identical" : "DIFFER"}, ` +
            `plain JavaScript within ${apart.toExponential(1)} m of them`);
console.log(`js.geo_to_scene.simd ns_per_point=${ns(simd.scene)} vs_scalar=${ratio(scalar.scene / simd.scene)} vs_plain_js=${ratio(plainNs / simd.scene)}`);
console.log(`js.geo_to_scene.scalar ns_per_point=${ns(scalar.scene)} vs_plain_js=${ratio(plainNs / scalar.scene)}`);
console.log(`js.geo_to_scene.plain_js ns_per_point=${ns(plainNs)}`);
console.log(`js.geo_to_scene.copied.simd ns_per_point=${ns(simd.copied)} vs_scalar=${ratio(scalar.copied / simd.copied)} vs_plain_js=${ratio(plainNs / simd.copied)}`);
console.log(`js.geo_to_scene.copied.scalar ns_per_point=${ns(scalar.copied)}`);
console.log(`js.anchors.simd ns_per_point=${ns(simd.anchors)} vs_scalar=${ratio(scalar.anchors / simd.anchors)}`);
console.log(`js.anchors.scalar ns_per_point=${ns(scalar.anchors)}`);
console.log(`js.gcj02.simd ns_per_point=${ns(simd.gcj)} vs_scalar=${ratio(scalar.gcj / simd.gcj)}`);
console.log(`js.gcj02.scalar ns_per_point=${ns(scalar.gcj)}`);
if (!bitsSame || apart > 1e-6) process.exitCode = 1;

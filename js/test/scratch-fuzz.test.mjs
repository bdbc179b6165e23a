// Issue 37: the scratch block that copied batches go through (Waymark.scratch) grows
// in the module's memory, beside frames and PointBuffers. A seeded random sequence of
// batch calls — empty, small, large, huge sparse Arrays the 32-bit memory cannot hold,
// typed arrays of the wrong kind, out= arrays and PointBuffers — runs on several frames
// of one module; after every step each frame's bytes, each PointBuffer and every result
// must equal, bit for bit, those of a second module that only ever saw the calls that
// succeeded. A refusal raised before the scratch block is reached must leave the block
// and the memory's size as they were.
// WAYMARK_FUZZ_STEPS sets the length (short by default, part of the ordinary suite),
// WAYMARK_FUZZ_SEED the sequence; a failure names both and the step.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";
import { WaymarkError, customAxes, Direction as D, Forward as F, Unit as U } from "../src/index.js";

const STEPS = Number(process.env.WAYMARK_FUZZ_STEPS ?? 1200);
const SEED = Number(process.env.WAYMARK_FUZZ_SEED ?? 37);
const MAX_BLOCK = 0x7fffffff, MAX_POINTS = Math.floor(MAX_BLOCK / 24);
const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1.4, 0, 1];
const P = [3.7, 0, 0, 0, 0, 1.7, 0, 0, 0, 0, -1, -1, 0, 0, -0.002, 0];

function mulberry32(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const bytes = (a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const frameBytes = (waymark, frame) => Buffer.from(new Uint8Array(waymark.memory.buffer, frame.pointer, 512));

const ORIGINS = [[55.7339, 37.5886, 150], [10, 20, 0], [-33.86, 151.21, 40], [89.9, -179.5, 3000], [0, -180, -50], [31.23, 121.47, 4]];
// Named conventions and valid custom ones: other units and handedness move the scene's numbers.
const AXES = ["ENU", "EUS", "EUN", "UNREAL", customAxes(D.NORTH, D.UP, D.EAST, F.POS_X, U.MILLIMETRE),
  customAxes(D.WEST, D.DOWN, D.NORTH, F.NEG_Z, U.DECIMETRE)];
const ELLIPSOIDS = [undefined, undefined, { a: 6378137, f: 0 }, { a: 1737400, f: 0.0012 }];
const POLYGON = [15, 70, 0, 15, 140, 0, 55, 140, 0, 55, 70, 0];
const REGIONS = [undefined, "CHINA_RECTANGLE", "EVERYWHERE", POLYGON, Float64Array.from(POLYGON)];
const DATUMS = ["gcj02FromWgs84", "wgs84FromGcj02", "bd09FromGcj02", "gcj02FromBd09"];

test(`issue 37: ${STEPS} random batch calls (seed ${SEED}) grow the scratch block without touching a frame, a buffer or a result`, async (t) => {
  // Each epoch starts from two new modules, so the block grows from nothing again.
  let wm, ref;
  const r = mulberry32(SEED);
  const int = (n) => Math.floor(r() * n), pick = (a) => a[int(a.length)], chance = (p) => r() < p;
  const uniform = (lo, hi) => lo + (hi - lo) * r();
  let step = 0;
  const where = () => `seed ${SEED}, step ${step}`;
  const stats = { ok: 0, refused: 0, maxScratch: 0, maxMemory: 0, pointsConverted: 0 };

  const slots = [], dead = [], buffers = [], deadBuffers = [];
  function addSlot() {
    const spec = { origin: pick(ORIGINS), axes: pick(AXES), ellipsoid: pick(ELLIPSOIDS) };
    const make = (m) => m.createFrame(spec.origin, spec.axes, { ellipsoid: spec.ellipsoid });
    slots.push({ spec, make, frame: make(wm), twin: make(ref), estimate: null });
  }

  // A PointBuffer of wm's and what it must hold (its shadow in JavaScript memory).
  function addBuffer(count) {
    const pb = wm.allocPoints(count), shadow = geo(count);
    pb.array.set(shadow);
    buffers.push({ pb, shadow });
  }

  // Points of each domain, as the module would read them (Float64Array).
  function geo(count) {
    const v = new Float64Array(3 * count);
    for (let i = 0; i < count; i++) v.set([uniform(-90, 90), uniform(-180, 180), uniform(-500, 9000)], 3 * i);
    return v;
  }
  function scene(count) {
    const v = new Float64Array(3 * count);
    for (let i = 0; i < 3 * count; i++) v[i] = uniform(-1e5, 1e5);
    return v;
  }
  function china(count) {
    const v = new Float64Array(3 * count);
    for (let i = 0; i < count; i++) v.set([uniform(18, 50), uniform(75, 134), uniform(-100, 5000)], 3 * i);
    return v;
  }
  function near(origin, count) {
    const v = new Float64Array(3 * count);
    for (let i = 0; i < count; i++) v.set([origin[0] + uniform(-0.04, 0.04), origin[1] + uniform(-0.04, 0.04), 0], 3 * i);
    return v;
  }
  const firstBadGeo = (v) => {
    for (let i = 0; i < v.length / 3; i++) {
      const [lat, lon, h] = v.subarray(3 * i, 3 * i + 3);
      if (!Number.isFinite(lat + lon + h) || Math.abs(lat) > 90 || Math.abs(h) > 1e12) return i;
    }
    return -1;
  };
  const firstBadScene = (v) => {
    for (let i = 0; i < v.length / 3; i++) if (v.subarray(3 * i, 3 * i + 3).some((x) => !Number.isFinite(x))) return i;
    return -1;
  };
  const count = () => pick([0, 1, 2, 3, 5, 8, 17, 64, 100, 1000, 4096]) + (chance(0.3) ? int(50) : 0);

  /**
   * An argument `points` for a batch of the domain `make` (count -> Float64Array),
   * with what must come of it: {arg, count, values} to convert, or {arg, count, error:
   * [status, rank, firstBad]}. The rank is where the wrapper refuses: 0 the points
   * argument, 1 out=, 2 the scratch block's size (all three before the block moves),
   * 3 after it may have grown. `copy`: the block's bytes for c points copied in and
   * out, base + perPoint * c.
   */
  function points(make, kinds, copy) {
    const fits = (c) => copy.base + copy.perPoint * c <= MAX_BLOCK;
    const kind = pick(kinds);
    switch (kind) {
      case "array": { const v = make(count()); return { arg: Array.from(v), values: v }; }
      case "f64": { const v = make(count()); return { arg: v, values: v }; }
      case "f32": case "i16": case "i32": case "u8c": {
        const Ctor = { f32: Float32Array, i16: Int16Array, i32: Int32Array, u8c: Uint8ClampedArray }[kind];
        const arg = new Ctor(make(count()));
        return { arg, values: Float64Array.from(arg) };
      }
      case "large": { const v = make(20000 + int(180000)); return { arg: v, values: v }; }
      case "edge": {
        // As many points as the block holds: its last byte is written.
        const c = Math.floor((wm._scratchBytes - copy.base) / copy.perPoint) - (chance(0.7) ? 0 : int(3));
        if (c < 0 || c > 60000) return points(make, ["f64"], copy);
        const v = make(c);
        return { arg: v, values: v };
      }
      case "empty": return { arg: pick([[], new Float64Array(0), new Int8Array(0)]), values: new Float64Array(0) };
      case "pb": case "pbview": {
        if (buffers.length === 0) return points(make, ["f64"], copy);
        const b = pick(buffers);
        // pbview: a Float64Array over the module's memory, which the call's own growth
        // may detach.
        return { arg: kind === "pb" ? b.pb : b.pb.array, values: Float64Array.from(b.shadow), buffer: b };
      }
      case "disposed":
        return deadBuffers.length ? { arg: pick(deadBuffers), error: ["NULL_POINTER", 0, undefined, "PointBuffer"] } : points(make, ["f64"], copy);
      case "nan": {
        const c = 1 + count(), v = make(c), k = int(c);
        v[3 * k + int(3)] = pick([NaN, Infinity, -Infinity]);
        return { arg: chance(0.5) ? Array.from(v) : v, count: c, error: ["INVALID_VALUE", 3, k] };
      }
      case "hole": {
        const c = 1 + count(), v = make(c), j = int(3 * c), arg = new Array(3 * c);
        for (let i = 0; i < 3 * c; i++) if (i !== j) arg[i] = v[i];
        return { arg, count: c, error: ["INVALID_VALUE", 3, Math.floor(j / 3)] };
      }
      case "bigint": {
        const c = 1 + count(), arg = Array.from(make(c)), j = int(3 * c);
        arg[j] = chance(0.5) ? 5n : Symbol("x");
        return { arg, count: c, error: ["INVALID_VALUE", 3, Math.floor(j / 3)] };
      }
      case "badview": {
        const c = count();
        return { arg: pick([new BigInt64Array(3 * c), new BigUint64Array(3 * c), new DataView(new ArrayBuffer(24 * c))]), error: ["NULL_POINTER", 0] };
      }
      case "notarray": return { arg: pick([null, undefined, "1,2,3", { length: 3 }, 42, new ArrayBuffer(24)]), error: ["NULL_POINTER", 0] };
      case "ragged": { const v = Array.from(make(count())); v.push(...[1, 2].slice(0, 1 + int(2))); return { arg: v, error: ["BAD_COUNT", 0] }; }
      case "huge": {
        // Sparse Arrays: more points than one block holds, not whole triples, or a copy
        // in and out beyond one block; each refused before a byte moves.
        const c = pick([MAX_POINTS + 1 + int(1e6), Math.floor((2 ** 32 - 2) / 3), MAX_POINTS, MAX_POINTS - int(1e6)]);
        const length = chance(0.2) ? 3 * c + 1 : 3 * c;
        if (length % 3 !== 0 || c > MAX_POINTS) return { arg: new Array(length), error: ["BAD_COUNT", 0] };
        if (fits(c)) return points(make, ["f64"], copy);
        return { arg: new Array(length), count: c, error: ["BAD_COUNT", 2] };
      }
      case "sparse": {
        // A sparse Array the block can hold: its holes read as NaN, refused by the module
        // after the block grew.
        const c = 10000 + int(chance(0.1) ? 1000000 : 200000);
        return { arg: new Array(3 * c), count: c, error: ["INVALID_VALUE", 3, 0] };
      }
    }
    throw new Error(kind);
  }

  /** An out= for c points of `perPoint` numbers in `OutArray`, with what must come of it
   * (errors of rank 1, as points'). */
  function out(c, perPoint, OutArray, pointBuffersFit, input) {
    let kind = pick(["none", "none", "exact", "longer", "short", "wrong", "pb", "pb", "pbsmall", "pbdisposed", "same", "pbview"]);
    // A count only a sparse Array can have gets out arrays too short for it.
    if (c > 2e6 && ["exact", "longer", "short", "wrong"].includes(kind)) kind = chance(0.5) ? "wrong" : "short";
    const sentinel = (n) => new OutArray(n).fill(7.25);
    switch (kind) {
      case "none": return { arg: chance(0.5) ? undefined : null };
      case "exact": return { arg: sentinel(c * perPoint) };
      case "longer": return { arg: sentinel(c * perPoint + 1 + int(40)) };
      case "short": return c > 0 ? { arg: sentinel(Math.max(0, Math.min(c * perPoint - 1 - int(5), 100))), error: ["BAD_COUNT", 1] } : { arg: undefined };
      case "wrong": {
        const Other = pick([OutArray === Float64Array ? Float32Array : Float64Array, Int32Array, Array]);
        return { arg: new Other(Math.min(c * perPoint, 100)).fill(1), error: ["NULL_POINTER", 1] };
      }
      case "pb": case "pbsmall": case "pbview": {
        const fit = buffers.filter((b) => (kind === "pbsmall") === (b.pb.count < c));
        if (fit.length === 0) return { arg: undefined };
        const b = pick(fit);
        if (kind === "pbview") {
          // A Float64Array over the module's memory: an ordinary out array to the wrapper.
          if (OutArray !== Float64Array) return { arg: undefined };
          return { arg: b.pb.array, buffer: b, view: true, ...(b.pb.count < c ? { error: ["BAD_COUNT", 1] } : {}) };
        }
        return { arg: b.pb, buffer: b, ...(pointBuffersFit && kind === "pb" ? {} : { error: ["BAD_COUNT", 1] }) };
      }
      case "pbdisposed": return deadBuffers.length ? { arg: pick(deadBuffers), error: ["NULL_POINTER", 1, undefined, "PointBuffer"] } : { arg: undefined };
      case "same": return input.buffer && input.arg === input.buffer.pb && pointBuffersFit ? { arg: input.arg, buffer: input.buffer } : { arg: undefined };
    }
    throw new Error(kind);
  }

  /**
   * Runs `call` on wm, and on success `expected()` (the same call on ref's twins), then
   * checks the outcome against `input` and `output` (see points and out): the error's
   * kind, function and index, nothing written on a refusal, the block untouched before
   * the scratch stage; on success the very bits of ref's answer, in out= or returned.
   */
  function run(fn, call, input, output, expected) {
    const error = [input.error, output.error].filter(Boolean).sort((a, b) => a[1] - b[1])[0];
    const before = { scratch: wm._scratch, scratchBytes: wm._scratchBytes, memory: wm.memory.buffer.byteLength };
    const outArray = output.arg && !output.buffer ? output.arg : null;
    const outBefore = outArray && ArrayBuffer.isView(outArray) ? Buffer.from(bytes(outArray)) : null;
    let result, thrown;
    try { result = call(); } catch (e) { thrown = e; }
    if (error) {
      stats.refused++;
      assert.ok(thrown instanceof WaymarkError, `${where()}: ${fn} expected ${error[0]}, got ${thrown ?? "success"}`);
      assert.equal(thrown.statusName, error[0], `${where()}: ${thrown.message}`);
      // A disposed PointBuffer is refused by its own check, which names the class.
      assert.equal(thrown.function, error[3] ?? fn, where());
      if (error[2] !== undefined) assert.equal(thrown.firstBad, error[2], `${where()}: ${thrown.message}`);
      if (error[1] <= 2) {
        // A polygon region is allocated (and freed) before the batch: memory may grow then.
        const now = { scratch: wm._scratch, scratchBytes: wm._scratchBytes, memory: input.allocates ? before.memory : wm.memory.buffer.byteLength };
        assert.deepEqual(now, before, `${where()}: a refusal before the block moved it`);
      }
      if (outBefore) assert.ok(bytes(outArray).equals(outBefore), `${where()}: a refused call wrote into out`);
      return;
    }
    if (thrown) throw new Error(`${where()}: ${fn} threw ${thrown.stack ?? thrown}`);
    stats.ok++;
    stats.pointsConverted += input.values.length / 3;
    const want = expected(), n = want.length;
    if (output.buffer) {
      if (!output.view) assert.equal(result, output.arg, where());
      output.buffer.shadow.set(want);
    } else if (output.arg) {
      assert.equal(result, output.arg, `${where()}: out= returned`);
      assert.ok(bytes(result.subarray(0, n)).equals(bytes(want)), `${where()}: ${fn} out= differs from a fresh twin's`);
      assert.ok(bytes(result.subarray(n)).equals(outBefore.subarray(n * result.BYTES_PER_ELEMENT)), `${where()}: ${fn} wrote past its points`);
    } else {
      assert.notEqual(result.buffer, wm.memory.buffer, `${where()}: a result over the module's memory`);
      assert.equal(result.length, n, where());
      assert.ok(bytes(result).equals(bytes(want)), `${where()}: ${fn} differs from a fresh twin's`);
    }
    if (input.buffer && input.buffer !== output.buffer && !input.arg.BYTES_PER_ELEMENT) {
      assert.ok(bytes(input.buffer.pb.array).equals(bytes(input.buffer.shadow)), `${where()}: ${fn} changed its input buffer`);
    }
  }

  const methods = {
    forward: { domain: geo, bad: firstBadGeo, perPoint: 3, outBytes: 24, Out: Float64Array, c: "wm_frame_forward" },
    reverse: { domain: scene, bad: firstBadScene, perPoint: 3, outBytes: 24, Out: Float64Array, c: "wm_frame_reverse" },
    anchorTransforms: { domain: geo, bad: firstBadGeo, perPoint: 16, outBytes: 64, Out: Float32Array, c: "wm_frame_anchor_transforms" },
  };
  const KINDS = ["array", "f64", "f64", "edge", "f32", "i16", "i32", "u8c", "empty", "pb", "pbview", "disposed", "nan", "hole", "bigint",
    "badview", "notarray", "ragged", "huge", "large", "sparse"];
  const rare = (kinds) => kinds.filter((k) => !["large", "sparse"].includes(k) || chance(0.15));
  const copy = (outBytes) => ({ base: 8, perPoint: 24 + outBytes });

  /** The outcome the values alone decide (a value the module refuses). */
  function valueError(input, firstBad) {
    if (input.error || !input.values) return input;
    const k = firstBad(input.values);
    return k < 0 ? input : { ...input, error: ["INVALID_VALUE", 3, k] };
  }

  const actions = [
    [6, function frameBatch() {
      const name = pick(Object.keys(methods)), m = methods[name];
      const slot = chance(0.05) && dead.length ? null : pick(slots);
      const input = valueError(points(m.domain, rare(KINDS), copy(m.outBytes)), m.bad);
      const c = input.count ?? (input.values ? input.values.length / 3 : 0);
      const output = out(c, m.perPoint, m.Out, m.outBytes === 24, input);
      if (!slot) {
        run(m.c, () => pick(dead)[name](input.arg, output.arg), { error: ["INVALID_FRAME", -1] }, output);
        return;
      }
      run(m.c, () => slot.frame[name](input.arg, output.arg), input, output, () => slot.twin[name](input.values));
    }],
    [3, function datum() {
      const name = pick(DATUMS);
      const fn = { gcj02FromWgs84: "wm_gcj02_from_wgs84", wgs84FromGcj02: "wm_wgs84_from_gcj02", bd09FromGcj02: "wm_bd09_from_gcj02", gcj02FromBd09: "wm_gcj02_from_bd09" }[name];
      const region = pick(REGIONS);
      const input = valueError(points(china, rare(KINDS.filter((k) => k !== "u8c" && k !== "pb" && k !== "pbview")), copy(24)), firstBadGeo);
      input.allocates = typeof region === "object";
      const n = input.count ?? (input.values ? input.values.length / 3 : 0);
      const output = out(n, 3, Float64Array, true, input);
      const options = region === undefined && output.arg === undefined && chance(0.5) ? undefined : { region, out: output.arg };
      run(fn, () => wm[name](input.arg, options), input, output, () => ref[name](input.values, { region }));
    }],
    [2, function geodesic() {
      const origin = [uniform(-60, 60), uniform(-180, 180), 0], fn = "wm_geodesic_short_batch";
      let input = valueError(points((n) => near(origin, n), rare(KINDS.filter((k) => !["i16", "i32", "u8c", "pb", "pbview"].includes(k))), { base: 32, perPoint: 48 }), firstBadGeo);
      if (!input.error && input.values.length && chance(0.2)) {
        const k = int(input.values.length / 3), v = Float64Array.from(input.values);
        v[3 * k] += pick([1, -1]) * 0.2;   // 22 km away: beyond the short method
        input = { arg: v, values: v, error: ["NOT_AVAILABLE", 3, k] };
      }
      run(fn, () => {
        const g = wm.geodesicInverse(origin, input.arg);
        return concat(g);
      }, input, {}, () => concat(ref.geodesicInverse(origin, input.values)));
    }],
    [1, function estimate() {
      const slot = pick(slots), v = [uniform(-1e6, 1e6), uniform(-100, 100), uniform(-1e6, 1e6)], deg = uniform(-720, 720);
      const bad = pick([null, null, null, [0, NaN], [1, 2e12], [2, -Infinity]]);
      if (bad) v[bad[0]] = bad[1];
      const fn = "wm_frame_set_estimate";
      let thrown;
      try { slot.frame.setEstimate(v, deg); } catch (e) { thrown = e; }
      if (bad) {
        assert.ok(thrown instanceof WaymarkError && thrown.statusName === "INVALID_VALUE" && thrown.function === fn, `${where()}: ${thrown}`);
        return;
      }
      assert.equal(thrown, undefined, where());
      slot.twin.setEstimate(v, deg);
      slot.estimate = [v, deg];
    }],
    [1, function churn() {
      if (chance(0.5) && slots.length > 2) {
        const [slot] = slots.splice(int(slots.length), 1);
        slot.frame.dispose();
        slot.twin.dispose();
        dead.push(slot.frame);
      } else if (slots.length < 6) addSlot();
      if (chance(0.5) && buffers.length > 0) {
        const [b] = buffers.splice(int(buffers.length), 1);
        b.pb.dispose();
        deadBuffers.push(b.pb);
      } else if (buffers.length < 5) addBuffer(pick([0, 1, 3, 100, 1000, 5000, 30000]));
    }],
    [1, function grow() {
      // A view of a PointBuffer bigger than the block, as points or as out=: the block
      // grows the memory under it during the call.
      if (wm._scratchBytes > 8e6) return;
      const slot = pick(slots), c = Math.floor(wm._scratchBytes / 24) + 1000 + int(5000);
      const v = geo(c), pb = wm.allocPoints(c), b = { pb, shadow: v };
      pb.array.set(v);
      const asOut = chance(0.5), values = asOut ? geo(c) : v;
      run("wm_frame_forward", () => slot.frame.forward(asOut ? values : pb.array, asOut ? pb.array : undefined),
        { values }, asOut ? { arg: pb.array, buffer: b, view: true } : {}, () => slot.twin.forward(values));
      assert.ok(bytes(pb.array).equals(bytes(b.shadow)), `${where()}: the buffer under the view`);
      pb.dispose();
    }],
    [1, function small() {
      // The other users of the block: a few bytes each, whatever it grew to.
      const axes = pick(AXES);
      assert.deepEqual(wm.describeAxes(axes), ref.describeAxes(axes), where());
      const a = [uniform(-90, 90), uniform(-180, 180)], b = [uniform(-90, 90), uniform(-180, 180)];
      assert.deepEqual(wm.haversineInverse(a, b), ref.haversineInverse(a, b), where());
      const pts = scene(1 + int(5)), camera = { transform: I, projection: P, viewport: [0, 0, 390, 844] };
      assert.ok(bytes(wm.screenProject(camera, pts)).equals(bytes(ref.screenProject(camera, pts))), where());
    }],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);
  const concat = (g) => Float64Array.from([...g.distanceM, ...g.azimuth1Deg, ...g.azimuth2Deg]);

  let lastScratch = 0;
  /** Every frame as its twin (and as a frame made afresh), every buffer as its shadow. */
  function check() {
    for (const slot of slots) {
      assert.ok(frameBytes(wm, slot.frame).equals(frameBytes(ref, slot.twin)), `${where()}: a frame's bytes changed`);
      const probe = [slot.spec.origin[0], slot.spec.origin[1] + 0.001, 10];
      assert.ok(bytes(slot.frame.forward(probe)).equals(bytes(slot.twin.forward(probe))), `${where()}: a frame converts differently`);
    }
    if (step % 10 === 0) {
      const slot = pick(slots), fresh = slot.make(wm);
      if (slot.estimate) fresh.setEstimate(...slot.estimate);
      assert.ok(frameBytes(wm, fresh).equals(frameBytes(wm, slot.frame)), `${where()}: a frame made afresh differs`);
      fresh.dispose();
    }
    for (const b of buffers) assert.ok(bytes(b.pb.array).equals(bytes(b.shadow)), `${where()}: a PointBuffer changed`);
    // A small buffer made right after the block moved lands, as often as not, just past
    // its end: a block smaller than the wrapper thinks overwrites it.
    if (wm._scratch !== lastScratch && buffers.length < 8) addBuffer(pick([1, 2, 5]));
    lastScratch = wm._scratch;
    stats.maxScratch = Math.max(stats.maxScratch, wm._scratchBytes);
    stats.maxMemory = Math.max(stats.maxMemory, wm.memory.buffer.byteLength);
  }

  const started = Date.now();
  for (step = 0; step < STEPS;) {
    [wm, ref] = [await load(), await load()];
    for (const list of [slots, dead, buffers, deadBuffers]) list.length = 0;
    for (let k = 0; k < 3; k++) addSlot();
    addBuffer(100);
    addBuffer(3);
    for (const end = step + 400; step < Math.min(end, STEPS); step++) {
      let x = r() * total;
      const action = actions.find(([w]) => (x -= w) < 0)[1];
      action();
      check();
      if (STEPS >= 10000 && step % 10000 === 0) t.diagnostic(`step ${step}: ${JSON.stringify(stats)}, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
    stats.epochs = (stats.epochs ?? 0) + 1;
  }
  t.diagnostic(`${STEPS} steps in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(stats)}`);
  assert.ok(stats.ok > 0 && stats.refused > 0, "both kinds of call were made");
});

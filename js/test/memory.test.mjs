// Memory is managed: 10,000 create/dispose cycles of every object that holds module
// memory leave the module's linear memory where it was, and the allocator hands back
// the same blocks; the FinalizationRegistry frees what is dropped without dispose().
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";

const wm = await load();
const route = [55.7339, 37.5886, 150, 55.7352, 37.5886, 150, 55.7352, 37.5910, 150];
const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1.4, 0, 1];
const P = [3.7, 0, 0, 0, 0, 1.7, 0, 0, 0, 0, -1, -1, 0, 0, -0.002, 0];

/** The next block malloc would hand out for `bytes` (freed again). */
function probe(bytes) { const p = wm.alloc(bytes); wm.free(p); return p; }

function cycle() {
  const frame = wm.createFrame([55.7339, 37.5886, 150], "EUS");
  frame.forward(route);
  frame.anchorTransforms(route);
  frame.dispose();
  const buffer = wm.allocPoints(3);
  buffer.array.set(route);
  wm.gcj02FromWgs84(buffer, { out: buffer, region: "EVERYWHERE" });
  buffer.dispose();
  const nav = wm.createNavigator(route, { alignment: "GRAVITY" });
  nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] });
  nav.update(0.1, { transform: I, projection: P, viewport: [0, 0, 390, 844] });
  nav.dispose();
  try { wm.createFrame([95, 0, 0]); } catch { /* refused: must free its block too */ }
  try { wm.createNavigator([0, 0, 0, 95, 0, 0]); } catch { /* likewise */ }
}

test("10,000 create/dispose cycles: linear memory does not grow, malloc returns the same blocks", () => {
  cycle();   // the scratch block and the allocator's first pools
  const small = probe(512), large = probe(1 << 16), bytes = wm.memory.buffer.byteLength;
  for (let i = 0; i < 10000; i++) cycle();
  assert.equal(wm.memory.buffer.byteLength, bytes, "linear memory grew");
  assert.equal(probe(512), small, "a 512-byte block moved: something is still allocated");
  assert.equal(probe(1 << 16), large, "a 64 KiB block moved: something is still allocated");
});

test("a leak would be seen: 1,000 frames kept alive move the allocator", () => {
  const before = probe(512), kept = [];
  for (let i = 0; i < 1000; i++) kept.push(wm.createFrame([0, 0, 0]));
  assert.notEqual(probe(512), before);
  for (const f of kept) f.dispose();
  assert.equal(probe(512), before);
});

test("FinalizationRegistry frees frames, buffers and navigators dropped without dispose()", { skip: typeof globalThis.gc !== "function" && "needs node --expose-gc" }, async () => {
  const before = probe(512);
  (() => { for (let i = 0; i < 200; i++) { wm.createFrame([0, 0, 0]); wm.allocPoints(10); wm.createNavigator(route); } })();
  for (let i = 0; i < 20 && probe(512) !== before; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.equal(probe(512), before);
});

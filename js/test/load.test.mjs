// Loading: every kind of source loadWaymark takes, the package's own modules (SIMD128
// detected, or chosen), and a failed fetch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadWaymark, moduleURL, simdSupported } from "../src/index.js";
import { modulePath } from "./helpers.mjs";

test("loadWaymark: default, URL, path, bytes, Module, Response (streamed or not), its promise", async () => {
  assert.equal(simdSupported(), true);   // node 16+ has SIMD128
  assert.match(moduleURL().pathname, /\/wasm\/waymark-core\.wasm$/);
  assert.match(moduleURL(false).pathname, /\/wasm\/waymark-core-scalar\.wasm$/);
  const bytes = readFileSync(modulePath());
  const sources = [undefined, new URL(`file://${modulePath("scalar")}`), modulePath(), bytes, await WebAssembly.compile(bytes),
    new Response(bytes, { headers: { "content-type": "application/wasm" } }), Promise.resolve(new Response(bytes))];
  for (const source of sources) {
    const wm = await loadWaymark(source);
    assert.match(wm.version, /^\d+\.\d+\.\d+$/);
    assert.equal(wm.exports.wm_version(), Number(wm.version.split(".").reduce((n, p) => n * 100 + Number(p), 0)));
  }
  await assert.rejects(loadWaymark(new Response("no", { status: 404 })), /HTTP 404/);
  await assert.rejects(loadWaymark(new Uint8Array([0, 97, 115, 109])), WebAssembly.CompileError);
});

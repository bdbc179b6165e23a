// The generated module (src/generated/abi.js): what scripts/generate-bindings-constants
// makes of include/waymark.h today, and — independently of that script — every number
// in it as clang compiles the header for wasm32: each constant, each struct's sizeof and
// every field's offsetof, and WM_AXES_CUSTOM against the C macro over every valid
// argument. The package reads its struct layouts from this module, so a wrong offset
// here is a wrong field written into the module's memory.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import * as abi from "../src/generated/abi.js";
import { root } from "./helpers.mjs";

const header = readFileSync(`${root}include/waymark.h`, "utf8");
const generator = `${root}scripts/generate-bindings-constants`;

/** A command that runs, or null. */
function found(command, args = ["--version"]) {
  const run = spawnSync(command, args, { encoding: "utf8" });
  return run.status === 0 ? command : null;
}

/** A clang that compiles for wasm32: $CLANG, the Swift toolchain's (scripts/build-wasm
 * links with it), or one on PATH. */
function wasmClang() {
  const candidates = [process.env.CLANG];
  const swiftc = spawnSync("sh", ["-c", "command -v swiftc"], { encoding: "utf8" }).stdout.trim();
  if (swiftc) candidates.push(join(dirname(realpathSync(swiftc)), "clang"));
  candidates.push("/opt/swift/usr/bin/clang", "clang");
  const probe = mkdtempSync(join(tmpdir(), "waymark-abi-"));
  try {
    writeFileSync(join(probe, "probe.c"), "int x;\n");
    for (const clang of candidates.filter(Boolean)) {
      const run = spawnSync(clang, ["--target=wasm32-unknown-unknown", "-ffreestanding", "-fsyntax-only", join(probe, "probe.c")]);
      if (run.status === 0) return clang;
    }
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
  return null;
}

test("src/generated/abi.js, abi.d.ts and python/src/waymark/_abi.py are what the header gives (generate-bindings-constants --check)", (t) => {
  const python = found("python3");
  if (!python) { t.skip("no python3 to run scripts/generate-bindings-constants"); return; }
  const run = spawnSync(python, [generator, "--check"], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
});

test("every #define of the header is in the module, every struct has a layout", () => {
  const code = header.replace(/\/\*[\s\S]*?\*\//g, " ");
  for (const [, name] of code.matchAll(/^\s*#\s*define\s+((?:WM|WAYMARK)_\w+)(?![\w(])/gm)) {
    if (name === "WM_API" || name === "WAYMARK_H") continue;
    assert.ok(name in abi, `${name} is not in src/generated/abi.js`);
  }
  assert.equal(typeof abi.WM_AXES_CUSTOM, "function");
  for (const [, name] of code.matchAll(/typedef\s+struct\s+(wm_\w+)\s*\{/g)) {
    assert.ok(Number.isInteger(abi.SIZEOF[name]) && abi.OFFSETOF[name], `${name} has no layout`);
  }
});

test("every constant, sizeof, offsetof and WM_AXES_CUSTOM value is clang's for wasm32", (t) => {
  const clang = wasmClang();
  if (!clang) { t.skip("no clang with the wasm32 target (the Swift toolchain's, or set CLANG)"); return; }
  const lines = ["#include <stddef.h>", "#define WAYMARK_EXPERIMENTAL", '#include "waymark.h"',
    "#define SAME(a, b) _Static_assert((a) == (b), #a \" is \" #b)"];
  let asserts = 0;
  const same = (a, b) => { lines.push(`SAME(${a}, ${b});`); asserts++; };
  for (const [name, value] of Object.entries(abi)) {
    if (typeof value === "number") same(name, Number.isInteger(value) ? String(value) : value.toPrecision(17));
  }
  for (const [family, members] of Object.entries(abi.ENUMS)) {
    for (const [name, value] of Object.entries(members)) same(`${family}_${name}`, value);
  }
  for (const [struct, size] of Object.entries(abi.SIZEOF)) {
    same(`sizeof(${struct})`, size);
    for (const [field, offset] of Object.entries(abi.OFFSETOF[struct])) same(`offsetof(${struct}, ${field})`, offset);
  }
  // Every valid argument (and then some: the directions' and forward axes' whole range).
  for (let x = 0; x < 6; x++) for (let y = 0; y < 6; y++) for (let z = 0; z < 6; z++) {
    for (let forward = 0; forward < 6; forward++) {
      for (let unit = 0; unit < 4; unit++) same(`WM_AXES_CUSTOM(${x}, ${y}, ${z}, ${forward}, ${unit})`, abi.WM_AXES_CUSTOM(x, y, z, forward, unit));
    }
  }
  const dir = mkdtempSync(join(tmpdir(), "waymark-abi-"));
  try {
    writeFileSync(join(dir, "abi_check.c"), lines.join("\n") + "\n");
    // A floating comparison in _Static_assert is folded by clang (a GNU extension).
    const run = spawnSync(clang, ["--target=wasm32-unknown-unknown", "-ffreestanding", "-std=gnu11", "-fsyntax-only",
      "-Wno-gnu-folding-constant", "-I", `${root}include`, join(dir, "abi_check.c")], { encoding: "utf8" });
    assert.equal(run.status, 0, `clang (wasm32) disagrees with src/generated/abi.js:\n${run.stderr.slice(0, 4000)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(asserts > 5000, `${asserts} assertions`);
});

test("the package's tables are the header's families", async () => {
  const waymark = await import("../src/index.js");
  assert.equal(waymark.Direction, abi.ENUMS.WM_DIR);
  assert.equal(waymark.Axes, abi.ENUMS.WM_AXES);
  assert.deepEqual({ ...waymark.Status }, { OK: abi.WM_OK, ...abi.ENUMS.WM_ERROR });
  assert.ok(Object.isFrozen(waymark.Status));
  assert.equal(waymark.customAxes(0, 4, 2, 0, 2), abi.WM_AXES_UNREAL);
});

test("--check fails, naming the files, when the header changes and the files do not", (t) => {
  const python = found("python3");
  if (!python) { t.skip("no python3"); return; }
  // A copy of the repository's inputs with one value changed in the header.
  const dir = mkdtempSync(join(tmpdir(), "waymark-abi-"));
  try {
    for (const path of ["scripts/generate-bindings-constants", "include/waymark.h", "Sources/WaymarkC/Status.swift", "js/src/generated/abi.js",
      "js/src/generated/abi.d.ts", "python/src/waymark/_abi.py"]) {
      const text = readFileSync(`${root}${path}`, "utf8");
      const changed = path === "include/waymark.h" ? text.replace("#define WM_PLACEMENT_CLAMP   2", "#define WM_PLACEMENT_CLAMP   3") : text;
      if (path === "include/waymark.h") assert.notEqual(changed, text);
      spawnSync("mkdir", ["-p", dirname(join(dir, path))]);
      writeFileSync(join(dir, path), changed);
    }
    const run = spawnSync(python, [join(dir, "scripts/generate-bindings-constants"), "--check"], { encoding: "utf8" });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /js\/src\/generated\/abi\.js, js\/src\/generated\/abi\.d\.ts, python\/src\/waymark\/_abi\.py out of date/);
    assert.ok(existsSync(join(dir, "js/src/generated/abi.js")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

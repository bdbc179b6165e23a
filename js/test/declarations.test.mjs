// The package's shape: every export has a declaration in index.d.ts (tsc --noEmit then
// checks the example against them, in scripts/test-wasm), the enumeration tables are the
// header's, package.json names what it ships, and its version is the header's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import * as waymark from "../src/index.js";
import { root } from "./helpers.mjs";

const declarations = readFileSync(`${root}js/index.d.ts`, "utf8");
const header = readFileSync(`${root}include/waymark.h`, "utf8");
const pkg = JSON.parse(readFileSync(`${root}js/package.json`, "utf8"));

test("every export has a declaration", () => {
  const names = Object.keys(waymark);
  assert.ok(names.length >= 20);
  for (const name of names) {
    assert.match(declarations, new RegExp(`export declare (const|function|class) ${name}\\b`), `${name} is not declared in index.d.ts`);
  }
  for (const [, name] of declarations.matchAll(/export declare (?:const|function|class) (\w+)/g)) {
    assert.ok(names.includes(name), `index.d.ts declares ${name}, which is not exported`);
  }
});

test("the enumerations are the header's (every WM_AXES_* preset, read from the header here independently of the generator)", () => {
  // Every WM_AXES_* value: a number, another preset, or WM_AXES_CUSTOM(...) of the
  // WM_DIR_/WM_FORWARD_/WM_UNIT_ constants.
  const constants = Object.fromEntries([...header.matchAll(/^#define (WM_(?:DIR|FORWARD|UNIT)_\w+) (\d+)$/gm)].map((m) => [m[1], Number(m[2])]));
  const axes = {};
  for (const [, name, value] of header.matchAll(/^#define WM_AXES_(\w+) (WM_AXES_\w+\(.*\)|\S+)/gm)) {
    if (name === "CUSTOM") continue;
    const custom = value.match(/^WM_AXES_CUSTOM\((.*)\)$/);
    axes[name] = /^\d+$/.test(value) ? Number(value)
      : custom ? waymark.customAxes(...custom[1].split(",").map((c) => constants[c.trim()]))
      : axes[value.replace("WM_AXES_", "")];
    assert.ok(Number.isInteger(axes[name]), `WM_AXES_${name} = ${value} not understood`);
  }
  assert.ok(Object.keys(axes).length >= 3);
  assert.deepEqual({ ...waymark.Axes }, axes);
  for (const [name, value] of Object.entries(waymark.Status)) {
    const define = header.match(new RegExp(`#define WM_${name === "OK" ? "OK" : `ERROR_${name}`}\\s+(\\d+)`));
    assert.ok(define && Number(define[1]) === value, `status ${name}`);
  }
  for (const [table, prefix] of [["Tracking", "TRACKING"], ["Estimator", "ESTIMATOR"], ["Alignment", "ALIGNMENT"], ["Anchor", "ANCHOR"], ["Heights", "HEIGHTS"], ["Region", "REGION"],
                                 ["RouteEvidence", "ROUTE_EVIDENCE"], ["CorrectionSource", "SOURCE"], ["CorrectionState", "CORRECTION"]]) {
    for (const [name, value] of Object.entries(waymark[table])) {
      const define = header.match(new RegExp(`#define WM_${prefix}_${name}\\s+(\\d+)`));
      assert.ok(define && Number(define[1]) === value, `${table}.${name}`);
    }
  }
});

test("package.json: an ES module package with exports and types, the header's version", () => {
  const version = header.match(/#define WAYMARK_VERSION_STRING "([^"]+)"/)[1];
  assert.equal(pkg.version, version);
  assert.equal(pkg.name, "waymark-geo");
  assert.equal(pkg.type, "module");
  assert.equal(pkg.exports["."].types, "./index.d.ts");
  assert.ok(existsSync(`${root}js/${pkg.exports["."].default}`));
  for (const file of pkg.files.filter((f) => f.endsWith(".wasm"))) assert.ok(pkg.exports[`./${file}`], `${file} exported`);
});

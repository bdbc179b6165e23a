// waymark-io.wasm, the readers' module: it imports nothing, exports exactly the header's
// "Reading files" functions (and memory, _initialize, malloc, free), and reads a GPX
// document and refuses a NUL, as the host library does (the package's readers.test.mjs
// compares every case with the CLI).
// Usage: node Tests/WASM/readers.mjs build-wasm/waymark-io.wasm
import { readFileSync } from "node:fs";

const [modulePath] = process.argv.slice(2);
const root = new URL("../../", import.meta.url).pathname;
let failures = 0;
const check = (ok, what) => { if (!ok) { failures++; console.error(`FAIL ${what}`); } };

const bytes = readFileSync(modulePath);
const compiled = await WebAssembly.compile(bytes);
check(WebAssembly.Module.imports(compiled).length === 0, "the readers' module imports nothing");
const header = readFileSync(`${root}include/waymark.h`, "utf8");
const readingStart = header.indexOf("/* ---- Reading files");   // to the next section
const section = header.slice(readingStart, header.indexOf("/* ---- ", readingStart + 1));
const readers = [...section.matchAll(/^WM_API\b[^(]*?\b(wm_\w+)\s*\(/gm)].map((m) => m[1]);
const exported = new Set(WebAssembly.Module.exports(compiled).map((e) => e.name));
const expected = new Set([...readers, "memory", "_initialize", "malloc", "free"]);
check(readers.length === 2, `the header's readers: ${readers.join(", ")}`);
for (const name of expected) check(exported.has(name), `${name} exported`);
for (const name of exported) check(expected.has(name), `${name} exported but not a reader`);

const { exports: wm } = await WebAssembly.instantiate(compiled, {});
wm._initialize();
const text = new TextEncoder().encode('<gpx><trk><trkseg><trkpt lat="55.7" lon="37.6"><ele>150</ele></trkpt></trkseg></trk></gpx>');
const block = wm.malloc(4096), report = block + 1024, count = block + 1536, points = block + 2048;
const view = () => new DataView(wm.memory.buffer);
new Uint8Array(wm.memory.buffer, block, text.length).set(text);
view().setUint32(report, 512, true);
check(wm.wm_track_read(block, text.length, 1, 0, points, 8, count, report) === 0, "a GPX document reads");
check(view().getUint32(count, true) === 1 && view().getFloat64(points, true) === 55.7 && view().getFloat64(points + 16, true) === 150,
  "its point: 55.7, 37.6, 150");
new Uint8Array(wm.memory.buffer, block, 4).set([60, 103, 0, 62]);   // "<g\0>"
check(wm.wm_track_read(block, 4, 1, 0, points, 8, count, report) === 2 && view().getBigUint64(report + 8, true) === 1n,
  "a NUL is INVALID_VALUE at line 1");
wm.free(block);
if (failures) { console.error(`readers.mjs: ${failures} failures`); process.exit(1); }
console.log(`wasm: waymark-io.wasm (${bytes.length} bytes) exports the ${readers.length} readers and reads as the host`);

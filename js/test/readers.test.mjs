// The readers in every language: the same files through the CLI (`waymark read`) and the
// package (waymark-io.wasm's wm_track_read / wm_field_log_read) give the same points or
// the same refusal, line and reason; the package's own rules (formats, inputs, errors).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { root } from "./helpers.mjs";
import { readTrack, readFieldLog, loadReaders, ReadError, WaymarkError } from "../src/index.js";

const cases = readdirSync(`${root}Tests/Data/readers`).sort().map((n) => `${root}Tests/Data/readers/${n}`);
const ordinary = ["walk_strava.gpx", "walk_osmand.gpx", "walk_gpx10.gpx", "walk_track.kml", "walk_places.kml", "walk_garmin.tcx",
  "walk_logger.nmea", "geojson_io.geojson", "osrm_geojson.json", "osrm_polyline.json", "osrm_polyline6.json", "valhalla_route.json"].map((n) => `${root}Tests/Data/cli_inputs/${n}`);
const cli = process.env.WAYMARK_TEST_CLI;

const num = (text) => (text === "" ? null : Number(text));

for (const path of [...cases, ...ordinary]) {
  const name = path.split("/").pop();
  test(`${name}: the same points or the same refusal as waymark read`, { skip: cli && existsSync(cli) ? false : "no waymark CLI: set WAYMARK_TEST_CLI (scripts/test does)" }, async () => {
    const r = spawnSync(cli, ["read", path], { encoding: "utf8", timeout: 120_000 });
    const bytes = readFileSync(path);
    let read;
    try {
      read = name.endsWith(".log") ? await readFieldLog(bytes) : await readTrack(bytes, { name });
    } catch (e) {
      assert.ok(e instanceof ReadError, `${e}`);
      assert.equal(r.status, 65, `the CLI read what the package refused (${e.message})`);
      assert.equal(r.stderr, `waymark: line ${e.line}: ${e.reason}\n`);
      return;
    }
    assert.equal(r.status, 0, `the package read what the CLI refused: ${r.stderr}`);
    const rows = r.stdout.trimEnd().split("\n").slice(1).map((l) => l.split(","));
    if (name.endsWith(".log")) {
      assert.equal(rows.length, read.length);
      rows.forEach((row, i) => {
        const got = read[i];
        assert.equal(Number(row[0]), got.line);
        assert.equal(Number(row[1]), got.t);
        assert.equal(row[2], got.event);
        if (got.event === "fix") {
          assert.deepEqual([row[3], row[4], row[5], row[6], row[16], row[17], row[18], row[19]].map(num),
            [got.lat, got.lon, got.h, got.accuracy, got.course, got.courseAccuracy, got.speed, got.speedAccuracy]);
        } else if (got.event === "tracking") {
          assert.equal(row[15], got.state);
        } else {
          assert.deepEqual(row.slice(7, 13).map(num), [got.x, got.y, got.z, got.yaw, got.pitch, got.roll]);
        }
      });
    } else {
      assert.equal(rows.length, read.points.length);
      rows.forEach((row, i) => {
        const p = read.points[i];
        assert.deepEqual(row.map(num), [p.line, p.lat, p.lon, p.h, p.time]);
      });
      const warnings = r.stderr.split("\n").filter((l) => l).map((l) => l.replace("waymark: warning: ", ""));
      assert.deepEqual(warnings, read.warnings);
    }
  });
}

test("inputs: a string, an ArrayBuffer and a typed array read alike; a format is needed", async () => {
  const path = `${root}Tests/Data/cli_inputs/walk_strava.gpx`;
  const bytes = readFileSync(path);
  const a = await readTrack(bytes, { format: "gpx" });
  const b = await readTrack(bytes.toString("utf8"), { format: "gpx" });
  const c = await readTrack(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), { name: "walk.GPX" });
  assert.deepEqual(a, b);
  assert.deepEqual(a, c);
  assert.ok(a.points.length > 100 && a.isRoute);
  await assert.rejects(readTrack(bytes), (e) => e instanceof WaymarkError && e.statusName === "INVALID_VALUE");
  await assert.rejects(readTrack(bytes, { format: "gpx", gpxPart: "tracks" }), WaymarkError);
  await assert.rejects(readTrack(42, { format: "gpx" }), WaymarkError);
});

test("a refused document leaves the module's memory as it was (every block freed)", async () => {
  const bad = readFileSync(`${root}Tests/Data/readers/nul_in_lat.gpx`);
  for (let i = 0; i < 200; i++) await assert.rejects(readTrack(bad, { format: "gpx" }), ReadError);
  const good = readFileSync(`${root}Tests/Data/cli_inputs/walk_track.kml`);
  const first = await readTrack(good, { format: "kml" });
  for (let i = 0; i < 200; i++) assert.deepEqual(await readTrack(good, { format: "kml" }), first);
});

test("a 64 MiB polyline cut short (issue 52): refused with its line, the module's memory grown by the text alone", async () => {
  const exports = await loadReaders();
  const text = new Uint8Array(64 << 20).fill(63);   // "??…": 32 Mi points at (0, 0)
  text[text.length - 1] = 95;                      // then "_": a number cut short
  const before = exports.memory.buffer.byteLength;
  await assert.rejects(readTrack(text, { format: "polyline" }),
    (e) => e instanceof ReadError && e.line === 1 && e.reason === "the polyline ends inside a number (cut short?)");
  const grown = exports.memory.buffer.byteLength - before;
  // The text's copy in the module (64 MiB) and the allocator's rounding; collecting the
  // 32 Mi points first took 1.5 GB and more, a trap ("unreachable") where it did not fit.
  assert.ok(grown <= (64 << 20) + (4 << 20), `linear memory grew ${grown / 2 ** 20} MiB`);
  const small = await readTrack("_p~iF~ps|U_ulLnnqC\n", { format: "polyline" });
  assert.deepEqual(small.points.map((p) => [p.lat, p.lon]), [[38.5, -120.2], [40.7, -120.95]]);
});

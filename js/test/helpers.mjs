// Shared by the package's node --test suites: the repository's paths, the module (the
// package's own js/wasm copy when js/scripts/build made it, else build-wasm's), CSV.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadWaymark } from "../src/index.js";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** The module file of one build ("simd" or "scalar"). */
export function modulePath(variant = "simd") {
  const name = variant === "simd" ? "waymark-core.wasm" : "waymark-core-scalar.wasm";
  const own = `${root}js/wasm/${name}`;
  return existsSync(own) ? own : `${root}build-wasm/${name}`;
}

export const load = (variant = "simd") => loadWaymark(readFileSync(modulePath(variant)));

/** Rows of a CSV file (quoted fields allowed, # comments skipped) as objects. */
export function readCSV(path) {
  const lines = readFileSync(path, "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
  const rows = lines.map((line) => {
    const fields = [];
    let field = "", quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ",") { fields.push(field); field = ""; } else field += c;
    }
    fields.push(field);
    return fields;
  });
  const header = rows.shift();
  return rows.map((fields) => Object.fromEntries(header.map((name, i) => [name, fields[i] ?? ""])));
}

export const data = (relative) => readCSV(`${root}Tests/Data/${relative}`);
export const angleDiff = (a, b) => { const d = Math.abs(a - b) % 360; return Math.min(d, 360 - d); };

import { Waymark } from "./waymark.js";

// The smallest module that uses SIMD128 (a function returning v128.const 0): engines
// without SIMD refuse to validate it.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,             // magic, version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,                   // type: () -> v128
  0x03, 0x02, 0x01, 0x00,                                     // function 0 of type 0
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c,                   // code: v128.const ...
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0b,      // ... 16 zero bytes, end
]);

/** Whether this engine runs WebAssembly SIMD128. */
export function simdSupported() {
  try { return WebAssembly.validate(SIMD_PROBE); } catch { return false; }
}

/** The URL of the package's own module: the SIMD128 build, or the scalar one. */
export function moduleURL(simd = simdSupported()) {
  return new URL(simd ? "../wasm/waymark-core.wasm" : "../wasm/waymark-core-scalar.wasm", import.meta.url);
}

const isNode = typeof process === "object" && process.versions?.node !== undefined;

/** The instance of `source` (see loadWaymark): streamed where the source is a fetch. */
export async function instantiate(source) {
  const imports = {};   // the module imports nothing
  if (source instanceof WebAssembly.Module) return WebAssembly.instantiate(source, imports);
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return (await WebAssembly.instantiate(source, imports)).instance;
  if (typeof Response !== "undefined" && (source instanceof Response || source instanceof Promise)) {
    return instantiateResponse(await source, imports);
  }
  const url = source instanceof URL ? source : new URL(String(source), isNode ? `file://${process.cwd()}/` : globalThis.location?.href);
  if (url.protocol === "file:") {
    // Node (and Deno) read the file: fetch has no file: URLs there.
    const { readFile } = await import("node:fs/promises");
    return (await WebAssembly.instantiate(await readFile(url), imports)).instance;
  }
  return instantiateResponse(await fetch(url), imports);
}

async function instantiateResponse(response, imports) {
  if (!response.ok) throw new Error(`waymark-geo: cannot fetch ${response.url}: HTTP ${response.status}`);
  // instantiateStreaming compiles while the bytes arrive; it needs the server to send
  // application/wasm, else the whole body is read first.
  if (WebAssembly.instantiateStreaming && response.headers.get("content-type")?.startsWith("application/wasm")) {
    return (await WebAssembly.instantiateStreaming(response, imports)).instance;
  }
  return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance;
}

/**
 * Loads and instantiates the module. `source` (optional): a URL or path, a fetch
 * Response (or its promise), the bytes, or a compiled WebAssembly.Module; by default
 * the package's own module, the SIMD128 build where the engine has SIMD (`options.simd`
 * overrides the detection). Browsers use WebAssembly.instantiateStreaming when the
 * server sends application/wasm; node reads the file.
 */
export async function loadWaymark(source, options = {}) {
  const instance = await instantiate(source ?? moduleURL(options.simd ?? simdSupported()));
  instance.exports._initialize();   // a reactor: the C library's constructors, once
  return new Waymark(instance);
}

// Linear-memory plumbing shared by the wrappers: allocation through the module's
// exported malloc/free (the JavaScript host's allocator, standing in for a C caller's
// own buffers), fresh views (growing memory detaches old ones), and the safety net
// that frees what a dropped object still holds.
import { argumentError } from "./errors.js";
import { SIZEOF } from "./generated/abi.js";

/** The bytes of one point: a wm_geodetic or wm_vec3, three doubles. */
export const POINT_BYTES = SIZEOF.wm_geodetic;

/** The largest block the wrappers ask the module's malloc for, in bytes (2 GiB - 1):
 * malloc takes a 32-bit size_t, so a larger size would wrap to a small block that a
 * later copy overruns; below 2^31 every pointer + size also stays a valid offset. */
export const MAX_BLOCK_BYTES = 0x7fffffff;

/** `bytes` when it is a whole number of bytes in [0, MAX_BLOCK_BYTES]; else a
 * WaymarkError BAD_COUNT from `fn` saying what (`what`) needed so much, raised before
 * anything is allocated. */
export function blockBytes(bytes, fn, what) {
  if (!Number.isSafeInteger(bytes) || bytes < 0 || bytes > MAX_BLOCK_BYTES) {
    throw argumentError(fn, "BAD_COUNT", `${what}: ${bytes} bytes is not a block the module's memory holds (a whole number of bytes up to ${MAX_BLOCK_BYTES})`);
  }
  return bytes;
}

/** `value` again when called later: a typed array over `memory` (a PointBuffer's array,
 * a caller's own view of the module) is detached when that memory grows, as an
 * allocation inside a call may make it, so the view is made afresh over the same bytes
 * then. Anything else is given back as it is. */
export function keep(memory, value) {
  if (!ArrayBuffer.isView(value) || value.buffer !== memory.buffer || typeof value.subarray !== "function") return () => value;
  const { constructor: View, byteOffset, length } = value;
  return () => (value.buffer === memory.buffer ? value : new View(memory.buffer, byteOffset, length));
}

/** Frees what an object held when it is garbage-collected without dispose(). */
export const finalizer = typeof FinalizationRegistry === "function"
  ? new FinalizationRegistry((release) => release())
  : { register() {}, unregister() {} };

/** A block of `count` points (3 doubles each: lat, lon, height or x, y, z) inside the
 * module's memory: fill `array` and pass the buffer to a batch call, which then reads
 * and writes it in place (no copy). */
export class PointBuffer {
  constructor(waymark, count) {
    if (!Number.isInteger(count) || count < 0 || count > MAX_BLOCK_BYTES / POINT_BYTES) {
      throw argumentError("PointBuffer", "BAD_COUNT", `count ${count} is not a whole number of points that fits in memory`);
    }
    this.waymark = waymark;
    this.count = count;
    this.pointer = waymark.alloc(Math.max(POINT_BYTES * count, 8));
    const { exports } = waymark, pointer = this.pointer;
    this._token = {};
    finalizer.register(this, () => exports.free(pointer), this._token);
  }

  /** The points as a Float64Array over the module's memory (made afresh: valid until
   * the module's memory next grows). */
  get array() {
    this._check();
    return new Float64Array(this.waymark.memory.buffer, this.pointer, 3 * this.count);
  }

  _check() {
    if (this.pointer === 0) throw argumentError("PointBuffer", "NULL_POINTER", "the buffer was disposed");
  }

  /** Frees the block; the buffer is unusable afterwards. Idempotent. */
  dispose() {
    if (this.pointer === 0) return;
    finalizer.unregister(this._token);
    this.waymark.free(this.pointer);
    this.pointer = 0;
  }
}

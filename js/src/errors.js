import { Status, nameOf } from "./constants.js";

/** A refused call: `statusName` is the C status's name ("INVALID_VALUE"), `status` its
 * number, `firstBad` the index of the first bad point when one was reported, and
 * `function` the C function (or the wrapper's method) that refused. */
export class WaymarkError extends Error {
  constructor(fn, status, description, firstBad) {
    const statusName = nameOf(Status, status) ?? `STATUS_${status}`;
    super(`${fn}: ${statusName} (${description})${firstBad === undefined ? "" : ` at index ${firstBad}`}`);
    this.name = "WaymarkError";
    this.function = fn;
    this.status = status;
    this.statusName = statusName;
    this.firstBad = firstBad;
  }
}

/** The statuses' English descriptions as wm_status_string gives them, for errors the
 * wrapper raises before calling the module. */
const descriptions = {
  [Status.NULL_POINTER]: "null pointer", [Status.INVALID_VALUE]: "invalid value",
  [Status.BAD_COUNT]: "bad count", [Status.INVALID_FRAME]: "invalid frame",
};

/** A WaymarkError raised by the wrapper itself (an argument the module never sees). */
export function argumentError(fn, statusName, detail, firstBad) {
  const status = Status[statusName];
  return new WaymarkError(fn, status, `${descriptions[status] ?? statusName.toLowerCase()}: ${detail}`, firstBad);
}

import { Status, nameOf } from "./constants.js";
import { STATUS_TEXT } from "./generated/abi.js";

/** A refused call: `statusName` is the C status's name ("INVALID_VALUE"), `status` its
 * number, `firstBad` the index of the first bad point when one was reported,
 * `function` the C function (or the wrapper's method) that refused, and `fields` the
 * navigator options or fix fields found out of range (["fix.accuracy"]; else empty),
 * each with its value in the message. */
export class WaymarkError extends Error {
  constructor(fn, status, description, firstBad, fields = []) {
    const statusName = nameOf(Status, status) ?? `STATUS_${status}`;
    super(`${fn}: ${statusName} (${description})${firstBad === undefined ? "" : ` at index ${firstBad}`}`);
    this.name = "WaymarkError";
    this.function = fn;
    this.status = status;
    this.statusName = statusName;
    this.firstBad = firstBad;
    this.fields = fields;
  }
}

/** An INVALID_VALUE whose fields were found: [[name, "name = value (rule)"], ...]. */
export function fieldError(fn, status, description, problems) {
  return new WaymarkError(fn, status, `${description}: ${problems.map(([, text]) => text).join("; ")}`, undefined,
    problems.map(([name]) => name));
}

/** A WaymarkError raised by the wrapper itself (an argument the module never sees). */
export function argumentError(fn, statusName, detail, firstBad) {
  const status = Status[statusName];
  return new WaymarkError(fn, status, `${STATUS_TEXT[status] ?? statusName.toLowerCase()}: ${detail}`, firstBad);
}

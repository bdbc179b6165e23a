// waymark-geo: Waymark's WebAssembly core (exact WGS-84 -> AR scene conversions, anchors,
// China's datums, the AR walking navigator) as a typed JavaScript package. See README.md.
export { loadWaymark, simdSupported, moduleURL } from "./load.js";
export { Waymark } from "./waymark.js";
export { Frame } from "./frame.js";
export { Navigator } from "./navigator.js";
export { PointBuffer } from "./memory.js";
export { WaymarkError } from "./errors.js";
export { readTrack, readFieldLog, loadReaders, ReadError, TrackFormat } from "./readers.js";
export { rigidPose } from "./pose.js";
export { Axes, Direction, Forward, Unit, customAxes, Status, Region, Tracking, Estimator, Alignment, Anchor, Heights, CorrectionState, CorrectionSource, RouteEvidence } from "./constants.js";
export { SensorFeed, cameraFromOrientation, screenAngle, perspective } from "./sensors.js";

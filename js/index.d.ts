// Type declarations of waymark-geo (hand-written; test/declarations.test.mjs checks that
// every export has one, and scripts/test-wasm runs tsc --noEmit on types-check/example.ts).
// The enumerations' literal types are the generated src/generated/abi.d.ts's (from
// include/waymark.h by scripts/generate-bindings-constants).
import type { ENUMS, WM_OK } from "./src/generated/abi.js";

/** A flat array of (lat°, lon°, height m) or (x, y, z m) triples, or a PointBuffer. Other
 * typed arrays of Numbers (Float32Array, Int32Array, ...) are read too; a BigInt64Array,
 * BigUint64Array or DataView is a WaymarkError NULL_POINTER naming the argument, a BigInt
 * element INVALID_VALUE (firstBad: its point), and more than 89,478,485 points (or a batch
 * whose copy in and out needs more than 2^31 - 1 bytes of the module's memory) BAD_COUNT —
 * all before anything is allocated or written. */
export type Triples = Float64Array | number[] | PointBuffer;
/** {lat, lon, height?} (degrees, metres above the WGS-84 ellipsoid) or [lat, lon, height?]. */
export type GeoPoint = { lat: number; lon: number; height?: number } | readonly number[];
/** 16 numbers, column-major (XRRigidTransform.matrix, three.js Matrix4.elements); a
 * BigInt64Array or a BigInt element is a WaymarkError naming the argument. */
export type Matrix4 = Float32Array | Float64Array | readonly number[];

/** Scene axes conventions and engine presets (wm_axes), by name. */
export declare const Axes: typeof ENUMS.WM_AXES;
export declare const Direction: typeof ENUMS.WM_DIR;
export declare const Forward: typeof ENUMS.WM_FORWARD;
export declare const Unit: typeof ENUMS.WM_UNIT;
/** WM_AXES_CUSTOM: the Direction of x, y, z, the model's Forward axis, the Unit of scene lengths. */
export declare function customAxes(x: number, y: number, z: number, forward: number, unit: number): number;
/** A convention's or preset's name as the package reads it: the header's ("UNITY",
 * "ARCORE_UNITY"), lower case, or with hyphens ("arcore-unity"). A misspelt name
 * ("UNITYY") does not type-check. */
type AxesKey = keyof typeof ENUMS.WM_AXES & string;
type Hyphenated<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Hyphenated<B>}` : S;
export type AxesName = AxesKey | Lowercase<AxesKey> | Hyphenated<AxesKey> | Lowercase<Hyphenated<AxesKey>>;
export declare const Status: Readonly<{ OK: typeof WM_OK } & typeof ENUMS.WM_ERROR>;
export type StatusName = keyof typeof Status;
export declare const Region: typeof ENUMS.WM_REGION;
export declare const Tracking: typeof ENUMS.WM_TRACKING;
export declare const Estimator: typeof ENUMS.WM_ESTIMATOR;
export declare const Alignment: typeof ENUMS.WM_ALIGNMENT;
export declare const Anchor: typeof ENUMS.WM_ANCHOR;
export declare const Heights: typeof ENUMS.WM_HEIGHTS;
export declare const CorrectionState: typeof ENUMS.WM_CORRECTION;
export declare const CorrectionSource: typeof ENUMS.WM_SOURCE;
/** wm_navigator_result.route_evidence (a 0.4 module). */
export declare const RouteEvidence: typeof ENUMS.WM_ROUTE_EVIDENCE;

/** A refused call: the C status by name and number, the first bad point's index. */
export declare class WaymarkError extends Error {
  readonly name: "WaymarkError";
  /** The C function (or wrapper method) that refused. */
  readonly function: string;
  readonly status: number;
  readonly statusName: StatusName;
  /** Index of the first bad point (batch calls, navigator routes), else undefined. */
  readonly firstBad: number | undefined;
  /** For an INVALID_VALUE of createNavigator's options or addFix's fix: the fields found
   * out of range ("options.arrowSpacingM", "fix.accuracy"), each with its value in the
   * message; else empty. */
  readonly fields: readonly string[];
}

/** A document or log the readers refuse: `line` (1-based) holds the fault, `reason` says
 * what is wrong — word for word the CLI's `line N: reason` (exit 65). */
export declare class ReadError extends Error {
  readonly name: "ReadError";
  readonly line: number;
  readonly reason: string;
}

/** The formats readTrack takes (WM_TRACK_FORMAT_*). */
export declare const TrackFormat: { readonly gpx: 1; readonly kml: 2; readonly tcx: 3; readonly nmea: 4; readonly geojson: 5;
  readonly polyline: 6; readonly polyline6: 7; readonly csv: 8 };

/** A point of a track: its line, degrees, metres as the file states them (null: none),
 * seconds since 1970 UTC (null: none). */
export interface TrackPoint { line: number; lat: number; lon: number; h: number | null; time: number | null }

/** What readTrack resolves to. */
export interface TrackRead { points: TrackPoint[]; isRoute: boolean; warnings: string[] }

/** One row of a field log: the event's fields only. */
export type FieldLogRow =
  | { line: number; t: number; event: "fix"; lat: number; lon: number; h: number | null; accuracy: number; x: number; y: number; z: number;
      course: number | null; courseAccuracy: number | null; speed: number | null; speedAccuracy: number | null }
  | { line: number; t: number; event: "frame"; x: number; y: number; z: number; yaw: number; pitch: number; roll: number }
  | { line: number; t: number; event: "heading"; x: number; y: number; z: number; yaw: number; pitch: number; roll: number;
      trueHeading: number; headingAccuracy: number }
  | { line: number; t: number; event: "tracking"; state: "normal" | "limited" | "reset" };

/** The input of the readers: the file's text, or its bytes (a file input's arrayBuffer()). */
export type ReadInput = string | ArrayBuffer | ArrayBufferView;
/** Where the readers' module comes from (default: the package's wasm/waymark-io.wasm). */
export type ModuleSource = string | URL | Response | Promise<Response> | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

/** The points of a GPX, KML, TCX, NMEA, GeoJSON, polyline or CSV (rows lat,lon[,h]) document, read by the
 * library's readers (the CLI's, Python's, C#'s). Rejects with a ReadError for a refused document, a WaymarkError
 * for a bad option. The readers' module (about 130 KB) is loaded on the first read. */
export declare function readTrack(input: ReadInput, options?: {
  format?: "gpx" | "kml" | "tcx" | "nmea" | "geojson" | "polyline" | "polyline6" | "csv"; name?: string; gpxPart?: "track" | "route" | "waypoints";
  polygons?: "skip" | "rings"; module?: ModuleSource;
}): Promise<TrackRead>;
/** Every row of a field log (waymark replay's format), checked as the CLI checks it. */
export declare function readFieldLog(input: ReadInput, options?: { module?: ModuleSource }): Promise<FieldLogRow[]>;
/** The readers' module's exports, instantiated once (the default source is cached). */
export declare function loadReaders(source?: ModuleSource): Promise<WebAssembly.Exports>;

/** Whether this engine runs WebAssembly SIMD128. */
export declare function simdSupported(): boolean;
/** The package's own module: the SIMD128 build, or the scalar one. */
export declare function moduleURL(simd?: boolean): URL;
/** Loads and instantiates the module (by default the package's own, SIMD128 where supported). */
export declare function loadWaymark(
  source?: string | URL | Response | Promise<Response> | BufferSource | WebAssembly.Module,
  options?: { simd?: boolean },
): Promise<Waymark>;

export interface DatumOptions {
  /** Where the offsets apply: the China rectangle (default), everywhere, or a polygon of (lat, lon, height) vertices. */
  region?: "CHINA_RECTANGLE" | "EVERYWHERE" | number | Triples;
  /** Written into instead of a new array. */
  out?: Float64Array | PointBuffer;
}

/** One instance of the module. */
export declare class Waymark {
  /** The raw exports: every wm_ function of the core flavour, malloc, free, memory. */
  readonly exports: WebAssembly.Exports & Record<string, any>;
  readonly memory: WebAssembly.Memory;
  /** "MAJOR.MINOR.PATCH" (wm_version_string). */
  readonly version: string;
  statusString(status: number): string;
  /** A block for `count` points in the module's memory (zero-copy batches). */
  allocPoints(count: number): PointBuffer;
  /** What an axes value means: handedness and scene units per metre (wm_axes_describe). */
  describeAxes(axes: AxesName | number): { rightHanded: boolean; unitsPerMetre: number };
  createFrame(origin: GeoPoint, axes?: AxesName | number, options?: { ellipsoid?: { a: number; f: number } }): Frame;
  createNavigator(route: Triples, options?: NavigatorOptions): Navigator;
  gcj02FromWgs84<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, options?: DatumOptions & { out?: T }): T;
  wgs84FromGcj02<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, options?: DatumOptions & { out?: T }): T;
  bd09FromGcj02<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, options?: DatumOptions & { out?: T }): T;
  gcj02FromBd09<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, options?: DatumOptions & { out?: T }): T;
  /** Screen positions (x, y px, visible 1/0: 3 per point) of scene points for a camera
   * (its viewport required, as Navigator.update's); `out` untouched when a point is refused. */
  screenProject(camera: Camera, points: Triples, out?: Float64Array): Float64Array;
  /** Haversine distance (m) and initial bearing (° clockwise from north, (-180, 180]) on a sphere (default: mean Earth radius). */
  /** WGS-84 geodesics from `origin` to each point (lines up to 10 km: Waymark's short-range
   * method, as exact as Karney's there); a longer line throws NOT_AVAILABLE with firstBad. */
  geodesicInverse(origin: GeoPoint, points: Triples): { distanceM: Float64Array; azimuth1Deg: Float64Array; azimuth2Deg: Float64Array };
  haversineInverse(a: GeoPoint, b: GeoPoint, radiusM?: number): { distanceM: number; bearingDeg: number };
  /** Low-level: malloc/free in linear memory and fresh views. alloc: a whole number of
   * bytes up to 2^31 - 1 (else WaymarkError BAD_COUNT, nothing allocated); a RangeError
   * when the module's memory cannot grow. */
  alloc(bytes: number): number;
  free(pointer: number): void;
  f64(pointer: number, length: number): Float64Array;
  f32(pointer: number, length: number): Float32Array;
  u32(pointer: number, length: number): Uint32Array;
  i32(pointer: number, length: number): Int32Array;
  cString(pointer: number): string;
}

/** Points in the module's memory: fill `array`, pass the buffer, read `array` back. */
export declare class PointBuffer {
  readonly count: number;
  readonly pointer: number;
  /** A Float64Array over the module's memory (3 per point), valid until memory grows. */
  readonly array: Float64Array;
  dispose(): void;
}

/** A scene frame at an origin (wm_frame). */
export declare class Frame {
  readonly axes: number;
  readonly pointer: number;
  /** Where the origin is in the scene (m) and true azimuth - scene azimuth (°). */
  setEstimate(sceneOrigin: readonly number[] | { x: number; y: number; z: number }, headingCorrectionDeg: number): void;
  forward<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, out?: T): T;
  reverse<T extends Float64Array | PointBuffer = Float64Array>(points: Triples, out?: T): T;
  /** 16 floats per point, column-major (three.js Matrix4.fromArray(out, 16 * i)). */
  anchorTransforms(points: Triples, out?: Float32Array): Float32Array;
  dispose(): void;
}

/** Every wm_navigator_config field, camelCase; the header's defaults when omitted. */
export interface NavigatorOptions {
  alignment?: keyof typeof Alignment | number; axes?: AxesName | number;
  estimator?: keyof typeof Estimator | number; anchor?: keyof typeof Anchor | number;
  heights?: keyof typeof Heights | number; bufferCount?: number; fixCapacity?: number;
  bufferIntervalS?: number; maximumAccuracyM?: number; minimumPairDistanceM?: number; rejection?: number;
  maximumUncertaintyDeg?: number; minimumSpanM?: number; minimumMoveM?: number; anchorWindowM?: number;
  anchorIntervalS?: number; progressBehindM?: number; progressAheadM?: number; offRouteM?: number;
  reacquireAfterS?: number; arrowSpacingM?: number; arrowsAheadM?: number; deviceHeightM?: number;
  finishMaxPt?: number; finishMinPt?: number; finishNearM?: number; finishFarM?: number;
  alignmentSigmaDeg?: number; gpsCorrelationS?: number; gpsCorrelatedShare?: number; accuracyConfidence?: number;
  compassCorrelationS?: number; compassCorrelatedShare?: number; compassIntervalS?: number;
  compassMaximumPitchDeg?: number; yawDriftDeg?: number; positionDriftM?: number; outlierGate?: number;
  headingStepM?: number;
  /** The route as evidence of where the user is (false by default; a 0.4 module). */
  routeEvidence?: boolean;
  /** The user's offset from the route's centre line: 1-sigma about the centre of the user's side of the street (2 m, (0, 1000]) and the metres walked over which it varies (1000). */
  routeOffsetSigmaM?: number; routeOffsetDistanceM?: number;
  /** Where each side of the street lies from the route's centre line, m (4, [0, 1000]): the sides are told apart from the fixes; 0: one Gaussian about the line. */
  routeSideOffsetM?: number;
  /** The GPS velocity error's slowly varying share (0.5, [0, 1)) and correlation time (10 s). */
  velocityCorrelatedShare?: number; velocityCorrelationS?: number;
  /** 0: never; else an update whose camera is farther than this (horizontally, m) from the scene's zero shifts the zero to it (Navigator.setOriginShift; a 0.3 module). */
  originShiftM?: number;
}

export interface Fix {
  lat: number; lon: number; height?: number;
  /** Horizontal accuracy radius, m (Geolocation coords.accuracy). */
  accuracy: number;
  /** m; 10 when omitted. */
  verticalAccuracy?: number;
  /** Seconds on the caller's clock. */
  time: number;
  /** The device's scene position when the fix was taken. */
  scene: readonly number[] | { x: number; y: number; z: number };
  /** GPS velocity (a 0.4 module): course over ground, degrees clockwise from true north, and its 1-sigma in (0, 180]; omitted or out of range (-1): none. */
  course?: number | null; courseAccuracy?: number | null;
  /** Speed over ground, m/s in [0, 1000], and its 1-sigma; omitted or out of range (-1): none. */
  speed?: number | null; speedAccuracy?: number | null;
}

export interface CompassReading { time: number; trueHeading: number; accuracy: number; camera: Matrix4 }

export interface Camera {
  /** camera -> scene (XRViewerPose.transform.matrix). */
  transform: Matrix4;
  /** camera -> clip (XRView.projectionMatrix). */
  projection: Matrix4;
  /** [x, y, width, height] (exactly four numbers) or {x, y, width, height} (XRViewport),
   * CSS pixels, y down; required on every call, never taken from an earlier one: missing
   * is a WaymarkError NULL_POINTER, another length (a two-number [width, height] too) or a
   * missing field INVALID_VALUE, naming camera.viewport. */
  viewport: readonly number[] | { x: number; y: number; width: number; height: number };
  groundHeight?: number;
}

/** Everything to draw for one frame (NaN: not available yet). */
export interface NavigatorResult {
  time: number;
  correctionSource: keyof typeof CorrectionSource;
  correctionState: keyof typeof CorrectionState;
  offRoute: boolean;
  correctionDeg: number; correctionSigmaDeg: number;
  progressM: number; remainingM: number; offRouteM: number;
  user: { lat: number; lon: number; height: number };
  /** The finish mark, scene metres. */
  finish: [number, number, number];
  finishDistanceM: number; finishVisible: boolean; hintNeeded: boolean;
  finishScreenX: number; finishScreenY: number; finishDiameterPt: number; finishSphereRadiusM: number;
  hintX: number; hintY: number; hintTurnDeg: number; labelRollDeg: number;
  arrowTotal: number; anchorSigmaM: number;
  trackingState: keyof typeof Tracking;
  /** Whether this update shifted the scene's zero (originShiftM), and by how much (scene units): move your scene's origin by it. */
  originShifted: boolean;
  originShift: [number, number, number];
  /** Whether the route is evidence now: DISABLED (off in the options, or a window-fit estimator), ON, OFF (the user left the route). */
  routeEvidence: keyof typeof RouteEvidence;
  /** 5 per arrow, nearest first: x, y, z (scene m), yaw (°), distance along the route (m). */
  arrows: Float64Array;
}

/** AR walking navigation as one session object (wm_navigator). */
export declare class Navigator {
  readonly axes: number;
  readonly arrowCapacity: number;
  addFix(fix: Fix): void;
  addHeading(reading: CompassReading): void;
  tracking(time: number, state: keyof typeof Tracking | number): void;
  /** One rendered frame at `time` (s): everything to draw. Every field of `camera` is read
   * afresh each call (see Camera.viewport); a refused call changes nothing. */
  update(time: number, camera: Camera): NavigatorResult;
  /** Origin shifting by the navigator: 0 never, else beyond this horizontal distance (m) from the scene's zero. */
  setOriginShift(distanceM: number): void;
  /** Tells the navigator your engine moved its world origin by `shift` (scene units). */
  shiftOrigin(shift: readonly number[] | { x: number; y: number; z: number }): void;
  dispose(): void;
}

/** The pose of anchor matrix `index` for `new XRRigidTransform(position, orientation)`. */
export declare function rigidPose(matrices: Float32Array, index?: number): {
  position: { x: number; y: number; z: number; w: number };
  orientation: { x: number; y: number; z: number; w: number };
};

/** screen.orientation.angle (degrees), 0 when unknown. */
export declare function screenAngle(win?: any): number;
/** An OpenGL-style perspective projection, column-major (a BigInt argument: WaymarkError INVALID_VALUE naming it). */
export declare function perspective(fovYDeg: number, aspect: number, near?: number, far?: number): Float32Array;
/** Camera -> scene of a phone's back camera from Earth-referenced device orientation angles
 * (degrees; `position` scene metres). A BigInt angle or a BigInt64Array position: WaymarkError naming it. */
export declare function cameraFromOrientation(
  orientation: { alpha: number; beta: number; gamma: number }, screenAngleDeg?: number,
  position?: readonly number[] | { x: number; y: number; z: number }, axes?: number,
): Float32Array;

/** Feeds a Navigator from the Geolocation API, the compass and the WebXR viewer pose. */
export declare class SensorFeed {
  constructor(waymark: Waymark, navigator: Navigator,
              options?: { compassAccuracyDeg?: number; deviceHeightM?: number; window?: any });
  readonly fixes: number;
  readonly readings: number;
  /** WaymarkErrors of readings the navigator refused. */
  readonly errors: unknown[];
  /** The Geolocation API's last error (GeolocationPositionError), if any. */
  readonly locationError: unknown;
  start(): this;
  stop(): void;
  onPosition(position: { coords: { latitude: number; longitude: number; altitude?: number | null; accuracy: number; altitudeAccuracy?: number | null }; timestamp?: number }): void;
  onOrientation(event: { type?: string; alpha: number | null; beta: number | null; gamma: number | null; absolute?: boolean; webkitCompassHeading?: number; webkitCompassAccuracy?: number; timeStamp?: number }): void;
  /** One frame at `time` (s): the viewport required every frame; without a transform, the
   * last WebXR pose's camera once there was one, else the GPS-only camera. */
  update(time: number, view: { transform?: Matrix4; projection: Matrix4; viewport: Camera["viewport"]; emulatedPosition?: boolean; groundHeight?: number }): NavigatorResult | null;
  reset(time: number): void;
  /** The camera -> scene transform in use: the last WebXR pose's, else the GPS-only camera; null before any. */
  camera(): Float32Array | null;
}

// Sensors -> navigator in the browser: the Geolocation API's fixes, the compass
// (deviceorientationabsolute, or iOS's webkitCompassHeading) and the WebXR viewer pose
// of every frame, on one clock, with the screen-orientation correction.
import { Axes, Tracking } from "./constants.js";
import { argumentError } from "./errors.js";
import { matrix, numberOf, vector } from "./args.js";

const RAD = Math.PI / 180;

/** The screen's rotation from the device's natural orientation, degrees
 * (screen.orientation.angle; window.orientation on older iOS; 0 elsewhere). */
export function screenAngle(win = globalThis) {
  const angle = win.screen?.orientation?.angle ?? win.orientation ?? 0;
  return Number(angle) || 0;
}

/** An OpenGL-style perspective projection (clip z in [-w, w]), column-major: vertical
 * field of view `fovYDeg` degrees, `aspect` = width / height, near and far planes in metres. */
export function perspective(fovYDeg, aspect, near = 0.05, far = 10000) {
  // BigInts would mix with Numbers below and throw a bare TypeError.
  [fovYDeg, aspect, near, far] = [["fovYDeg", fovYDeg], ["aspect", aspect], ["near", near], ["far", far]]
    .map(([what, value]) => numberOf(value, "perspective", what));
  const f = 1 / Math.tan((fovYDeg * RAD) / 2);
  return new Float32Array([f / aspect, 0, 0, 0, 0, f, 0, 0, 0, 0, (far + near) / (near - far), -1, 0, 0, (2 * far * near) / (near - far), 0]);
}

/**
 * The camera -> scene transform (16 floats, column-major) of a phone's back camera from
 * a DeviceOrientationEvent's Earth-referenced angles (alpha counter-clockwise about up
 * from north, beta about the device's x, gamma about its y: the W3C rotation
 * Rz(alpha) Rx(beta) Ry(gamma), device -> East-North-Up), turned by the screen angle so
 * the camera's +Y is up the screen as the user holds it, at `position` (scene metres).
 * The camera looks along its own -Z (WebXR, ARKit). `axes`: EUS (WebXR, three.js) or ENU.
 */
export function cameraFromOrientation({ alpha, beta, gamma }, screenAngleDeg = 0, position = [0, 0, 0], axes = Axes.EUS) {
  const fn = "cameraFromOrientation";
  if (axes !== Axes.EUS && axes !== Axes.ENU) throw argumentError(fn, "INVALID_VALUE", `axes ${axes}: EUS or ENU`);
  [alpha, beta, gamma, screenAngleDeg] = [["alpha", alpha], ["beta", beta], ["gamma", gamma], ["screenAngleDeg", screenAngleDeg]]
    .map(([what, value]) => numberOf(value, fn, what));
  const p = vector(position, fn, "position");
  const [ca, sa] = [Math.cos(alpha * RAD), Math.sin(alpha * RAD)];
  const [cb, sb] = [Math.cos(beta * RAD), Math.sin(beta * RAD)];
  const [cg, sg] = [Math.cos(gamma * RAD), Math.sin(gamma * RAD)];
  // Device axes in ENU: the columns of Rz(alpha) Rx(beta) Ry(gamma).
  const dx = [ca * cg - sa * sb * sg, sa * cg + ca * sb * sg, -cb * sg];
  const dy = [-sa * cb, ca * cb, sb];
  const dz = [ca * sg + sa * sb * cg, sa * sg - ca * sb * cg, cb * cg];
  // The screen turned by `angle` counter-clockwise: the camera's axes turned back by it.
  const [co, so] = [Math.cos(screenAngleDeg * RAD), Math.sin(screenAngleDeg * RAD)];
  const right = dx.map((v, k) => co * v - so * dy[k]);
  const up = dx.map((v, k) => so * v + co * dy[k]);
  const scene = axes === Axes.EUS ? (v) => [v[0], v[2], -v[1]] : (v) => v;
  return new Float32Array([...scene(right), 0, ...scene(up), 0, ...scene(dz), 0, p[0], p[1], p[2], 1]);
}

/** The true heading (degrees clockwise from north, [0, 360)) of a camera's viewing
 * direction (-Z) given as camera -> scene in `axes`. */
function viewingHeading(m, axes) {
  const [e, n] = axes === Axes.EUS ? [-m[8], m[10]] : [-m[8], -m[9]];
  return ((Math.atan2(e, n) / RAD) % 360 + 360) % 360;
}

/**
 * Feeds a Navigator from the browser's sensors. Every reading goes in on one clock,
 * seconds since the page's time origin (performance.now() / 1000; a WebXR frame's
 * time / 1000):
 *   - Geolocation fixes (watchPosition): coords.accuracy as the horizontal accuracy
 *     (read as the navigator's accuracyConfidence radius: Chrome on Android reports
 *     Android's 68 %, the default; set 0.95 where a browser follows the specification's
 *     95 %), coords.altitude (above the WGS-84 ellipsoid) with coords.altitudeAccuracy,
 *     and the device's scene position at that moment;
 *   - compass readings: deviceorientationabsolute (or deviceorientation with
 *     absolute = true), or iOS's webkitCompassHeading with webkitCompassAccuracy; the
 *     true heading of the camera's viewing direction after the screen-orientation
 *     correction (alpha is magnetic on most devices: the navigator's compass model
 *     absorbs the declination as a slowly varying error);
 *   - per frame (update): the WebXR viewer pose — its transform is the camera, and
 *     `emulatedPosition` (3-DoF tracking) is reported as LIMITED tracking.
 * Without WebXR (no `transform` given to update) the scene is the GPS itself: a frame
 * at the first fix (the navigator's axes) places every fix in the scene, and the camera
 * stands there, deviceHeightM up, turned by the compass — the arrows and the finish
 * then need no AR session, only the phone's sensors.
 */
export class SensorFeed {
  /** A feed for `navigator` (axes EUS or ENU; INVALID_VALUE otherwise). options:
   * {compassAccuracyDeg: 20 (when the browser gives none), deviceHeightM: 1.4,
   * window: globalThis}. */
  constructor(waymark, navigator, options = {}) {
    if (navigator.axes !== Axes.EUS && navigator.axes !== Axes.ENU) {
      throw argumentError("SensorFeed", "INVALID_VALUE", "the navigator's axes must be EUS (WebXR, three.js) or ENU");
    }
    this.waymark = waymark;
    this.navigator = navigator;
    this.axes = navigator.axes;
    this.compassAccuracyDeg = options.compassAccuracyDeg ?? 20;
    this.deviceHeightM = options.deviceHeightM ?? 1.4;
    this.window = options.window ?? globalThis;
    this.orientation = null;      // the last Earth-referenced orientation {alpha, beta, gamma, accuracy, time}
    this.transform = null;        // the last camera -> scene transform
    this.gpsFrame = null;         // the GPS-only scene's frame (no WebXR)
    this.tracking = Tracking.NORMAL;
    this.fixes = 0;
    this.readings = 0;
    this.errors = [];             // WaymarkErrors from readings the navigator refused
    this.locationError = null;    // the Geolocation API's last GeolocationPositionError
    this._watch = null;
    this._listeners = [];
  }

  /** Subscribes to the Geolocation API and the compass. */
  start() {
    const win = this.window;
    if (win.navigator?.geolocation) {
      this._watch = win.navigator.geolocation.watchPosition((p) => this.onPosition(p), (e) => { this.locationError = e; },
        { enableHighAccuracy: true, maximumAge: 0 });
    }
    const listen = (name) => {
      const handler = (e) => this.onOrientation(e);
      win.addEventListener?.(name, handler);
      this._listeners.push([name, handler]);
    };
    listen("deviceorientationabsolute");
    listen("deviceorientation");
    return this;
  }

  /** Unsubscribes; the navigator and the GPS-only frame stay the caller's and the feed's. */
  stop() {
    if (this._watch !== null) this.window.navigator.geolocation.clearWatch(this._watch);
    for (const [name, handler] of this._listeners) this.window.removeEventListener?.(name, handler);
    this._listeners = [];
    this._watch = null;
    this.gpsFrame?.dispose();
    this.gpsFrame = null;
  }

  _now() { return this.window.performance ? this.window.performance.now() / 1000 : Date.now() / 1000; }

  /** A DeviceOrientationEvent (or a plain object with its fields). */
  onOrientation(e) {
    let alpha = e.alpha;
    const compass = e.webkitCompassHeading;
    if (typeof compass === "number" && compass >= 0) alpha = 360 - compass;   // iOS: heading of the device's top
    else if (!(e.type === "deviceorientationabsolute" || e.absolute === true)) return;   // relative: not a compass
    if (alpha === null || e.beta === null || e.gamma === null || alpha === undefined) return;
    const accuracy = typeof e.webkitCompassAccuracy === "number" && e.webkitCompassAccuracy > 0 ? e.webkitCompassAccuracy : this.compassAccuracyDeg;
    const time = typeof e.timeStamp === "number" && e.timeStamp > 0 ? e.timeStamp / 1000 : this._now();
    this.orientation = { alpha, beta: e.beta, gamma: e.gamma, accuracy, time };
    const camera = this.camera();
    if (!camera) return;
    const own = cameraFromOrientation(this.orientation, screenAngle(this.window), [0, 0, 0], this.axes);
    this._feed(() => this.navigator.addHeading({ time, trueHeading: viewingHeading(own, this.axes), accuracy, camera }));
    this.readings++;
  }

  /** A GeolocationPosition (or a plain object with its fields). */
  onPosition(position) {
    const c = position.coords;
    const time = position.timestamp ? (position.timestamp - (this.window.performance?.timeOrigin ?? 0)) / 1000 : this._now();
    let scene;
    if (this.transform) {
      scene = [this.transform[12], this.transform[13], this.transform[14]];
    } else {
      this.gpsFrame ??= this.waymark.createFrame([c.latitude, c.longitude, 0], this.axes);
      const p = this.gpsFrame.forward([c.latitude, c.longitude, 0]);
      scene = this.axes === Axes.ENU ? [p[0], p[1], this.deviceHeightM] : [p[0], this.deviceHeightM, p[2]];
      this._gpsPosition = scene;
    }
    const hasHeight = typeof c.altitude === "number";
    this._feed(() => this.navigator.addFix({
      lat: c.latitude, lon: c.longitude, height: hasHeight ? c.altitude : undefined, accuracy: c.accuracy,
      verticalAccuracy: hasHeight && c.altitudeAccuracy > 0 ? c.altitudeAccuracy : undefined, time, scene,
    }));
    this.fixes++;
  }

  /** The camera -> scene transform the feed uses now: the last WebXR viewer pose's, or
   * (without WebXR) the GPS-only camera at the last fix turned by the compass (facing
   * north, upright, before the first reading); null before anything is known. */
  camera() {
    if (this.transform) return this.transform;
    if (!this._gpsPosition) return null;
    const o = this.orientation ?? { alpha: 0, beta: 90, gamma: 0 };   // upright, facing north
    return cameraFromOrientation(o, screenAngle(this.window), this._gpsPosition, this.axes);
  }

  _feed(call) {
    try { call(); } catch (error) { this.errors.push(error); }
  }

  /**
   * One rendered frame at `time` seconds: `view` = {transform?, projection, viewport,
   * emulatedPosition?, groundHeight?} — the WebXR viewer pose's transform.matrix and
   * emulatedPosition, the view's projectionMatrix, the viewport [x, y, width, height] in
   * CSS pixels, required every frame (as Navigator.update's). Without a transform the
   * feed's camera() is used: the last WebXR pose's once there has been one (a frame
   * whose pose is missing keeps the scene it had), else the GPS-only camera. Returns
   * Navigator.update's result (null before the first fix in the GPS-only scene).
   */
  update(time, view) {
    const fn = "wm_navigator_update";
    if (view === null || typeof view !== "object") throw argumentError(fn, "NULL_POINTER", "view must be an object");
    let pose = null;
    if (view.transform) {
      // Checked and copied before anything changes, and kept only once the navigator has
      // taken the frame: the feed places later fixes and readings with it, so a pose the
      // navigator refused must not stay behind.
      pose = new Float32Array(16);
      matrix(pose, view.transform, fn, "view.transform");
      const state = view.emulatedPosition ? Tracking.LIMITED : Tracking.NORMAL;
      if (state !== this.tracking) { this.navigator.tracking(time, state); this.tracking = state; }
    }
    const transform = pose ?? this.camera();
    if (!transform) return null;
    const result = this.navigator.update(time, { transform, projection: view.projection, viewport: view.viewport, groundHeight: view.groundHeight });
    if (pose) this.transform = pose;
    return result;
  }

  /** The WebXR reference space's reset event: positions before and after are unrelated. */
  reset(time) { this.navigator.tracking(time, Tracking.RESET); }
}

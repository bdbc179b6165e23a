// The browser sensors helper without a browser: cameraFromOrientation's axes and screen
// correction, and SensorFeed over a stand-in window (Geolocation, orientation events,
// the WebXR pose's emulatedPosition) feeding a real navigator.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "./helpers.mjs";
import { SensorFeed, cameraFromOrientation, perspective, screenAngle } from "../src/index.js";

const wm = await load();
const close = (a, b, tol = 1e-6) => a.length === b.length && a.every((x, i) => Math.abs(x - b[i]) <= tol);
const column = (m, c) => Array.from(m.subarray(4 * c, 4 * c + 3));

test("cameraFromOrientation: upright phone facing north, east; EUS and ENU; the screen angle", () => {
  const north = cameraFromOrientation({ alpha: 0, beta: 90, gamma: 0 }, 0, [1, 2, 3]);
  assert.ok(close(column(north, 0), [1, 0, 0]) && close(column(north, 1), [0, 1, 0]) && close(column(north, 2), [0, 0, 1]));
  assert.deepEqual(Array.from(north.subarray(12)), [1, 2, 3, 1]);
  // alpha turns counter-clockwise: 270 faces east, the camera's +Z (behind) points west.
  const east = cameraFromOrientation({ alpha: 270, beta: 90, gamma: 0 });
  assert.ok(close(column(east, 2), [-1, 0, 0]) && close(column(east, 0), [0, 0, 1]));
  const enu = cameraFromOrientation({ alpha: 270, beta: 90, gamma: 0 }, 0, [0, 0, 0], 0);
  assert.ok(close(column(enu, 2), [-1, 0, 0]) && close(column(enu, 1), [0, 0, 1]));
  // Landscape (screen turned 90°): right is the portrait up's opposite, up the portrait right.
  const o = { alpha: 30, beta: 70, gamma: 10 };
  const portrait = cameraFromOrientation(o, 0), landscape = cameraFromOrientation(o, 90);
  assert.ok(close(column(landscape, 0), column(portrait, 1).map((v) => -v)) && close(column(landscape, 1), column(portrait, 0)));
  assert.ok(close(column(landscape, 2), column(portrait, 2)));
  assert.equal(screenAngle({ screen: { orientation: { angle: 270 } } }), 270);
  assert.equal(screenAngle({ orientation: -90 }), -90);
  assert.equal(screenAngle({}), 0);
  assert.throws(() => cameraFromOrientation(o, 0, [0, 0, 0], 2), (e) => e.statusName === "INVALID_VALUE");
});

function standIn() {
  const listeners = {}, watchers = [];
  return {
    listeners, watchers,
    performance: { now: () => 5000, timeOrigin: 1.7e12 },
    navigator: { geolocation: { watchPosition: (ok, fail) => watchers.push({ ok, fail }) - 1, clearWatch: () => {} } },
    addEventListener: (name, f) => { (listeners[name] ??= []).push(f); },
    removeEventListener: (name, f) => { listeners[name] = listeners[name].filter((g) => g !== f); },
    screen: { orientation: { angle: 0 } },
  };
}

test("SensorFeed without WebXR: GPS fixes place the camera, the compass turns it and is read as readings", () => {
  const route = [55.7339, 37.5886, 150, 55.7366, 37.5886, 150];
  const nav = wm.createNavigator(route);
  const win = standIn();
  const feed = new SensorFeed(wm, nav, { window: win }).start();
  assert.equal(win.watchers.length, 1);
  assert.ok(win.listeners.deviceorientationabsolute.length === 1 && win.listeners.deviceorientation.length === 1);
  const view = { projection: perspective(60, 390 / 844), viewport: [0, 0, 390, 844] };
  assert.equal(feed.update(1, view), null);   // nothing known yet
  // A relative orientation is not a compass.
  win.listeners.deviceorientation[0]({ type: "deviceorientation", absolute: false, alpha: 10, beta: 90, gamma: 0, timeStamp: 1000 });
  assert.equal(feed.orientation, null);
  for (let k = 0; k < 10; k++) {
    const t = 2 + k;
    win.watchers[0].ok({ coords: { latitude: 55.7339 + k * 0.00002, longitude: 37.5886, altitude: 150, accuracy: 4, altitudeAccuracy: 3 }, timestamp: 1.7e12 + t * 1000 });
    // iOS: webkitCompassHeading (the top of the device) with its accuracy.
    win.listeners.deviceorientation[0]({ type: "deviceorientation", alpha: 123, beta: 90, gamma: 0, webkitCompassHeading: 0, webkitCompassAccuracy: 8, timeStamp: t * 1000 + 500 });
  }
  assert.equal(feed.fixes, 10);
  assert.equal(feed.readings, 10);
  assert.deepEqual(feed.errors, []);
  assert.equal(feed.orientation.accuracy, 8);
  const r = feed.update(12, view);
  assert.ok(r.progressM > 15 && r.progressM < 30, `progress ${r.progressM}`);
  assert.ok(r.finishVisible && Math.abs(r.finishScreenX - 195) < 1, `facing north along the route: finish at ${r.finishScreenX}`);
  assert.ok(Math.abs(r.correctionDeg) < 1, `correction ${r.correctionDeg}`);
  feed.stop();
  assert.equal(win.listeners.deviceorientation.length, 0);
  nav.dispose();
});

test("SensorFeed with WebXR: the viewer pose is the camera and the fixes' scene position; emulatedPosition is LIMITED", () => {
  const nav = wm.createNavigator([55.7339, 37.5886, 150, 55.7366, 37.5886, 150], { alignment: "GRAVITY" });
  const win = standIn();
  const feed = new SensorFeed(wm, nav, { window: win }).start();
  const pose = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3, 1.4, -4, 1];
  const view = { transform: pose, projection: perspective(60, 0.5), viewport: [0, 0, 390, 780] };
  assert.equal(feed.update(1, view).trackingState, "NORMAL");
  win.watchers[0].ok({ coords: { latitude: 55.7339, longitude: 37.5886, altitude: null, accuracy: 5 }, timestamp: 1.7e12 + 1100 });
  win.listeners.deviceorientationabsolute[0]({ type: "deviceorientationabsolute", alpha: 340, beta: 90, gamma: 0, timeStamp: 1200 });
  const r = feed.update(1.3, { ...view, emulatedPosition: true });
  assert.equal(r.trackingState, "LIMITED");
  assert.ok(Math.abs(r.correctionDeg - 20) < 1e-6, `the session faces scene -Z, the compass says 20°: ${r.correctionDeg}`);
  assert.equal(feed.update(1.4, view).trackingState, "NORMAL");
  feed.reset(1.5);
  assert.equal(feed.update(1.6, view).trackingState, "NORMAL");
  assert.deepEqual(feed.errors, []);
  feed.stop();
  nav.dispose();
  const unity = wm.createNavigator([55.7339, 37.5886, 150, 55.7366, 37.5886, 150], { axes: "UNITY" });
  assert.throws(() => new SensorFeed(wm, unity), (e) => e.statusName === "INVALID_VALUE" && e.function === "SensorFeed");
  unity.dispose();
});

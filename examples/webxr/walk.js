// The AR walking page: the navigator of waymark-geo fed by the phone's sensors
// (SensorFeed: Geolocation, the compass, the WebXR viewer pose) and drawn every frame
// (draw.js). With WebXR's immersive-ar (Chrome on Android with ARCore) the camera is the
// session's; without it the page still walks: the scene is the GPS itself and the camera
// turns with the compass (see SensorFeed). The route's rows are listed either way.
// "waymark-geo" as a page installs it from npm: index.html's import map points the name
// at node_modules/waymark-geo (npm install waymark-geo-VERSION.tgz in this folder).
import { loadWaymark, SensorFeed, perspective } from "waymark-geo";
import { drawFrame } from "./draw.js";

// The route: latitude, longitude (degrees), height above the WGS-84 ellipsoid (metres)
// as the Geolocation API reports altitude. Yours comes from a routing service; ?route=
// lat,lon,h;lat,lon,h;... replaces it.
const DEFAULT_ROUTE = [
  55.7339700, 37.5886400, 158.0, 55.7341589, 37.5890967, 157.9, 55.7343478, 37.5895533, 157.8,
  55.7345367, 37.5900100, 157.7, 55.7347256, 37.5904667, 157.6, 55.7349144, 37.5909233, 157.5,
  55.7351033, 37.5913800, 157.4,
];
const query = new URLSearchParams(location.search).get("route");
const route = new Float64Array(query ? query.split(";").flatMap((p) => p.split(",").map(Number)) : DEFAULT_ROUTE);

const $ = (id) => document.getElementById(id);
const status = (text) => { $("status").textContent = text; };

// 1. The module: the package's own, SIMD128 where the browser has it.
const wm = await loadWaymark();

// 2. The route in a frame at its first point, listed (what the page shows before a walk).
{
  const frame = wm.createFrame([route[0], route[1], route[2]], "EUS");
  const scene = frame.forward(route);
  frame.dispose();
  const rows = ["<tr><th>#</th><th>x (east) m</th><th>y (up) m</th><th>z (south) m</th></tr>"];
  for (let i = 0; i < scene.length / 3; i++) {
    rows.push(`<tr><td>${i}</td>${[0, 1, 2].map((k) => `<td>${scene[3 * i + k].toFixed(3)}</td>`).join("")}</tr>`);
  }
  $("route").innerHTML = rows.join("");
}

/** What the page last drew, for tests and curious developers (window.walk). */
const walk = { mode: null, result: null, camera: null, drawn: null, feed: null, frames: 0 };
window.walk = walk;

function sizeCanvas() {
  const canvas = $("view"), ratio = devicePixelRatio || 1;
  canvas.width = Math.round(canvas.clientWidth * ratio);
  canvas.height = Math.round(canvas.clientHeight * ratio);
  return canvas;
}

function show(result) {
  if (!result) return;
  const metres = (x) => (Number.isFinite(x) ? `${x.toFixed(0)} m` : "–");
  status(`${metres(result.remainingM)} to go · heading ${result.correctionState.toLowerCase()}` +
         (Number.isFinite(result.correctionDeg) ? ` (${result.correctionDeg.toFixed(1)}° ± ${result.correctionSigmaDeg.toFixed(1)})` : "") +
         ` · ${result.arrows.length / 5} arrows${result.offRoute ? " · off route" : ""}`);
}

// 3a. Without WebXR: the GPS-only scene, north-aligned, drawn on the page's canvas.
function startWalk() {
  const navigator_ = wm.createNavigator(route, { alignment: "GRAVITY_AND_HEADING" });
  const feed = new SensorFeed(wm, navigator_).start();
  walk.mode = "gps";
  walk.feed = feed;
  document.body.classList.add("walking");
  const canvas = sizeCanvas(), context = canvas.getContext("2d");
  addEventListener("resize", sizeCanvas);
  requestAnimationFrame(function frame(t) {
    const viewport = [0, 0, canvas.clientWidth, canvas.clientHeight];
    const camera = { projection: perspective(60, viewport[2] / viewport[3]), viewport };
    const result = feed.update(t / 1000, camera);
    if (result) {
      walk.result = result;
      walk.camera = { ...camera, transform: feed.camera() };
      walk.drawn = drawFrame(wm, context, walk.camera, result);
      walk.frames++;
      show(result);
    }
    requestAnimationFrame(frame);
  });
}

// 3b. With WebXR: the session's camera; fixes carry the viewer's scene position.
async function startAR() {
  const navigator_ = wm.createNavigator(route, { alignment: "GRAVITY" });   // local space: arbitrary yaw
  const session = await navigator.xr.requestSession("immersive-ar", {
    requiredFeatures: ["local"], optionalFeatures: ["dom-overlay"], domOverlay: { root: $("overlay") },
  });
  const space = await session.requestReferenceSpace("local");
  const feed = new SensorFeed(wm, navigator_).start();
  walk.mode = "xr";
  walk.feed = feed;
  document.body.classList.add("walking");
  space.addEventListener("reset", () => feed.reset(performance.now() / 1000));
  const gl = document.createElement("canvas").getContext("webgl2", { xrCompatible: true });
  session.updateRenderState({ baseLayer: new XRWebGLLayer(session, gl) });
  const canvas = sizeCanvas(), context = canvas.getContext("2d");
  session.addEventListener("end", () => feed.stop());
  session.requestAnimationFrame(function frame(t, xrFrame) {
    session.requestAnimationFrame(frame);
    const layer = session.renderState.baseLayer;
    gl.bindFramebuffer(gl.FRAMEBUFFER, layer.framebuffer);
    gl.clear(gl.COLOR_BUFFER_BIT);   // transparent: the camera image shows through
    const pose = xrFrame.getViewerPose(space);
    if (!pose) return;
    const camera = {
      transform: pose.transform.matrix, projection: pose.views[0].projectionMatrix,
      viewport: [0, 0, canvas.clientWidth, canvas.clientHeight], emulatedPosition: pose.emulatedPosition,
    };
    const result = feed.update(t / 1000, camera);
    walk.result = result;
    walk.camera = camera;
    walk.drawn = drawFrame(wm, context, camera, result);
    walk.frames++;
    show(result);
  });
}

const supported = navigator.xr && await navigator.xr.isSessionSupported("immersive-ar").catch(() => false);
$("ar").disabled = !supported;
$("ar").onclick = () => startAR().catch((error) => status(`AR did not start: ${error.message}`));
$("walk").onclick = async () => {
  // iOS asks for the compass once, from a tap.
  if (typeof DeviceOrientationEvent !== "undefined" && typeof DeviceOrientationEvent.requestPermission === "function") {
    await DeviceOrientationEvent.requestPermission().catch(() => {});
  }
  startWalk();
};
status(`Waymark ${wm.version}: the route in a frame at its first point (EUS, metres).` +
       (supported ? "" : " No immersive-ar here: Walk uses GPS and the compass."));
document.body.dataset.ready = "1";

#!/usr/bin/env python3
"""Walks examples/webxr/ (the AR walking page) in headless Chromium with its sensors
overridden through the DevTools protocol, and checks that it draws the arrows and the
finish mark where the navigator says.

The page is served over HTTP from the repository (ES modules and fetch need it), with
the geolocation permission granted and the `sensors` permission for the compass:
Emulation.setGeolocationOverride moves the user along the route step by step and
Emulation.setSensorOverrideReadings turns the phone (absolute- and
relative-orientation: the sensors behind deviceorientationabsolute and
deviceorientation; DeviceOrientation.setDeviceOrientationOverride delivers alpha = null
in Chromium 156, whose orientation events come from these sensors).
Headless Chromium has no immersive-ar session, so WebXR is NOT emulated: the page's
non-XR path is used ("Walk without AR": the GPS-only scene of SensorFeed, the camera
standing at each fix and turned by the compass).

At every step of the scripted walk (the user facing along the route, then turned
round at the end) it reads window.walk (the navigator's last result, the camera, and
what draw.js drew) and a screenshot, and fails unless:
  - the navigator's progress is the walked distance (within 3 m) and progress plus
    remaining is the route's length (within 1 m), the compass correction is applied
    and within 2 degrees of 0 (the GPS-only scene faces true north);
  - every arrow the navigator returned that is in view is drawn, at the screen point
    this script computes from the arrow's scene position and the camera (within
    0.5 px), and the screenshot has the arrow colour there;
  - facing along the straight route, the finish mark is visible within 15 px of the
    screen's centre line, drawn at the navigator's finish_screen_x/y (which this
    script also recomputes from the finish's scene position, within 0.5 px) with the
    navigator's diameter, in the finish colour;
  - turned round, the finish is off screen and the hint is drawn at the navigator's
    hint_x/y, near the bottom centre (directly behind), in the hint colour;
  - the page logs no error and throws nothing.
Usage: webxr_check.py [--chromium PATH] [--screenshot-dir DIR] [--no-build]. Exit 1 on failure.
"""
import argparse
import functools
import http.server
import json
import math
import os
import shutil
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pagecheck import Browser, PageError, decode_png  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The page's default route (examples/webxr/walk.js): seven points on a straight line.
ROUTE = [(55.7339700, 37.5886400, 158.0), (55.7341589, 37.5890967, 157.9), (55.7343478, 37.5895533, 157.8),
         (55.7345367, 37.5900100, 157.7), (55.7347256, 37.5904667, 157.6), (55.7349144, 37.5909233, 157.5),
         (55.7351033, 37.5913800, 157.4)]
COLOURS = {"arrow": (0x13, 0xC2, 0x6B), "finish": (0xE0, 0x24, 0x5E), "hint": (0xFF, 0x9F, 0x1A)}
WIDTH, HEIGHT = 390, 844


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript"}

    def log_message(self, *args):
        pass


def local_metres(a, b):
    """East and north metres from a to b (equirectangular at a: 1e-5 relative over 200 m)."""
    r = 6378137.0
    return (math.radians(b[1] - a[1]) * r * math.cos(math.radians(a[0])), math.radians(b[0] - a[0]) * r)


def quaternion(alpha, beta, gamma):
    """The W3C device orientation Rz(alpha) Rx(beta) Ry(gamma) as (x, y, z, w)."""
    def q(axis, deg):
        h = math.radians(deg) / 2
        v = [0.0, 0.0, 0.0]
        v[axis] = math.sin(h)
        return (v[0], v[1], v[2], math.cos(h))

    def mul(a, b):
        ax, ay, az, aw = a
        bx, by, bz, bw = b
        return (aw * bx + ax * bw + ay * bz - az * by, aw * by - ax * bz + ay * bw + az * bx,
                aw * bz + ax * by - ay * bx + az * bw, aw * bw - ax * bx - ay * by - az * bz)
    return mul(mul(q(2, alpha), q(0, beta)), q(1, gamma))


def project(camera, p):
    """Screen point (x, y px) and whether a scene point is in front and inside the
    viewport, from camera -> scene (rigid), camera -> clip and the viewport."""
    m, proj, (vx, vy, vw, vh) = camera["transform"], camera["projection"], camera["viewport"]
    d = [p[k] - m[12 + k] for k in range(3)]
    c = [sum(m[4 * col + k] * d[k] for k in range(3)) for col in range(3)]   # R^T d
    clip = [sum(proj[4 * col + row] * v for col, v in enumerate(c + [1.0])) for row in range(4)]
    if clip[3] <= 0:
        return None, None, False
    x = vx + (clip[0] / clip[3] + 1) / 2 * vw
    y = vy + (1 - clip[1] / clip[3]) / 2 * vh
    return x, y, vx <= x <= vx + vw and vy <= y <= vy + vh


def colour_near(image, x, y, colour, tolerance=40):
    width, height, bpp, rows = image
    xi, yi = int(round(x)), int(round(y))
    if not (0 <= xi < width and 0 <= yi < height):
        return False
    px = rows[yi][xi * bpp:xi * bpp + 3]
    return all(abs(a - b) <= tolerance for a, b in zip(px, colour))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome"))
    parser.add_argument("--screenshot-dir")
    parser.add_argument("--no-build", action="store_true",
                        help="use examples/webxr/node_modules as it is (examples/webxr/install-package made it)")
    args = parser.parse_args()
    if not args.chromium:
        print("webxr_check: no Chromium", file=sys.stderr)
        return 1
    # The package packed and installed into the page's node_modules (the page imports
    # "waymark-geo" from there, as a page using npm does).
    if not args.no_build:
        subprocess.run([os.path.join(ROOT, "examples", "webxr", "install-package")], check=True, stdout=subprocess.DEVNULL)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=ROOT))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = "http://127.0.0.1:%d" % server.server_address[1]
    browser = Browser(args.chromium)
    problems, summary = [], []
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        s = lambda method, params=None: browser.send(method, params, session=session)
        for domain in ("Page", "Runtime", "Log"):
            s(domain + ".enable")
        browser.send("Browser.grantPermissions", {"permissions": ["geolocation", "sensors"], "origin": origin})
        s("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": True})

        def place(lat, lon):
            s("Emulation.setGeolocationOverride", {"latitude": lat, "longitude": lon, "accuracy": 5})

        def face(heading):
            alpha = (360 - heading) % 360   # alpha turns counter-clockwise; upright: beta 90
            x, y, z, w = quaternion(alpha, 90, 0)
            for kind in ("absolute-orientation", "relative-orientation"):
                s("Emulation.setSensorOverrideReadings", {"type": kind, "reading": {"quaternion": {"x": x, "y": y, "z": z, "w": w}}})

        for kind in ("absolute-orientation", "relative-orientation"):
            s("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": kind})
        east, north = local_metres(ROUTE[0], ROUTE[-1])
        bearing = math.degrees(math.atan2(east, north))
        place(*ROUTE[0][:2])
        face(bearing)

        def evaluate(expression):
            reply = s("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
            if "exceptionDetails" in reply:
                raise PageError("%s: %s" % (expression[:60], reply["exceptionDetails"].get("text")))
            return reply["result"].get("value")

        def wait_for(expression, what, timeout=15):
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if evaluate(expression):
                    return
                time.sleep(0.05)
            raise PageError("timed out waiting for " + what)

        s("Page.navigate", {"url": origin + "/examples/webxr/"})
        wait_for("document.body && document.body.dataset.ready === '1'", "the page to load the module")
        if evaluate("document.getElementById('ar').disabled") is not True:
            problems.append("headless Chromium offered immersive-ar: this check walks the non-XR path only")
        evaluate("document.getElementById('walk').click()")
        wait_for("window.walk.mode === 'gps' && walk.frames > 0", "the walk to start")

        # The walk: along the route every 25 m, facing along it; then turned round.
        legs = [local_metres(ROUTE[i], ROUTE[i + 1]) for i in range(len(ROUTE) - 1)]
        lengths = [math.hypot(*leg) for leg in legs]
        total = sum(lengths)
        steps = [d for d in range(0, int(total) - 10, 25)]
        shot = 0

        def step(lat, lon, heading, walked):
            nonlocal shot
            fixes = evaluate("walk.feed.fixes")
            place(lat, lon)
            face(heading)
            wait_for("walk.feed.fixes > %d" % fixes, "a fix")
            frames = evaluate("walk.frames")
            wait_for("walk.frames > %d" % (frames + 3), "frames after the fix")
            state = evaluate("JSON.stringify({result: {...walk.result, arrows: Array.from(walk.result.arrows)}, "
                             "camera: {transform: Array.from(walk.camera.transform), projection: Array.from(walk.camera.projection), "
                             "viewport: walk.camera.viewport}, drawn: walk.drawn, errors: walk.feed.errors.map(String), "
                             "readings: walk.feed.readings})")
            state = json.loads(state, parse_constant=lambda c: float(c))
            png = s("Page.captureScreenshot", {"format": "png"})["data"]
            import base64
            raw = base64.b64decode(png)
            if args.screenshot_dir:
                os.makedirs(args.screenshot_dir, exist_ok=True)
                with open(os.path.join(args.screenshot_dir, "webxr-%02d.png" % shot), "wb") as f:
                    f.write(raw)
            shot += 1
            return state, decode_png(raw)

        for walked in steps:
            # The point `walked` metres along the route.
            left, i = walked, 0
            while i < len(lengths) - 1 and left > lengths[i]:
                left -= lengths[i]
                i += 1
            f = left / lengths[i]
            lat = ROUTE[i][0] + f * (ROUTE[i + 1][0] - ROUTE[i][0])
            lon = ROUTE[i][1] + f * (ROUTE[i + 1][1] - ROUTE[i][1])
            state, image = step(lat, lon, bearing, walked)
            r, camera, drawn = state["result"], state["camera"], state["drawn"]
            where = "at %d m" % walked
            if state["errors"]:
                problems.append("%s: the navigator refused readings: %s" % (where, state["errors"][:3]))
            if abs(r["progressM"] - walked) > 3:
                problems.append("%s: progress %.2f m" % (where, r["progressM"]))
            if abs(r["progressM"] + r["remainingM"] - total) > 1:
                problems.append("%s: progress + remaining %.2f m, the route is %.2f m" % (where, r["progressM"] + r["remainingM"], total))
            if walked >= 50 and (r["correctionState"] != "APPLIED" or abs(r["correctionDeg"]) > 2):
                problems.append("%s: correction %s %.2f°, expected applied near 0°" % (where, r["correctionState"], r["correctionDeg"]))
            # Arrows: every visible one drawn where its scene position projects.
            arrows = r["arrows"]
            expected = {}
            for k in range(len(arrows) // 5):
                x, y, visible = project(camera, arrows[5 * k:5 * k + 3])
                if visible:
                    expected[k] = (x, y)
            drawn_arrows = {a["index"]: a for a in drawn["arrows"]}
            for k, (x, y) in expected.items():
                a = drawn_arrows.get(k)
                if a is None:
                    # draw.js skips an arrow whose tip leaves the view or that is under a pixel long.
                    continue
                if math.hypot(a["base"][0] - x, a["base"][1] - y) > 0.5:
                    problems.append("%s: arrow %d drawn at (%.1f, %.1f), it projects to (%.1f, %.1f)" % (where, k, a["base"][0], a["base"][1], x, y))
            for k in drawn_arrows:
                if k not in expected:
                    problems.append("%s: arrow %d drawn but not in view" % (where, k))
            if len(drawn_arrows) < 3:
                problems.append("%s: %d arrows drawn (of %d returned), expected at least 3 ahead" % (where, len(drawn_arrows), len(arrows) // 5))
            finish = drawn["finish"]
            checked = 0
            for a in drawn["arrows"]:
                length = math.hypot(a["tip"][0] - a["base"][0], a["tip"][1] - a["base"][1])
                under_finish = finish and math.hypot(a["x"] - finish["x"], a["y"] - finish["y"]) < finish["diameter"] / 2 + 4
                if length >= 8 and not under_finish and a["y"] > 200:
                    checked += 1
                    if not colour_near(image, a["x"], a["y"], COLOURS["arrow"]):
                        problems.append("%s: no arrow colour at arrow %d (%.0f, %.0f)" % (where, a["index"], a["x"], a["y"]))
                    if abs(a["x"] - WIDTH / 2) > 40:
                        problems.append("%s: arrow %d at x = %.0f, not ahead" % (where, a["index"], a["x"]))
            if checked == 0:
                problems.append("%s: no arrow large enough to check its pixels" % where)
            # The finish: straight ahead, drawn where the navigator says.
            fx, fy, fvisible = project(camera, r["finish"])
            if not (r["finishVisible"] and fvisible and finish):
                problems.append("%s: the finish is not drawn (navigator visible %s, projects visible %s)" % (where, r["finishVisible"], fvisible))
            else:
                if math.hypot(r["finishScreenX"] - fx, r["finishScreenY"] - fy) > 0.5:
                    problems.append("%s: navigator finish (%.1f, %.1f), it projects to (%.1f, %.1f)" % (where, r["finishScreenX"], r["finishScreenY"], fx, fy))
                if (finish["x"], finish["y"], finish["diameter"]) != (r["finishScreenX"], r["finishScreenY"], r["finishDiameterPt"]):
                    problems.append("%s: finish drawn at %s, the navigator says (%s, %s) %s" % (where, finish, r["finishScreenX"], r["finishScreenY"], r["finishDiameterPt"]))
                if abs(fx - WIDTH / 2) > 15:
                    problems.append("%s: the finish at x = %.1f, not ahead" % (where, fx))
                if not colour_near(image, fx, fy, COLOURS["finish"]):
                    problems.append("%s: no finish colour at (%.0f, %.0f)" % (where, fx, fy))
            summary.append("%d m: progress %.1f m, correction %s %.2f° ± %.2f, %d of %d arrows drawn, finish at (%.1f, %.1f) %.0f px" %
                           (walked, r["progressM"], r["correctionState"].lower(), r["correctionDeg"], r["correctionSigmaDeg"],
                            len(drawn_arrows), len(arrows) // 5, r["finishScreenX"], r["finishScreenY"], r["finishDiameterPt"]))

        # Turned round at the last step: the finish behind, the hint at the bottom centre.
        state, image = step(lat, lon, (bearing + 180) % 360, steps[-1])
        r, hint = state["result"], state["drawn"]["hint"]
        if r["finishVisible"] or not r["hintNeeded"] or not hint:
            problems.append("turned round: expected the hint, not the finish (visible %s, hint %s)" % (r["finishVisible"], r["hintNeeded"]))
        else:
            if (hint["x"], hint["y"]) != (r["hintX"], r["hintY"]):
                problems.append("turned round: hint drawn at (%s, %s), the navigator says (%s, %s)" % (hint["x"], hint["y"], r["hintX"], r["hintY"]))
            if abs(r["hintX"] - WIDTH / 2) > 30 or r["hintY"] < HEIGHT - 60:
                problems.append("turned round: hint at (%.0f, %.0f), expected near the bottom centre" % (r["hintX"], r["hintY"]))
            if not colour_near(image, r["hintX"], min(r["hintY"], HEIGHT - 3), COLOURS["hint"]):
                problems.append("turned round: no hint colour at (%.0f, %.0f)" % (r["hintX"], r["hintY"]))
        summary.append("turned round: hint at (%.0f, %.0f), turn %.0f°" % (r["hintX"], r["hintY"], r["hintTurnDeg"]))

        for e in browser.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.exceptionThrown":
                problems.append("exception: " + params["exceptionDetails"].get("text", "") + " " +
                                str(params["exceptionDetails"].get("exception", {}).get("description", ""))[:300])
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                problems.append("console.%s: %s" % (params["type"], [a.get("value") for a in params.get("args", [])]))
            elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
                problems.append("log error: " + params["entry"]["text"])
    finally:
        browser.close()
        server.shutdown()
    if problems:
        for line in summary:
            print("webxr_check: " + line, file=sys.stderr)
        for p in problems[:30]:
            print("webxr_check: " + p, file=sys.stderr)
        return 1
    print("webxr: examples/webxr/ walked in headless Chromium (non-XR path: WebXR not emulated; geolocation and "
          "orientation sensors overridden over CDP): %d steps, arrows and finish drawn where the navigator says, "
          "the hint when turned round" % len(steps))
    for line in summary:
        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

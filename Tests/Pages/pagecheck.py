#!/usr/bin/env python3
"""Opens a self-contained report page in headless Chromium and checks it.

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: the
browser reads commands on fd 3 and writes replies on fd 4, NUL-separated JSON), so there
is no port, no WebSocket and nothing to install beyond Debian's `chromium` and Python's
standard library.

For each viewport it: loads the page from disk, waits for the page script to set
<body data-ready>, and collects
  - JavaScript errors: uncaught exceptions, console.error/assert, browser log errors;
  - network requests other than file:, data:, about: (a report must need none);
  - DOM counts after the scripts ran (CSS selector -> count), and the plot contract of
    Sources/waymark-cli/Reports/SVGPlot.swift: every g.series has one path.line whose d has at
    least one segment, and data-count circle.pt markers;
  - horizontal overflow (a page must fit a phone's width);
  - a screenshot (PNG, decoded with zlib) with its distinct colours and the share of
    coloured (non-grey) pixels, page-wide and per figure;
  - optionally a hover: a mouse move (laptop) or a tap (phone) onto one marker per plot through
    Input.dispatchMouseEvent / dispatchTouchEvent, then the figure's output.readout must show
    that marker's series and data-readout.

Use as a module (open_page) or from the command line; scripts/test-pages drives it.
"""
import argparse
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib


class PageError(Exception):
    pass


class Browser:
    """A headless Chromium driven over --remote-debugging-pipe."""

    def __init__(self, executable):
        self.profile = tempfile.mkdtemp(prefix="waymark-pagecheck-")
        cmd_r, cmd_w = os.pipe()
        rep_r, rep_w = os.pipe()
        # The child needs the command pipe's read end on fd 3 and the reply pipe's write
        # end on fd 4; park them high first so the dup2s cannot clobber each other.
        hi_cmd, hi_rep = os.dup(cmd_r), os.dup(rep_w)
        hi_cmd2, hi_rep2 = 200, 201
        os.dup2(hi_cmd, hi_cmd2, inheritable=True)
        os.dup2(hi_rep, hi_rep2, inheritable=True)
        for fd in (cmd_r, rep_w, hi_cmd, hi_rep):
            os.close(fd)

        def child_fds():
            os.dup2(hi_cmd2, 3, inheritable=True)
            os.dup2(hi_rep2, 4, inheritable=True)

        args = [executable, "--headless", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
                "--no-first-run", "--no-default-browser-check", "--disable-gpu", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--hide-scrollbars", "--mute-audio", "--disable-dev-shm-usage", "--force-color-profile=srgb", "--font-render-hinting=none"]
        # The pages are our own files from disk; Chromium's sandbox refuses root and needs
        # user namespaces that containers often lack, so the harness runs without it.
        args.append("--no-sandbox")
        args.append("about:blank")
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.stderr,
                                        close_fds=False, preexec_fn=child_fds)
        os.close(hi_cmd2)
        os.close(hi_rep2)
        self.tx = os.fdopen(cmd_w, "wb", buffering=0)
        self.rx = os.fdopen(rep_r, "rb", buffering=0)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for f in (self.tx, self.rx):
            try:
                f.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        import select
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise PageError("no reply from Chromium in time")
            ready, _, _ = select.select([self.rx], [], [], left)
            if not ready:
                continue
            chunk = self.rx.read(1 << 20)
            if not chunk:
                self.stderr.seek(0)
                raise PageError("Chromium closed the DevTools pipe: " + self.stderr.read().decode(errors="replace")[-2000:])
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        request = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            request["sessionId"] = session
        self.tx.write(json.dumps(request).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            message = self._read_message(deadline)
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise PageError("%s: %s" % (method, message["error"].get("message")))
                return message.get("result", {})
            self.events.append(message)

    def wait_event(self, method, session, timeout=10):
        deadline = time.monotonic() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e.get("method") == method and e.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self._read_message(deadline))


def decode_png(data):
    """(width, height, channels, rows of bytes) of an 8-bit RGB/RGBA, non-interlaced PNG."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise PageError("screenshot is not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise PageError("unexpected PNG format (depth %d, colour type %d, interlace %d)" % (depth, colour, interlace))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif f != 0:
            raise PageError("bad PNG filter %d" % f)
        rows.append(line)
        prev = line
    return width, height, bpp, rows


def pixel_stats(image, box=None):
    """Distinct colours, and the share of pixels that are coloured (max−min channel > 40),
    inside `box` (x, y, w, h in image pixels) or the whole of a decode_png image."""
    width, height, bpp, rows = image
    x0, y0, w, h = box or (0, 0, width, height)
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(width, int(x0 + w)), min(height, int(y0 + h))
    colours, coloured, total = set(), 0, 0
    for y in range(y0, y1):
        line = rows[y][x0 * bpp:x1 * bpp]
        pixels = list(zip(line[0::bpp], line[1::bpp], line[2::bpp]))
        colours.update(pixels)
        coloured += sum(1 for r, g, b in pixels if max(r, g, b) - min(r, g, b) > 40)
        total += len(pixels)
    return {"distinct_colours": len(colours), "coloured_share": coloured / total if total else 0.0, "pixels": total}


PLOT_CONTRACT_JS = r"""
(() => {
  const problems = [];
  const plots = [];
  for (const svg of document.querySelectorAll('svg.plot')) {
    const series = [];
    for (const g of svg.querySelectorAll('g.series')) {
      const paths = g.querySelectorAll('path.line');
      const d = paths.length ? (paths[0].getAttribute('d') || '') : '';
      const segments = (d.match(/L/g) || []).length;
      const markers = g.querySelectorAll('circle.pt').length;
      const expected = Number(g.getAttribute('data-count'));
      const name = g.getAttribute('data-series');
      if (paths.length !== 1) problems.push(`${svg.dataset.plot}/${name}: ${paths.length} path.line elements, expected 1`);
      if (expected >= 2 && segments < 1) problems.push(`${svg.dataset.plot}/${name}: path has no segment`);
      if (markers !== expected) problems.push(`${svg.dataset.plot}/${name}: ${markers} markers, data-count says ${expected}`);
      const box = paths.length ? paths[0].getBBox() : {width: 0, height: 0};
      if (expected >= 2 && box.width + box.height <= 0) problems.push(`${svg.dataset.plot}/${name}: path has an empty box`);
      series.push({name, markers, segments});
    }
    const r = svg.getBoundingClientRect();
    plots.push({id: svg.dataset.plot, series, box: [r.left + scrollX, r.top + scrollY, r.width, r.height]});
  }
  return {problems, plots,
          ready: document.body ? document.body.getAttribute('data-ready') : null,
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
})()
"""

HOVER_JS = r"""
((plotId) => {
  const svg = document.querySelector(`svg.plot[data-plot="${plotId}"]`);
  const pts = svg.querySelectorAll('circle.pt');
  if (pts.length === 0) return null;   // nothing to hover (an empty log's plot)
  // A marker no other marker sits on (or near), so there is one right answer.
  const at = (c) => [c.cx.baseVal.value, c.cy.baseVal.value];
  const isolated = Array.from(pts).filter((c) => Array.from(pts).every((o) => o === c ||
      Math.hypot(at(o)[0] - at(c)[0], at(o)[1] - at(c)[1]) > 12));
  const c = isolated.length ? isolated[Math.floor(isolated.length / 2)] : pts[Math.floor(pts.length / 2)];
  c.scrollIntoView({block: 'center'});
  const r = c.getBoundingClientRect();
  const out = svg.closest('figure').querySelector('output.readout');
  return {x: r.left + r.width / 2, y: r.top + r.height / 2,
          expected: c.parentNode.getAttribute('data-series') + ': ' + c.getAttribute('data-readout'),
          before: out.textContent};
})
"""


SCRUB_POINT_JS = r"""
((index, fraction) => {
  const svg = document.querySelectorAll('svg.plot[data-timeline]')[index];
  const frame = svg.querySelector('rect.frame');
  frame.scrollIntoView({block: 'center'});
  const r = frame.getBoundingClientRect();
  const x = r.left + fraction * r.width, y = r.top + r.height / 2;
  // The time under that point, from the timeline's own x = a + b * t.
  const p = svg.createSVGPoint();
  p.x = x; p.y = y;
  const user = p.matrixTransform(svg.getScreenCTM().inverse());
  const m = svg.getAttribute('data-map').split(' ').map(Number);
  return {x, y, time: (user.x - m[0]) / m[1], plot: svg.dataset.plot};
})
"""

SCRUB_READ_JS = r"""
(() => Array.from(document.querySelectorAll('svg.plot[data-timeline], svg.plot[data-plot="top-view"]')).map((svg) =>
  ({plot: svg.dataset.plot, text: svg.closest('figure').querySelector('output.readout').textContent,
    cursor: (svg.querySelector('line.cursor') || {getAttribute: () => null}).getAttribute('x1')})))()
"""


def scrub_checks(s, mobile):
    """Moves the mouse (or taps) at a quarter and three quarters across each timeline:
    every timeline's and the top view's read-out must then name the same moment, the
    frame nearest the time under the pointer. Returns a list of problems."""
    problems = []
    count = s("Runtime.evaluate", {"expression": "document.querySelectorAll('svg.plot[data-timeline]').length",
                                   "returnByValue": True})["result"]["value"]
    if count == 0:
        problems.append("no svg.plot[data-timeline] to scrub")
    for index in range(count):
        for fraction in (0.25, 0.75):
            at = s("Runtime.evaluate", {"expression": "(%s)(%d, %s)" % (SCRUB_POINT_JS.strip(), index, fraction),
                                        "returnByValue": True})["result"]["value"]
            if mobile:
                s("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": at["x"], "y": at["y"]}]})
                s("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            else:
                s("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": at["x"], "y": at["y"]})
            shown = s("Runtime.evaluate", {"expression": SCRUB_READ_JS.strip(), "returnByValue": True})["result"]["value"]
            times = set()
            for r in shown:
                text = r["text"]
                if not text.startswith("t = ") or " s: " not in text:
                    problems.append("scrub %s at %.2f: %s read-out %r does not name a moment" % (at["plot"], fraction, r["plot"], text))
                    continue
                times.add(text[4:text.index(" s: ")])
            if len(times) > 1:
                problems.append("scrub %s at %.2f: read-outs name different moments %s" % (at["plot"], fraction, sorted(times)))
            elif times:
                t = float(times.pop())
                # The nearest frame (10 Hz logs: within 0.05 s), printed to 0.1 s.
                if abs(t - at["time"]) > 0.2:
                    problems.append("scrub %s at %.2f: read-outs say t = %s s, the pointer is at t = %.2f s" % (at["plot"], fraction, t, at["time"]))
    return problems


def open_page(browser, path, width, height, mobile=False, counts=None, hover=False, screenshot=None, full_page=False,
              scripted=True, scrub=False):
    """Loads `path` at a viewport and returns a report dict; raises PageError on protocol trouble.
    `scripted`: wait for the page script's <body data-ready> (False for a standalone SVG)."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    s = lambda m, p=None, **kw: browser.send(m, p, session=session, **kw)
    for domain in ("Page", "Runtime", "Log", "Network"):
        s(domain + ".enable")
    s("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    if mobile:
        s("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    url = "file://" + os.path.abspath(path)
    started = time.monotonic()
    s("Page.navigate", {"url": url})
    browser.wait_event("Page.loadEventFired", session, timeout=20)
    ready = None
    while scripted and time.monotonic() - started < 10:
        ready = s("Runtime.evaluate", {"expression": "document.body && document.body.getAttribute('data-ready')",
                                       "returnByValue": True})["result"].get("value")
        if ready is not None:
            break
        time.sleep(0.05)
    load_seconds = time.monotonic() - started
    report = {"path": path, "viewport": [width, height, mobile], "load_seconds": load_seconds, "ready": ready,
              "errors": [], "requests": []}
    result = s("Runtime.evaluate", {"expression": PLOT_CONTRACT_JS, "returnByValue": True})
    if "exceptionDetails" in result:
        raise PageError("plot contract script failed: %s" % result["exceptionDetails"])
    report.update(result["result"]["value"])
    report["counts"] = {}
    for selector in counts or []:
        n = s("Runtime.evaluate", {"expression": "document.querySelectorAll(%s).length" % json.dumps(selector),
                                   "returnByValue": True})["result"]["value"]
        report["counts"][selector] = n
    if hover:
        report["hover"] = []
        for plot in report["plots"]:
            fn = s("Runtime.evaluate", {"expression": "(%s)(%s)" % (HOVER_JS.strip(), json.dumps(plot["id"])),
                                        "returnByValue": True})["result"].get("value")
            if fn is None:
                continue
            if mobile:   # a phone: a tap (touch → pointerdown)
                s("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": fn["x"], "y": fn["y"]}]})
                s("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
            else:        # a laptop: the mouse moved onto the marker
                s("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": fn["x"], "y": fn["y"]})
            shown = s("Runtime.evaluate", {"expression": "document.querySelector('svg.plot[data-plot=%s]')"
                                           ".closest('figure').querySelector('output.readout').textContent" % json.dumps(plot["id"]),
                                           "returnByValue": True})["result"]["value"]
            report["hover"].append({"plot": plot["id"], "expected": fn["expected"], "shown": shown})
        s("Runtime.evaluate", {"expression": "window.scrollTo(0, 0)"})
    if scrub:
        report["scrub"] = scrub_checks(s, mobile)
        s("Runtime.evaluate", {"expression": "window.scrollTo(0, 0)"})
    if screenshot is not None:
        # The whole page at full size for people; the pixel checks read a half-size
        # capture (a quarter of the pixels to decode in pure Python; lines stay visible).
        metrics = s("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        page_height = size["height"] if full_page else height
        images = {}
        for scale in (1, 0.5):
            params = {"format": "png", "captureBeyondViewport": bool(full_page),
                      "clip": {"x": 0, "y": 0, "width": width, "height": page_height, "scale": scale}}
            images[scale] = base64.b64decode(s("Page.captureScreenshot", params, timeout=60)["data"])
        with open(screenshot, "wb") as f:
            f.write(images[1])
        report["screenshot"] = screenshot
        image = decode_png(images[0.5])
        report["pixels"] = pixel_stats(image)
        report["plot_pixels"] = {plot["id"]: pixel_stats(image, [v * 0.5 for v in plot["box"]]) for plot in report["plots"]}
    # Everything the page logged while loading, scripting and hovering.
    browser.send("Runtime.evaluate", {"expression": "0"}, session=session)   # flush pending events
    for e in list(browser.events):
        if e.get("sessionId") != session:
            continue
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            report["errors"].append("exception: %s %s" % (d.get("text"), (d.get("exception") or {}).get("description", "")))
        elif m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "assert"):
            report["errors"].append("console.%s: %s" % (p["type"], " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", []))))
        elif m == "Log.entryAdded" and p["entry"].get("level") == "error":
            report["errors"].append("log: %s %s" % (p["entry"].get("text"), p["entry"].get("url", "")))
        elif m == "Network.requestWillBeSent":
            u = p["request"]["url"]
            if not u.startswith(("file:", "data:", "about:")):
                report["requests"].append(u)
    browser.events = [e for e in browser.events if e.get("sessionId") != session]
    browser.send("Target.closeTarget", {"targetId": target})
    return report


def capture(browser, path, width, until, out):
    """A PNG of `path` at `width` CSS pixels, from the top of the page to the bottom of the
    element `until` (a CSS selector): how the README's screenshots are made."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    s = lambda m, p=None, **kw: browser.send(m, p, session=session, **kw)
    s("Page.enable")
    s("Emulation.setDeviceMetricsOverride", {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    s("Page.navigate", {"url": "file://" + os.path.abspath(path)})
    browser.wait_event("Page.loadEventFired", session, timeout=20)
    bottom = s("Runtime.evaluate", {"expression": "document.querySelector(%s).getBoundingClientRect().bottom + scrollY + 8"
                                    % json.dumps(until), "returnByValue": True})["result"]["value"]
    png = base64.b64decode(s("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                        "clip": {"x": 0, "y": 0, "width": width, "height": bottom, "scale": 1}})["data"])
    with open(out, "wb") as f:
        f.write(png)
    browser.send("Target.closeTarget", {"targetId": target})
    return len(png)


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page")
    ap.add_argument("--kind", default=None, help="expected <body data-page=…> (required unless --static)")
    ap.add_argument("--count", action="append", default=[], metavar="SELECTOR=N",
                    help="exact number of elements matching a CSS selector after the scripts ran")
    ap.add_argument("--plots", type=int, default=0, help="number of svg.plot (and body data-ready)")
    ap.add_argument("--min-colours", type=int, default=16)
    ap.add_argument("--min-coloured-share", type=float, default=0.002,
                    help="least share of coloured pixels in each plot's screenshot area")
    ap.add_argument("--max-load-seconds", type=float, default=5)
    ap.add_argument("--hover", action="store_true", help="check one read-out per plot: a mouse move on the laptop, a tap on the phone")
    ap.add_argument("--max-segments", type=int, default=None,
                    help="most segments any path.line may have (a long run's drawing must be thinned)")
    ap.add_argument("--scrub", action="store_true",
                    help="move over (tap) each svg.plot[data-timeline]: all timelines' and the top view's read-outs must name that moment")
    ap.add_argument("--static", action="store_true",
                    help="a document without the page script (a standalone SVG): no data-ready, laptop viewport only")
    ap.add_argument("--screenshot-dir", default=None)
    ap.add_argument("--capture", nargs=3, metavar=("WIDTH", "SELECTOR", "OUT"),
                    help="only write a PNG of the page, WIDTH CSS pixels wide, down to the element SELECTOR")
    args = ap.parse_args()

    executable = find_chromium()
    if not executable:
        print("pagecheck: SKIP: no Chromium found", file=sys.stderr)
        return 77
    if args.capture:
        browser = Browser(executable)
        try:
            n = capture(browser, args.page, int(args.capture[0]), args.capture[1], args.capture[2])
        finally:
            browser.close()
        print("pagecheck: wrote %s (%d bytes)" % (args.capture[2], n))
        return 0
    kind = [] if args.static else ["body[data-page=%s]" % json.dumps(args.kind)]
    selectors = kind + [c.rsplit("=", 1)[0] for c in args.count]
    expected = {k: 1 for k in kind}
    expected.update({c.rsplit("=", 1)[0]: int(c.rsplit("=", 1)[1]) for c in args.count})
    shots = args.screenshot_dir or tempfile.mkdtemp(prefix="waymark-shots-")
    name = os.path.basename(args.page).replace(".", "-")
    failures = []
    browser = Browser(executable)
    try:
        viewports = [("laptop", (1280, 800, False), args.hover and not args.static)]
        if not args.static:
            viewports.append(("phone", (390, 844, True), args.hover))
        for label, (w, h, mobile), hover in viewports:
            shot = os.path.join(shots, "%s-%s.png" % (name, label))
            r = open_page(browser, args.page, w, h, mobile, counts=selectors, hover=hover, screenshot=shot, full_page=True,
                          scripted=not args.static, scrub=args.scrub)
            where = "%s at %s (%dx%d)" % (args.page, label, w, h)
            failures += ["%s: JavaScript error: %s" % (where, e) for e in r["errors"]]
            failures += ["%s: network request: %s" % (where, u) for u in r["requests"]]
            failures += ["%s: %s" % (where, p) for p in r["problems"]]
            failures += ["%s: %s" % (where, p) for p in r.get("scrub", [])]
            if args.max_segments is not None:
                failures += ["%s: %s/%s has %d segments, at most %d wanted (thin the drawing)" % (where, p["id"], sr["name"], sr["segments"], args.max_segments)
                             for p in r["plots"] for sr in p["series"] if sr["segments"] > args.max_segments]
            if not args.static and r["ready"] != str(args.plots):
                failures.append("%s: body data-ready is %r, expected %r (did the script run?)" % (where, r["ready"], str(args.plots)))
            if len(r["plots"]) != args.plots:
                failures.append("%s: %d svg.plot, expected %d" % (where, len(r["plots"]), args.plots))
            for sel, n in expected.items():
                if r["counts"].get(sel) != n:
                    failures.append("%s: %s matched %s, expected %d" % (where, sel, r["counts"].get(sel), n))
            if not args.static and r["overflow"] > 0:
                failures.append("%s: the page is %d px wider than the screen" % (where, r["overflow"]))
            if r["load_seconds"] > args.max_load_seconds:
                failures.append("%s: took %.2f s to load and run, limit %.1f s" % (where, r["load_seconds"], args.max_load_seconds))
            for plot, px in r["plot_pixels"].items():
                if px["distinct_colours"] < args.min_colours:
                    failures.append("%s: plot %s screenshot has %d colours (blank?)" % (where, plot, px["distinct_colours"]))
                if px["coloured_share"] < args.min_coloured_share:
                    failures.append("%s: plot %s screenshot has %.4f coloured pixels, want >= %.4f (curves not drawn?)"
                                    % (where, plot, px["coloured_share"], args.min_coloured_share))
            for hv in r.get("hover", []):
                if hv["shown"] != hv["expected"]:
                    failures.append("%s: hover/tap on %s shows %r, expected %r" % (where, hv["plot"], hv["shown"], hv["expected"]))
            summary = ", ".join("%s %d series %d colours %.3f coloured" % (p["id"], len(p["series"]),
                                r["plot_pixels"][p["id"]]["distinct_colours"], r["plot_pixels"][p["id"]]["coloured_share"])
                                for p in r["plots"])
            print("pagecheck: %s: loaded in %.2f s; %s; %d hover/tap read-outs checked%s; screenshot %s"
                  % (where, r["load_seconds"], summary, len(r.get("hover", [])),
                     "; timelines scrubbed" if args.scrub else "", shot))
    finally:
        browser.close()
    for f in failures:
        print("pagecheck: FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

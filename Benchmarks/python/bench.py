#!/usr/bin/env python3
"""Waymark from Python against pymap3d and pyproj on 1,000,000 points, in one run:

  geodetic -> ENU:  waymark.pymap3d.geodetic2enu (separate lat/lon/h arrays, as pymap3d)
                    and waymark.Frame.forward ((n, 3) float64, read in place)
                    vs pymap3d.geodetic2enu (numpy-vectorised)
                    and a pyproj Transformer (cart + topocentric pipeline)
  geodesic inverse: waymark.geodesic_inverse_batch (one origin, lines up to 10 km)
                    vs pyproj.Geod.inv on the same lines
  two threads:      waymark.Frame.forward on the two halves from two threads at once
                    (the batch calls release the GIL: up to 2x on two idle cores)
  workers:          waymark.Frame.forward(pts, workers=k) for k = 1, 2 and the default
                    (None: every core the process may run on), each into a new array,
                    and workers=2 into a given out= (a split call with out= first checks
                    every chunk in parallel with wm_frame_check_geodetic, so that an
                    error writes nothing, then converts the chunks straight into out:
                    its cost over the plain split is the check's read of the input and
                    a second round of the pool; no scratch array, no copy)

  small calls:      waymark.pymap3d.geodetic2enu vs pymap3d.geodetic2enu on 1 point
                    (Python floats, as a per-point loop calls it), 10, 100 and 1,000
                    points (arrays), one observer; the two interleaved, each the best
                    of --repeat rounds of enough calls to take a few milliseconds

Each timing is the best of --repeat runs (wall clock, one thread unless named: the rows
without "workers" pass workers=1, so they keep their one-core meaning). Prints
times and ratios (how many times faster Waymark is); --json prints them as JSON too.
The speed-up of two threads was a unit test once; it is a measurement, so it is here
(python/tests checks that the GIL is released, without a clock).
Usage: python Benchmarks/python/bench.py [--points 1000000] [--repeat 5] [--json]
Needs: pip install ./python pymap3d pyproj
"""
import argparse
import json
import threading
import time

import numpy as np
import pymap3d
import pyproj

import waymark
import waymark.pymap3d as wp


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def small_calls(repeat, lat0, lon0, h0):
    """{points: (waymark seconds a call, pymap3d seconds a call)} for 1, 10, 100 and
    1,000 points from one observer, interleaved rounds, best of each."""
    rng = np.random.default_rng(2)
    out = {}
    for n in (1, 10, 100, 1000):
        if n == 1:
            args = (lat0 + 0.01, lon0 - 0.01, h0 + 10.0, lat0, lon0, h0)
        else:
            args = (lat0 + rng.uniform(-0.05, 0.05, n), lon0 + rng.uniform(-0.05, 0.05, n),
                    rng.uniform(100.0, 250.0, n), lat0, lon0, h0)
        calls = max(20, 20_000 // n)
        ours, theirs = [], []
        for _ in range(repeat):
            ours.append(best(lambda: [wp.geodetic2enu(*args) for _ in range(calls)], 1) / calls)
            theirs.append(best(lambda: [pymap3d.geodetic2enu(*args) for _ in range(calls)], 1) / calls)
        out[n] = (min(ours), min(theirs))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--points", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    n = args.points
    rng = np.random.default_rng(1)
    lat0, lon0, h0 = 55.7539, 37.6208, 150.0
    lat = lat0 + rng.uniform(-0.05, 0.05, n)          # within ~5 km: AR navigation's range
    lon = lon0 + rng.uniform(-0.05, 0.05, n)
    h = rng.uniform(100.0, 250.0, n)
    pts = np.column_stack([lat, lon, h])
    out = np.empty_like(pts)
    frame = waymark.Frame(lat0, lon0, h0, axes="enu")
    topo = pyproj.Transformer.from_pipeline(
        "+proj=pipeline +step +proj=axisswap +order=2,1 +step +proj=unitconvert +xy_in=deg +xy_out=rad "
        f"+step +proj=cart +ellps=WGS84 +step +proj=topocentric +ellps=WGS84 +lat_0={lat0} +lon_0={lon0} +h_0={h0}")
    geod = pyproj.Geod(ellps="WGS84")
    olat, olon = np.full(n, lat0), np.full(n, lon0)

    # Same answers first (the benchmark compares like with like).
    e, nn, u = wp.geodetic2enu(lat, lon, h, lat0, lon0, h0)
    pe, pn, pu = pymap3d.geodetic2enu(lat, lon, h, lat0, lon0, h0)
    te, tn, tu = topo.transform(lat, lon, h)
    assert max(np.abs(e - pe).max(), np.abs(nn - pn).max(), np.abs(u - pu).max()) < 1e-6
    assert max(np.abs(e - te).max(), np.abs(nn - tn).max(), np.abs(u - tu).max()) < 1e-6
    s, _, _ = waymark.geodesic_inverse_batch((lat0, lon0), pts)
    _, _, ps = geod.inv(olon, olat, lon, lat)
    assert np.abs(s - ps).max() < 1e-5

    halves = [(pts[:n // 2], out[:n // 2]), (pts[n // 2:], out[n // 2:])]

    def two_threads():
        threads = [threading.Thread(target=frame.forward, args=(p,), kwargs={"out": o, "workers": 1}) for p, o in halves]
        for th in threads:
            th.start()
        for th in threads:
            th.join()

    r = args.repeat
    cores = waymark.default_workers()
    t = {
        "waymark.pymap3d.geodetic2enu": best(lambda: wp.geodetic2enu(lat, lon, h, lat0, lon0, h0, workers=1), r),
        "waymark.Frame.forward": best(lambda: frame.forward(pts, out=out, workers=1), r),
        "waymark.Frame.forward, two threads": best(two_threads, r),
        "waymark.Frame.forward, workers=1": best(lambda: frame.forward(pts, workers=1), r),
        "waymark.Frame.forward, workers=2": best(lambda: frame.forward(pts, workers=2), r),
        f"waymark.Frame.forward, workers=None ({cores})": best(lambda: frame.forward(pts), r),
        "waymark.Frame.forward, workers=2, out=": best(lambda: frame.forward(pts, out=out, workers=2), r),
        "pymap3d.geodetic2enu": best(lambda: pymap3d.geodetic2enu(lat, lon, h, lat0, lon0, h0), r),
        "pyproj Transformer (cart+topocentric)": best(lambda: topo.transform(lat, lon, h), r),
        "waymark.geodesic_inverse_batch": best(lambda: waymark.geodesic_inverse_batch((lat0, lon0), pts, workers=1), r),
        "pyproj.Geod.inv": best(lambda: geod.inv(olon, olat, lon, lat), r),
    }
    ratios = {
        "geodetic2enu vs pymap3d (drop-in, lat/lon/h arrays)": t["pymap3d.geodetic2enu"] / t["waymark.pymap3d.geodetic2enu"],
        "geodetic2enu vs pymap3d (Frame.forward, (n, 3) in place)": t["pymap3d.geodetic2enu"] / t["waymark.Frame.forward"],
        "geodetic2enu vs pyproj Transformer (drop-in)": t["pyproj Transformer (cart+topocentric)"] / t["waymark.pymap3d.geodetic2enu"],
        "geodetic2enu vs pyproj Transformer (Frame.forward)": t["pyproj Transformer (cart+topocentric)"] / t["waymark.Frame.forward"],
        "geodesic inverse vs pyproj.Geod.inv (lines <= 7 km)": t["pyproj.Geod.inv"] / t["waymark.geodesic_inverse_batch"],
        "Frame.forward, two threads vs one": t["waymark.Frame.forward"] / t["waymark.Frame.forward, two threads"],
        "Frame.forward, workers=2 vs workers=1": t["waymark.Frame.forward, workers=1"] / t["waymark.Frame.forward, workers=2"],
        f"Frame.forward, default ({cores} workers) vs workers=1":
            t["waymark.Frame.forward, workers=1"] / t[f"waymark.Frame.forward, workers=None ({cores})"],
        "Frame.forward, workers=2 with out= vs workers=1 with out=":
            t["waymark.Frame.forward"] / t["waymark.Frame.forward, workers=2, out="],
    }
    small = small_calls(r, lat0, lon0, h0)
    print(f"{n:,} points, best of {r}, libwaymark {waymark.version()} ({waymark.cpu_path()} path), "
          f"pymap3d {pymap3d.__version__}, pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str})")
    for k, v in t.items():
        print(f"  {k:45s} {v * 1e3:9.2f} ms  ({v / n * 1e9:7.2f} ns/point)")
    print("ratios (times faster):")
    for k, v in ratios.items():
        print(f"  {k:60s} {v:7.1f}x")
    print("small calls, waymark.pymap3d.geodetic2enu vs pymap3d.geodetic2enu (one observer; 1 point: floats):")
    for k, (ours, theirs) in small.items():
        print(f"  {k:>9,} points  {ours * 1e6:9.2f} us  vs {theirs * 1e6:9.2f} us  {theirs / ours:7.1f}x")
    print(f"  {n:>9,} points  {t['waymark.pymap3d.geodetic2enu'] * 1e6:9.0f} us  vs "
          f"{t['pymap3d.geodetic2enu'] * 1e6:9.0f} us  {ratios['geodetic2enu vs pymap3d (drop-in, lat/lon/h arrays)']:7.1f}x"
          " (workers=1)")
    if args.json:
        print(json.dumps({"points": n, "seconds": t, "ratios": ratios,
                          "small_calls": {str(k): {"waymark": v[0], "pymap3d": v[1], "ratio": v[1] / v[0]}
                                          for k, v in small.items()}}, indent=2))


if __name__ == "__main__":
    main()

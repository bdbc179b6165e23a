#!/usr/bin/env python3
"""Exact geodetic -> local east-north-up vectors (WGS-84) in 50-digit arithmetic.

    python3 Tests/Data/tools/make_enu_exact.py generate OUT.csv [TEST_POINTS.csv]   # default: the suites' rows of ../enu_exact_wgs84.csv
    python3 Tests/Data/tools/make_enu_exact.py verify [FILE.csv]   # default: ../enu_exact_wgs84.csv

The oracle is mpmath (PyPI, BSD-3-Clause; written with 1.3.0) at 50 significant
digits: ECEF of the point and of the origin by the closed form
    X = (N + h) cos(lat) cos(lon), Y = (N + h) cos(lat) sin(lon), Z = (N (1 - e^2) + h) sin(lat),
    N = a / sqrt(1 - e^2 sin^2(lat)),
their difference, rotated into east, north, up at the origin. Every input is a binary64
number printed so that it reads back exactly (Python's repr), and is taken exactly, so the
reference is the exact ENU of the very doubles a test passes, to about 1e-40 m before it is
printed; it is printed to 1e-13 m, finer than a double's spacing at a metre and beyond,
so a test reading it as a double carries only the half-ulp of that double.

This is the reference without PROJ's round-off: PROJ's cart + topocentric pipeline rounds
both ECEF positions (about 6.4e6 m, spacing 9.3e-10 m) before subtracting them.

Kinds of rows (seeded, seed 39; a fixed recipe, so `generate` reproduces the file byte for
byte with the same mpmath and Python):
  near   points 0.1 m - 20 km from the origin (log-uniform distance), heights -500 ... 10,000 m
  wide   20 - 150 km (across the kernels' 1-degree near/far boundary), heights -500 ... 10,000 m
  edge   latitude or longitude offset of 1 degree less or more 1e-9 degree .. 1e-3 degree
  high   within 20 km, heights 10 km ... 1,000 km above or 10 km below the origin
plus the rows of TEST_POINTS.csv (kind,lat0,lon0,h0,lat,lon,h; without it, the rows of the
committed file whose kind is none of the above): the Swift suites' own geo -> scene points,
printed once from the tests' generators with Swift's shortest round-trip text
(FastPathTests.geoToSceneAgainstPROJ, seed 23: kind fastpath23; CPUDispatchTests.geoToScene,
seed 41: dispatch41; SceneFrameTests.localTangentFrameBatches' 500 m ring: sceneframe500).

Origins: the suites' fixed origins (poles, 89.99, -89.99, 89.9/180, the equator at +-180,
Moscow 55.73397/37.58864 and 55.73/37.601, Sydney -33.9/151.2) and 40 random ones (uniform
latitude -89.9 ... 89.9, longitude -180 ... 180, heights -100 ... 3000 m).

`verify` recomputes east, north, up of every row from its own inputs and reports the
largest difference (0 for an unchanged oracle).
"""
import csv
import math
import os
import random
import sys

from mpmath import mp, mpf, sin, cos, sqrt, pi

mp.dps = 50
A = mpf(6378137)
F = 1 / mpf("298.257223563")
E2 = F * (2 - F)
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT = os.path.join(os.path.dirname(HERE), "enu_exact_wgs84.csv")
HEADER = ["kind", "lat0", "lon0", "h0", "lat", "lon", "h", "east", "north", "up"]


def ecef(lat, lon, h):
    p, l = mpf(lat) * pi / 180, mpf(lon) * pi / 180
    sp, cp, sl, cl = sin(p), cos(p), sin(l), cos(l)
    n = A / sqrt(1 - E2 * sp * sp)
    return ((n + mpf(h)) * cp * cl, (n + mpf(h)) * cp * sl, (n * (1 - E2) + mpf(h)) * sp)


def enu(lat0, lon0, h0, lat, lon, h):
    x0, y0, z0 = ecef(lat0, lon0, h0)
    x, y, z = ecef(lat, lon, h)
    dx, dy, dz = x - x0, y - y0, z - z0
    p, l = mpf(lat0) * pi / 180, mpf(lon0) * pi / 180
    sp, cp, sl, cl = sin(p), cos(p), sin(l), cos(l)
    e = -sl * dx + cl * dy
    n = -sp * cl * dx - sp * sl * dy + cp * dz
    u = cp * cl * dx + cp * sl * dy + sp * dz
    return e, n, u


def fixed(v):
    # 13 decimals: 1e-13 m, below a double's spacing at 1 m and beyond.
    r = mp.nint(v * mpf(10) ** 13)
    neg = r < 0
    digits = str(int(abs(r))).rjust(14, "0")
    text = digits[:-13] + "." + digits[-13:]
    return ("-" if neg and r != 0 else "") + text


def wrap(lon):
    lon = math.fmod(lon + 180.0, 360.0)
    if lon < 0:
        lon += 360.0
    return lon - 180.0


def offset_point(lat0, lon0, distance, azimuth):
    """A point about `distance` metres from the origin on `azimuth` (local metres per degree;
    the reference does not depend on how the point was chosen)."""
    r = math.radians(lat0)
    m = 6335439.0 / (1 - 0.00669438 * math.sin(r) ** 2) ** 1.5
    n = 6378137.0 / math.sqrt(1 - 0.00669438 * math.sin(r) ** 2)
    lat = lat0 + math.degrees(distance * math.cos(math.radians(azimuth)) / m)
    c = max(math.cos(r), 1e-6)
    lon = lon0 + math.degrees(distance * math.sin(math.radians(azimuth)) / (n * c))
    if lat > 90:
        lat, lon = 180 - lat, lon + 180
    if lat < -90:
        lat, lon = -180 - lat, lon + 180
    return lat, wrap(lon)


def rows_of_recipe():
    rng = random.Random(39)
    origins = [(90.0, 0.0), (-90.0, 45.0), (89.99, 12.5), (-89.99, -100.0), (89.9, 180.0), (0.0, -180.0),
               (0.0, 179.9999), (10.0, 179.999), (55.73397, 37.58864), (55.73, 37.601), (-33.9, 151.2)]
    origins = [(la, lo, rng.uniform(-100, 3000)) for la, lo in origins]
    origins += [(rng.uniform(-89.9, 89.9), rng.uniform(-180, 180), rng.uniform(-100, 3000)) for _ in range(40)]
    out = []
    for lat0, lon0, h0 in origins:
        for _ in range(30):
            d = math.exp(rng.uniform(math.log(0.1), math.log(20000)))
            la, lo = offset_point(lat0, lon0, d, rng.uniform(-180, 180))
            out.append(("near", lat0, lon0, h0, la, lo, rng.uniform(-500, 10000)))
        for _ in range(8):
            la, lo = offset_point(lat0, lon0, rng.uniform(20000, 150000), rng.uniform(-180, 180))
            out.append(("wide", lat0, lon0, h0, la, lo, rng.uniform(-500, 10000)))
        for k in range(4):
            eps = 10 ** rng.uniform(-9, -3) * (1 if k % 2 else -1)
            sign = 1 if rng.random() < 0.5 else -1
            small = rng.uniform(-0.5, 0.5)
            if k < 2:
                la, lo = lat0 + sign * (1 + eps), lon0 + small
            else:
                la, lo = lat0 + small, lon0 + sign * (1 + eps)
            if abs(la) > 90:
                continue
            out.append(("edge", lat0, lon0, h0, la, wrap(lo), rng.uniform(-500, 10000)))
        for k in range(3):
            la, lo = offset_point(lat0, lon0, rng.uniform(0, 20000), rng.uniform(-180, 180))
            h = h0 - 10000 if k == 0 else h0 + 10 ** rng.uniform(4, 6)
            out.append(("high", lat0, lon0, h0, la, lo, h))
    return out


def line(kind, lat0, lon0, h0, lat, lon, h):
    e, n, u = enu(lat0, lon0, h0, lat, lon, h)
    return [kind, repr(float(lat0)), repr(float(lon0)), repr(float(h0)), repr(float(lat)), repr(float(lon)),
            repr(float(h)), fixed(e), fixed(n), fixed(u)]


RECIPE_KINDS = {"near", "wide", "edge", "high"}


def generate(path, test_points=None):
    rows = rows_of_recipe()
    with open(test_points or DEFAULT, newline="") as f:
        for r in csv.reader(f):
            if r and r[0] != "kind" and r[0] not in RECIPE_KINDS:
                rows.append((r[0],) + tuple(float(v) for v in r[1:7]))
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(HEADER)
        for r in rows:
            w.writerow(line(*r))
    print(f"{path}: {len(rows)} rows")


def verify(path):
    worst = mpf(0)
    count = 0
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            e, n, u = enu(*(float(r[k]) for k in ("lat0", "lon0", "h0", "lat", "lon", "h")))
            for got, want in ((e, r["east"]), (n, r["north"]), (u, r["up"])):
                worst = max(worst, abs(mpf(fixed(got)) - mpf(want)))
            count += 1
    print(f"{path}: {count} rows, largest difference from the recomputed reference {mp.nstr(worst, 3)} m")
    return worst == 0


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "generate":
        generate(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
    elif len(sys.argv) >= 2 and sys.argv[1] == "verify":
        sys.exit(0 if verify(sys.argv[2] if len(sys.argv) > 2 else DEFAULT) else 1)
    else:
        print(__doc__)
        sys.exit(2)

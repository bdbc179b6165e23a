#!/usr/bin/env python3
"""Generator and verifier of Waymark's computed reference vectors.

    python3 Tests/Data/tools/testdata.py verify            # recompute the committed files
    python3 Tests/Data/tools/testdata.py generate OUTDIR   # write fresh files (same recipe)

The oracles are Karney's geographiclib (PyPI, 2.x) for geodesics and PROJ through pyproj
(PyPI) for the cart + topocentric pipeline. Test tooling only: the Swift and C tests read
the committed CSV files and never run Python. Install the oracles with
`pip install geographiclib==2.1 pyproj`.

`verify` recomputes every reference column of geodesic_wgs84.csv and enu_wgs84.csv from
the file's own input columns, so anyone can check the committed numbers with today's
oracles. The references were computed from unrounded inputs, and the files print inputs
to 1e-12 degree (~0.1 um) and heights to 1e-6 m, so agreement is bounded by that rounding:
distances within 2e-7 m, ENU within 1.5e-6 m, azimuths within 1e-7 degree on lines of
1 km or more that are not near-antipodal (shorter lines' azimuths are not determined by
the printed inputs; the Swift tests compare those through positions).
`generate` follows the recipe of the committed files (kinds and ranges below) with a
seeded generator; its output is equivalent, not byte-identical, to the committed files
(made by an earlier script with seed 1 and geographiclib 2.1 / PROJ 9.5.1).
"""
import csv
import math
import os
import random
import sys

from geographiclib.geodesic import Geodesic
from pyproj import Transformer

GEOD = Geodesic.WGS84
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)


def enu_transformer(lat0, lon0, h0):
    return Transformer.from_pipeline(
        "+proj=pipeline +step +proj=cart +ellps=WGS84 "
        f"+step +proj=topocentric +ellps=WGS84 +lat_0={lat0!r} +lon_0={lon0!r} +h_0={h0!r}")


def azimuth_difference(a, b):
    return abs((a - b + 180.0) % 360.0 - 180.0)


def verify_geodesics(path):
    worst_s = worst_a = 0.0
    rows = 0
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            g = GEOD.Inverse(float(r["lat1"]), float(r["lon1"]), float(r["lat2"]), float(r["lon2"]))
            worst_s = max(worst_s, abs(g["s12"] - float(r["s12_m"])))
            # Azimuths of near-antipodal lines are ill-conditioned in the printed inputs;
            # compare them through the position error they cause instead (as the tests do).
            da = max(azimuth_difference(g["azi1"], float(r["azi1_deg"])),
                     azimuth_difference(g["azi2"], float(r["azi2_deg"])))
            if r["kind"] != "antipodal" and g["s12"] >= 1000:
                worst_a = max(worst_a, da)
            rows += 1
    print(f"{os.path.basename(path)}: {rows} rows, worst distance {worst_s:.2e} m, "
          f"worst azimuth {worst_a:.2e} deg (lines >= 1 km, not near-antipodal)")
    return worst_s <= 2e-7 and worst_a <= 1e-7


def verify_enu(path):
    worst = 0.0
    rows = 0
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            t = enu_transformer(float(r["lat0"]), float(r["lon0"]), float(r["h0_m"]))
            e, n, u = t.transform(float(r["lon"]), float(r["lat"]), float(r["h_m"]))
            worst = max(worst, abs(e - float(r["east_m"])), abs(n - float(r["north_m"])),
                        abs(u - float(r["up_m"])))
            rows += 1
    print(f"{os.path.basename(path)}: {rows} rows, worst ENU component {worst:.2e} m")
    return worst <= 1.5e-6


def generate(outdir, seed=1):
    rng = random.Random(seed)
    os.makedirs(outdir, exist_ok=True)
    kinds = ["short"] * 500 + ["medium"] * 600 + ["long"] * 1000 + ["antipodal"] * 300 \
        + ["pole"] * 300 + ["dateline"] * 300
    with open(os.path.join(outdir, "geodesic_wgs84.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "lat1", "lon1", "lat2", "lon2", "s12_m", "azi1_deg", "azi2_deg"])
        for kind in kinds:
            lat1 = math.degrees(math.asin(rng.uniform(-1, 1)))
            lon1 = rng.uniform(-180, 180)
            azi = rng.uniform(-180, 180)
            if kind == "short":
                s = 10 ** rng.uniform(-2, 1)
            elif kind == "medium":
                s = 10 ** rng.uniform(1, 4)
            elif kind == "long":
                s = 10 ** rng.uniform(4, math.log10(2e7))
            elif kind == "antipodal":
                s = 2e7 - 10 ** rng.uniform(0, 5)
            elif kind == "pole":
                lat1 = math.copysign(rng.uniform(89, 90), rng.uniform(-1, 1))
                s = 10 ** rng.uniform(1, 6)
            else:  # dateline: start near +-180 heading across it
                lon1 = math.copysign(rng.uniform(179, 180), rng.uniform(-1, 1))
                azi = rng.uniform(20, 160) * (1 if lon1 > 0 else -1)
                s = 10 ** rng.uniform(2, 5.5)
            d = GEOD.Direct(lat1, lon1, azi, s)
            lat1, lon1, lat2, lon2 = (round(v, 12) for v in (lat1, lon1, d["lat2"], d["lon2"]))
            g = GEOD.Inverse(lat1, lon1, lat2, lon2)
            w.writerow([kind, f"{lat1:.12f}", f"{lon1:.12f}", f"{lat2:.12f}", f"{lon2:.12f}",
                        f"{g['s12']:.9f}", f"{g['azi1']:.12f}", f"{g['azi2']:.12f}"])
    with open(os.path.join(outdir, "enu_wgs84.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["lat0", "lon0", "h0_m", "lat", "lon", "h_m", "east_m", "north_m", "up_m"])
        for i in range(2000):
            lat0 = rng.uniform(80, 90) * rng.choice([-1, 1]) if i % 10 == 0 \
                else math.degrees(math.asin(rng.uniform(-1, 1)))
            lon0, h0 = rng.uniform(-180, 180), rng.uniform(-500, 5000)
            d = GEOD.Direct(lat0, lon0, rng.uniform(-180, 180), 10 ** rng.uniform(-1, math.log10(5e4)))
            lat, lon, h = d["lat2"], d["lon2"], h0 + rng.uniform(-1000, 1000)
            lat0, lon0, lat, lon = (round(v, 12) for v in (lat0, lon0, lat, lon))
            h0, h = round(h0, 6), round(h, 6)
            e, n, u = enu_transformer(lat0, lon0, h0).transform(lon, lat, h)
            w.writerow([f"{lat0:.12f}", f"{lon0:.12f}", f"{h0:.6f}", f"{lat:.12f}", f"{lon:.12f}",
                        f"{h:.6f}", f"{e:.9f}", f"{n:.9f}", f"{u:.9f}"])
    print(f"wrote {outdir}/geodesic_wgs84.csv and {outdir}/enu_wgs84.csv (seed {seed})")


def main(argv):
    if len(argv) >= 2 and argv[1] == "verify":
        ok = verify_geodesics(os.path.join(DATA, "geodesic_wgs84.csv"))
        ok = verify_enu(os.path.join(DATA, "enu_wgs84.csv")) and ok
        return 0 if ok else 1
    if len(argv) >= 3 and argv[1] == "generate":
        generate(argv[2], int(argv[3]) if len(argv) > 3 else 1)
        return 0
    print(__doc__, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Reference EGM96 undulations at 15' cell centres, as NGA's interpolation program gives them.

Writes Tests/Data/geoid_egm96_nga_cell_centres.csv. Test tooling only: the Swift and C
tests read the CSV and never run this script.

What "NGA-equivalent" means here
--------------------------------
NGA distributes the 15' EGM96 grid WW15MGH.GRD with INTPT.F, the program it documents for
interpolating that grid (H. Denker's INTERP with R. Forsberg's equidistant spline, set up by
R. H. Rapp and NIMA, 1996). With its setting IWINDO = 4 it takes the 4 x 4 nodes around a
point, fits a natural ("free end") cubic spline through each of the 4 rows at the point's
longitude, then one natural spline through those 4 values at its latitude. This script
re-implements that algorithm (not its code) in numpy and checks it three ways:
  1. against the six results NGA publishes in its README's sample OUTINTPT.DAT (to the
     printed millimetre; the worst is 0.68 mm): Tests/Data/external/geoid_egm96_reference_values.csv;
  2. against scipy's CubicSpline(bc_type="natural") on the same windows (an independent
     spline solver);
  3. at grid nodes, where every interpolant must return the node.
INTPT refuses points whose 4 x 4 window would leave the grid: within 0.25 deg of a pole,
so the reference covers cell rows -89.75..89.75.

The grid values are NGA's, to the millimetre, from Debian's octave-mapping 1.4.2-3
(data/egm96geoid.mat: WW15MGH as 721 x 1441 float32, north row first, lon 0..360). That
copy has 50 nodes with a dropped digit (e.g. -4.71 for -4.971, up to 0.79 m off, each a
value that is the PROJ grid's millimetre value with one digit
left out); at those nodes the PROJ grid egm96_15.gtx (Debian
proj-data) agrees with the neighbours, and its value rounded to the millimetre is used.
At every other node the two files agree to 0.5 mm.

Points: 21,600 cell centres on a deterministic lattice (every 4th cell row from the
second, 120 cells per row, staggered), plus the 200 cell centres, from the scan of all
1,033,920 centres NGA's program interpolates, where PROJ's bilinear value is furthest from
NGA's and the 200 where NGA's spline evaluated on egm96_15.gtx (Waymark's cubic) is
furthest from NGA's spline on WW15MGH, so the file holds the worst case of the full scan.

Usage (Debian, numpy and scipy from PyPI):
    python3 Tests/Data/tools/make_geoid_reference.py [--gtx /usr/share/proj/egm96_15.gtx]
        [--mat path/to/egm96geoid.mat]   # default: apt-get download octave-mapping
"""
import argparse
import csv
import glob
import hashlib
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
import scipy.io
from scipy.interpolate import CubicSpline

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
OUT = os.path.join(DATA, "geoid_egm96_nga_cell_centres.csv")
PUBLISHED = os.path.join(DATA, "external", "geoid_egm96_reference_values.csv")
ROWS, COLS = 721, 1440          # nodes S->N, W->E (lon -180..179.75 in the gtx)


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def read_gtx(path):
    """egm96_15.gtx: 40-byte big-endian header (4 doubles, 2 int32) and float32 rows S->N."""
    with open(path, "rb") as f:
        raw = f.read()
    south, west, dlat, dlon, rows, cols = struct.unpack(">4d2i", raw[:40])
    assert (south, west, dlat, dlon, rows, cols) == (-90.0, -180.0, 0.25, 0.25, ROWS, COLS), "unexpected gtx header"
    assert len(raw) == 40 + 4 * rows * cols
    g = np.frombuffer(raw[40:], dtype=">f4").astype(np.float64).reshape(rows, cols)
    return np.roll(g, -720, axis=1)             # column 0 = lon 0, as NGA's grid


def find_mat(arg):
    if arg:
        return arg
    tmp = tempfile.mkdtemp(prefix="octave-mapping-")
    subprocess.run(["apt-get", "download", "octave-mapping=1.4.2-3"], cwd=tmp, check=True)
    deb = glob.glob(os.path.join(tmp, "octave-mapping_*.deb"))[0]
    subprocess.run(["dpkg-deb", "-x", deb, os.path.join(tmp, "x")], check=True)
    return glob.glob(os.path.join(tmp, "x", "**", "egm96geoid.mat"), recursive=True)[0]


def ww15mgh(mat_path, gtx):
    """NGA's node values, S->N rows, lon 0..359.75, to the millimetre."""
    m = scipy.io.loadmat(mat_path)["egm96"].astype(np.float64)
    assert m.shape == (721, 1441) and np.array_equal(m[:, 0], m[:, 1440])
    m = m[::-1, :1440].copy()
    raw = m.copy()
    assert np.max(np.abs(np.round(m, 3) - m)) < 1e-5          # millimetre values in float32
    bad = np.abs(m - gtx) > 0.001
    assert bad.sum() == 50, bad.sum()
    for i, j in np.argwhere(bad):                              # each is the gtx value, one digit lost
        text = f"{gtx[i, j]:.3f}"
        shortened = {round(float(text[:k] + text[k + 1:]), 3) for k in range(len(text)) if text[k] not in "-."}
        assert round(m[i, j], 3) in shortened, (i, j, m[i, j], gtx[i, j])
    m[bad] = np.round(gtx[bad], 3)
    assert np.max(np.abs(m - gtx)) <= 0.00051
    return np.round(m, 3).astype(np.float32).astype(np.float64), raw, int(bad.sum())  # REAL*4, as INTPT holds it


def natural_spline_at(y, x):
    """Forsberg's equidistant natural spline through y[..., 0:4] (nodes 0..3), at x in [1, 2).

    Moments r0 = r3 = 0; r1, r2 from the tridiagonal system (Stoer 1972, p. 82 and 86)."""
    y0, y1, y2, y3 = y[..., 0], y[..., 1], y[..., 2], y[..., 3]
    d1 = 3 * (y2 - 2 * y1 + y0)
    d2 = 3 * (y3 - 2 * y2 + y1)
    # 2 r1 + r2/2 = d1, r1/2 + 2 r2 = d2
    r2 = (d2 - d1 / 4) / (2 - 1 / 8)
    r1 = (d1 - r2 / 2) / 2
    t = x - 1
    return y1 + t * ((y2 - y1 - r1 / 3 - r2 / 6) + t * (r1 / 2 + t * (r2 - r1) / 6))


def nga_intpt(grid, lat, lon):
    """NGA INTPT.F, IWINDO = 4, on a 721 x 1440 grid (S->N, lon 0..359.75), vectorised."""
    lat = np.asarray(lat, dtype=np.float64)
    lon = np.mod(np.asarray(lon, dtype=np.float64), 360.0)
    ri = (lat + 90.0) / 0.25
    rj = lon / 0.25
    i1 = np.floor(ri).astype(int)
    j1 = np.floor(rj).astype(int)
    assert np.all(i1 >= 1) and np.all(i1 <= 718), "INTPT does not interpolate within 0.25 deg of a pole"
    rows = i1[:, None] + np.arange(-1, 3)[None, :]                       # (n, 4)
    cols = np.mod(j1[:, None] + np.arange(-1, 3)[None, :], 1440)         # (n, 4)
    window = grid[rows[:, :, None], cols[:, None, :]]                    # (n, 4 rows, 4 cols)
    along = natural_spline_at(window, (rj - j1)[:, None] + 1)            # (n, 4)
    return natural_spline_at(along, (ri - i1) + 1)


def nga_intpt_scipy(grid, lat, lon):
    """The same windows through scipy's natural spline: an independent check of the solver."""
    out = []
    for a, b in zip(lat, lon):
        b = b % 360.0
        ri, rj = (a + 90) / 0.25, b / 0.25
        i1, j1 = int(np.floor(ri)), int(np.floor(rj))
        w = grid[np.ix_(np.arange(i1 - 1, i1 + 3), np.mod(np.arange(j1 - 1, j1 + 3), 1440))]
        along = [CubicSpline([-1, 0, 1, 2], r, bc_type="natural")(rj - j1) for r in w]
        out.append(float(CubicSpline([-1, 0, 1, 2], along, bc_type="natural")(ri - i1)))
    return np.array(out)


def bilinear(grid, lat, lon):
    """PROJ vgridshift's interpolation of egm96_15.gtx."""
    lon = np.mod(lon, 360.0)
    ri, rj = (lat + 90) / 0.25, lon / 0.25
    i, j = np.floor(ri).astype(int), np.floor(rj).astype(int)
    fi, fj = ri - i, rj - j
    i = np.minimum(i, ROWS - 2)
    j0, j1 = np.mod(j, 1440), np.mod(j + 1, 1440)
    return ((1 - fi) * ((1 - fj) * grid[i, j0] + fj * grid[i, j1])
            + fi * ((1 - fj) * grid[i + 1, j0] + fj * grid[i + 1, j1]))


def signed_lon(lon):
    lon = np.mod(lon, 360.0)
    return np.where(lon >= 180.0, lon - 360.0, lon)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gtx", default="/usr/share/proj/egm96_15.gtx")
    ap.add_argument("--mat", default=None)
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()

    gtx = read_gtx(args.gtx)
    mat = find_mat(args.mat)
    nga, octave_as_is, repaired = ww15mgh(mat, gtx)
    print(f"gtx  {args.gtx} sha256 {sha256(args.gtx)}")
    print(f"mat  {mat} sha256 {sha256(mat)} ({repaired} digit-dropped nodes replaced)")

    # 1. NGA's published OUTINTPT.DAT (printed to mm).
    pub = [r for r in csv.DictReader(open(PUBLISHED)) if r["case"] == "nga_outintpt"]
    got = nga_intpt(nga, [float(r["lat"]) for r in pub], [float(r["lon"]) for r in pub])
    worst_pub = max(abs(g - float(r["N_m"])) for g, r in zip(got, pub))
    print(f"NGA OUTINTPT.DAT: {len(pub)} points, worst {worst_pub * 1000:.3f} mm")
    assert worst_pub <= 0.001, worst_pub                      # 5 of 6 within 0.5 mm, one 0.68 mm

    # The scan: every cell centre INTPT interpolates (cell rows 1..718).
    ci, cj = np.meshgrid(np.arange(1, 719), np.arange(1440), indexing="ij")
    lat_all = -90 + 0.25 * ci.ravel() + 0.125
    lon_all = 0.25 * cj.ravel() + 0.125
    ref_all = nga_intpt(nga, lat_all, lon_all)
    bil_all = bilinear(gtx, lat_all, lon_all)
    cub_all = nga_intpt(gtx, lat_all, lon_all)
    d_bil, d_cub = np.abs(bil_all - ref_all), np.abs(cub_all - ref_all)
    moved = np.abs(nga_intpt(octave_as_is, lat_all, lon_all) - ref_all)
    print(f"the Octave copy as it is would move NGA's values by more than 1 cm in {(moved > 0.01).sum()} cells,"
          f" by up to {moved.max():.3f} m")
    print(f"scan of {lat_all.size} cell centres: bilinear worst {d_bil.max():.4f} m rms {np.sqrt(np.mean(d_bil ** 2)):.4f} m;"
          f" cubic worst {d_cub.max() * 1000:.3f} mm rms {np.sqrt(np.mean(d_cub ** 2)) * 1000:.3f} mm")

    # 2. An independent spline solver on a sample of the scan.
    rng = np.random.default_rng(20261122)
    pick = rng.choice(lat_all.size, 2000, replace=False)
    alt = nga_intpt_scipy(nga, lat_all[pick], lon_all[pick])
    assert np.max(np.abs(alt - ref_all[pick])) < 1e-9

    # 3. Nodes: every interpolant returns the node.
    ni, nj = rng.integers(1, 719, 500), rng.integers(0, 1440, 500)
    at_nodes = nga_intpt(nga, -90 + 0.25 * ni, 0.25 * nj)
    assert np.max(np.abs(at_nodes - nga[ni, nj])) < 1e-9

    # The lattice: every 4th cell row from row 1, 120 cells a row, staggered by 5 per row.
    lattice = []
    for k, i in enumerate(range(1, 719, 4)):
        for j in range((5 * k) % 12, 1440, 12):
            lattice.append((i - 1) * 1440 + j)                 # index into the scan
    lattice = np.array(lattice)
    chosen = set(lattice.tolist())
    worst_bil = [int(x) for x in np.argsort(-d_bil) if int(x) not in chosen][:200]
    chosen.update(worst_bil)
    worst_cub = [int(x) for x in np.argsort(-d_cub) if int(x) not in chosen][:200]

    rows = [("lattice", x) for x in lattice] + [("bilinear_worst", x) for x in worst_bil] + [("cubic_worst", x) for x in worst_cub]
    with open(args.out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["kind", "lat", "lon", "N_m"])
        for kind, x in rows:
            w.writerow([kind, f"{lat_all[x]:.3f}", f"{float(signed_lon(lon_all[x])):.3f}", f"{ref_all[x]:.6f}"])
    lat_l, d_l_bil, d_l_cub = lat_all[lattice], d_bil[lattice], d_cub[lattice]
    print(f"lattice {lattice.size} points: bilinear worst {d_l_bil.max():.4f} m rms {np.sqrt(np.mean(d_l_bil ** 2)):.4f} m;"
          f" cubic worst {d_l_cub.max() * 1000:.3f} mm rms {np.sqrt(np.mean(d_l_cub ** 2)) * 1000:.3f} mm")
    print(f"bilinear above 0.5 m in the scan: {(d_bil > 0.5).sum()}; above 0.1 m: {(d_bil > 0.1).sum()}")
    print(f"wrote {len(rows)} rows to {args.out}")


if __name__ == "__main__":
    sys.exit(main())

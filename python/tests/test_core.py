"""Frames, geodesics, datums, geoid and CRS transforms against pyproj / PROJ, external
truth in Tests/Data and the CLI's golden outputs."""
import threading
import tracemalloc

import numpy as np
import pytest

import waymark
from waymark import _lib
from conftest import DATA, GOLDEN, nearby, random_points

pyproj = pytest.importorskip("pyproj")


def pyproj_enu(origin, pts):
    lat0, lon0, h0 = (float(v) for v in origin)
    t = pyproj.Transformer.from_pipeline(
        f"+proj=pipeline +step +proj=axisswap +order=2,1 +step +proj=unitconvert +xy_in=deg +xy_out=rad "
        f"+step +proj=cart +ellps=WGS84 +step +proj=topocentric +ellps=WGS84 +lat_0={lat0!r} +lon_0={lon0!r} +h_0={h0!r}")
    return np.column_stack(t.transform(pts[:, 0], pts[:, 1], pts[:, 2]))


# ---- frames -------------------------------------------------------------------------

def test_forward_matches_pyproj_topocentric(rng):
    """10,000 points within ~50 km of 20 origins: |waymark - PROJ cart+topocentric| < 1e-6 m
    (measured: ~1e-9 m)."""
    worst = 0.0
    for origin in random_points(rng, 20, h=(-50, 2000)):
        pts = nearby(rng, origin, 500)
        ours = waymark.Frame(*origin, axes="enu").forward(pts)
        worst = max(worst, np.abs(ours - pyproj_enu(origin, pts)).max())
    assert worst < 1e-6, worst


def test_forward_matches_external_truth():
    """Tests/Data/enu_wgs84.csv (2,000 independent ENU values printed to 1e-9 m)."""
    d = np.genfromtxt(DATA / "enu_wgs84.csv", delimiter=",", names=True)
    worst = 0.0
    for row in d:
        enu = waymark.Frame(row["lat0"], row["lon0"], row["h0_m"]).forward([row["lat"], row["lon"], row["h_m"]])
        worst = max(worst, np.abs(enu - [row["east_m"], row["north_m"], row["up_m"]]).max())
    assert worst < 1e-6, worst


def test_axes_conventions_and_round_trip(rng):
    origin = (48.85, 2.35, 35.0)
    pts = nearby(rng, origin, 5000, 0.9)
    enu = waymark.Frame(*origin, axes="enu").forward(pts)
    eus = waymark.Frame(*origin, axes="eus").forward(pts)
    eun = waymark.Frame(*origin, axes="eun").forward(pts)
    np.testing.assert_allclose(eus, np.column_stack([enu[:, 0], enu[:, 2], -enu[:, 1]]), rtol=0, atol=1e-9)
    np.testing.assert_allclose(eun, np.column_stack([enu[:, 0], enu[:, 2], enu[:, 1]]), rtol=0, atol=1e-9)
    for axes, scene in (("enu", enu), ("eus", eus), ("eun", eun)):
        back = waymark.Frame(*origin, axes=axes).reverse(scene)
        assert np.abs(back[:, :2] - pts[:, :2]).max() < 1e-11
        assert np.abs(back[:, 2] - pts[:, 2]).max() < 1e-6


def test_estimate_moves_and_turns_the_scene():
    f = waymark.Frame(55.0, 37.0, 0.0, axes="enu")
    north = waymark.geodesic_direct((55.0, 37.0, 0.0), 0.0, 100.0)[0]
    f.set_estimate((10.0, 20.0, 1.0), 90.0)      # true = scene + 90: true north is scene west
    x, y, z = f.forward(north)
    assert abs(x - (10.0 - 100.0)) < 1e-3 and abs(y - 20.0) < 1e-3


def test_anchor_transforms():
    origin = (55.7339, 37.5886, 0.0)
    route = np.array([[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0], [55.7352473, 37.5910, 0.0]])
    for axes in ("enu", "eus", "eun"):
        frame = waymark.Frame(*origin, axes=axes)
        m = frame.anchor_transforms(route)
        assert m.shape == (3, 4, 4) and m.dtype == np.float32
        np.testing.assert_allclose(m[:, :3, 3], frame.forward(route).astype(np.float32), atol=1e-4)
        np.testing.assert_array_equal(m[:, 3], np.tile([0, 0, 0, 1], (3, 1)))
        # The model's forward axis points along the first leg (north).
        fwd = {"enu": [0, 1, 0, 0], "eus": [0, 0, -1, 0], "eun": [0, 0, 1, 0]}[axes]
        north = {"enu": [0, 1, 0], "eus": [0, 0, -1], "eun": [0, 0, 1]}[axes]
        np.testing.assert_allclose((m[0] @ fwd)[:3], north, atol=1e-5)


def test_baselines_are_close_but_not_exact(rng):
    origin = (55.75, 37.62, 150.0)
    pts = nearby(rng, origin, 2000, 0.05)
    frame = waymark.Frame(*origin)
    exact = frame.forward(pts)
    for method in ("haversine", "meters_per_degree"):
        base = frame.baseline_forward(pts, method)
        rel = np.hypot(*(base - exact)[:, :2].T) / np.hypot(*exact[:, :2].T)
        assert 1e-4 < np.median(rel) < 1e-2
    d, b = waymark.haversine_inverse((55.0, 37.0), (55.001, 37.0))
    assert abs(d - 6371008.8 * np.radians(0.001)) < 1e-6 and abs(b) < 1e-9


# ---- zero copy, errors --------------------------------------------------------------

def test_zero_copy_contiguous_and_strided():
    pts = np.zeros((1000, 3)) + [55.0, 37.0, 10.0]
    a, address, stride, n, _ = _lib.triples(pts)
    assert address == pts.ctypes.data and stride == 24 and a is pts
    table = np.zeros((1000, 5)) + [55.0, 37.0, 10.0, 0.0, 0.0]
    view = table[:, :3]                             # rows 40 bytes apart: passed as a stride
    a, address, stride, n, _ = _lib.triples(view)
    assert address == table.ctypes.data and stride == 40
    out = np.empty((1000, 3))
    res = waymark.Frame(55.0, 37.0).forward(view, out=out)
    assert res is out
    np.testing.assert_array_equal(out, waymark.Frame(55.0, 37.0).forward(np.ascontiguousarray(view)))
    # In place (the C ABI allows in == out).
    p = pts.copy()
    waymark.Frame(55.0, 37.0).forward(p, out=p)
    np.testing.assert_array_equal(p, out)


def test_no_copy_memory_check():
    """1,000,000 points forward into a given out: under 1 MB allocated (a copy would be 24 MB)."""
    pts = np.zeros((1_000_000, 3)) + [55.0, 37.0, 10.0]
    out = np.empty_like(pts)
    frame = waymark.Frame(55.0, 37.0)
    tracemalloc.start()
    frame.forward(pts, out=out)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 1_000_000, peak


@pytest.mark.parametrize("bad,index", [((np.nan, 37.0, 0.0), 3), ((90.5, 37.0, 0.0), 3), ((55.0, np.inf, 0.0), 3),
                                       ((55.0, 37.0, 2e12), 3)])
def test_bad_points_raise_and_write_nothing(bad, index):
    pts = np.zeros((6, 3)) + [55.0, 37.0, 0.0]
    pts[index] = bad
    pts[5] = bad
    out = np.full((6, 3), 7.0)
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.Frame(55.0, 37.0).forward(pts, out=out)
    assert isinstance(e.value, ValueError)
    assert e.value.first_bad == index and e.value.status_name == "INVALID_VALUE" and e.value.status == 2
    assert "index 3" in str(e.value)
    np.testing.assert_array_equal(out, 7.0)


def test_wrong_dtypes_and_shapes():
    f = waymark.Frame(55.0, 37.0)
    with pytest.raises(TypeError):
        f.forward(np.zeros((3, 3), dtype=complex))
    with pytest.raises(TypeError):
        f.forward(np.array([["a", "b", "c"]]))
    with pytest.raises(TypeError):
        f.forward(np.zeros((3, 4)))
    with pytest.raises(TypeError):
        f.forward(np.zeros((2, 3, 3)))
    with pytest.raises(TypeError):
        f.forward(np.zeros((3, 3)), out=np.zeros((3, 3), dtype=np.float32))
    with pytest.raises(TypeError):
        f.forward(np.zeros((3, 3)), out=np.zeros((4, 3)))
    with pytest.raises(waymark.WaymarkError):
        waymark.Frame(91.0, 0.0)
    with pytest.raises(ValueError):
        waymark.Frame(0.0, 0.0, axes="nue")
    # float32 and integer inputs are converted (a copy), not refused.
    np.testing.assert_allclose(f.forward(np.array([[55, 37, 0]], dtype=np.int32)), [[0, 0, 0]], atol=1e-9)
    assert f.forward(np.zeros((0, 3))).shape == (0, 3)


# ---- the GIL ----------------------------------------------------------------------------

# Run in a fresh interpreter: it sets a process-wide switch interval, and the test's
# only time limit is that process's timeout, a guard against a hang.
_GIL_PROBE = r"""
import json, sys, threading
import numpy as np
import waymark

# Python's forced GIL hand-over comes after the switch interval; made a million
# seconds, another thread gets the GIL only when this one lets it go (blocking, or a
# C call that releases it), so a counter in that thread measures releases, not speed.
sys.setswitchinterval(1e6)


def probe(long_call, rounds):
    main = threading.get_ident()
    gate = threading.Lock()
    gate.acquire()
    count, seen_in = [0], []

    def counter():
        with gate:      # blocked without the GIL until the gate opens
            pass
        frame, names = sys._current_frames()[main], []
        while frame is not None:
            names.append(frame.f_code.co_name)
            frame = frame.f_back
        seen_in.append(names)
        for _ in range(1000):
            count[0] += 1

    th = threading.Thread(target=counter)
    th.start()
    gate.release()
    calls = 0
    while calls < rounds and count[0] < 1000:
        long_call()
        calls += 1
    during = count[0]
    th.join()           # blocks: the counter finishes here if it could not before
    return {"increments": during, "calls": calls, "seen_in": seen_in[0]}


frame = waymark.Frame(55.0, 37.0)
pts = np.zeros((1_000_000, 3)) + [55.0, 37.0, 10.0]
holds = probe(lambda: sum(range(2_000_000)), 20)     # a C loop that keeps the GIL
releases = probe(lambda: frame.forward(pts, workers=1), 1000)       # the C call itself, not a split
split = probe(lambda: frame.forward(pts, workers=2), 1000)
print(json.dumps({"holds": holds, "releases": releases, "split": split}))
"""


def test_batch_calls_release_the_gil():
    """While one thread is inside a batch call, another thread runs Python: its counter
    reaches 1,000 before the call returns, and it sees the first thread inside
    Frame.forward (in one C call, workers=1, and in a split call, which waits for its
    chunks without the GIL too). The same probe around a C loop that keeps the GIL sees
    no increment, so the probe can tell the two apart. Nothing is timed (the
    subprocess's timeout is only a guard against a hang)."""
    import json
    import subprocess
    import sys
    if hasattr(sys, "_is_gil_enabled") and not sys._is_gil_enabled():
        pytest.skip("free-threaded Python: no GIL to release")
    run = subprocess.run([sys.executable, "-c", _GIL_PROBE], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["holds"]["increments"] == 0, result
    for case in ("releases", "split"):
        assert result[case]["increments"] == 1000, result
        assert "forward" in result[case]["seen_in"], result


# ---- geodesics ----------------------------------------------------------------------------

def test_geodesics_match_external_truth():
    d = np.genfromtxt(DATA / "geodesic_wgs84.csv", delimiter=",", names=True, dtype=None, encoding="utf-8")
    worst_s = worst_az = 0.0
    for row in d:
        s, a1, a2 = waymark.geodesic_inverse((row["lat1"], row["lon1"]), (row["lat2"], row["lon2"]))
        worst_s = max(worst_s, abs(s - row["s12_m"]))
        # The azimuth as a sideways displacement at the far end (the file's coordinates are
        # rounded to 1e-12 degree, 0.1 um, which turns metre-long lines' azimuths by 1e-6 degree).
        # Nearly antipodal lines' azimuths are ill-conditioned: compared in degrees (1e-8).
        da = abs((a1 - row["azi1_deg"] + 180) % 360 - 180)
        worst_az = max(worst_az, da * 1e3 if row["kind"] == "antipodal" else np.radians(da) * row["s12_m"])
    assert worst_s < 1e-6 and worst_az < 1e-5, (worst_s, worst_az)


def test_inverse_batch_direct_polyline_vs_pyproj(rng):
    geod = pyproj.Geod(ellps="WGS84")
    worst_s = worst_az = 0.0
    for origin in random_points(rng, 10, lat=(-80, 80)):
        for spread in (0.001, 0.05, 20.0):         # metres to thousands of km
            pts = nearby(rng, origin, 300, spread)
            pts[:, 0] = np.clip(pts[:, 0], -89.9, 89.9)
            s, a1, a2 = waymark.geodesic_inverse_batch(origin, pts)
            pa1, pa2, ps = geod.inv(np.full(len(pts), origin[1]), np.full(len(pts), origin[0]), pts[:, 1], pts[:, 0])
            worst_s = max(worst_s, np.abs(s - ps).max())
            far = ps > 1.0
            worst_az = max(worst_az, np.abs((a1 - pa1 + 180) % 360 - 180)[far].max())
    assert worst_s < 1e-5 and worst_az < 1e-7, (worst_s, worst_az)
    start = (10.0, 20.0, 5.0)
    az, dist = rng.uniform(-180, 180, 500), rng.uniform(0, 1e7, 500)
    ends, az2 = waymark.geodesic_direct_many(start, az, dist)
    plon, plat, paz2 = geod.fwd(np.full(500, 20.0), np.full(500, 10.0), az, dist)
    assert np.abs(ends[:, 0] - plat).max() < 1e-9 and np.abs((ends[:, 1] - plon + 180) % 360 - 180).max() < 1e-9
    assert np.all(ends[:, 2] == 5.0)
    line = nearby(rng, (45.0, 7.0), 1000, 0.2)
    total, cum = waymark.polyline_length(line, cumulative=True)
    assert abs(total - geod.line_length(line[:, 1], line[:, 0])) < 1e-5
    assert cum[0] == 0 and abs(cum[-1] - total) < 1e-9


# ---- datums, geoid, CRS -------------------------------------------------------------------

def _golden(name):
    return np.genfromtxt(GOLDEN / name, delimiter=",", skip_header=1).reshape(-1, 2)


@pytest.mark.parametrize("fn,name", [(waymark.gcj02_from_wgs84, "datum_wgs84_gcj02.out"),
                                     (waymark.wgs84_from_gcj02, "datum_gcj02_wgs84.out"),
                                     (waymark.bd09_from_wgs84, "datum_wgs84_bd09.out"),
                                     (waymark.wgs84_from_bd09, "datum_bd09_gcj02.out")])
def test_datums_match_the_cli_golden_outputs(fn, name):
    china = np.genfromtxt(GOLDEN / "china.csv", delimiter=",")
    expected = _golden(name)
    if name == "datum_bd09_gcj02.out":
        ours = waymark.gcj02_from_bd09(china)[:, :2]
    else:
        ours = fn(china)[:, :2]
    np.testing.assert_array_equal(ours, expected)     # bit for bit: the same library


def test_datum_round_trips(rng):
    pts = np.column_stack([rng.uniform(18, 53, 5000), rng.uniform(74, 134, 5000), rng.uniform(0, 100, 5000)])
    back = waymark.wgs84_from_gcj02(waymark.gcj02_from_wgs84(pts))
    assert np.abs(back[:, :2] - pts[:, :2]).max() < 1e-10      # ~1e-5 m
    back = waymark.gcj02_from_bd09(waymark.bd09_from_gcj02(pts))
    assert np.abs(back[:, :2] - pts[:, :2]).max() < 1e-10
    np.testing.assert_array_equal(back[:, 2], pts[:, 2])
    outside = np.array([[48.85, 2.35, 0.0]])
    np.testing.assert_array_equal(waymark.gcj02_from_wgs84(outside), outside)
    assert not np.array_equal(waymark.gcj02_from_wgs84(outside, region="everywhere"), outside)


def test_geoid_matches_pyproj_vgridshift(rng):
    grid = "/usr/share/proj/egm96_15.gtx"
    import os
    if not os.path.exists(grid):
        pytest.skip("egm96_15.gtx (proj-data) not installed")
    pts = random_points(rng, 3000, lat=(-85, 85))
    n = waymark.geoid_undulation(pts)
    t = pyproj.Transformer.from_pipeline(f"+proj=vgridshift +grids={grid} +multiplier=1")
    _, _, pn = t.transform(np.radians(pts[:, 1]), np.radians(pts[:, 0]), np.zeros(len(pts)), radians=True)
    assert np.abs(n - pn).max() < 1e-6
    cubic = waymark.geoid_undulation(pts, "cubic")
    assert np.abs(cubic - n).max() < 2.0


def test_crs_transform_matches_pyproj(rng):
    pts = np.column_stack([rng.uniform(36, 42, 5000), rng.uniform(48, 54, 5000), rng.uniform(0, 100, 5000)])  # lon, lat
    ours = waymark.Transformer("EPSG:4979", "EPSG:32639").transform(pts)
    theirs = pyproj.Transformer.from_crs("EPSG:4979", "EPSG:32639", always_xy=True).transform(pts[:, 0], pts[:, 1], pts[:, 2])
    assert np.abs(ours - np.column_stack(theirs)).max() < 1e-6
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.Transformer("EPSG:999999", "EPSG:4326")
    assert e.value.status_name == "PROJ" and "crs not found" in str(e.value)


def test_transformer_from_threads(rng):
    t = waymark.Transformer("EPSG:4326", "EPSG:3857")
    pts = np.column_stack([rng.uniform(-170, 170, 20000), rng.uniform(-80, 80, 20000), np.zeros(20000)])
    expected = t.transform(pts)
    results = [None] * 4

    def run(i):
        results[i] = t.transform(pts)
    ths = [threading.Thread(target=run, args=(i,)) for i in range(4)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    for r in results:
        np.testing.assert_array_equal(r, expected)


def test_engine_presets_due_north():
    """100 m due north and 2 m up, where each engine's documentation puts it (1e-6 m)."""
    origin = (48.8584, 2.2945, 35.0)
    north = waymark.Frame(*origin, axes="enu").reverse(np.array([[0.0, 100.0, 2.0]]))
    expected = {"arkit": (0, 2, -100), "unity": (0, 2, 100), "godot": (0, 2, -100),
                "unreal": (0, -10000, 200), "webxr": (0, 2, -100), "bevy": (0, 2, -100)}
    for name, want in expected.items():
        got = waymark.Frame(*origin, axes=name).forward(north)
        assert np.max(np.abs(got - np.array([want]))) < 1e-6, (name, got)
    ned = waymark.custom_axes("north", "east", "down", "+x")
    got = waymark.Frame(*origin, axes=ned).forward(north)
    assert np.max(np.abs(got - np.array([[100.0, 0.0, -2.0]]))) < 1e-6
    with pytest.raises(waymark.WaymarkError):
        waymark.Frame(*origin, axes=waymark.custom_axes("east", "west", "up", "+y"))
    with pytest.raises(ValueError):
        waymark.custom_axes("east", "north", "up", "+y", "furlong")

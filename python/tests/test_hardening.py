"""Hostile callers (issue 37, the Python part): an ``out=`` overlapping its input and
fixed-size vectors of the wrong shape. Each is refused with the documented type before
anything is written, and the objects work as before afterwards (a twin that never saw
the bad call agrees to the bit)."""
import numpy as np
import pytest

import waymark

# The viewport of a 390 x 844 pt phone screen, (x, y, width, height).
PHONE = (0.0, 0.0, 390.0, 844.0)
from conftest import GOLDEN

BEIJING = (39.9042, 116.4074, 50.0)
N = 100


def _geodetic_rows(n=N, seed=37):
    rng = np.random.default_rng(seed)
    return np.column_stack([BEIJING[0] + rng.uniform(-0.5, 0.5, n), BEIJING[1] + rng.uniform(-0.5, 0.5, n),
                            rng.uniform(0.0, 500.0, n)])


def _calls():
    """Every call with an out=: (name, function(points, out=None), valid input rows)."""
    frame = waymark.Frame(*BEIJING, axes="eus")
    frame.set_estimate((3.0, -1.0, 2.0), 12.0)
    geo = _geodetic_rows()
    scene = frame.forward(geo)
    lonlat = geo[:, [1, 0, 2]].copy()
    t = waymark.Transformer("EPSG:4326", "EPSG:3857")
    return [
        ("Frame.forward", frame.forward, geo),
        ("Frame.reverse", frame.reverse, scene),
        ("Frame.baseline_forward", lambda p, out=None: frame.baseline_forward(p, "haversine", out=out), geo),
        ("gcj02_from_wgs84", waymark.gcj02_from_wgs84, geo),
        ("wgs84_from_gcj02", waymark.wgs84_from_gcj02, geo),
        ("bd09_from_gcj02", waymark.bd09_from_gcj02, geo),
        ("gcj02_from_bd09", waymark.gcj02_from_bd09, geo),
        ("Transformer.transform", t.transform, lonlat),
    ]


CALLS = {name: (fn, rows) for name, fn, rows in _calls()}


def _flat(rows, extra_doubles):
    """A buffer of len(rows) * 3 + extra_doubles doubles, filled with the rows from 0."""
    buf = np.zeros(rows.size + extra_doubles)
    buf[:rows.size] = rows.ravel()
    return buf


def _view(buf, start_double, n, stride_doubles):
    return np.lib.stride_tricks.as_strided(buf[start_double:], (n, 3), (stride_doubles * 8, 8))


def _overlapping(rows):
    """(buffer, input view, out view) pairs that overlap other than exactly."""
    n = len(rows)
    cases = {}
    # The issue's case: out is the input shifted a row on.
    buf = _flat(rows, 3)
    cases["shifted a row on"] = (buf, _view(buf, 0, n, 3), _view(buf, 3, n, 3))
    # And a row back (the input starts a row into the buffer).
    buf = np.concatenate([np.zeros(3), rows.ravel()])
    cases["shifted a row back"] = (buf, _view(buf, 3, n, 3), _view(buf, 0, n, 3))
    # A double on: each output row straddles two input rows.
    buf = _flat(rows, 1)
    cases["shifted a double"] = (buf, _view(buf, 0, n, 3), _view(buf, 1, n, 3))
    # The same start with another row stride: only row 0 coincides.
    buf = np.zeros(n * 6)
    _view(buf, 0, n, 6)[:] = rows
    cases["same start, other stride"] = (buf, _view(buf, 0, n, 6), _view(buf, 0, n, 3))
    # The last input row is the first output row.
    buf = _flat(rows, 3 * (n - 1))
    cases["one row shared"] = (buf, _view(buf, 0, n, 3), _view(buf, 3 * (n - 1), n, 3))
    return cases


@pytest.mark.parametrize("layout", ["shifted a row on", "shifted a row back", "shifted a double",
                                    "same start, other stride", "one row shared"])
@pytest.mark.parametrize("name", list(CALLS))
def test_out_overlapping_the_input_is_refused(name, layout):
    """Out of the C contract (out is the input itself or disjoint from it): WaymarkError
    INVALID_VALUE naming no point, the buffer untouched, the call fine afterwards."""
    fn, rows = CALLS[name]
    buf, inp, out = _overlapping(rows)[layout]
    before = buf.copy()
    expected = fn(inp.copy())
    with pytest.raises(waymark.WaymarkError) as e:
        fn(inp, out=out)
    assert isinstance(e.value, ValueError)
    assert e.value.status_name == "INVALID_VALUE" and e.value.first_bad is None
    assert "out overlaps" in str(e.value)
    np.testing.assert_array_equal(buf, before)
    np.testing.assert_array_equal(fn(inp), expected)
    fresh = np.empty_like(expected)
    assert fn(inp, out=fresh) is fresh
    np.testing.assert_array_equal(fresh, expected)


@pytest.mark.parametrize("name", list(CALLS))
def test_out_that_is_the_input_or_disjoint_is_accepted(name):
    """Exact aliasing (same rows, same stride, contiguous or strided) and interleaved
    columns of one table (overlapping bounds, no shared byte) are the contract's."""
    fn, rows = CALLS[name]
    expected = fn(rows.copy())
    same = rows.copy()
    assert fn(same, out=same) is same
    np.testing.assert_array_equal(same, expected)
    table = np.zeros((len(rows), 7))
    table[:, :3] = rows
    assert fn(table[:, :3], out=table[:, :3]) is not None
    np.testing.assert_array_equal(table[:, :3], expected)
    table[:, :3] = rows
    fn(table[:, :3], out=table[:, 3:6])
    np.testing.assert_array_equal(table[:, 3:6], expected)
    np.testing.assert_array_equal(table[:, :3], rows)
    one = rows[:1].copy()
    fn(one, out=one)
    np.testing.assert_array_equal(one, expected[:1])


def test_the_issues_case_no_longer_corrupts_rows():
    """Frame.forward(base[:-1], out=base[1:]) wrote 24 of 100 rows wrong by up to
    12,244 km: now refused and base is as it was."""
    rng = np.random.default_rng(1)
    base = np.column_stack([55 + rng.uniform(-1, 1, 101), 37 + rng.uniform(-1, 1, 101), rng.uniform(0, 100, 101)])
    keep = base.copy()
    frame = waymark.Frame(55.0, 37.0)
    with pytest.raises(waymark.WaymarkError):
        frame.forward(base[:-1], out=base[1:])
    np.testing.assert_array_equal(base, keep)


def test_out_overlapping_a_region_polygon_is_refused():
    """The polygon is an input too: out may not share its memory (the C contract lets
    out alias only the points). A polygon given as an ndarray raised numpy's "truth
    value is ambiguous" before; it now equals the same polygon as a list."""
    pts = _geodetic_rows()
    ring = [[30.0, 110.0, 0.0], [30.0, 120.0, 0.0], [45.0, 120.0, 0.0], [45.0, 110.0, 0.0]]
    buf = np.zeros((N + 4, 3))
    buf[:4] = ring
    np.testing.assert_array_equal(waymark.gcj02_from_wgs84(pts, region=buf[:4]),
                                  waymark.gcj02_from_wgs84(pts, region=ring))
    before = buf.copy()
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.gcj02_from_wgs84(pts, region=buf[:4], out=buf[2:2 + N])
    assert e.value.status_name == "INVALID_VALUE" and "region" in str(e.value)
    np.testing.assert_array_equal(buf, before)
    out = buf[4:]
    waymark.gcj02_from_wgs84(pts, region=buf[:4], out=out)
    np.testing.assert_array_equal(out, waymark.gcj02_from_wgs84(pts, region=before[:4].copy()))


# ---- fixed-size vectors ------------------------------------------------------------------

NOT_THREE = [(1.0, 2.0, 3.0, 4.0), np.zeros((2, 3)), (1.0,), np.zeros((1, 3)), np.zeros((3, 1)), (),
             [[1.0, 2.0], [3.0]], ("a", "b", "c"), 5.0]


@pytest.mark.parametrize("bad", NOT_THREE, ids=repr)
def test_set_estimate_takes_exactly_three_numbers(bad):
    """(1, 2, 3, 4) and a (2, 3) array used their first three values, (1,) raised
    IndexError: every other shape is a TypeError naming scene_origin, estimate kept."""
    frame, twin = waymark.Frame(55.0, 37.0, axes="eus"), waymark.Frame(55.0, 37.0, axes="eus")
    for f in (frame, twin):
        f.set_estimate((10.0, 20.0, 1.0), 30.0)
    with pytest.raises(TypeError, match="scene_origin"):
        frame.set_estimate(bad, 45.0)
    pts = _geodetic_rows(10)
    np.testing.assert_array_equal(frame.forward(pts), twin.forward(pts))
    frame.set_estimate(np.array([10.0, 20.0, 1.0]), 30.0)


NOT_A_POINT = [(55.0, 37.0, 0.0, 1.0), np.zeros((1, 3)), np.zeros((1, 2)), np.zeros((3, 1)), np.zeros((2, 3)),
               (55.0,), [[55.0], [37.0, 0.0]]]


@pytest.mark.parametrize("bad", NOT_A_POINT, ids=repr)
@pytest.mark.parametrize("call,name", [
    (lambda p: waymark.geodesic_inverse(p, (55.0, 37.1)), "a"),
    (lambda p: waymark.geodesic_inverse((55.0, 37.1), p), "b"),
    (lambda p: waymark.geodesic_direct(p, 30.0, 100.0), "start"),
    (lambda p: waymark.haversine_inverse(p, (55.0, 37.1)), "a"),
    (lambda p: waymark.geodesic_inverse_batch(p, np.array([[55.0, 37.1, 0.0]])), "origin"),
    (lambda p: waymark.haversine_many(p, np.array([[55.0, 37.1, 0.0]])), "origin"),
    (lambda p: waymark.compare(np.array([[55.0, 37.0], [55.001, 37.0]]), origin=p, as_frame=False), "origin"),
], ids=["geodesic_inverse a", "geodesic_inverse b", "geodesic_direct", "haversine_inverse", "geodesic_inverse_batch",
        "haversine_many", "compare"])
def test_single_points_take_two_or_three_numbers(call, name, bad):
    with pytest.raises(TypeError, match=f"^{name}:"):
        call(bad)


@pytest.mark.parametrize("bad", [(6378137.0, 1 / 298.257223563, 0.0), (6378137.0,), np.zeros((2, 1)) + 0.5])
def test_ellipsoids_take_exactly_two_numbers(bad):
    with pytest.raises(TypeError, match="^ellipsoid:"):
        waymark.Frame(55.0, 37.0, ellipsoid=bad)
    pm = pytest.importorskip("waymark.pymap3d")
    if isinstance(bad, tuple):
        with pytest.raises(TypeError, match="^ell:"):
            pm.geodetic2enu(55.001, 37.0, 0.0, 55.0, 37.0, 0.0, ell=bad)


def test_geodesic_direct_many_broadcasts_start_rows_or_refuses():
    """(5, 3) starts with 3 azimuths used the first 3 starts; (1, 3) with 3 raised
    IndexError. Now numpy's rule: one start row broadcasts, 5 against 3 is refused."""
    az, dist = np.array([0.0, 90.0, 180.0]), np.array([10.0, 20.0, 30.0])
    with pytest.raises(TypeError, match="start"):
        waymark.geodesic_direct_many(np.tile([55.0, 37.0, 1.0], (5, 1)), az, dist)
    ends, azs = waymark.geodesic_direct_many(np.array([[55.0, 37.0, 1.0]]), az, dist)
    ends1, azs1 = waymark.geodesic_direct_many((55.0, 37.0, 1.0), az, dist)
    np.testing.assert_array_equal(ends, ends1)
    np.testing.assert_array_equal(azs, azs1)
    rows = np.array([[55.0, 37.0], [56.0, 38.0], [57.0, 39.0]])
    ends, _ = waymark.geodesic_direct_many(rows, 45.0, 1000.0)
    for i in range(3):
        np.testing.assert_array_equal(ends[i], waymark.geodesic_direct(rows[i], 45.0, 1000.0)[0])
    with pytest.raises(TypeError, match="start"):
        waymark.geodesic_direct_many((55.0, 37.0, 1.0, 2.0), az, dist)


ROUTE = np.array([[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0], [55.7352473, 37.5910, 0.0]])


def _walked(nav):
    proj = waymark.perspective(60.0, 390 / 844)
    for i in range(5):
        nav.add_fix(55.7339 + i * 1e-5, 37.5886, None, 5.0, float(i), (0.0, 1.4, -1.11 * i))
        nav.update(i + 0.5, waymark.camera_transform((0.0, 1.4, -1.11 * i), 0.0), proj, PHONE)
    return proj


@pytest.mark.parametrize("bad", NOT_THREE, ids=repr)
def test_scene_positions_take_exactly_three_numbers(bad):
    """add_fix's scene_position, Route.project's user and camera_transform's position:
    a TypeError naming the argument; the navigator then agrees with a twin."""
    nav, twin = waymark.Navigator(ROUTE, heights="none"), waymark.Navigator(ROUTE, heights="none")
    proj = _walked(nav)
    _walked(twin)
    with pytest.raises(TypeError, match="^scene_position:"):
        nav.add_fix(55.73395, 37.5886, None, 5.0, 5.0, bad)
    cam = waymark.camera_transform((0.0, 1.4, -5.5), 0.0)
    a, b = nav.update(5.5, cam, proj, PHONE), twin.update(5.5, cam, proj, PHONE)
    for k in ("progress_m", "correction_deg", "anchor_sigma_m", "user", "finish"):
        assert np.array_equal(a[k], b[k], equal_nan=True), k
    with pytest.raises(TypeError, match="^position:"):
        waymark.camera_transform(bad, 0.0)
    scene = waymark.Frame(*ROUTE[0], axes="eus").forward(ROUTE)
    route = waymark.Route(scene, "eus")
    with pytest.raises(TypeError, match="^user:"):
        route.project(bad)
    assert route.project((1.0, 0.0, -50.0))["segment"] == 0


@pytest.mark.parametrize("bad", [(390.0, 844.0), (0.0, 0.0, 390.0, 844.0, 1.0), np.zeros((1, 4)), (0.0, 0.0, 390.0)],
                         ids=repr)
def test_navigator_viewport_takes_exactly_four_numbers(bad):
    nav, twin = waymark.Navigator(ROUTE, heights="none"), waymark.Navigator(ROUTE, heights="none")
    proj = _walked(nav)
    _walked(twin)
    cam = waymark.camera_transform((0.0, 1.4, -5.5), 0.0)
    with pytest.raises(TypeError, match="^viewport:"):
        nav.update(5.5, cam, proj, viewport=bad)
    a, b = nav.update(5.5, cam, proj, PHONE), twin.update(5.5, cam, proj, PHONE)
    for k in ("finish_screen_x", "finish_screen_y", "hint_x", "progress_m"):
        assert np.array_equal(a[k], b[k], equal_nan=True), k


@pytest.mark.parametrize("bad", [(390.0, 844.0, 1.0), (0.0, 0.0, 390.0, 844.0), (390.0,)], ids=repr)
def test_replay_viewport_takes_exactly_two_numbers(bad, route_csv):
    with pytest.raises(TypeError, match="^viewport:"):
        waymark.replay(str(GOLDEN / "replay_walk.csv"), route_csv, viewport=bad, as_frame=False)


def test_dask_origins_and_columns_take_exact_shapes():
    pytest.importorskip("dask.array")
    pd = pytest.importorskip("pandas")
    import dask.array as da
    import waymark.dask as wd
    pts = da.from_array(_geodetic_rows(20), chunks=(10, 3))
    for bad in ((55.0, 37.0, 0.0, 1.0), (55.0, 37.0), np.zeros((1, 3))):
        with pytest.raises(TypeError, match="^origin:"):
            wd.frame_forward(pts, bad)
        with pytest.raises(TypeError, match="^origin:"):
            wd.frame_reverse(pts, bad)
    df = pd.DataFrame({"lat": [55.0, 55.001], "lon": [37.0, 37.0], "h": [0.0, 1.0]})
    with pytest.raises(TypeError, match="^origin:"):
        wd.dataframe_to_scene(df, (55.0, 37.0, 0.0, 1.0))
    with pytest.raises(TypeError, match="^out:"):
        wd.dataframe_to_scene(df, (55.0, 37.0, 0.0), out=("x", "y"))
    np.testing.assert_array_equal(wd.dataframe_to_scene(df, (55.0, 37.0, 0.0))[["x", "y", "z"]].to_numpy(),
                                  waymark.Frame(55.0, 37.0, 0.0).forward(df.to_numpy()))


def test_perspective_refuses_a_singular_projection():
    """The audit's case: near and far so small that the matrix is singular. wm_perspective
    refuses it (INVALID_VALUE), so Python raises instead of returning a matrix the screen
    calls would then refuse; ordinary tiny ranges still work."""
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.perspective(60, 1, 1e-200, 1e-150)
    assert e.value.status_name == "INVALID_VALUE"
    m = waymark.perspective(60, 1, 1e-3, 1.0)
    assert np.isfinite(m).all() and abs(np.linalg.det(m)) > 0


@pytest.mark.parametrize("axes", ["enu", "eus", "eun"])
def test_every_forward_result_reads_back_at_the_limits(axes):
    """Issue 52: forward results of points 1e12 m above and below the ellipsoid, about an
    origin 1e12 m up with a scene origin at the corner of +-1e12 m, all read back
    (a point at h = -1e12 m forwarded to z = -1.000000000158e12, which reverse refused);
    the reverse's limit is 3e12 + 2e7 m: taken at it, refused beyond."""
    limit = 3e12 + 2e7
    lat, lon = np.meshgrid(np.arange(-90.0, 91, 30), np.arange(-180.0, 180, 45) + 7.5886)
    pts = np.column_stack([np.tile(lat.ravel(), 2), np.tile(lon.ravel(), 2), np.repeat([1e12, -1e12], lat.size)])
    for h0, scene_origin in ((0.0, None), (1e12, (1e12, -1e12, 1e12)), (-1e12, (-1e12, -1e12, -1e12))):
        frame = waymark.Frame(55.7339, 37.5886, h0, axes=axes)
        if scene_origin is not None:
            frame.set_estimate(scene_origin, 37.0)
        scene = frame.forward(pts)
        assert np.all(np.abs(scene) <= limit)
        back = frame.reverse(scene)
        up = pts[:, 2] > 0
        assert np.all(np.abs(back[up, 0] - pts[up, 0]) < 1e-9) and np.all(np.abs(back[up, 2] - pts[up, 2]) < 0.1)
        assert np.all(np.isfinite(back))
    frame = waymark.Frame(0.0, 0.0, axes=axes)
    assert np.all(np.isfinite(frame.reverse(np.array([[limit, -limit, limit]]))))
    with pytest.raises(waymark.WaymarkError) as e:
        frame.reverse(np.array([[0.0, 0.0, 0.0], [0.0, np.nextafter(-limit, -np.inf), 0.0]]))
    assert e.value.status_name == "INVALID_VALUE" and e.value.first_bad == 1

"""``workers=``: big batches split over threads. The split call must be the single call
to the bit (results, errors, first_bad, nothing written on error) whatever the split,
the layout of the input and the form of ``out``. No test here measures time."""
import os
import signal
import threading

import numpy as np
import pytest

import waymark
from waymark import _parallel
from conftest import nearby

ORIGIN = (39.9042, 116.4074, 50.0)
# Split counts: one (the plain call), even and odd splits, more chunks than cores, and
# chunks of a point or two.
SPLITS = [2, 3, 5, 8, 64]


def bits(a):
    return np.ascontiguousarray(a).view(np.uint64)


@pytest.fixture(scope="module")
def frame():
    f = waymark.Frame(*ORIGIN, axes="eus")
    f.set_estimate((0.5, -1.25, 3.0), 7.5)
    return f


@pytest.fixture(scope="module")
def points(rng):
    return nearby(rng, ORIGIN, 2_003, spread_deg=0.3)


def layouts(p):
    """The same rows as the C calls may see them, each a fresh array on every call:
    contiguous, inside a wider table (row stride 40 bytes), every other row of a bigger
    array (stride 48), Fortran order (a copy), (n, 2) pairs (a copy, heights 0)."""
    def table():
        wide = np.zeros((p.shape[0], 5))
        wide[:, :3] = p
        return wide[:, :3]

    def every_other():
        rows = np.zeros((2 * p.shape[0], 3))
        rows[::2] = p
        return rows[::2]

    yield "contiguous", p.copy
    yield "table view", table
    yield "every other row", every_other
    yield "fortran", lambda: np.asfortranarray(p)
    yield "pairs", lambda: p[:, :2].copy()


def outputs(n):
    """Forms of ``out``: None, a new contiguous array, a view into a wider table."""
    yield "none", None
    yield "contiguous", np.full((n, 3), 7.0)
    table = np.full((n, 6), 7.0)
    yield "table view", table[:, 3:]


# Every triples -> triples call with workers=; scene inputs for reverse.
CALLS = {
    "forward": lambda f, p, **kw: f.forward(p, **kw),
    "baseline haversine": lambda f, p, **kw: f.baseline_forward(p, "haversine", **kw),
    "baseline meters_per_degree": lambda f, p, **kw: f.baseline_forward(p, "meters_per_degree", **kw),
    "gcj02_from_wgs84": lambda f, p, **kw: waymark.gcj02_from_wgs84(p, **kw),
    "wgs84_from_gcj02": lambda f, p, **kw: waymark.wgs84_from_gcj02(p, **kw),
    "bd09_from_gcj02": lambda f, p, **kw: waymark.bd09_from_gcj02(p, **kw),
    "gcj02_from_bd09": lambda f, p, **kw: waymark.gcj02_from_bd09(p, **kw),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_split_calls_give_the_single_calls_bits(frame, points, name):
    call = CALLS[name]
    single = call(frame, points, workers=1)
    for layout, make in layouts(points):
        p = make()
        expected = call(frame, p, workers=1)
        if layout != "pairs":
            assert np.array_equal(bits(expected), bits(single)), layout
        for w in SPLITS + [None, p.shape[0], p.shape[0] + 10]:
            for form, out in outputs(p.shape[0]):
                got = call(frame, p, out=out, workers=w)
                assert np.array_equal(bits(got), bits(expected)), (layout, w, form)
                if out is not None:
                    assert got is out, (layout, w, form)
            # In place: out is the points themselves (the one overlap allowed; the
            # converted copies of Fortran and pairs inputs are not the caller's array).
            if layout not in ("fortran", "pairs"):
                mine = make()
                got = call(frame, mine, out=mine, workers=w)
                assert got is mine and np.array_equal(bits(mine), bits(expected)), (layout, w)


def test_reverse_and_the_geodesic_batch_split(frame, points):
    scene = frame.forward(points, workers=1)
    expected = frame.reverse(scene, workers=1)
    d, a1, a2 = waymark.geodesic_inverse_batch(ORIGIN, points, workers=1)
    far = points.copy()
    far[::7, 0] -= 1.0      # some lines beyond 10 km: Karney's through PROJ
    fd, fa1, fa2 = waymark.geodesic_inverse_batch(ORIGIN, far, workers=1)
    for w in SPLITS + [None]:
        for form, out in outputs(points.shape[0]):
            assert np.array_equal(bits(frame.reverse(scene, out=out, workers=w)), bits(expected)), (w, form)
        wide = np.zeros((scene.shape[0], 4))
        wide[:, :3] = scene
        assert np.array_equal(bits(frame.reverse(wide[:, :3], workers=w)), bits(expected)), w
        got = waymark.geodesic_inverse_batch(ORIGIN, points, workers=w)
        assert all(np.array_equal(bits(x), bits(y)) for x, y in zip(got, (d, a1, a2))), w
        got = waymark.geodesic_inverse_batch(ORIGIN, far, workers=w)
        assert all(np.array_equal(bits(x), bits(y)) for x, y in zip(got, (fd, fa1, fa2))), w
    polygon = np.array([[39.0, 115.0], [41.0, 115.0], [41.0, 118.0], [39.5, 117.0]])
    inside = waymark.gcj02_from_wgs84(points, region=polygon, workers=1)
    for w in (1, 2, 3):
        assert np.array_equal(bits(waymark.gcj02_from_wgs84(points, region=polygon, workers=w)), bits(inside))
        assert np.array_equal(bits(waymark.bd09_from_wgs84(points, workers=w)), bits(waymark.bd09_from_wgs84(points)))
        assert np.array_equal(bits(waymark.wgs84_from_bd09(points, workers=w)), bits(waymark.wgs84_from_bd09(points)))


def error_of(fn):
    with pytest.raises(waymark.WaymarkError) as e:
        fn()
    return e.value.status_name, e.value.first_bad, e.value.function


@pytest.mark.parametrize("name", sorted(CALLS))
def test_split_errors_are_the_single_calls_and_write_nothing(frame, points, name):
    """A bad point in a later chunk, or bad points in several chunks: the same status and
    first_bad as the single call, and neither out= nor the points themselves (in place)
    changed, although the chunks before the bad one converted successfully."""
    call = CALLS[name]
    n = points.shape[0]
    for bad_rows in ([n - 1], [n // 2 + 3], [n // 3, 5 * n // 6], [0, n - 1], [7, 8, 9]):
        for value in (np.nan, 91.0, np.inf):
            bad = points.copy()
            bad[bad_rows, 0] = value
            expected = error_of(lambda: call(frame, bad, workers=1))
            assert expected[1] == bad_rows[0]
            for w in SPLITS + [None, n]:
                assert error_of(lambda: call(frame, bad, workers=w)) == expected, (bad_rows, w)
                out = np.full((n, 3), 7.0)
                assert error_of(lambda: call(frame, bad, out=out, workers=w)) == expected, (bad_rows, w)
                assert (out == 7.0).all(), (bad_rows, w)
                mine = bad.copy()
                assert error_of(lambda: call(frame, mine, out=mine, workers=w)) == expected, (bad_rows, w)
                assert np.array_equal(bits(mine), bits(bad)), (bad_rows, w)


def test_split_reverse_and_geodesic_errors(frame, points):
    scene = frame.forward(points)
    n = scene.shape[0]
    scene[n - 2, 1] = 4e12   # beyond the reverse's limit, 3e12 + 2e7 m
    scene[n - 1, 2] = np.nan
    expected = error_of(lambda: frame.reverse(scene, workers=1))
    assert expected[:2] == ("INVALID_VALUE", n - 2)
    far = points.copy()
    far[n // 2, 1] = np.nan
    geodesic = error_of(lambda: waymark.geodesic_inverse_batch(ORIGIN, far, workers=1))
    for w in SPLITS + [None]:
        out = np.full((n, 3), 7.0)
        assert error_of(lambda: frame.reverse(scene, out=out, workers=w)) == expected
        assert (out == 7.0).all()
        assert error_of(lambda: waymark.geodesic_inverse_batch(ORIGIN, far, workers=w)) == geodesic


def test_an_invalid_point_anywhere_comes_before_an_earlier_point_without_inverse():
    """The datum inverses check every input before they iterate: a NaN late in the
    batch is reported, not an earlier point that has no exact inverse. Split, the NaN's
    chunk is not the first failing one, and the split call still reports the NaN."""
    lost = None
    for lat in np.arange(-89.5, 89.6, 1.0):
        for lon in np.arange(-180.0, 180.0, 1.8):
            try:
                waymark.wgs84_from_gcj02(np.array([[lat, lon, 0.0]]), region="everywhere")
            except waymark.WaymarkError as e:
                if e.status_name == "NO_CONVERGENCE":
                    lost = (lat, lon)
                    break
        if lost:
            break
    assert lost is not None
    pts = np.tile([[39.9, 116.4, 0.0]], (100, 1))
    pts[10, :2] = lost
    only_lost = error_of(lambda: waymark.wgs84_from_gcj02(pts, region="everywhere", workers=1))
    assert only_lost[:2] == ("NO_CONVERGENCE", 10)
    pts[90, 0] = np.nan
    expected = error_of(lambda: waymark.wgs84_from_gcj02(pts, region="everywhere", workers=1))
    assert expected[:2] == ("INVALID_VALUE", 90)
    for w in (2, 3, 7, 100):
        assert error_of(lambda: waymark.wgs84_from_gcj02(pts, region="everywhere", workers=w)) == expected
    pts[90, 0] = 39.9
    for w in (2, 3, 7, 100):
        assert error_of(lambda: waymark.wgs84_from_gcj02(pts, region="everywhere", workers=w)) == only_lost


def test_workers_argument_is_checked_before_anything_is_written(frame, points):
    out = np.full(points.shape, 7.0)
    for w, kind in ((0, ValueError), (-1, ValueError), (1.5, TypeError), ("2", TypeError), (True, TypeError),
                    (2.0, TypeError)):
        with pytest.raises(kind, match="workers"):
            frame.forward(points, out=out, workers=w)
        with pytest.raises(kind, match="workers"):
            waymark.geodesic_inverse_batch(ORIGIN, points, workers=w)
    assert (out == 7.0).all()
    # numpy integers are integers.
    assert np.array_equal(bits(frame.forward(points, workers=np.int64(3))), bits(frame.forward(points, workers=1)))


def test_how_a_batch_is_split(monkeypatch, frame, points):
    """The default: every core from PARALLEL_THRESHOLD points on, one thread below; with
    out= the frame conversions (which check every chunk before converting any) from
    CHECKED_SPLIT times as many, the calls without a check (which would need a scratch
    array) one thread; one thread inside one_thread(); never more chunks than points."""
    assert _parallel.default_workers() >= 1
    assert waymark.default_workers() == _parallel.default_workers()
    t = waymark.PARALLEL_THRESHOLD
    assert _parallel.resolve_workers(None, t - 1) == 1
    assert _parallel.resolve_workers(None, t) == _parallel.default_workers()
    # A costlier call splits from fewer points; every split call has its cost.
    assert _parallel.resolve_workers(None, t // 4, "wm_frame_reverse") == _parallel.default_workers()
    assert _parallel.resolve_workers(None, t // 4 - 1, "wm_frame_reverse") == 1
    # A split that checks first (out=, in place) from CHECKED_SPLIT times as many.
    c = _parallel.CHECKED_SPLIT
    assert c >= 1
    assert _parallel.resolve_workers(None, c * t - 1, checked=True) == 1
    assert _parallel.resolve_workers(None, c * t, checked=True) == _parallel.default_workers()
    assert _parallel.resolve_workers(None, c * t // 4, "wm_frame_reverse", checked=True) == _parallel.default_workers()
    assert _parallel.resolve_workers(None, c * t // 4 - 1, "wm_frame_reverse", checked=True) == 1
    assert _parallel.resolve_workers(3, 10, checked=True) == 3
    assert set(_parallel.COST) == {"wm_frame_forward", "wm_frame_reverse", "wm_geodesic_inverse_batch",
                                   "wm_baseline_forward", "wm_gcj02_from_wgs84", "wm_wgs84_from_gcj02",
                                   "wm_bd09_from_gcj02", "wm_gcj02_from_bd09"}
    assert all(c >= 1 for c in _parallel.COST.values())
    assert _parallel.resolve_workers(5, 3) == 3 and _parallel.resolve_workers(5, 0) == 1
    with _parallel.one_thread():
        assert _parallel.resolve_workers(None, 10 * t) == 1
        assert _parallel.resolve_workers(4, 10 * t) == 4
    assert _parallel.resolve_workers(None, t) == _parallel.default_workers()
    assert _parallel.bounds(10, 3) == [(0, 3), (3, 6), (6, 10)]

    seen, tasks = [], []
    real_run = _parallel.run

    def run(ranges, task):
        seen.append(list(ranges))
        tasks.append(task.__name__)
        return real_run(ranges, task)
    monkeypatch.setattr(_parallel, "run", run)
    monkeypatch.setattr(_parallel, "default_workers", lambda: 3)
    monkeypatch.setattr(_parallel, "PARALLEL_THRESHOLD", 1000)
    monkeypatch.setattr(_parallel, "CHECKED_SPLIT", 4)
    expected = frame.forward(points, workers=1)
    seen.clear()
    assert np.array_equal(bits(frame.forward(points)), bits(expected))
    assert [len(r) for r in seen] == [3]
    seen.clear()
    frame.forward(points[:999])
    assert seen == []               # one thread: the plain call
    out = np.empty_like(points)
    seen.clear()
    frame.forward(points, out=out)  # out=: split from CHECKED_SPLIT times as many points
    assert seen == []
    monkeypatch.setattr(_parallel, "PARALLEL_THRESHOLD", 500)
    tasks.clear()
    frame.forward(points, out=out)  # 2,003 >= 4 * 500: checked, then converted into out
    assert [len(r) for r in seen] == [3, 3] and tasks == ["check_chunk", "chunk"]
    seen.clear()
    frame.forward(points[:1999], out=out[:1999])
    assert seen == []
    frame.reverse(out[:500], out=out[:500])     # reverse (cost 4): from 500 points
    assert [len(r) for r in seen] == [3, 3]
    monkeypatch.setattr(_parallel, "PARALLEL_THRESHOLD", 1000)
    tasks.clear()
    frame.reverse(out, out=out, workers=2)      # in place: the same two phases
    assert tasks == ["check_chunk", "chunk"]
    # Without a check entry (the datum shifts, the baselines): out= alone is one thread;
    # split, the chunks write a scratch array copied into out once all succeeded.
    seen.clear()
    frame.baseline_forward(points, out=out)
    assert seen == []
    tasks.clear()
    frame.baseline_forward(points, out=out, workers=3)
    assert [len(r) for r in seen] == [3, 3] and tasks == ["chunk", "copy"]
    tasks.clear()
    waymark.gcj02_from_wgs84(points, out=out, workers=2)
    assert tasks == ["chunk", "copy"]
    # A fresh result: the chunks write it directly, no check.
    tasks.clear()
    frame.forward(points, workers=3)
    assert tasks == ["chunk"]
    # waymark.pymap3d follows the default; inside waymark.dask's blocks it is one thread.
    from waymark import pymap3d as pm
    seen.clear()
    pm.geodetic2enu(points[:, 0], points[:, 1], points[:, 2], *ORIGIN)
    assert [len(r) for r in seen] == [3]
    seen.clear()
    with _parallel.one_thread():
        pm.geodetic2enu(points[:, 0], points[:, 1], points[:, 2], *ORIGIN)
    assert seen == []
    seen.clear()
    pm.geodetic2enu(points[:, 0], points[:, 1], points[:, 2], *ORIGIN, workers=1)
    assert seen == []


def scene_layouts(scene):
    """Scene rows as reverse may see them (fresh arrays): contiguous, in a wider table,
    every other row."""
    yield "contiguous", scene.copy
    def table():
        wide = np.zeros((scene.shape[0], 5))
        wide[:, 1:4] = scene
        return wide[:, 1:4]
    yield "table view", table
    def every_other():
        rows = np.zeros((2 * scene.shape[0], 3))
        rows[::2] = scene
        return rows[::2]
    yield "every other row", every_other


def test_checked_splits_with_out_are_the_single_calls_bits(frame, points):
    """forward and reverse split with out= (checked, then converted straight into out):
    the single call's bits into every form of out, strided inputs, and in place."""
    scene = frame.forward(points, workers=1)
    conversions = (("forward", frame.forward, lambda: layouts(points)), ("reverse", frame.reverse, lambda: scene_layouts(scene)))
    for name, call, forms in conversions:
        for layout, make in forms():
            p = make()
            expected = call(p, workers=1)
            for w in SPLITS + [None]:
                for form, out in outputs(p.shape[0]):
                    if out is None:
                        continue
                    got = call(p, out=out, workers=w)
                    assert got is out and np.array_equal(bits(out), bits(expected)), (name, layout, w, form)
                if layout not in ("fortran", "pairs"):
                    mine = make()
                    got = call(mine, out=mine, workers=w)
                    assert got is mine and np.array_equal(bits(mine), bits(expected)), (name, layout, w, "in place")


@pytest.mark.parametrize("where", ["first chunk", "last chunk", "both"])
def test_a_bad_point_in_any_chunk_leaves_out_untouched(monkeypatch, frame, points, where):
    """A bad point in the first or the last chunk of a split call with out= (or in
    place): the single call's error and first_bad, out byte for byte as it was, and no
    chunk converted at all (only the checks ran)."""
    tasks = []
    real_run = _parallel.run
    monkeypatch.setattr(_parallel, "run", lambda ranges, task: tasks.append(task.__name__) or real_run(ranges, task))
    n = points.shape[0]
    scene = frame.forward(points, workers=1)
    rows = {"first chunk": [3], "last chunk": [n - 2], "both": [1, n - 1]}[where]
    bad_points, bad_scene = points.copy(), scene.copy()
    bad_points[rows, 0] = 91.0
    bad_points[rows[-1], 2] = np.nan
    bad_scene[rows, 2] = 4e12   # beyond the reverse's limit, 3e12 + 2e7 m
    for name, call, bad in (("forward", frame.forward, bad_points), ("reverse", frame.reverse, bad_scene)):
        expected = error_of(lambda: call(bad, workers=1))
        assert expected[:2] == ("INVALID_VALUE", rows[0]), name
        for w in (2, 3, 8, None):
            table = np.random.default_rng(5).standard_normal((n, 6))
            before = table.copy()
            tasks.clear()
            assert error_of(lambda: call(bad, out=table[:, 2:5], workers=w)) == expected, (name, w)
            assert table.tobytes() == before.tobytes(), (name, w)
            assert tasks == ([] if w is None else ["check_chunk"]), (name, w)   # None: 2,003 points, one thread
            mine = bad.copy()
            assert error_of(lambda: call(mine, out=mine, workers=w)) == expected, (name, w)
            assert mine.tobytes() == bad.tobytes(), (name, w)


def test_pymap3d_drop_ins_split_to_the_same_bits(points):
    from waymark import pymap3d as pm
    lat, lon, h = points[:, 0], points[:, 1], points[:, 2]
    cases = [("geodetic2enu", (lat, lon, h, *ORIGIN)), ("geodetic2ecef", (lat, lon, h)),
             ("geodetic2aer", (lat, lon, h, *ORIGIN))]
    e, n, u = pm.geodetic2enu(lat, lon, h, *ORIGIN, workers=1)
    x, y, z = pm.geodetic2ecef(lat, lon, h, workers=1)
    cases += [("enu2geodetic", (e, n, u, *ORIGIN)), ("ecef2geodetic", (x, y, z)), ("ecef2enu", (x, y, z, *ORIGIN)),
              ("enu2ecef", (e, n, u, *ORIGIN)), ("aer2geodetic", (np.abs(e) % 360, np.zeros_like(e), np.abs(n), *ORIGIN))]
    for name, args in cases:
        expected = getattr(pm, name)(*args, workers=1)
        for w in (2, 3, None):
            got = getattr(pm, name)(*args, workers=w)
            assert all(np.array_equal(bits(g), bits(x)) for g, x in zip(got, expected)), (name, w)


def test_split_calls_from_many_threads_share_the_pool(frame, points):
    """Threads that each split their own batches at once (more chunks than the pool has
    threads) queue on the shared pool and all get the single call's bits."""
    expected = frame.forward(points, workers=1)
    results = [None] * 6
    errors = []

    def work(k):
        try:
            for _ in range(5):
                results[k] = frame.forward(points, workers=2 + k % 3)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(6)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert all(np.array_equal(bits(r), bits(expected)) for r in results)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork")
def test_split_calls_work_in_a_forked_child(frame, points):
    """A child forked after the pool started gets a pool of its own (the inherited one
    has no threads there). The alarm only ends a child that would hang."""
    expected = frame.forward(points, workers=2)
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            signal.alarm(120)
            code = 0 if np.array_equal(bits(frame.forward(points, workers=2)), bits(expected)) else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0

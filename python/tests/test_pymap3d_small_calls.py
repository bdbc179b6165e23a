"""waymark.pymap3d's small calls: the frame cache and the scalar / small-array fast paths
give the bits a fresh Frame gives, for any sequence of observers and ellipsoids, never
write the caller's arrays, never hand out a shared buffer, and raise the C call's errors
(a refused observer is not kept)."""
import threading

import numpy as np
import pytest

import waymark
import waymark.pymap3d as wp

GRS80 = (6378137.0, 1 / 298.257222101)


class Ell:
    """pymap3d's Ellipsoid duck type."""

    def __init__(self, a, f):
        self.semimajor_axis, self.flattening = a, f


def fresh_forward(lat, lon, h, origin, ellipsoid=None):
    f = waymark.Frame(*origin, axes="enu", ellipsoid=ellipsoid)
    return f.forward(np.column_stack([np.ravel(lat), np.ravel(lon), np.ravel(h)]), workers=1)


def fresh_reverse(e, n, u, origin, ellipsoid=None):
    f = waymark.Frame(*origin, axes="enu", ellipsoid=ellipsoid)
    return f.reverse(np.column_stack([np.ravel(e), np.ravel(n), np.ravel(u)]), workers=1)


def same_bits(a, b):
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    return a.shape == b.shape and a.tobytes() == b.tobytes()


def test_scalars_are_a_fresh_frames_bits_for_interleaved_observers(rng):
    """More observers than the cache holds, revisited in turn, with and without another
    ellipsoid: every scalar result is the fresh frame's, to the bit, both ways."""
    origins = [(float(rng.uniform(-80, 80)), float(rng.uniform(-180, 180)), float(rng.uniform(-50, 500)))
               for _ in range(wp.FRAME_CACHE_SIZE + 5)]
    for _ in range(3):
        for k, o in enumerate(origins):
            ell = None if k % 3 else GRS80
            lat, lon, h = o[0] + 0.01, o[1] - 0.02, o[2] + 7.0
            e, n, u = wp.geodetic2enu(lat, lon, h, *o, ell=ell)
            assert all(type(v) is float for v in (e, n, u))
            assert same_bits([e, n, u], fresh_forward(lat, lon, h, o, ell)[0])
            back = wp.enu2geodetic(e, n, u, *o, ell=ell)
            assert same_bits(back, fresh_reverse(e, n, u, o, ell)[0])


def test_the_ellipsoid_is_part_of_the_key():
    o = (48.0, 11.0, 500.0)
    wgs = wp.geodetic2enu(48.5, 11.5, 100.0, *o)
    grs = wp.geodetic2enu(48.5, 11.5, 100.0, *o, ell=GRS80)
    duck = wp.geodetic2enu(48.5, 11.5, 100.0, *o, ell=Ell(*GRS80))
    sphere = wp.geodetic2enu(48.5, 11.5, 100.0, *o, ell=(6371000.0, 0.0))
    assert wgs != grs and grs == duck and sphere != wgs
    assert same_bits(grs, fresh_forward(48.5, 11.5, 100.0, o, GRS80)[0])
    assert same_bits(sphere, fresh_forward(48.5, 11.5, 100.0, o, (6371000.0, 0.0))[0])
    assert same_bits(wgs, wp.geodetic2enu(48.5, 11.5, 100.0, *o))


def test_signed_zero_observers_are_their_own_frames():
    for o in [(0.0, 0.0, 0.0), (-0.0, -0.0, -0.0), (0.0, -0.0, 0.0)]:
        assert same_bits(wp.geodetic2enu(0.001, -0.001, 3.0, *o), fresh_forward(0.001, -0.001, 3.0, o)[0])


@pytest.mark.parametrize("n", [1, 2, 10, 100, 1000])
def test_small_arrays_are_a_fresh_frames_bits(rng, n):
    o = (55.75, 37.62, 150.0)
    lat, lon, h = 55.75 + rng.uniform(-0.05, 0.05, n), 37.62 + rng.uniform(-0.05, 0.05, n), rng.uniform(0, 300, n)
    ref = fresh_forward(lat, lon, h, o)
    for workers in (None, 1):
        e, nn, u = wp.geodetic2enu(lat, lon, h, *o, workers=workers)
        assert e.shape == (n,) and same_bits(np.column_stack([e, nn, u]), ref)
    # The same points one by one, and through the general path (an array observer).
    assert same_bits([wp.geodetic2enu(float(a), float(b), float(c), *o) for a, b, c in zip(lat, lon, h)], ref)
    e2, n2, u2 = wp.geodetic2enu(lat, lon, h, np.full(n, o[0]), o[1], o[2])
    assert same_bits(np.column_stack([e2, n2, u2]), ref)


def test_shapes_broadcast_and_numpy_scalars(rng):
    o = (10.0, 20.0, 0.0)
    lat = 10.0 + rng.uniform(-0.1, 0.1, (4, 5))
    e, n, u = wp.geodetic2enu(lat, 20.05, np.zeros((1, 5)), *o)
    assert e.shape == (4, 5)
    assert same_bits(np.stack([e, n, u], axis=-1).reshape(-1, 3),
                     fresh_forward(lat, np.full((4, 5), 20.05), np.zeros((4, 5)), o))
    # numpy and 0-d scalars, lists, ints: floats back, as pymap3d gives.
    for args in [(np.float32(10.01), np.float64(20.01), np.array(5.0)), (10, 20, 5), ([10.01], [20.01], [5.0])]:
        r = wp.geodetic2enu(*args, np.float64(10.0), 20, 0.0)
        ref = fresh_forward(*(np.asarray(a, dtype=np.float64) for a in args), o)[0]
        if isinstance(args[0], list):
            assert all(v.shape == (1,) for v in r)
        else:
            assert all(type(v) is float for v in r)
        assert same_bits(np.ravel(r), ref)


def test_inputs_untouched_and_results_never_shared(rng):
    """The inputs are read, never written (not even the (n, 3)-looking ones), and each
    call's results are its own: a later call does not change them."""
    o = (40.0, -3.0, 600.0)
    lat, lon, h = 40.0 + rng.uniform(-0.01, 0.01, 8), -3.0 + rng.uniform(-0.01, 0.01, 8), rng.uniform(500, 700, 8)
    saved = [a.copy() for a in (lat, lon, h)]
    first = wp.geodetic2enu(lat, lon, h, *o)
    kept = [a.copy() for a in first]
    wp.geodetic2enu(lat + 0.001, lon, h, *o)
    wp.geodetic2enu(40.001, -3.0, 600.0, *o)
    assert all(np.array_equal(a, b) for a, b in zip((lat, lon, h), saved))
    assert all(np.array_equal(a, b) for a, b in zip(first, kept))
    # Read-only inputs are fine (nothing writes them).
    for a in (lat, lon, h):
        a.flags.writeable = False
    assert same_bits(np.column_stack(wp.geodetic2enu(lat, lon, h, *o)), np.column_stack(first))


def test_errors_are_the_c_calls_and_a_refused_observer_is_not_kept():
    o = (55.0, 37.0, 100.0)
    with pytest.raises(waymark.WaymarkError) as info:
        wp.geodetic2enu(float("nan"), 37.0, 0.0, *o)
    assert info.value.status_name == "INVALID_VALUE" and info.value.first_bad == 0
    assert info.value.function == "wm_frame_forward"
    with pytest.raises(waymark.WaymarkError) as info:
        wp.geodetic2enu(np.array([55.0, 55.1, 91.0, 55.2]), 37.0, 0.0, *o)
    assert info.value.first_bad == 2
    with pytest.raises(waymark.WaymarkError) as info:
        wp.enu2geodetic(np.array([0.0, np.inf]), 0.0, 0.0, *o)
    assert info.value.function == "wm_frame_reverse" and info.value.first_bad == 1
    before = len(wp._frames)
    for bad in [(91.0, 0.0, 0.0), (float("nan"), 0.0, 0.0), (0.0, 0.0, 2e12)]:
        with pytest.raises(waymark.WaymarkError) as info:
            wp.geodetic2enu(1.0, 1.0, 1.0, *bad)
        assert info.value.function == "wm_frame_init"
    assert len(wp._frames) <= max(before, wp.FRAME_CACHE_SIZE)
    assert not any(k == wp._key(91.0, 0.0, 0.0, *wp._WGS84) for k in wp._frames)
    # Bad workers are refused as before, scalar or array.
    for w in (0, -1):
        with pytest.raises(ValueError):
            wp.geodetic2enu(55.0, 37.0, 0.0, *o, workers=w)
    for w in (True, 1.0):
        with pytest.raises(TypeError):
            wp.geodetic2enu(np.array([55.0]), 37.0, 0.0, *o, workers=w)
    # After the errors the same observers still give the fresh frame's bits.
    assert same_bits(wp.geodetic2enu(55.1, 37.1, 0.0, *o), fresh_forward(55.1, 37.1, 0.0, o)[0])


def test_threads_with_their_own_observers(rng):
    """Threads calling point by point from different observers (more of them than the
    cache holds: it evicts while others read) each get their own frame's bits."""
    origins = [(float(rng.uniform(-60, 60)), float(rng.uniform(-180, 180)), 0.0) for _ in range(wp.FRAME_CACHE_SIZE * 2)]
    expected = {o: fresh_forward(o[0] + 0.01, o[1] + 0.01, 5.0, o)[0].tobytes() for o in origins}
    failures = []

    def work(k):
        for i in range(200):
            o = origins[(k * 7 + i) % len(origins)]
            r = np.array(wp.geodetic2enu(o[0] + 0.01, o[1] + 0.01, 5.0, *o))
            if r.tobytes() != expected[o]:
                failures.append((k, i))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


def test_frame_small_calls_are_the_general_paths_bits(rng):
    """Frame.forward / reverse into a new array on a C-contiguous float64 input take one
    C call on the caller's buffer: the same bits, shapes and errors as the general path
    (reached here through a strided view of the same points, and through workers=2)."""
    frame = waymark.Frame(48.1, 11.6, 520.0, axes="eus")
    for n in (1, 3, 17, 1000):
        pts = np.column_stack([48.1 + rng.uniform(-0.1, 0.1, n), 11.6 + rng.uniform(-0.1, 0.1, n), rng.uniform(0, 900, n)])
        wide = np.zeros((n, 5))
        wide[:, 1:4] = pts
        view = wide[:, 1:4]                           # rows of three doubles, stride 40: the general path
        fast = frame.forward(pts)
        assert fast.shape == (n, 3) and same_bits(fast, frame.forward(view))
        assert same_bits(fast, frame.forward(pts, workers=min(2, n)))
        back = frame.reverse(fast)
        assert same_bits(back, frame.reverse(np.array(fast, order="F")))
        pts.flags.writeable = False                   # read, never written
        assert same_bits(frame.forward(pts), fast)
    one = np.array([48.2, 11.7, 500.0])
    r = frame.forward(one)
    assert r.shape == (3,) and same_bits(r, frame.forward([48.2, 11.7, 500.0]))
    assert same_bits(frame.reverse(r), frame.reverse(list(r)))
    bad = np.array([[48.0, 11.0, 0.0], [48.0, 11.0, 0.0], [np.nan, 11.0, 0.0]])
    with pytest.raises(waymark.WaymarkError) as info:
        frame.forward(bad)
    assert info.value.first_bad == 2 and info.value.function == "wm_frame_forward"
    with pytest.raises(waymark.WaymarkError) as info:
        frame.reverse(np.array([0.0, 4e12, 0.0]))
    assert info.value.first_bad == 0 and info.value.function == "wm_frame_reverse"
    with pytest.raises(ValueError):
        frame.forward(one, workers=0)
    assert frame.forward(np.zeros((0, 3))).shape == (0, 3)

"""The route, the navigator and replay through the C ABI, against `waymark replay`'s
golden output."""
import os
import shutil
import subprocess

import numpy as np
import pytest

import waymark

# The viewport of a 390 x 844 pt phone screen, (x, y, width, height).
PHONE = (0.0, 0.0, 390.0, 844.0)
from conftest import GOLDEN

LOG = str(GOLDEN / "replay_walk.csv")


def _compare(ours, cli, rtol_screen=1e-5):
    """Every column of `waymark replay`'s CSV (read by pandas) against ours."""
    import pandas as pd
    assert len(ours) == len(cli)
    for c in cli.columns:
        a, b = ours[c], cli[c]
        if not pd.api.types.is_numeric_dtype(b):
            assert (a.astype(str).to_numpy() == b.fillna("").astype(str).to_numpy()).all(), c
            continue
        a, b = a.to_numpy(float), b.to_numpy(float)
        assert (np.isnan(a) == np.isnan(b)).all(), c
        ok = ~np.isnan(b)
        # The camera reaches the navigator as float32 through the C ABI (the CLI passes
        # doubles): metres agree to 1e-4, degrees to 1e-4, screen points relatively to 1e-5
        # (the finish's projection is ill-conditioned near the camera plane).
        # Projections far off screen (beyond 2,000 points) relatively to 1e-3.
        if c.startswith(("finish_screen", "hint_", "finish_diameter")):
            near = ok & (np.abs(b) < 2000)
            np.testing.assert_allclose(a[near], b[near], rtol=rtol_screen, atol=1e-3, err_msg=c)
            np.testing.assert_allclose(a[ok & ~near], b[ok & ~near], rtol=1e-3, err_msg=c)
        else:
            np.testing.assert_allclose(a[ok], b[ok], rtol=0, atol=1e-4, err_msg=c)


def test_replay_matches_the_cli_golden_output(route_csv):
    pd = pytest.importorskip("pandas")
    df = waymark.replay(LOG, route_csv, estimator="robust", as_frame=True)
    assert list(df.columns) == waymark.REPLAY_COLUMNS
    old = pd.read_csv(GOLDEN / "replay_walk_robust.out", keep_default_na=True)
    _compare(df[old.columns], old)
    assert set(df.correction_state) == {"none", "estimating", "applied"}
    assert set(df.correction_source) <= {"none", "track"}


def test_replay_structured_array_and_estimators(route_csv):
    rows = waymark.replay(LOG, route_csv, as_frame=False)
    assert rows.dtype.names == tuple(waymark.REPLAY_COLUMNS) and len(rows) == 150
    assert not np.isnan(rows["anchor_sigma_m"]).any()     # the filter reports it
    seed = waymark.replay(LOG, route_csv, estimator="seed", as_frame=False)
    assert not np.array_equal(seed["correction_deg"], rows["correction_deg"], equal_nan=True)
    again = waymark.replay(LOG, np.array([[55.7339, 37.5886], [55.7352473, 37.5886], [55.7352473, 37.5910]]),
                           as_frame=False)
    for c in waymark.REPLAY_COLUMNS:
        assert np.array_equal(again[c], rows[c], equal_nan=rows[c].dtype.kind == "f"), c


@pytest.mark.skipif(not (os.environ.get("WAYMARK_CLI") or shutil.which("waymark")), reason="no waymark CLI (set WAYMARK_CLI)")
@pytest.mark.parametrize("estimator", ["filter", "robust", "seed"])
def test_replay_matches_the_cli(route_csv, tmp_path, estimator):
    """Against the CLI itself (WAYMARK_CLI or waymark on PATH), on a simulated walk with
    compass readings and tracking changes."""
    pd = pytest.importorskip("pandas")
    cli = os.environ.get("WAYMARK_CLI") or shutil.which("waymark")
    log = tmp_path / "walk.csv"
    subprocess.run([cli, "simulate", "--runs", "1", "--seed", "5", "--route", route_csv, "--duration-s", "120",
                    "--log", str(log), "--compass-sigma-deg", "5", "--limited", "30:40", "--reset-at", "60"],
                   check=True, capture_output=True)
    out = subprocess.run([cli, "replay", "--route", route_csv, "--estimator", estimator, str(log)], check=True,
                         capture_output=True, text=True).stdout
    import io
    theirs = pd.read_csv(io.StringIO(out))
    _compare(waymark.replay(str(log), route_csv, estimator=estimator, as_frame=True), theirs)


def test_navigator_api():
    route = np.array([[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0], [55.7352473, 37.5910, 0.0]])
    nav = waymark.Navigator(route, heights="none", estimator="filter", arrow_spacing_m=2.0)
    assert nav.arrow_capacity == int(100 / 2) + 2
    cam = waymark.camera_transform((0.0, 1.4, 0.0), yaw_deg=0.0)
    proj = waymark.perspective(60.0, 390 / 844)
    r = nav.update(0.0, cam, proj, PHONE)
    assert np.isnan(r["progress_m"]) and r["correction_state"] == "none"
    for i in range(10):
        nav.add_fix(55.7339 + i * 1e-5, 37.5886, None, 5.0, float(i), (0.0, 1.4, -1.11 * i))
        nav.add_heading(0.0, 10.0, i + 0.5, waymark.camera_transform((0.0, 1.4, -1.11 * i), 0.0))
        r = nav.update(i + 0.9, waymark.camera_transform((0.0, 1.4, -1.11 * i), 0.0), proj, PHONE)
    assert r["progress_m"] > 5 and r["arrows"].shape[0] > 0 and r["arrows"].dtype.names == ("position", "yaw_deg", "distance_along_m")
    assert nav.legs(0).shape[0] >= 1
    nav.tracking("limited", 11.0)
    with pytest.raises(waymark.WaymarkError):
        nav.add_fix(95.0, 37.0, None, 5.0, 12.0, (0, 0, 0))
    with pytest.raises(waymark.WaymarkError) as e:
        waymark.Navigator(np.array([[55.0, 37.0], [np.nan, 37.0]]), heights="none")
    assert e.value.first_bad == 1
    with pytest.raises(TypeError):
        waymark.Navigator(route, bogus=1)
    with pytest.raises(ValueError):
        waymark.Navigator(route, estimator="kalman")


def _walk_north(nav, seconds, velocity=None, rng=None, offset_deg=15.0):
    """Feeds fixes at 1 Hz of a walker going north at 1.4 m/s whose AR session's north is
    offset_deg off, white 3 m GPS noise; velocity(i) gives add_fix's velocity keywords.
    Returns the last update."""
    proj = waymark.perspective(60.0, 390 / 844)
    a = np.radians(offset_deg)
    r = None
    for i in range(seconds):
        north = 1.4 * i
        scene = (-north * np.sin(a), 1.4, -north * np.cos(a))
        lat = 55.7339 + (north + 3 * rng.standard_normal()) / 111320.0
        lon = 37.5886 + 3 * rng.standard_normal() / (111320.0 * np.cos(np.radians(55.7339)))
        nav.add_fix(lat, lon, None, 3.0, float(i), scene, **(velocity(i) if velocity else {}))
        r = nav.update(i + 0.5, waymark.camera_transform(scene, -offset_deg), proj, PHONE)
    return r


def test_navigator_velocity_and_route_evidence():
    route = np.array([[55.7339, 37.5886, 0.0], [55.7366, 37.5886, 0.0]])
    settings = dict(heights="none", accuracy_confidence=1 - np.exp(-0.5), gps_correlated_share=0.0)
    c = waymark.navigator_config(**settings)
    assert c.size == waymark._lib.ffi.sizeof("wm_navigator_config") == waymark._lib.CONSTANTS["WM_NAVIGATOR_CONFIG_SIZE"]
    assert (c.route_evidence, c.route_offset_sigma_m, c.route_offset_distance_m, c.route_side_offset_m) == (0, 2.0, 1000.0, 4.0)
    assert (c.velocity_correlated_share, c.velocity_correlation_s) == (0.5, 10.0)

    def phone(i):   # CoreLocation: true course, 3 degrees; speed 1.4 m/s, 0.1 m/s
        return dict(course=(3 * np.random.default_rng(i).standard_normal()) % 360, course_accuracy=3.0,
                    speed=1.4, speed_accuracy=0.1)

    plain, missing, fast = (waymark.Navigator(route, **settings) for _ in range(3))
    r_plain = _walk_north(plain, 10, rng=np.random.default_rng(7))
    # A phone without a velocity (-1, None): a plain fix, to the bit.
    r_missing = _walk_north(missing, 10, lambda i: dict(course=-1.0, course_accuracy=None, speed=-1.0,
                                                         speed_accuracy=-1.0), rng=np.random.default_rng(7))
    r_fast = _walk_north(fast, 10, phone, rng=np.random.default_rng(7))
    assert r_missing["correction_sigma_deg"] == r_plain["correction_sigma_deg"]
    assert r_missing["correction_deg"] == r_plain["correction_deg"]
    # The velocity measures the heading at every fix: applied in 10 s, where the fixes
    # alone are still estimating with a sigma several times larger.
    assert r_fast["correction_state"] == "applied" and r_plain["correction_state"] != "applied"
    assert r_fast["correction_sigma_deg"] < 0.5 * r_plain["correction_sigma_deg"]
    assert abs(r_fast["correction_deg"] - 15.0) < 3 * r_fast["correction_sigma_deg"]
    assert r_fast["route_evidence"] == "disabled" and "reserved3_" not in r_fast

    # A NaN velocity is refused and changes nothing: a twin that never saw it agrees.
    twin = waymark.Navigator(route, **settings)
    _walk_north(twin, 10, phone, rng=np.random.default_rng(7))
    with pytest.raises(waymark.WaymarkError) as e:
        fast.add_fix(55.7340, 37.5886, None, 3.0, 10.0, (0.0, 1.4, -14.0), course=float("nan"), course_accuracy=3.0,
                     speed=1.4, speed_accuracy=0.1)
    assert e.value.status_name == "INVALID_VALUE"
    proj = waymark.perspective(60.0, 390 / 844)
    cam = waymark.camera_transform((0.0, 1.4, -14.0), -15.0)
    a, b = fast.update(10.5, cam, proj, PHONE), twin.update(10.5, cam, proj, PHONE)
    assert a["correction_deg"] == b["correction_deg"] and a["anchor_sigma_m"] == b["anchor_sigma_m"]

    # Route evidence: on while the user walks the route.
    on = waymark.Navigator(route, route_evidence=True, route_offset_sigma_m=3.0, **settings)
    assert on.config.route_evidence == 1 and on.config.route_offset_sigma_m == 3.0
    assert _walk_north(on, 30, phone, rng=np.random.default_rng(8))["route_evidence"] == "on"
    with pytest.raises(waymark.WaymarkError):
        waymark.Navigator(route, route_evidence=2, **settings)
    with pytest.raises(waymark.WaymarkError):
        waymark.Navigator(route, velocity_correlated_share=1.0, **settings)
    with pytest.raises(TypeError):
        waymark.Navigator(route, reserved_=1, **settings)


def test_route_api():
    frame = waymark.Frame(55.7339, 37.5886, 0.0, axes="eus")
    scene = frame.forward([[55.7339, 37.5886, 0.0], [55.7352473, 37.5886, 0.0], [55.7352473, 37.5910, 0.0]])
    route = waymark.Route(scene, "eus")
    p = route.project((1.0, 0.0, -50.0))
    assert p["segment"] == 0 and abs(p["distance_along_m"] - 50.0) < 0.1 and abs(p["offset_m"] - 1.0) < 1e-6
    arrows = route.arrows(p, 3.0, 30.0)
    assert len(arrows) == 10 and np.all(np.diff(arrows["distance_along_m"]) > 0)
    legs = route.legs(140.0, 160.0)
    assert len(legs) == 2 and abs(legs["turn_deg"][1] - 90.0) < 1.0      # a right turn


def test_bad_logs(tmp_path, route_csv):
    bad = tmp_path / "bad.csv"
    bad.write_text("t,event\n")
    with pytest.raises(waymark.LogError) as e:
        waymark.replay(str(bad), route_csv)
    assert e.value.line == 1
    lines = open(LOG).read().splitlines()
    lines[2] = lines[2].replace("frame", "frames")
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(waymark.LogError) as e:
        waymark.replay(str(bad), route_csv)
    assert e.value.line == 3


def test_update_without_a_viewport_is_deprecated(route_csv):
    points = waymark.read_route(route_csv)[0]
    implied, given = waymark.Navigator(points), waymark.Navigator(points)
    proj = waymark.perspective(60, 390 / 844)
    cam = waymark.camera_transform((0.0, 1.4, 0.0), 0.0)
    with pytest.warns(DeprecationWarning, match="without a viewport is deprecated"):
        a = implied.update(0.0, cam, proj)
    b = given.update(0.0, cam, proj, PHONE)
    keys = [k for k, v in b.items() if isinstance(v, float)]
    assert len(keys) > 10 and np.array_equal([a[k] for k in keys], [b[k] for k in keys], equal_nan=True)


def test_update_results_are_plain_values_that_stay_put():
    """Issue 52: every field of update()'s result is a plain value (a float, an int, a
    str, a tuple of floats, a NumPy array of its own), never a view into the result
    buffer the next update overwrites. A walk with origin shifting every few metres, so
    origin_shift changes; every kept result is compared afterwards with the copy taken
    when it was returned."""
    import copy
    route = np.array([[55.7339, 37.5886, 0.0], [55.7366, 37.5886, 0.0]])
    nav = waymark.Navigator(route, heights="none", accuracy_confidence=1 - np.exp(-0.5), gps_correlated_share=0.0)
    waymark._lib.check(waymark._lib.lib.wm_navigator_set_origin_shift(nav._nav, 3.0), "wm_navigator_set_origin_shift")
    proj = waymark.perspective(60.0, 390 / 844)
    rng = np.random.default_rng(3)
    kept, copies = [], []
    shift = np.zeros(3)
    for i in range(40):
        north = 1.4 * i
        scene = np.array([0.0, 1.4, -north]) - shift
        lat = 55.7339 + (north + rng.standard_normal()) / 111320.0
        nav.add_fix(lat, 37.5886, None, 3.0, float(i), tuple(scene))
        r = nav.update(i + 0.5, waymark.camera_transform(tuple(scene), 0.0), proj, PHONE)
        for name, v in r.items():
            assert isinstance(v, (float, int, str, tuple, np.ndarray)), (name, type(v))
            if isinstance(v, tuple):
                assert all(isinstance(x, float) for x in v), (name, v)
            if isinstance(v, np.ndarray):
                assert v.base is None or v.base.flags.owndata, name
        if r["origin_shifted"]:
            shift = shift + np.array(r["origin_shift"])
        kept.append(r)
        copies.append(copy.deepcopy(r))
    assert sum(r["origin_shifted"] for r in kept) >= 3, "the walk shifted the origin"
    assert len({r["origin_shift"] for r in kept}) >= 3
    for i, (r, c) in enumerate(zip(kept, copies)):
        for name in c:
            if isinstance(c[name], np.ndarray):
                assert np.array_equal(r[name], c[name], equal_nan=c[name].dtype.kind == "f") if c[name].dtype.names is None \
                    else r[name].tobytes() == c[name].tobytes(), (i, name)
            else:
                assert repr(r[name]) == repr(c[name]), (i, name, r[name], c[name])

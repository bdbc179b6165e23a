"""waymark.pymap3d against pymap3d itself: same names, argument order, defaults and
results on thousands of points."""
import inspect

import numpy as np
import pytest

import waymark
import waymark.pymap3d as wp
from conftest import nearby, random_points

pm = pytest.importorskip("pymap3d")

NAMES = ["geodetic2enu", "enu2geodetic", "geodetic2ecef", "ecef2geodetic", "ecef2enu", "enu2ecef",
         "geodetic2aer", "aer2geodetic"]


@pytest.mark.parametrize("name", NAMES)
def test_same_signature(name):
    """pymap3d's parameters, in its order with its defaults, then Waymark's keyword-only
    ``workers`` (None), which no positional call can reach."""
    ours, theirs = inspect.signature(getattr(wp, name)), inspect.signature(getattr(pm, name))
    params = list(ours.parameters.values())
    assert params[-1].name == "workers" and params[-1].kind is inspect.Parameter.KEYWORD_ONLY and params[-1].default is None
    assert [p.name for p in params[:-1]] == list(theirs.parameters)
    assert [p.default for p in params[:-1]] == [p.default for p in theirs.parameters.values()]


@pytest.fixture(scope="module")
def cases():
    rng = np.random.default_rng(7)
    out = []
    for origin in random_points(rng, 10, lat=(-85, 85), h=(-50, 3000)):
        pts = nearby(rng, origin, 500, 0.3)
        pts[:, 0] = np.clip(pts[:, 0], -89.9, 89.9)
        out.append((tuple(float(v) for v in origin), pts))
    return out


def test_geodetic_enu_both_ways(cases):
    """5,000 points within ~30 km: ENU within 1e-6 m of pymap3d (measured ~1e-9 m,
    pymap3d's own ECEF-difference round-off), geodetic back within 1e-9 degree, 1e-6 m."""
    worst_enu = worst_deg = worst_h = 0.0
    for o, p in cases:
        ours = np.column_stack(wp.geodetic2enu(p[:, 0], p[:, 1], p[:, 2], *o))
        theirs = np.column_stack(pm.geodetic2enu(p[:, 0], p[:, 1], p[:, 2], *o))
        worst_enu = max(worst_enu, np.abs(ours - theirs).max())
        lat, lon, h = wp.enu2geodetic(theirs[:, 0], theirs[:, 1], theirs[:, 2], *o)
        plat, plon, ph = pm.enu2geodetic(theirs[:, 0], theirs[:, 1], theirs[:, 2], *o)
        worst_deg = max(worst_deg, np.abs(lat - plat).max(), np.abs((lon - plon + 180) % 360 - 180).max())
        worst_h = max(worst_h, np.abs(h - ph).max())
    assert worst_enu < 1e-6 and worst_deg < 1e-9 and worst_h < 1e-6, (worst_enu, worst_deg, worst_h)


def test_ecef_both_ways(cases):
    worst_xyz = worst_deg = worst_h = 0.0
    for o, p in cases:
        ours = np.column_stack(wp.geodetic2ecef(p[:, 0], p[:, 1], p[:, 2]))
        theirs = np.column_stack(pm.geodetic2ecef(p[:, 0], p[:, 1], p[:, 2]))
        worst_xyz = max(worst_xyz, np.abs(ours - theirs).max())
        lat, lon, h = wp.ecef2geodetic(*theirs.T)
        worst_deg = max(worst_deg, np.abs(lat - p[:, 0]).max(), np.abs((lon - p[:, 1] + 180) % 360 - 180).max())
        worst_h = max(worst_h, np.abs(h - p[:, 2]).max())
        enu = np.column_stack(wp.ecef2enu(*theirs.T, *o))
        penu = np.column_stack(pm.ecef2enu(*theirs.T, *o))
        worst_xyz = max(worst_xyz, np.abs(enu - penu).max())
        back = np.column_stack(wp.enu2ecef(*penu.T, *o))
        worst_xyz = max(worst_xyz, np.abs(back - theirs).max())
    assert worst_xyz < 1e-6 and worst_deg < 1e-10 and worst_h < 1e-6, (worst_xyz, worst_deg, worst_h)


def test_aer_both_ways(cases):
    worst_angle = worst_range = worst_deg = 0.0
    for o, p in cases:
        ours = np.column_stack(wp.geodetic2aer(p[:, 0], p[:, 1], p[:, 2], *o))
        theirs = np.column_stack(pm.geodetic2aer(p[:, 0], p[:, 1], p[:, 2], *o))
        worst_angle = max(worst_angle, np.abs((ours[:, :2] - theirs[:, :2] + 180) % 360 - 180).max())
        worst_range = max(worst_range, np.abs(ours[:, 2] - theirs[:, 2]).max())
        assert ours[:, 0].min() >= 0 and ours[:, 0].max() < 360
        lat, lon, h = wp.aer2geodetic(*theirs.T, *o)
        worst_deg = max(worst_deg, np.abs(lat - p[:, 0]).max(), np.abs((lon - p[:, 1] + 180) % 360 - 180).max())
    assert worst_angle < 1e-8 and worst_range < 1e-6 and worst_deg < 1e-9, (worst_angle, worst_range, worst_deg)


def test_scalars_radians_ellipsoid_and_broadcasting():
    e, n, u = wp.geodetic2enu(55.7352, 37.59, 10.0, 55.7339, 37.5886, 0.0)
    assert all(isinstance(v, float) for v in (e, n, u))
    ref = pm.geodetic2enu(55.7352, 37.59, 10.0, 55.7339, 37.5886, 0.0)
    np.testing.assert_allclose((e, n, u), ref, atol=1e-6)
    rad = wp.geodetic2enu(np.radians(55.7352), np.radians(37.59), 10.0, np.radians(55.7339), np.radians(37.5886), 0.0,
                          deg=False)
    np.testing.assert_allclose(rad, ref, atol=1e-6)
    lat, lon, h = wp.enu2geodetic(e, n, u, np.radians(55.7339), np.radians(37.5886), 0.0, deg=False)
    np.testing.assert_allclose((lat, lon), np.radians((55.7352, 37.59)), atol=1e-13)
    for name in ("grs80", "wgs72", "clarke1866"):
        ell = pm.Ellipsoid.from_name(name)
        ours = wp.geodetic2enu(55.8, 37.7, 100.0, 55.7, 37.5, 0.0, ell=ell)
        np.testing.assert_allclose(ours, pm.geodetic2enu(55.8, 37.7, 100.0, 55.7, 37.5, 0.0, ell=ell), atol=1e-6)
        np.testing.assert_allclose(wp.geodetic2ecef(55.8, 37.7, 100.0, ell=ell), pm.geodetic2ecef(55.8, 37.7, 100.0, ell=ell),
                                   atol=1e-6)
    grid_lat, grid_lon = np.meshgrid(np.linspace(55, 56, 7), np.linspace(37, 38, 5), indexing="ij")
    e, n, u = wp.geodetic2enu(grid_lat, grid_lon, 0.0, 55.5, 37.5, 0.0)
    assert e.shape == (7, 5)
    np.testing.assert_allclose(np.stack([e, n, u]), np.stack(pm.geodetic2enu(grid_lat, grid_lon, 0.0, 55.5, 37.5, 0.0)),
                               atol=1e-6)
    # Per-point observers (arrays for lat0, lon0, h0) broadcast too.
    lat0 = np.array([55.0, 55.5, 56.0])
    np.testing.assert_allclose(np.stack(wp.geodetic2enu(55.6, 37.6, 0.0, lat0, 37.5, 0.0)),
                               np.stack(pm.geodetic2enu(55.6, 37.6, 0.0, lat0, 37.5, 0.0)), atol=1e-6)


def test_invalid_input_raises():
    with pytest.raises(waymark.WaymarkError) as e:
        wp.geodetic2enu([55.0, 91.0], [37.0, 37.0], [0.0, 0.0], 55.0, 37.0, 0.0)
    assert e.value.first_bad == 1
    with pytest.raises(ValueError):
        wp.geodetic2enu(np.nan, 37.0, 0.0, 55.0, 37.0, 0.0)
    with pytest.raises(ValueError):
        wp.aer2geodetic(10.0, 5.0, -1.0, 55.0, 37.0, 0.0)



class _Tolerance:
    """The file's stated tolerance, read as the Swift suite reads it
    (Tests/WaymarkTests/LocalTangentFrameTests.swift): "1 mm", "0.005 m (printed to 2
    decimals)" (one unit in the last printed place at least), "abs 1e-5 ...", or pytest's
    default (relative 1e-6, absolute 1e-12)."""

    def __init__(self, text):
        import re
        if text.startswith("pytest") or "rel 1e-6" in text:
            self.absolute, self.relative = 1e-12, 1e-6
            return
        numbers = [float(t) for t in re.split(r"[ (]", text) if re.fullmatch(r"[0-9.]+(e-?[0-9]+)?", t)]
        number = numbers[0] if numbers else 0.0
        self.absolute = number * 1e-3 if " mm" in text else number
        self.relative = 0.0
        m = re.search(r"printed to (\d+)", text)
        if m:
            self.absolute = max(self.absolute, 10.0 ** -int(m.group(1)))

    def accepts(self, got, expected):
        return abs(got - expected) <= self.absolute + self.relative * abs(expected)


def _aer(v):
    return np.array([np.degrees(np.arctan2(v[0], v[1])), np.degrees(np.arctan2(v[2], np.hypot(v[0], v[1]))),
                     np.linalg.norm(v)])


def test_external_enu_vectors():
    """Tests/Data/external/enu_reference_vectors.csv (PROJ gie / IOGP GN7-2, GeographicLib
    CartConvert, octave-mapping, pymap3d, HoloLab) at their stated tolerances."""
    pd = pytest.importorskip("pandas")
    from conftest import DATA
    d = pd.read_csv(DATA / "external" / "enu_reference_vectors.csv", dtype={"tolerance": str})
    assert len(d) == 20
    for _, r in d.iterrows():
        o = (r["lat0"], r["lon0"], r["h0"])
        point = np.array([r["lat"], r["lon"], r["h"]])
        enu = np.array([r["e"], r["n"], r["u"]])
        tol = _Tolerance(r["tolerance"])
        if r["direction"] in ("geodetic2enu", "both"):
            got = np.array(wp.geodetic2enu(*point, *o))
            g, e = (_aer(got), _aer(enu)) if r["enu_derived_from_aer"] == 1 else (got, enu)
            assert all(tol.accepts(g[k], e[k]) for k in range(3)), (r["case"], got, enu)
        if r["direction"] in ("enu2geodetic", "both"):
            back = np.array(wp.enu2geodetic(*enu, *o))
            if "deg" in r["tolerance"] or tol.relative > 0:
                assert all(tol.accepts(back[k], point[k]) for k in range(3)), (r["case"], back, point)
            else:   # a tolerance in metres: compare where the two points are
                a, b = np.array(wp.geodetic2enu(*back, *o)), np.array(wp.geodetic2enu(*point, *o))
                assert np.linalg.norm(a - b) <= tol.absolute, (r["case"], back, point)


def test_external_ecef_vectors():
    """Tests/Data/external/enu_ecef_reference_vectors.csv: ECEF <-> ENU at their tolerances
    (ECEF through PROJ's cart conversion)."""
    pd = pytest.importorskip("pandas")
    from conftest import DATA
    d = pd.read_csv(DATA / "external" / "enu_ecef_reference_vectors.csv", dtype={"tolerance": str})
    assert len(d) == 14
    for _, r in d.iterrows():
        o = (r["lat0"], r["lon0"], r["h0"])
        ecef = np.array([r["x"], r["y"], r["z"]])
        enu = np.array([r["e"], r["n"], r["u"]])
        tol = _Tolerance(r["tolerance"])
        if r["direction"] in ("ecef2enu", "both"):
            got = np.array(wp.ecef2enu(*ecef, *o))
            use_aer = r["enu_derived_from_aer"] == 1 and np.hypot(enu[0], enu[1]) > 1e-9
            a, b = (_aer(got), _aer(enu)) if use_aer else (got, enu)
            assert all(tol.accepts(a[k], b[k]) or abs(a[k] - b[k]) <= 1e-9 for k in range(3)), (r["case"], got, enu)
        if r["direction"] in ("enu2ecef", "both"):
            got = np.array(wp.enu2ecef(*enu, *o))
            assert all(tol.accepts(got[k], ecef[k]) for k in range(3)), (r["case"], got, ecef)


def test_ecef_far_from_the_surface():
    """Satellites and the Earth's interior: geodetic -> ECEF within 1e-6 m of pymap3d's
    closed form; ECEF -> geodetic round trips within 1e-11 degree and 1e-6 m."""
    rng = np.random.default_rng(11)
    p = random_points(rng, 3000, lat=(-89.9, 89.9), h=(-5e5, 4e7))
    ours = np.column_stack(wp.geodetic2ecef(*p.T))
    theirs = np.column_stack(pm.geodetic2ecef(*p.T))
    assert np.abs(ours - theirs).max() < 1e-6
    lat, lon, h = wp.ecef2geodetic(*theirs.T)
    assert np.abs(lat - p[:, 0]).max() < 1e-11 and np.abs((lon - p[:, 1] + 180) % 360 - 180).max() < 1e-11
    assert np.abs(h - p[:, 2]).max() < 1e-6

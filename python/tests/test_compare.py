"""waymark.compare on one's own track: arrays, GPX, GeoJSON, CSV."""
import json

import numpy as np
import pytest

import waymark


def _track():
    t = np.linspace(0, 1, 400)
    return np.column_stack([55.70 + 0.05 * t, 37.50 + 0.08 * np.sin(3 * t), 150 + 20 * t])


def test_compare_array_and_reference_values():
    pyproj = pytest.importorskip("pyproj")
    track = _track()
    r = waymark.compare(track, as_frame=False)
    assert len(r.points) == 400 and len(r.segments) == 399
    assert r.points["distance_m"][0] == 0 and r.points["haversine_horizontal_error_m"][0] < 1e-9
    # The geodesic segment lengths are pyproj's; the haversine lengths a textbook haversine's.
    geod = pyproj.Geod(ellps="WGS84")
    _, _, s = geod.inv(track[:-1, 1], track[:-1, 0], track[1:, 1], track[1:, 0])
    assert np.abs(r.segments["geodesic_m"] - s).max() < 1e-6
    la1, lo1, la2, lo2 = (np.radians(v) for v in (track[:-1, 0], track[:-1, 1], track[1:, 0], track[1:, 1]))
    hav = 2 * 6371008.8 * np.arcsin(np.sqrt(np.sin((la2 - la1) / 2) ** 2 + np.cos(la1) * np.cos(la2) * np.sin((lo2 - lo1) / 2) ** 2))
    assert np.abs(r.segments["haversine_m"] - hav).max() < 1e-6
    # At Moscow's latitude the sphere is 0.1-0.6 % off.
    rel = np.abs(r.segments["haversine_relative_error"])
    assert 1e-4 < np.median(rel) < 1e-2
    far = r.points["distance_m"] > 1000
    assert np.all(r.points["haversine_horizontal_error_m"][far] > 0.5)


def test_compare_files(tmp_path):
    pd = pytest.importorskip("pandas")
    track = _track()
    gpx = tmp_path / "walk.gpx"
    gpx.write_text('<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
                   + "".join(f'<trkpt lat="{a!r}" lon="{b!r}"><ele>{c!r}</ele></trkpt>' for a, b, c in track.tolist())
                   + "</trkseg></trk></gpx>")
    geojson = tmp_path / "walk.geojson"
    geojson.write_text(json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "properties": {}, "geometry": {"type": "LineString", "coordinates": [[b, a, c] for a, b, c in track.tolist()]}}]}))
    csvp = tmp_path / "walk.csv"
    csvp.write_text("lat,lon,h\n" + "\n".join(f"{a!r},{b!r},{c!r}" for a, b, c in track.tolist()) + "\n")
    expected = waymark.compare(track)
    # GPX heights are above sea level: kept as they are with heights="orthometric".
    for p, heights in ((gpx, "orthometric"), (geojson, "ellipsoidal"), (csvp, "ellipsoidal")):
        got = waymark.compare(str(p), heights=heights)
        pd.testing.assert_frame_equal(got.points, expected.points)
        pd.testing.assert_frame_equal(got.segments, expected.segments)
    # By default (the CLI's) the GPX's are made ellipsoidal: h = H + N (EGM96), and the
    # track compared is the array with those heights.
    n = waymark.geoid_undulation(track)
    lifted = track.copy()
    lifted[:, 2] += n
    got = waymark.compare(str(gpx))
    pd.testing.assert_frame_equal(got.points, waymark.compare(lifted).points)
    pd.testing.assert_frame_equal(got.segments, waymark.compare(lifted).segments)
    assert np.abs(got.points["h"] - track[:, 2]).min() > 1.0     # N is about 15 m there
    with pytest.raises(ValueError, match="heights must be"):
        waymark.compare(str(gpx), heights="sea")


def test_compare_figure(tmp_path):
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    fig = waymark.compare(_track()).figure()
    fig.savefig(tmp_path / "fig.png")
    assert (tmp_path / "fig.png").stat().st_size > 1000


@pytest.mark.parametrize("name, options, heights", [
    ("walk_strava.gpx", [], "orthometric"),
    ("walk_strava.gpx", [], None),
    ("walk_logger.nmea", ["--origin", "55.7339700,37.5886400,150"], None),
    ("geojson_io.geojson", [], None),
])
def test_compare_page_is_the_clis(tmp_path, name, options, heights):
    """One page, two callers: Python's (through wm_track_compare_page) is the one
    `waymark accuracy [--heights H] TRACK --html/--svg` writes, byte for byte, with the
    same heights rule: both defaults (a GPX's sea-level heights made ellipsoidal through
    EGM96), and --heights orthometric as heights="orthometric" (kept as stated)."""
    import subprocess
    from test_readers import REPO, cli
    path = str(REPO / "Tests" / "Data" / "cli_inputs" / name)
    html, svg = tmp_path / "cli.html", tmp_path / "cli.svg"
    flags = ["--heights", heights] if heights else []
    r = subprocess.run([cli(), "accuracy"] + flags + options + ["--html", str(html), "--svg", str(svg), path],
                       capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr.decode()
    origin = [float(v) for v in options[1].split(",")] if options else None
    ours = tmp_path / "ours.html"
    result = waymark.compare(path, origin, html=str(ours), **({"heights": heights} if heights else {}))
    assert ours.read_bytes() == html.read_bytes()
    assert result.page("svg").encode() == svg.read_bytes()


def test_compare_page_refusals():
    r = waymark.compare(_track())
    with pytest.raises(ValueError, match="'html' or 'svg'"):
        r.page("pdf")
    page = r.page()
    assert page.startswith("<!DOCTYPE html>") and "the track: 400 points" in page


def test_compare_page_hostile_names_and_heights():
    """Issue 52: a name with every control character gives a page without one (the SVG
    parses as XML); a height of 1e300 is refused, never drawn as "inf m"; the limit,
    +-1e12 m, gives finite figures."""
    import xml.etree.ElementTree as ET
    name = "".join(chr(c) for c in range(1, 32)) + "\x7f\x85<&\">"
    track = np.array([[55.7, 37.6, 1.0], [55.71, 37.6, 2.0], [55.72, 37.61, 3.0]])
    r = waymark.compare(track, name=name)
    for format in ("html", "svg"):
        page = r.page(format)
        raw = [c for c in page if (ord(c) < 32 and c not in "\t\n\r") or 0x7f <= ord(c) <= 0x9f]
        assert raw == [], (format, raw)
        assert "\\x01\\x02" in page and "&#9;&#10;\\x0b\\x0c&#13;" in page and "\\x7f\\u0085&lt;&amp;&quot;&gt;" in page
    ET.fromstring(r.page("svg").encode())
    for h in (1e300, -1e300):
        high = track.copy()
        high[1, 2] = h
        with pytest.raises(waymark.WaymarkError):
            waymark.compare(high).page("svg")
    for h in (1e12, -1e12):
        edge = track.copy()
        edge[1, 2] = h
        page = waymark.compare(edge).page("html")
        assert "inf m" not in page and "nan m" not in page and "NaN" not in page

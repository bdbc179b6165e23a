"""The readers in every language: the same files through the CLI (`waymark read`) and
the Python package (the C API's wm_track_read / wm_field_log_read) give the same points
or the same refusal, line and reason; the package's own rules (formats, bytes, text)."""
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import waymark

REPO = Path(__file__).resolve().parents[2]
CASES = sorted((REPO / "Tests" / "Data" / "readers").iterdir())
ORDINARY = [REPO / "Tests" / "Data" / "cli_inputs" / n for n in
            ("walk_strava.gpx", "walk_osmand.gpx", "walk_gpx10.gpx", "walk_track.kml", "walk_places.kml", "walk_garmin.tcx",
             "walk_logger.nmea", "geojson_io.geojson", "osrm_geojson.json", "osrm_polyline.json", "osrm_polyline6.json",
             "valhalla_route.json")]


def cli():
    """The CLI the README's test command built (WAYMARK_CLI, as the other CLI comparisons
    take it, or WAYMARK_TEST_CLI), else one on PATH."""
    path = os.environ.get("WAYMARK_CLI") or os.environ.get("WAYMARK_TEST_CLI") or shutil.which("waymark")
    if not path:
        pytest.skip("no waymark CLI: set WAYMARK_CLI (scripts/test does)")
    return path


def cli_read(path):
    r = subprocess.run([cli(), "read", str(path)], capture_output=True, timeout=120)
    return r.returncode, r.stdout.decode(), r.stderr.decode()


def library_read(path):
    if path.suffix == ".log":
        return "log", waymark.read_log_rows(path)
    return "track", waymark.read_points(path)


@pytest.mark.parametrize("path", CASES + ORDINARY, ids=lambda p: p.name)
def test_same_points_or_same_refusal_as_the_cli(path):
    status, out, err = cli_read(path)
    try:
        kind, read = library_read(path)
    except waymark.ReadError as e:
        assert status == 65, f"the CLI read what Python refused ({e})"
        assert err == f"waymark: line {e.line}: {e.reason}\n"
        return
    assert status == 0, f"Python read what the CLI refused: {err}"
    lines = out.splitlines()[1:]
    rows = [line.split(",") for line in lines]

    def num(text):
        return float("nan") if text == "" else float(text)
    if kind == "track":
        assert len(rows) == len(read.points)
        for row, p in zip(rows, read.points):
            assert int(row[0]) == p["line"]
            got = np.array([num(v) for v in row[1:]])
            want = np.array([p["lat"], p["lon"], p["h"], p["time"]])
            assert np.array_equal(got, want, equal_nan=True), (row, p)
        warnings = [line[len("waymark: warning: "):] for line in err.splitlines()]
        assert warnings == read.warnings
    else:
        assert len(rows) == len(read)
        columns = ["t_s", None, "lat", "lon", "h", "accuracy_m", "x", "y", "z", "yaw_deg", "pitch_deg", "roll_deg",
                   "true_heading_deg", "heading_accuracy_deg", None, "course_deg", "course_accuracy_deg", "speed_mps",
                   "speed_accuracy_mps"]
        for row, r in zip(rows, read):
            assert int(row[0]) == r["line"] and row[2] == r["event"] and row[15] == r["tracking"]
            for k, name in enumerate(columns):
                if name is not None:
                    assert np.array_equal(num(row[k + 1]), r[name], equal_nan=True), (name, row, r)


def test_sources_text_bytes_and_file_objects_read_alike():
    path = REPO / "Tests" / "Data" / "cli_inputs" / "walk_strava.gpx"
    from_path = waymark.read_points(path).points
    data = path.read_bytes()
    for source in (data, data.decode(), open(path, "rb")):
        assert np.array_equal(waymark.read_points(source, "gpx").points, from_path)
    with pytest.raises(ValueError, match="format= is needed"):
        waymark.read_points(data)
    with pytest.raises(ValueError, match="gpx_part"):
        waymark.read_points(path, gpx_part="tracks")


def test_read_track_and_read_log_go_through_the_library():
    with pytest.raises(waymark.ReadError) as e:
        waymark.read_track(REPO / "Tests" / "Data" / "readers" / "separator_in_lat.gpx")
    assert (e.value.line, e.value.reason) == (2, "<wpt> lat '55.733_97' or lon '37.6' is not a number")
    with pytest.raises(waymark.LogError) as e:
        list(waymark.read_log(REPO / "Tests" / "Data" / "readers" / "fullwidth_number.log"))
    assert e.value.line == 2 and "is not a number" in e.value.reason
    events = list(waymark.read_log(REPO / "Tests" / "Data" / "readers" / "velocity.log"))
    assert [e[0] for e in events] == ["fix", "frame", "heading", "tracking"] and events[3] == ("tracking", 1.0, "limited")


def test_compare_csv_refuses_what_it_used_to_truncate(tmp_path):
    for text, line in (("55.7,37.6,1,2\n", 1), ("55.7,,37.6\n", 1), ("55.7,37.6\n55.733_97,37.6\n", 2)):
        p = tmp_path / "t.csv"
        p.write_text(text)
        with pytest.raises(waymark.ReadError) as e:
            waymark.read_track(p)
        assert e.value.line == line


def test_csv_is_read_by_the_clis_rules(tmp_path):
    """The library's CSV reader, as the CLI's row commands stream it: a header names the
    columns in any order (others, such as a logger's speed, are left alone), delimiters
    and comments as the CLI takes them, a time column in seconds or ISO 8601."""
    p = tmp_path / "logger.csv"
    p.write_text("# a phone logger\nspeed;lon;time;lat\n1.4;37.6;2026-11-27T05:00:00Z;55.7\n1.5;37.61;2026-11-27T05:00:01Z;55.71\n")
    read = waymark.read_points(p)
    assert read.format == "csv" and list(read.points["line"]) == [3, 4]
    assert np.array_equal(read.lat_lon_h(), [[55.7, 37.6, 0.0], [55.71, 37.61, 0.0]])
    assert read.points["time"][1] - read.points["time"][0] == 1.0


def _child_peak_rss(args):
    """The peak resident set of `args` run alone from a fresh Python (its only child),
    bytes: getrusage's RUSAGE_CHILDREN of that interpreter."""
    import sys
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    r = subprocess.run([sys.executable, "-c", code] + args, capture_output=True, timeout=600, check=True)
    return int(r.stdout) * 1024


def _polyline6(points):
    """`points` points of lat/lon deltas +-2^15 in turn (8 bytes each), one line."""
    def enc(v):
        z = ~(v << 1) if v < 0 else v << 1
        out = ""
        while z >= 0x20:
            out += chr((0x20 | (z & 0x1F)) + 63)
            z >>= 5
        return out + chr(z + 63)
    pair = enc(1 << 15) * 2 + enc(-(1 << 15)) * 2
    return pair * (points // 2) + "\n"


def test_polyline_memory_in_proportion_to_the_text(tmp_path):
    """Issue 52: `waymark read` of a 16 MiB polyline peaks at no more than 4x the text
    above the same command on a one-point polyline (it took 31x); the library's reader
    (wm_track_read) keeps nothing but the caller's output, which Python allocates."""
    big, small = tmp_path / "big.polyline6", tmp_path / "small.polyline6"
    big.write_text(_polyline6(2 << 20))
    small.write_text(_polyline6(2))
    base = _child_peak_rss([cli(), "read", str(small)])
    peak = _child_peak_rss([cli(), "read", str(big)])
    size = big.stat().st_size
    assert peak - base <= 4 * size, f"{(peak - base) / size:.1f}x the text"
    read = waymark.read_points(big)
    assert len(read.points) == 2 << 20 and read.points["lat"][0] == 0.032768 and read.points["lat"][-1] == 0

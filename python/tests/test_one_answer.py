"""One answer per question (issue 51): ``read_points`` returns a sequence; ``replay`` has
one return type unless a DataFrame is asked for."""
import collections.abc

import numpy as np
import pytest

import waymark

GPX = ('<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>'
       + "".join(f'<trkpt lat="{55.7 + i * 1e-4!r}" lon="{37.5 + i * 2e-4!r}"><ele>{150 + i}</ele></trkpt>'
                 for i in range(7))
       + "</trkseg></trk></gpx>")


def test_read_points_is_a_sequence():
    track = waymark.read_points(GPX, "gpx")
    assert isinstance(track, collections.abc.Sequence)
    assert len(track) == 7
    assert track[0]["lat"] == 55.7 and track[-1]["h"] == 156.0 and track[-1]["line"] == track[6]["line"]
    part = track[2:5]
    assert isinstance(part, waymark.TrackPoints) and len(part) == 3
    assert part.format == "gpx" and part.is_route == track.is_route and part.warnings == track.warnings
    assert part.points.tobytes() == track.points[2:5].tobytes()
    assert np.array_equal(part.lat_lon_h(), track.lat_lon_h()[2:5])
    assert len(track[::2]) == 4 and len(track[[0, 6]]) == 2 and len(track[track.points["h"] > 153]) == 3
    assert [p["line"] for p in track] == list(track.points["line"])
    assert list(reversed(track))[0]["line"] == track[6]["line"]
    a = np.asarray(track)
    assert a.dtype == waymark.POINT_DTYPE and a.shape == (7,) and np.shares_memory(a, track.points)
    copied = np.array(track)
    assert copied.tobytes() == track.points.tobytes() and not np.shares_memory(copied, track.points)
    with pytest.raises(IndexError):
        track[7]
    with pytest.raises(TypeError):
        track["lat"]
    empty = track[7:]
    assert len(empty) == 0 and list(empty) == [] and np.asarray(empty).shape == (0,)


def test_replay_has_one_return_type(route_csv, monkeypatch):
    """A structured array by default, whether pandas is installed or not; a DataFrame
    only when asked (as_frame=True), and then an ImportError without pandas."""
    import sys
    from conftest import GOLDEN
    log = str(GOLDEN / "replay_walk.csv")
    rows = waymark.replay(log, route_csv)
    assert isinstance(rows, np.ndarray) and rows.dtype.names == tuple(waymark.REPLAY_COLUMNS)
    with pytest.raises(TypeError, match="as_frame"):
        waymark.replay(log, route_csv, as_frame=None)
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None:
        df = waymark.replay(log, route_csv, as_frame=True)
        assert isinstance(df, pd.DataFrame) and list(df.columns) == waymark.REPLAY_COLUMNS and len(df) == len(rows)
        for c in waymark.REPLAY_COLUMNS:
            assert np.array_equal(df[c].to_numpy(), rows[c], equal_nan=rows[c].dtype.kind == "f"), c
    monkeypatch.setitem(sys.modules, "pandas", None)      # pandas not installed
    again = waymark.replay(log, route_csv)
    assert isinstance(again, np.ndarray) and again.tobytes() == rows.tobytes()
    with pytest.raises(ImportError, match="needs pandas"):
        waymark.replay(log, route_csv, as_frame=True)

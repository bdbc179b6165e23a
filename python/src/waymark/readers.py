"""Tracks, routes and field logs read by the library's own readers (``wm_track_read``,
``wm_field_log_read``): the code ``waymark`` (the CLI) runs, so a file reads to the same
points — or is refused at the same line for the same reason — in Python, the CLI, C,
JavaScript and C#.

    >>> import waymark
    >>> track = waymark.read_points("walk.gpx")
    >>> track.points["lat"], track.points["time"], track.warnings
    >>> rows = waymark.read_log_rows("walk-log.csv")   # a structured array, one row a line
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import List, Optional, Union, overload

import numpy as np

from . import _abi
from ._lib import WaymarkError, ffi, lib

#: The formats ``read_points`` takes, and their file extensions.
TRACK_FORMATS = {"gpx": _abi.WM_TRACK_FORMAT_GPX, "kml": _abi.WM_TRACK_FORMAT_KML, "tcx": _abi.WM_TRACK_FORMAT_TCX,
                 "nmea": _abi.WM_TRACK_FORMAT_NMEA, "geojson": _abi.WM_TRACK_FORMAT_GEOJSON,
                 "polyline": _abi.WM_TRACK_FORMAT_POLYLINE, "polyline6": _abi.WM_TRACK_FORMAT_POLYLINE6,
                 "csv": _abi.WM_TRACK_FORMAT_CSV}
_EXTENSIONS = {".gpx": "gpx", ".kml": "kml", ".tcx": "tcx", ".nmea": "nmea", ".nma": "nmea", ".geojson": "geojson",
               ".json": "geojson", ".polyline": "polyline", ".polyline6": "polyline6", ".csv": "csv"}
_GPX_PARTS = {None: _abi.WM_GPX_PART_AUTO, "track": _abi.WM_GPX_PART_TRACK, "route": _abi.WM_GPX_PART_ROUTE,
              "waypoints": _abi.WM_GPX_PART_WAYPOINTS}

#: One point of a track: its line, degrees, metres (NaN: none), seconds since 1970 UTC (NaN: none).
POINT_DTYPE = np.dtype([("line", "i8"), ("lat", "f8"), ("lon", "f8"), ("h", "f8"), ("time", "f8")])

#: One row of a field log, as ``wm_log_row`` (fields that are not the event's are NaN).
LOG_EVENTS = {1: "fix", 2: "frame", 3: "heading", 4: "tracking"}
LOG_ROW_DTYPE = np.dtype([("line", "i8"), ("t_s", "f8"), ("event", "U8"), ("lat", "f8"), ("lon", "f8"), ("h", "f8"),
                          ("accuracy_m", "f8"), ("x", "f8"), ("y", "f8"), ("z", "f8"), ("yaw_deg", "f8"),
                          ("pitch_deg", "f8"), ("roll_deg", "f8"), ("true_heading_deg", "f8"),
                          ("heading_accuracy_deg", "f8"), ("tracking", "U8"), ("course_deg", "f8"),
                          ("course_accuracy_deg", "f8"), ("speed_mps", "f8"), ("speed_accuracy_mps", "f8")])
_TRACKING = {_abi.WM_TRACKING_NORMAL: "normal", _abi.WM_TRACKING_LIMITED: "limited", _abi.WM_TRACKING_RESET: "reset"}


class ReadError(ValueError):
    """A document or log the readers refuse: ``line`` (1-based) holds the fault,
    ``reason`` says what is wrong — the CLI's ``line N: reason`` (exit 65), word for word."""

    def __init__(self, line: int, reason: str):
        self.line = line
        self.reason = reason
        super().__init__(f"line {line}: {reason}")


@dataclass
class TrackPoints(Sequence):
    """A track read: ``points`` (a structured array of ``POINT_DTYPE``), whether they are
    one route, the format read, and what the reader left unread (its warnings).

    A sequence of its points: ``len(track)``; ``track[i]`` is point i (a
    ``POINT_DTYPE`` record: ``track[0]["lat"]``), negative indices too;
    ``track[a:b]`` (any slice, or an index array or boolean mask) is a TrackPoints of
    those points with the same ``is_route``, ``format`` and ``warnings``; iteration
    gives the records in order; ``np.asarray(track)`` is ``points`` (no copy);
    ``lat_lon_h()`` the (n, 3) float rows."""
    points: np.ndarray
    is_route: bool
    format: str
    warnings: List[str] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.points)

    @overload
    def __getitem__(self, index: int) -> np.void: ...

    @overload
    def __getitem__(self, index: Union[slice, np.ndarray, list]) -> "TrackPoints": ...

    def __getitem__(self, index):
        if isinstance(index, (int, np.integer)):
            return self.points[index]
        if isinstance(index, str):
            raise TypeError("TrackPoints: index with an integer, a slice or an array (a column is points[name])")
        return TrackPoints(self.points[index], self.is_route, self.format, list(self.warnings))

    def __iter__(self):
        return iter(self.points)

    def __array__(self, dtype=None, copy=None):
        if copy:
            return np.array(self.points, dtype=dtype, copy=True)
        return self.points if dtype is None else self.points.astype(dtype)

    def lat_lon_h(self) -> np.ndarray:
        """(n, 3) lat, lon, h with h = 0 where a point has none."""
        return np.column_stack([self.points["lat"], self.points["lon"], np.nan_to_num(self.points["h"], nan=0.0)])


def _bytes(source) -> bytes:
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source)
    if isinstance(source, str) and ("\n" in source or source.lstrip().startswith(("<", "$", "{"))):
        return source.encode("utf-8")
    if hasattr(source, "read"):
        data = source.read()
        return data.encode("utf-8") if isinstance(data, str) else bytes(data)
    path = os.fspath(source)
    if "://" in path:
        import fsspec  # optional: URLs (s3://, https://, ...)
        with fsspec.open(path, "rb") as f:
            return f.read()
    with open(path, "rb") as f:
        return f.read()


def _format_of(source, fmt: Optional[str]) -> str:
    if fmt is not None:
        if fmt not in TRACK_FORMATS:
            raise ValueError(f"format must be one of {', '.join(TRACK_FORMATS)}, not {fmt!r}")
        return fmt
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source):
        ext = os.path.splitext(os.fspath(source))[1].lower()
        if ext in _EXTENSIONS:
            return _EXTENSIONS[ext]
    raise ValueError("format= is needed: the source names no .gpx, .kml, .tcx, .nmea, .nma, .geojson, .json, "
                     ".polyline, .polyline6 or .csv file")


def _report():
    report = ffi.new("wm_read_report *")
    report.size = ffi.sizeof("wm_read_report")
    return report


def _message(report) -> str:
    return ffi.string(report.message).decode("utf-8", "replace")


def _read(function: str, element: str, call):
    """The readers' two calls: the size query (a refused text raises ReadError with the
    report's line and reason), then the read into a buffer of that size. Returns (count,
    buffer, report)."""
    report = _report()
    count = ffi.new("size_t *")
    status = call(ffi.NULL, 0, count, report)
    if status == _abi.WM_ERROR_INVALID_VALUE and report.line:
        raise ReadError(int(report.line), _message(report))
    if status not in (_abi.WM_OK, _abi.WM_ERROR_BAD_COUNT):
        raise WaymarkError(status, function)
    n = int(count[0])
    buffer = ffi.new(f"{element}[]", max(n, 1))
    status = call(buffer, n, count, report)
    if status != _abi.WM_OK:
        raise WaymarkError(status, function)
    return n, buffer, report


def read_points(source, format: Optional[str] = None, *, gpx_part: Optional[str] = None,
                polygons: str = "skip", maximum_points: int = 0) -> TrackPoints:
    """The points of a GPX, KML, TCX, NMEA, GeoJSON (or OSRM/Valhalla response),
    encoded-polyline or CSV (rows lat,lon[,h], the CLI's rules) document (a path, a URL
    through fsspec, a file object, bytes, or the document's text). ``format``: "gpx",
    "kml", "tcx", "nmea", "geojson", "polyline", "polyline6" or "csv" (default: the
    path's extension). ``gpx_part``: "track", "route" or
    "waypoints" (default: the first track, else the first route, else the waypoints).
    ``polygons``: "skip" (with a warning) or "rings" (KML, GeoJSON). Heights are as the document
    states them (GPX, KML, TCX above sea level; NMEA above the ellipsoid), NaN where a
    point has none. Raises ReadError (line, reason) for a document the readers refuse."""
    fmt = _format_of(source, format)
    if gpx_part not in _GPX_PARTS:
        raise ValueError(f"gpx_part must be 'track', 'route', 'waypoints' or None, not {gpx_part!r}")
    if polygons not in ("skip", "rings"):
        raise ValueError(f"polygons must be 'skip' or 'rings', not {polygons!r}")
    if not isinstance(maximum_points, int) or isinstance(maximum_points, bool) or maximum_points < 0:
        raise TypeError("maximum_points must be a non-negative int (0: no limit)")
    data = _bytes(source)
    options = ffi.new("wm_track_options *")
    options.size = ffi.sizeof("wm_track_options")
    options.gpx_part = _GPX_PARTS[gpx_part]
    options.polygon_rings = 1 if polygons == "rings" else 0
    options.maximum_points = maximum_points
    n, buffer, report = _read("wm_track_read", "wm_track_point",
                              lambda out, capacity, count, report: lib.wm_track_read(
                                  data, len(data), TRACK_FORMATS[fmt], options, out, capacity, count, report))
    raw = np.frombuffer(ffi.buffer(buffer, n * ffi.sizeof("wm_track_point")),
                        dtype=np.dtype([("lat", "f8"), ("lon", "f8"), ("h", "f8"), ("time", "f8"), ("line", "u8")]))
    points = np.empty(n, dtype=POINT_DTYPE)
    for name in ("lat", "lon", "h", "time"):
        points[name] = raw[name]
    points["line"] = raw["line"].astype(np.int64)
    message = _message(report)
    return TrackPoints(points, bool(report.is_route), fmt, message.split("\n") if report.warning_count else [])


def read_log_rows(source) -> np.ndarray:
    """Every row of a field log (`waymark replay`'s format, any of its three headers: a
    path, a URL through fsspec, a file object, bytes or the log's text) as a structured
    array of ``LOG_ROW_DTYPE``, in order, each row checked as the CLI checks it. Raises
    ReadError (line, reason) for a log the reader refuses."""
    data = _bytes(source)
    n, buffer, report = _read("wm_field_log_read", "wm_log_row",
                              lambda out, capacity, count, report: lib.wm_field_log_read(
                                  data, len(data), out, capacity, count, report))
    names = ["time_s", "event", "tracking", "lat", "lon", "h", "accuracy_m", "x", "y", "z", "yaw_deg", "pitch_deg",
             "roll_deg", "true_heading_deg", "heading_accuracy_deg", "course_deg", "course_accuracy_deg", "speed_mps",
             "speed_accuracy_mps", "line"]
    formats = ["f8", "u4", "i4"] + ["f8"] * 16 + ["u8"]
    raw = np.frombuffer(ffi.buffer(buffer, n * ffi.sizeof("wm_log_row")), dtype=np.dtype({"names": names, "formats": formats}))
    rows = np.empty(n, dtype=LOG_ROW_DTYPE)
    rows["line"] = raw["line"].astype(np.int64)
    rows["t_s"] = raw["time_s"]
    rows["event"] = [LOG_EVENTS[e] for e in raw["event"]]
    rows["tracking"] = [_TRACKING.get(int(s), "") if e == 4 else "" for e, s in zip(raw["event"], raw["tracking"])]
    for name in names[3:-1]:
        rows[name if name != "time_s" else "t_s"] = raw[name]
    return rows

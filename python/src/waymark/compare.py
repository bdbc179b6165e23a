"""The spherical baselines of AR apps against the ellipsoidal result on one's own track
(the question `waymark accuracy` answers on a synthetic grid).

    >>> import waymark
    >>> result = waymark.compare("walk.gpx")           # or an (n, 2|3) lat/lon[/h] array
    >>> result.points.describe(); result.segments.head()
    >>> result.figure()                                # matplotlib, optional
    >>> open("walk.html", "w").write(result.page())    # the CLI's page, byte for byte

Every number is a libwaymark call (frames, baselines, geodesics, haversine); Python
only subtracts. The page is the library's too (``wm_track_compare_page``): the one
`waymark accuracy TRACK --html` writes for the same points.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Optional, Sequence

import numpy as np

from . import _abi
from ._lib import check, ffi, lib, vector
from .readers import _EXTENSIONS, read_points
from .core import Frame, geodesic_inverse_batch, haversine_pairs, polyline_length

POINT_COLUMNS = ("lat", "lon", "h", "distance_m", "haversine_horizontal_error_m", "haversine_3d_error_m",
                 "meters_per_degree_horizontal_error_m", "meters_per_degree_3d_error_m")
SEGMENT_COLUMNS = ("segment", "geodesic_m", "haversine_m", "haversine_distance_error_m", "haversine_relative_error")


def read_track(source) -> np.ndarray:
    """(n, 3) lat, lon, h: a track file or document in any format ``read_points`` takes
    (GPX, KML, TCX, NMEA, GeoJSON and route responses, polylines, and CSV rows
    lat,lon[,h] by the CLI's rules; the library's readers, one behaviour in every
    language: a refused file raises ReadError naming its line), heights as the document
    gives them or 0; or an array (n, 2|3) as it is."""
    if not isinstance(source, (str, os.PathLike)):
        a = np.asarray(source, dtype=np.float64)
        if a.ndim != 2 or a.shape[1] not in (2, 3):
            raise TypeError(f"track: expected shape (n, 2) or (n, 3), got {a.shape}")
        return np.column_stack([a, np.zeros(len(a))]) if a.shape[1] == 2 else np.ascontiguousarray(a)
    # A file whose extension names no format is CSV, as it always was here.
    known = os.path.splitext(os.fspath(source))[1].lower() in _EXTENSIONS
    return read_points(source, None if known else "csv").lat_lon_h()


#: The formats whose heights are above sea level (GPX <ele>, KML absolute altitudes,
#: TCX AltitudeMeters): with heights="ellipsoidal" they are made ellipsoidal through
#: EGM96, as `waymark accuracy` does by default (its --heights).
SEA_LEVEL_FORMATS = ("gpx", "kml", "tcx")
HEIGHTS = ("ellipsoidal", "orthometric")


def _ellipsoidal(read, pts: np.ndarray) -> np.ndarray:
    """The CLI's rule for a document's heights (its RowInput): in a sea-level format,
    every point that has a height gets h = H + N, N the EGM96 undulation there
    (``geoid_undulation``, bilinear as the CLI's geoid); points without one keep h = 0."""
    has = ~np.isnan(read.points["h"])
    if read.format not in SEA_LEVEL_FORMATS or not has.any():
        return pts
    from .core import geoid_undulation
    pts = pts.copy()
    pts[has, 2] = pts[has, 2] + geoid_undulation(pts[has])
    return pts


def _track_points(source, heights: str = "ellipsoidal") -> np.ndarray:
    """The track as wm_track_point rows (lat, lon, h, time, line): a file's lines as its
    reader numbers them; an array's rows numbered from 1 (its heights taken as
    ellipsoidal, whatever ``heights`` says)."""
    if heights not in HEIGHTS:
        raise ValueError(f"heights must be 'ellipsoidal' or 'orthometric', not {heights!r}")
    if not isinstance(source, (str, os.PathLike)):
        pts = read_track(source)
        lines = np.arange(1, len(pts) + 1, dtype=np.uint64)
        time = np.full(len(pts), np.nan)
    else:
        known = os.path.splitext(os.fspath(source))[1].lower() in _EXTENSIONS
        read = read_points(source, None if known else "csv")
        pts, lines, time = read.lat_lon_h(), read.points["line"].astype(np.uint64), read.points["time"]
        if heights == "ellipsoidal":
            pts = _ellipsoidal(read, pts)
    out = np.empty(len(pts), dtype=_POINT)
    out["lat"], out["lon"], out["h"], out["time"], out["line"] = pts[:, 0], pts[:, 1], pts[:, 2], time, lines
    return out


#: wm_track_point's layout (lat, lon, h, time, line), as the header pins it.
_POINT = np.dtype([("lat", "f8"), ("lon", "f8"), ("h", "f8"), ("time", "f8"), ("line", "u8")])
_PAGE_FORMATS = {"html": _abi.WM_PAGE_HTML, "svg": _abi.WM_PAGE_SVG}


@dataclass
class Comparison:
    """Per-point errors (each point against the exact ENU position at the origin, the
    track's first point unless given) and per-segment errors (haversine length of each
    leg against its geodesic length), as pandas DataFrames when pandas is installed
    (numpy structured arrays otherwise)."""
    points: Any
    segments: Any
    origin: tuple
    fig: Any = None
    #: How the page names the track (the path as given, like the CLI's FILE).
    name: str = "the track"
    _track: Any = None
    _given_origin: Any = None

    def page(self, format: str = "html") -> str:
        """The report page of this comparison: "html" (self-contained, hover read-outs)
        or "svg" (one drawing) — byte for byte the page `waymark accuracy [--heights H]
        TRACK --html/--svg` writes for the same points and ``heights`` (the library
        draws both, ``wm_track_compare_page``). Needs the full library (PROJ)."""
        if format not in _PAGE_FORMATS:
            raise ValueError(f"format must be 'html' or 'svg', not {format!r}")
        track = np.ascontiguousarray(self._track, dtype=_POINT)
        points = ffi.cast("wm_track_point *", ffi.from_buffer(track))
        origin = ffi.NULL if self._given_origin is None else ffi.new("wm_geodetic *", self._given_origin)
        name = self.name.encode("utf-8")
        length = ffi.new("size_t *")
        status = lib.wm_track_compare_page(points, len(track), origin, name, _PAGE_FORMATS[format], ffi.NULL, 0, length)
        if status != _abi.WM_ERROR_BAD_COUNT:
            check(status, "wm_track_compare_page")
        buffer = ffi.new("char[]", max(int(length[0]), 1))
        check(lib.wm_track_compare_page(points, len(track), origin, name, _PAGE_FORMATS[format], buffer, int(length[0]), length),
              "wm_track_compare_page")
        return ffi.buffer(buffer, int(length[0]))[:].decode("utf-8")

    def figure(self, ax=None):
        """A matplotlib figure: the baselines' position error against distance from the
        origin, and each segment's haversine length error."""
        import matplotlib.pyplot as plt
        fig, axes = plt.subplots(1, 2, figsize=(11, 4)) if ax is None else (ax[0].figure, ax)
        p, s = self.points, self.segments
        axes[0].plot(p["distance_m"], p["haversine_horizontal_error_m"], ".", ms=2, label="haversine")
        axes[0].plot(p["distance_m"], p["meters_per_degree_horizontal_error_m"], ".", ms=2, label="metres per degree")
        axes[0].set_xlabel("distance from the origin (m)")
        axes[0].set_ylabel("horizontal position error (m)")
        axes[0].legend()
        axes[1].plot(s["segment"], s["haversine_distance_error_m"], ".", ms=2)
        axes[1].set_xlabel("segment")
        axes[1].set_ylabel("haversine length - geodesic length (m)")
        fig.tight_layout()
        return fig


def _table(columns, arrays, as_frame):
    if as_frame is not False:
        try:
            import pandas as pd
            return pd.DataFrame(dict(zip(columns, arrays)))
        except ImportError:
            if as_frame:
                raise
    out = np.empty(len(arrays[0]), dtype=[(c, np.asarray(a).dtype) for c, a in zip(columns, arrays)])
    for c, a in zip(columns, arrays):
        out[c] = a
    return out


def compare(track, origin: Optional[Sequence[float]] = None, *, plot: bool = False,
            as_frame: Optional[bool] = None, name: Optional[str] = None, html: Optional[str] = None,
            svg: Optional[str] = None, heights: str = "ellipsoidal") -> Comparison:
    """How wrong the apps' spherical methods are on this track.

    Args:
        track: (n, 2|3) lat/lon[/h] array, or a GPX / GeoJSON / CSV path (``read_track``).
        origin: (lat, lon[, h]) of the local frame (default: the first point); two or
            three numbers exactly, else TypeError.
        plot: also draw ``Comparison.figure()`` (needs matplotlib).
        name: how the page names the track (default: the path as given, else "the track").
        html, svg: also write ``Comparison.page("html")`` / ``page("svg")`` to these paths
            (the CLI's ``--html FILE`` / ``--svg FILE``).
        heights: the CLI's ``--heights``. "ellipsoidal" (default, as ``waymark
            accuracy``): a GPX, KML or TCX file's heights, which are above sea level,
            are made ellipsoidal through EGM96 (h = H + N; needs the grid,
            proj-data); "orthometric": kept as the document states them. Other formats
            and arrays are taken as ellipsoidal either way. So ``compare(path)`` and
            ``waymark accuracy path`` give the same numbers, as do
            ``compare(path, heights="orthometric")`` and ``waymark accuracy --heights
            orthometric path``.

    Per point: distance_m (geodesic from the origin), the horizontal and 3-D distance
    between each baseline's ENU position (haversine; metres per degree) and the exact
    one. Per segment: geodesic_m, haversine_m, their difference and its ratio.
    """
    given = None if origin is None else vector(origin, "origin", (2, 3), "(lat, lon[, h]): two or three numbers")
    points_read = _track_points(track, heights)
    pts = np.column_stack([points_read["lat"], points_read["lon"], points_read["h"]])
    if len(pts) == 0:
        raise ValueError("the track has no points")
    o = tuple(float(v) for v in (given if given is not None else pts[0]))
    if len(o) == 2:
        o = o + (0.0,)
    frame = Frame(o[0], o[1], o[2], axes="enu")
    exact = frame.forward(pts)
    errors = []
    for method in ("haversine", "meters_per_degree"):
        d = frame.baseline_forward(pts, method) - exact
        errors += [np.hypot(d[:, 0], d[:, 1]), np.sqrt((d * d).sum(axis=1))]
    distance, _, _ = geodesic_inverse_batch(o, pts)
    points = _table(POINT_COLUMNS, [pts[:, 0], pts[:, 1], pts[:, 2], distance] + errors, as_frame)
    if len(pts) >= 2:
        _, cum = polyline_length(pts, cumulative=True)
        geodesic = np.diff(cum)
        hav, _ = haversine_pairs(pts[:-1], pts[1:])
        with np.errstate(divide="ignore", invalid="ignore"):
            rel = np.where(geodesic > 0, (hav - geodesic) / geodesic, 0.0)
        segments = _table(SEGMENT_COLUMNS, [np.arange(len(geodesic)), geodesic, hav, hav - geodesic, rel], as_frame)
    else:
        segments = _table(SEGMENT_COLUMNS, [np.zeros(0, int)] + [np.zeros(0)] * 4, as_frame)
    if name is None:
        name = os.fspath(track) if isinstance(track, (str, os.PathLike)) else "the track"
    result = Comparison(points, segments, o, name=name, _track=points_read,
                        _given_origin=None if given is None else o)
    if plot:
        result.fig = result.figure()
    for path, kind in ((html, "html"), (svg, "svg")):
        if path is not None:
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(result.page(kind))
    return result

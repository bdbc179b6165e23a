"""Waymark from Python: WGS-84 <-> AR scene frames, anchor transforms, Karney geodesics,
GCJ-02/BD-09, EGM96 geoid heights, PROJ CRS transforms, the route and the AR navigator,
each a call into the C library libwaymark (through cffi; the batch calls release the
GIL), on numpy arrays without copying where the layout allows.

Units: degrees and metres. Geodetic points are rows (lat_deg, lon_deg, height_m above
the WGS-84 ellipsoid); scene points rows (x, y, z) in a frame's axes ("enu", "eus",
"eun"). Errors: ``WaymarkError`` (a ValueError) with ``status``, ``status_name`` and
``first_bad`` (also for an ``out=`` that overlaps its input other than by being it);
TypeError, naming the argument, for wrong dtypes and shapes (a fixed-size argument takes
exactly its numbers).

Modules: ``waymark.pymap3d`` (pymap3d's conversions, same names and arguments),
``waymark.dask`` (the conversions and fleet replay on Dask); ``waymark.compare(track)``
measures the apps' spherical baselines against the ellipsoid on one's own track.

    >>> import numpy as np, waymark
    >>> frame = waymark.Frame(55.7339, 37.5886, 0.0, axes="enu")
    >>> frame.forward(np.array([[55.7352473, 37.5886, 0.0]])).round(3).tolist()   # 150 m north
    [[0.0, 150.004, -0.002]]
"""
from ._lib import HAS_PROJ, LIBRARY_PATH, PROJ_UNAVAILABLE_REASON, PROJUnavailableError, WaymarkError, ffi, lib
from ._parallel import PARALLEL_THRESHOLD, default_workers
from .core import (AXES, Frame, Transformer, bd09_from_gcj02, custom_axes, bd09_from_wgs84, cpu_path, gcj02_from_bd09,
                   gcj02_from_wgs84, geodesic_direct, geodesic_direct_many, geodesic_inverse, geodesic_inverse_batch,
                   geoid_undulation, haversine_inverse, haversine_many, haversine_pairs, polyline_length, version, wgs84_from_bd09,
                   wgs84_from_gcj02)
from .compare import Comparison, compare, read_track
from .gps import GPS_MODEL_COLUMNS, gps_model_fit, read_fix_log
from .readers import LOG_ROW_DTYPE, POINT_DTYPE, TRACK_FORMATS, ReadError, TrackPoints, read_log_rows, read_points
from .navigation import (REPLAY_COLUMNS, LogError, Navigator, Route, camera_transform, navigator_config, perspective,
                         read_log, read_route, replay, walk_metrics)

__version__ = version()

__all__ = [
    "ffi", "lib",   # the cffi module and the loaded library, for calls not wrapped here
    "WaymarkError", "LogError", "ReadError", "TrackPoints", "read_points", "read_log_rows", "POINT_DTYPE", "LOG_ROW_DTYPE",
    "TRACK_FORMATS", "Frame", "Transformer", "Route", "Navigator", "navigator_config", "replay",
    "walk_metrics", "read_log", "read_route", "camera_transform", "perspective", "REPLAY_COLUMNS", "AXES", "custom_axes",
    "geodesic_inverse", "geodesic_direct", "geodesic_direct_many", "geodesic_inverse_batch", "polyline_length",
    "haversine_inverse", "haversine_many", "haversine_pairs", "gcj02_from_wgs84", "wgs84_from_gcj02", "bd09_from_gcj02",
    "gcj02_from_bd09", "bd09_from_wgs84", "wgs84_from_bd09", "geoid_undulation", "version", "cpu_path",
    "compare", "Comparison", "read_track", "default_workers", "PARALLEL_THRESHOLD",
]
# Which flavour is loaded: HAS_PROJ is False when the wheel's libwaymark.so could not
# load libproj.so.25 (PROJ_UNAVAILABLE_REASON says why) and the core flavour runs:
# the PROJ functions then raise PROJUnavailableError, everything else works.
__all__ += ["HAS_PROJ", "LIBRARY_PATH", "PROJ_UNAVAILABLE_REASON", "PROJUnavailableError"]
__all__ += ["gps_model_fit", "read_fix_log", "GPS_MODEL_COLUMNS"]   # experimental: the GPS error model fit

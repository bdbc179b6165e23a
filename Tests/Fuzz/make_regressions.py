#!/usr/bin/env python3
"""Writes the reproducers of issue 15 as libFuzzer inputs in Tests/Fuzz/regressions/,
encoded for the harnesses' readers (fuzz_common.h): a double is a kind byte (0: raw
bits) and 8 little-endian bytes; take_u32 and take_u64 both read 8 bytes. ctest replays
every file on the shipped library; scripts/fuzz starts from them too.

    python3 Tests/Fuzz/make_regressions.py
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
DBL_MAX = 1.7976931348623157e308


def d(*values):
    return b"".join(b"\x00" + struct.pack("<d", v) for v in values)


def u(value):
    return struct.pack("<Q", value)


def write(harness, name, data):
    folder = os.path.join(HERE, "regressions", harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


moscow = (55.7339, 37.5886, 150.0)

# frame: origin, control (count = control & 7, axes = control >> 3 & 3, 0x100 ellipsoid,
# 0x200 impossible count), [a, f], scene origin, heading, points.
write("frame", "d1-d6-unaligned-anchors-huge-longitudes",
      d(*moscow) + u(3 | 1 << 3) + d(0, 0, 0, 0) + d(40, 1e18, 10, 40, -1.7e308, 0, 55.7, 37.6, 0))
write("frame", "d6-longitude-1e306", d(*moscow) + u(2) + d(0, 0, 0, 0) + d(40, 1e306, 10, 41, 2, 0))
write("frame", "d3-estimate-dbl-max", d(*moscow) + u(1 | 2 << 3) + d(5.9, DBL_MAX, DBL_MAX, 0) + d(55.7, 37.6, 0))
write("frame", "d4-impossible-count", d(*moscow) + u(2 | 0x200 | 3 << 12) + d(0, 0, 0, 0) + d(*moscow, *moscow))
write("frame", "huge-ellipsoid", d(*moscow) + u(2 | 0x100) + d(1.7e308, 0) + d(0, 0, 0, 0) + d(*moscow, 55.8, 37.7, 0))
write("frame", "origin-height-1.8e217", d(1.6e-260, 360, -1.8e217) + u(4 | 2 << 3) + d(0, 0, 0, 0) + d(0, 0, 0) * 4)

# geodesic: a, b, azimuth, distance, radius, control, points.
write("geodesic", "d9-antipodal-minus-180",
      d(2.4121638352107908, 162.80270106289663, 0, -2.4121638352107908, 342.80270106289663, 0) + d(0, 1e300, DBL_MAX)
      + u(2) + d(-55.401507721003846, 58.761693722923127, 0, 55.401507721003846, 238.76169372292313, 0))
write("geodesic", "d9-tiny-steps", d(0, 20, 0, 1e-160, 20, 0) + d(90, 1e-300, 6371008.8)
      + u(3) + d(1e-160, 20, 0, 1e-160, 20 + 1e-160, 0, -1e-300, 20 - 1e-300, 0))
write("geodesic", "d9-meridian-from-1e-304", d(77.4778414, 7.29e-304, 0, 0, 0, 0) + d(0, 0, 1) + u(3) + d(0, 0, 0) * 3)

# datum: control (count = control & 7, kind = control >> 3 & 3, polygon count = control >> 5 % 7,
# 0x100 impossible count, 0x200 NULL region, 0x10000 impossible polygon), ring, points.
write("datum", "d9-poles-everywhere", u(2 | 1 << 3) + d(90, 37, 0, -90, -120, 0))
write("datum", "d9-antimeridian-everywhere", u(7 | 1 << 3)
      + d(-89.5, 179.95, 0, -60.1, -179.9, 0, -30, 179.99, 0, 0.5, -179.95, 0, 30.3, 179.9, 0, 60.2, -179.99, 0, 89.9, 179.9, 0))
write("datum", "d13-count-zero-bad-kind", u(0 | 3 << 3))
write("datum", "d4-impossible-polygon", u(1 | 2 << 3 | 0x10000 | 20 << 17) + d(39.9, 116.4, 0))

# matrix: control, 32 doubles (two matrices), 24 doubles (points).
identity2 = [2 if i % 5 == 0 else 0 for i in range(16)]
identity2[15] = 1
identity = [1 if i % 5 == 0 else 0 for i in range(16)]
write("matrix", "d1-unaligned-matrices", u(3) + d(*identity2) + d(*identity) + d(*range(24)))
write("matrix", "d4-impossible-count", u(1 | 0x100 | 5 << 12) + d(*identity) + d(*identity) + d(*range(24)))

# simulate: control (1 speed, 2 sigma, 4 heading, 8 drift, 16 duration mod 400, 32 duration,
# 64 jumps, 128 corrector; capacity = control >> 8 % 4001), values, seed.
write("simulate", "d5-speed-1e-300", u(1 | 8 << 8) + d(1e-300) + u(1))
write("simulate", "d5-duration-1e300", u(32 | 8 << 8) + d(1e300) + u(1))
write("simulate", "d5-capacity-before-the-run", u(0 | 8 << 8) + u(1))

# transform: control (bit 2: second string from the input; bits 3..: known CRS; 0x100 swap;
# bits 9-10: flags; 0x800 impossible count), strings, points.
write("transform", "d7-unknown-crs", u(0) + b"EPSG:99999999\x00")
write("transform", "d8-grid-by-path", u(1 << 3) + b"+proj=longlat +datum=WGS84 +geoidgrids=/etc/passwd +type=crs\x00")
write("transform", "d8-fifo-path-allowed", u(1 << 3 | 1 << 9) + b"+proj=longlat +datum=WGS84 +geoidgrids=/dev/stdin +type=crs\x00")
write("transform", "d8-init-file-by-path", u(0) + b"+init=/etc/hostname:1\x00")

# geoid: control (count = control & 7, 0x100 impossible count, 0x200 stride 8), points.
write("geoid", "poles-and-huge-longitudes", u(3) + d(90, 1e18, 0, -90, -1.7e308, 0, 0, 180, 0))
write("geoid", "d13-count-zero-stride-8", u(0x200))

# navigation: control (count = 1 + control & 7 route points; 0x100 impossible route,
# 0x200 fuzzed config, 0x400 impossible POI count; estimates capacity control >> 20 % 10),
# then route points, estimates window, 12 estimates (9 doubles), refined scene (3),
# screen (49 doubles), POI user (3), POI points (3 each), radius, radar (5), ...
def navigation(control, route, estimates, radar, poi=(55.7339, 37.5886, 0)):
    data = u(control) + d(*route) + d(100)
    for e in estimates:
        data += d(*e)
    data += d(0, 0, 0)                                   # refined at the scene origin
    data += d(*([1.0] * 49))                             # screen math
    data += d(*moscow) + d(*poi) * (1 + (control & 7)) + d(500)
    data += d(*radar)
    return data

corrector_feed = [(55.7339 + i * 1e-4, 37.5886, 150, 1e-60, 1, i, 0, 0, -1e200) for i in range(12)]
write("navigation", "d3-radar-huge-angles-and-extreme-estimates",
      navigation(1 << 20, (float("nan"), 0, 0), corrector_feed, (60, 500, 100, 1.7e308, -1.7e308)))
write("navigation", "d4-impossible-route-and-poi-counts",
      navigation(1 | 0x100 | 0x400 | 28 << 12 | 1 << 20, (0, 0, 0, 1, 0, 0), corrector_feed, (60, 500, 100, 10, 20)))
print("regressions written to", os.path.join(HERE, "regressions"))

#!/usr/bin/env python3
"""Writes Tests/Data/cli_inputs: one synthetic walk in Moscow (about 1.5 km, 121 points,
a fix every 9 s) in the formats GPS and routing tools write, laid out the way those
tools lay them out, and the pyproj reference for `waymark accuracy` on it.

    python3 Tests/Data/tools/make_cli_inputs.py files OUTDIR       # the input files (stdlib only)
    python3 Tests/Data/tools/make_cli_inputs.py reference OUTDIR   # walk_reference.csv (needs pyproj)

The walk is deterministic (no randomness: a sum of sines for the wobble and the
heights), so the files are reproducible byte for byte. Layouts follow files written by
Strava (GPX 1.1 with Garmin's TrackPointExtension), OsmAnd (GPX 1.1 with osmand:
extensions, a waypoint without <ele>), a GPX 1.0 logger, Google Earth (KML 2.2 with
gx:Track, Placemarks with Point, LineString, MultiGeometry, Polygon), Garmin Connect
(TCX v2), a u-blox logger (NMEA 0183 GGA/RMC/GSA/GSV), OSRM route/v1 responses
(geometries=polyline|polyline6|geojson), a Valhalla route response, GPSLogger for
Android (CSV, 24 columns) and geojson.io (a FeatureCollection with a Polygon).
"""
import json
import math
import os
import sys

START = (55.73397, 37.58864)   # the README's origin, Moscow
T0 = 1714806000                # 2024-05-04T07:00:00Z
R_MEAN = 6371008.8


def walk():
    """121 points (lat, lon, ele above sea level, unix time): legs of a city walk."""
    # (bearing in degrees, metres) of each leg: north-east along a street, then north, east, ...
    legs = [(35, 260), (350, 360), (80, 300), (20, 280), (110, 300)]
    step = 1500.0 / 120
    lat, lon = START
    points = []
    leg, into = 0, 0.0
    for k in range(121):
        wobble = 0.8 * math.sin(k * 0.7) + 0.5 * math.sin(k * 1.9)
        ele = 150.0 + 6.0 * math.sin(k / 20.0) + 0.4 * math.sin(k * 1.3)
        points.append((round(lat, 7), round(lon, 7), round(ele, 1), T0 + 9 * k))
        bearing = legs[leg][0] + 4 * math.sin(k * 0.9)
        d = step + 0.3 * wobble
        lat += d * math.cos(math.radians(bearing)) / 111_320.0
        lon += d * math.sin(math.radians(bearing)) / (111_320.0 * math.cos(math.radians(lat)))
        into += d
        if into >= legs[leg][1] and leg < len(legs) - 1:
            leg, into = leg + 1, 0.0
    return points


def iso(t, millis=False):
    import time as _t
    s = _t.strftime("%Y-%m-%dT%H:%M:%S", _t.gmtime(int(t)))
    return s + (".000Z" if millis else "Z")


def encode(points, precision):
    """Google's encoded polyline of (lat, lon) points."""
    scale = 10 ** precision
    out, plat, plon = [], 0, 0
    for lat, lon in points:
        ilat, ilon = int(round(lat * scale)), int(round(lon * scale))
        for v in (ilat - plat, ilon - plon):
            v = ~(v << 1) if v < 0 else v << 1
            while v >= 0x20:
                out.append(chr((0x20 | (v & 0x1F)) + 63))
                v >>= 5
            out.append(chr(v + 63))
        plat, plon = ilat, ilon
    return "".join(out)


def strava_gpx(pts):
    rows = [f'''<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/GpxExtensions/v3 http://www.garmin.com/xmlschemas/GpxExtensionsv3.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
 <metadata>
  <time>{iso(pts[0][3])}</time>
 </metadata>
 <trk>
  <name>Morning Walk</name>
  <type>walking</type>
  <trkseg>''']
    for k, (lat, lon, ele, t) in enumerate(pts):
        rows.append(f'''   <trkpt lat="{lat:.7f}" lon="{lon:.7f}">
    <ele>{ele:.1f}</ele>
    <time>{iso(t)}</time>
    <extensions>
     <gpxtpx:TrackPointExtension>
      <gpxtpx:hr>{92 + k % 17}</gpxtpx:hr>
      <gpxtpx:cad>{54 + k % 5}</gpxtpx:cad>
     </gpxtpx:TrackPointExtension>
    </extensions>
   </trkpt>''')
    rows.append("  </trkseg>\n </trk>\n</gpx>\n")
    return "\n".join(rows)


def osmand_gpx(pts):
    rows = [f'''<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<gpx version="1.1" creator="OsmAnd~ 4.6.8" xmlns="http://www.topografix.com/GPX/1/1" xmlns:osmand="https://osmand.net" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>2024-05-04_10-00_Sat</name>
  </metadata>
  <wpt lat="{pts[40][0]:.7f}" lon="{pts[40][1]:.7f}">
    <time>{iso(pts[40][3])}</time>
    <name>Cafe</name>
    <type>Favorites</type>
    <extensions>
      <osmand:color>#eecc22</osmand:color>
      <osmand:icon>cafe</osmand:icon>
    </extensions>
  </wpt>
  <trk>
    <trkseg>''']
    for lat, lon, ele, t in pts:
        rows.append(f'''      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">
        <ele>{ele:.1f}</ele>
        <time>{iso(t)}</time>
        <hdop>4.2</hdop>
        <extensions>
          <osmand:speed>1.39</osmand:speed>
        </extensions>
      </trkpt>''')
    rows.append('''    </trkseg>
  </trk>
  <extensions>
    <osmand:show_arrows>false</osmand:show_arrows>
  </extensions>
</gpx>
''')
    return "\n".join(rows)


def gpx10(pts):
    rows = ['''<?xml version="1.0" encoding="UTF-8" standalone="no" ?>
<gpx version="1.0" creator="GPSBabel - https://www.gpsbabel.org" xmlns="http://www.topografix.com/GPX/1/0">
<time>2024-05-04T07:20:00Z</time>
<bounds minlat="55.733970000" minlon="37.588640000" maxlat="55.746000000" maxlon="37.606000000"/>
<rte>
  <name>Planned</name>''']
    for k, (lat, lon, ele, t) in enumerate(pts[::20]):
        rows.append(f'''  <rtept lat="{lat:.9f}" lon="{lon:.9f}">
    <name>RP{k:03d}</name>
  </rtept>''')
    rows.append('''</rte>
<trk>
  <name>ACTIVE LOG</name>
<trkseg>''')
    for lat, lon, ele, t in pts:
        rows.append(f'''<trkpt lat="{lat:.9f}" lon="{lon:.9f}">
  <ele>{ele:.3f}</ele>
  <time>{iso(t)}</time>
  <course>35.0</course>
  <speed>1.388889</speed>
</trkpt>''')
    rows.append("</trkseg>\n</trk>\n</gpx>\n")
    return "\n".join(rows)


def kml_track(pts):
    whens = "\n".join(f"        <when>{iso(t)}</when>" for *_, t in pts)
    coords = "\n".join(f"        <gx:coord>{lon:.7f} {lat:.7f} {ele:.1f}</gx:coord>" for lat, lon, ele, _ in pts)
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2" xmlns:kml="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom">
<Document>
  <name>Morning Walk.kml</name>
  <Style id="track">
    <LineStyle><color>ff0000ff</color><width>4</width></LineStyle>
  </Style>
  <Placemark>
    <name>Morning Walk</name>
    <styleUrl>#track</styleUrl>
    <gx:Track>
      <altitudeMode>absolute</altitudeMode>
{whens}
{coords}
    </gx:Track>
  </Placemark>
</Document>
</kml>
'''


def kml_places(pts):
    line = " ".join(f"{lon:.7f},{lat:.7f},0" for lat, lon, _, _ in pts[::10])
    a, b = pts[60], pts[120]
    ring = [(a[1], a[0]), (a[1] + 0.0004, a[0]), (a[1] + 0.0004, a[0] + 0.0003), (a[1], a[0])]
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2" xmlns:kml="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom">
<Document>
  <name>Walk places.kml</name>
  <Folder>
    <name>Walk</name>
    <Placemark>
      <name>Start</name>
      <Point>
        <coordinates>{pts[0][1]:.7f},{pts[0][0]:.7f},0</coordinates>
      </Point>
    </Placemark>
    <Placemark>
      <name>Path</name>
      <LineString>
        <tessellate>1</tessellate>
        <coordinates>
          {line}
        </coordinates>
      </LineString>
    </Placemark>
    <Placemark>
      <name>Park</name>
      <Polygon>
        <outerBoundaryIs><LinearRing><coordinates>
          {" ".join(f"{x:.7f},{y:.7f},0" for x, y in ring)}
        </coordinates></LinearRing></outerBoundaryIs>
      </Polygon>
    </Placemark>
    <Placemark>
      <name>Finish and view point</name>
      <MultiGeometry>
        <Point><coordinates>{b[1]:.7f},{b[0]:.7f},0</coordinates></Point>
        <Point><coordinates>{b[1]:.7f},{b[0] + 0.0002:.7f},0</coordinates></Point>
      </MultiGeometry>
    </Placemark>
  </Folder>
</Document>
</kml>
'''


def tcx(pts):
    rows = [f'''<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase
  xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"
  xmlns:ns5="http://www.garmin.com/xmlschemas/ActivityGoals/v1"
  xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2"
  xmlns:ns2="http://www.garmin.com/xmlschemas/UserProfile/v2"
  xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns4="http://www.garmin.com/xmlschemas/ProfileExtension/v1">
  <Activities>
    <Activity Sport="Other">
      <Id>{iso(pts[0][3], True)}</Id>
      <Lap StartTime="{iso(pts[0][3], True)}">
        <TotalTimeSeconds>1080.0</TotalTimeSeconds>
        <DistanceMeters>1500.0</DistanceMeters>
        <Calories>92</Calories>
        <Intensity>Active</Intensity>
        <TriggerMethod>Manual</TriggerMethod>
        <Track>
          <Trackpoint>
            <Time>{iso(pts[0][3] - 4, True)}</Time>
            <HeartRateBpm>
              <Value>88</Value>
            </HeartRateBpm>
          </Trackpoint>''']
    dist = 0.0
    for k, (lat, lon, ele, t) in enumerate(pts):
        if k:
            pa = pts[k - 1]
            dist += math.dist((lat * 111320, lon * 62700), (pa[0] * 111320, pa[1] * 62700))
        rows.append(f'''          <Trackpoint>
            <Time>{iso(t, True)}</Time>
            <Position>
              <LatitudeDegrees>{lat:.7f}</LatitudeDegrees>
              <LongitudeDegrees>{lon:.7f}</LongitudeDegrees>
            </Position>
            <AltitudeMeters>{ele:.1f}</AltitudeMeters>
            <DistanceMeters>{dist:.1f}</DistanceMeters>
            <HeartRateBpm>
              <Value>{92 + k % 17}</Value>
            </HeartRateBpm>
            <Extensions>
              <ns3:TPX>
                <ns3:Speed>1.389</ns3:Speed>
              </ns3:TPX>
            </Extensions>
          </Trackpoint>''')
    rows.append('''        </Track>
      </Lap>
      <Creator xsi:type="Device_t">
        <Name>Forerunner 255</Name>
        <UnitId>3412345678</UnitId>
        <ProductID>3992</ProductID>
      </Creator>
    </Activity>
  </Activities>
</TrainingCenterDatabase>
''')
    return "\n".join(rows)


def nmea_sentence(body):
    cs = 0
    for c in body.encode():
        cs ^= c
    return f"${body}*{cs:02X}"


def nmea(pts):
    import time as _t
    def dm(v, width):
        a = abs(v)
        d = int(a)
        return f"{d:0{width}d}{(a - d) * 60:08.5f}"
    lines = []
    # Before the first fix: the receiver has no position yet.
    for k in range(2):
        hms = _t.strftime("%H%M%S", _t.gmtime(pts[0][3] - 2 + k)) + ".00"
        lines.append(nmea_sentence(f"GNRMC,{hms},V,,,,,,,040524,,,N,V"))
        lines.append(nmea_sentence(f"GNGGA,{hms},,,,,0,00,99.99,,,,,,"))
    for k, (lat, lon, ele, t) in enumerate(pts):
        g = _t.gmtime(t)
        hms = _t.strftime("%H%M%S", g) + ".00"
        date = _t.strftime("%d%m%y", g)
        ns, ew = ("N" if lat >= 0 else "S"), ("E" if lon >= 0 else "W")
        lines.append(nmea_sentence(f"GNRMC,{hms},A,{dm(lat, 2)},{ns},{dm(lon, 3)},{ew},2.700,35.21,{date},,,A,V"))
        lines.append(nmea_sentence(f"GNGGA,{hms},{dm(lat, 2)},{ns},{dm(lon, 3)},{ew},1,09,1.02,{ele:.1f},M,14.5,M,,"))
        if k % 10 == 0:
            lines.append(nmea_sentence("GNGSA,A,3,05,13,15,18,20,23,24,,,,,,1.87,1.02,1.57,1"))
            lines.append(nmea_sentence("GPGSV,3,1,11,05,44,250,38,13,62,174,41,15,35,063,36,18,20,313,30,0"))
    return "\r\n".join(lines) + "\r\n"


def osrm(pts, geometry_kind):
    route = [(lat, lon) for lat, lon, _, _ in pts[::4]]   # 0, 4, …, 120: the last point included
    if geometry_kind == "polyline":
        geometry = encode(route, 5)
        route = [(round(a, 5), round(b, 5)) for a, b in route]
    elif geometry_kind == "polyline6":
        geometry = encode(route, 6)
        route = [(round(a, 6), round(b, 6)) for a, b in route]
    else:
        route = [(round(a, 6), round(b, 6)) for a, b in route]
        geometry = {"coordinates": [[b, a] for a, b in route], "type": "LineString"}
    return json.dumps({
        "code": "Ok",
        "routes": [{
            "geometry": geometry,
            "legs": [{"steps": [], "summary": "", "weight": 1079.4, "duration": 1079.4, "distance": 1493.7}],
            "weight_name": "duration", "weight": 1079.4, "duration": 1079.4, "distance": 1493.7,
        }],
        "waypoints": [
            {"hint": "Wk8EgP___38AAAAAAQAAABQAAAAAAAAAbJOQQQAAAAAAAAAAAQAAABQAAAAAAAAAJQAAAJ9iPQJAZVMDn2I9AkBlUwMAAA8AUiHkcQ==",
             "distance": 0.412, "name": "Комсомольский проспект", "location": [route[0][1], route[0][0]]},
            {"hint": "mKYEgP___38AAAAAAAAAAAAAAAA7AAAAAAAAAAAAAAAAAAAAOwAAAAAAAAAlAAAAr6Y9Alw7VAOvpj0CXDtUAwAAzwRSIeRx",
             "distance": 1.907, "name": "Усачёва улица", "location": [route[-1][1], route[-1][0]]},
        ],
    }, ensure_ascii=False, indent=2) + "\n"


def valhalla(pts):
    first = [(lat, lon) for lat, lon, _, _ in pts[:61:3]]
    second = [(lat, lon) for lat, lon, _, _ in pts[60::3]]   # 60, 63, …, 120
    def leg(points, length):
        return {"maneuvers": [
                    {"type": 2, "instruction": "Walk northeast.", "verbal_pre_transition_instruction": "Walk northeast.",
                     "time": 340.1, "length": length, "cost": 371.2, "begin_shape_index": 0, "end_shape_index": len(points) - 1,
                     "travel_mode": "pedestrian", "travel_type": "foot"},
                    {"type": 4, "instruction": "You have arrived at your destination.", "time": 0.0, "length": 0.0, "cost": 0.0,
                     "begin_shape_index": len(points) - 1, "end_shape_index": len(points) - 1,
                     "travel_mode": "pedestrian", "travel_type": "foot"}],
                "summary": {"has_time_restrictions": False, "has_toll": False, "has_highway": False, "has_ferry": False,
                            "min_lat": min(p[0] for p in points), "min_lon": min(p[1] for p in points),
                            "max_lat": max(p[0] for p in points), "max_lon": max(p[1] for p in points),
                            "time": 540.2, "length": length, "cost": 590.3},
                "shape": encode(points, 6)}
    return json.dumps({
        "trip": {
            "locations": [
                {"type": "break", "lat": pts[0][0], "lon": pts[0][1], "original_index": 0},
                {"type": "through", "lat": pts[60][0], "lon": pts[60][1], "original_index": 1},
                {"type": "break", "lat": pts[-1][0], "lon": pts[-1][1], "original_index": 2}],
            "legs": [leg(first, 0.748), leg(second, 0.751)],
            "summary": {"has_time_restrictions": False, "has_toll": False, "has_highway": False, "has_ferry": False,
                        "min_lat": 55.73397, "min_lon": 37.58864, "max_lat": 55.747, "max_lon": 37.607,
                        "time": 1080.4, "length": 1.499, "cost": 1180.6},
            "status_message": "Found route between points", "status": 0, "units": "kilometers", "language": "en-US"},
        "id": "walk"}, indent=1) + "\n"


def phone_csv(pts):
    header = ("time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop,geoidheight,"
              "ageofdgpsdata,dgpsid,activity,battery,annotation,timestamp_ms,time_offset,distance,starttimestamp_ms,"
              "profile_name,battery_charging")
    rows = [header]
    for k, (lat, lon, ele, t) in enumerate(pts[::6]):
        rows.append(f"{iso(t, True)},{lat:.7f},{lon:.7f},{ele + 14.5:.1f},4.7,35.2,1.39,{9 + k % 3},gps,1.0,1.4,1.7,14.5,,,,{88 - k // 4},,"
                    f"{t * 1000},{iso(t + 10800, True)[:-1]}+03:00,{12.5 * 6 * k:.1f},{pts[0][3] * 1000},Default Profile,false")
    return "\n".join(rows) + "\n"


def geojson_io(pts):
    a = pts[60]
    return json.dumps({
        "type": "FeatureCollection",
        "features": [
            {"type": "Feature", "properties": {"name": "walk"}, "geometry": {"coordinates": [[lon, lat] for lat, lon, _, _ in pts[::5]], "type": "LineString"}, "id": 0},
            {"type": "Feature", "properties": {}, "geometry": {"coordinates": [pts[40][1], pts[40][0]], "type": "Point"}, "id": 1},
            {"type": "Feature", "properties": {"name": "park"}, "geometry": {"coordinates": [[[a[1], a[0]], [a[1] + 0.0004, a[0]], [a[1] + 0.0004, a[0] + 0.0003], [a[1], a[0]]]], "type": "Polygon"}, "id": 2},
        ]}, indent=2) + "\n"


def files(outdir):
    pts = walk()
    os.makedirs(outdir, exist_ok=True)
    out = {
        "walk_strava.gpx": strava_gpx(pts), "walk_osmand.gpx": osmand_gpx(pts), "walk_gpx10.gpx": gpx10(pts),
        "walk_track.kml": kml_track(pts), "walk_places.kml": kml_places(pts), "walk_garmin.tcx": tcx(pts),
        "walk_logger.nmea": nmea(pts), "osrm_polyline.json": osrm(pts, "polyline"), "osrm_polyline6.json": osrm(pts, "polyline6"),
        "osrm_geojson.json": osrm(pts, "geojson"), "valhalla_route.json": valhalla(pts), "phone_gpslogger.csv": phone_csv(pts),
        "geojson_io.geojson": geojson_io(pts),
    }
    for name, text in out.items():
        with open(os.path.join(outdir, name), "w", encoding="utf-8", newline="") as f:
            f.write(text)


def reference(outdir):
    """pyproj's geodesic and topocentric frame on walk_strava.gpx's points (h = <ele>,
    as `waymark accuracy --heights orthometric` reads them), and the haversine formulas."""
    import pyproj
    pts = walk()
    geod = pyproj.Geod(ellps="WGS84")
    lat0, lon0, h0 = pts[0][0], pts[0][1], pts[0][2]
    enu = pyproj.Transformer.from_pipeline(
        f"+proj=pipeline +step +proj=cart +ellps=WGS84 +step +proj=topocentric +ellps=WGS84 +lat_0={lat0} +lon_0={lon0} +h_0={h0}")
    def hav(a, b):
        p1, p2 = math.radians(a[0]), math.radians(b[0])
        dp, dl = p2 - p1, math.radians(b[1] - a[1])
        h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        d = 2 * R_MEAN * math.asin(min(1, math.sqrt(h)))
        brg = math.degrees(math.atan2(math.sin(dl) * math.cos(p2), math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)))
        return d, brg
    rows = ["point,segment_distance_m,segment_azimuth_deg,haversine_distance_error_m,along_track_m,distance_from_origin_m,"
            "haversine_horizontal_error_m,meters_per_degree_horizontal_error_m"]
    along = 0.0
    for k, (lat, lon, h, _) in enumerate(pts):
        e, n, u = enu.transform(lon, lat, h)
        d0, b0 = hav(pts[0], pts[k]) if k else (0.0, 0.0)
        he, hn = d0 * math.sin(math.radians(b0)), d0 * math.cos(math.radians(b0))
        mpd = 2 * math.pi * R_MEAN / 360
        me, mn = (lon - lon0) * mpd * math.cos(math.radians(lat0)), (lat - lat0) * mpd
        _, _, from_origin = geod.inv(lon0, lat0, lon, lat)
        seg = ["", "", ""]
        if k:
            a = pts[k - 1]
            az, _, dist = geod.inv(a[1], a[0], lon, lat)
            along += dist
            seg = [repr(dist), repr(az), repr(hav(a, pts[k])[0] - dist)]
        rows.append(",".join([str(k)] + seg + [repr(along), repr(from_origin), repr(math.hypot(he - e, hn - n)), repr(math.hypot(me - e, mn - n))]))
    with open(os.path.join(outdir, "walk_reference.csv"), "w") as f:
        f.write(f"# pyproj {pyproj.__version__} (PROJ {pyproj.proj_version_str}) on walk_strava.gpx, h = <ele>; see Tests/Data/README.md\n")
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("files", "reference"):
        sys.exit(__doc__)
    (files if sys.argv[1] == "files" else reference)(sys.argv[2])

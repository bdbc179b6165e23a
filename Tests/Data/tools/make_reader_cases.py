#!/usr/bin/env python3
"""Writes Tests/Data/readers/: hostile and edge-case files for the format readers, each
read by the CLI (`waymark read`), Python (`waymark.read_points` / `read_log_rows`) and
JavaScript (`readTrack` / `readFieldLog`), which must give the same points or the same
refusal (line and reason). Python 3, standard library only.
Usage: make_reader_cases.py OUTDIR"""
import sys
from pathlib import Path


def nmea(body: str) -> str:
    s = 0
    for c in body.encode():
        s ^= c
    return f"${body}*{s:02X}\n"


def polyline(points, precision):
    """Google's encoded polyline of (lat, lon) points."""
    out, last = [], (0, 0)
    for lat, lon in points:
        q = (round(lat * 10 ** precision), round(lon * 10 ** precision))
        for v in (q[0] - last[0], q[1] - last[1]):
            v = ~(v << 1) if v < 0 else v << 1
            while v >= 0x20:
                out.append(chr((0x20 | (v & 0x1F)) + 63))
                v >>= 5
            out.append(chr(v + 63))
        last = q
    return "".join(out)


WALK = [(55.7339, 37.5886), (55.7352473, 37.5886), (55.7352473, 37.5910)]
LOG = "t_s,event,lat,lon,h,accuracy_m,x,y,z,yaw_deg,pitch_deg,roll_deg"
VLOG = LOG + ",true_heading_deg,heading_accuracy_deg,tracking,course_deg,course_accuracy_deg,speed_mps,speed_accuracy_mps"
GGA = "GPGGA,120000.00,5544.000,N,03736.000,E,1,08,1.0,150.0,M,14.0,M,,"
RMC = "GPRMC,120000.00,A,5544.000,N,03736.000,E,0.5,90.0,040524,,,A"

CASES = {
    # Refusals.
    "nul_in_lat.gpx": '<gpx>\n<trk><trkseg>\n<trkpt lat="55.7\0 99" lon="37.6"/>\n</trkseg></trk>\n</gpx>\n',
    "separator_in_lat.gpx": '<gpx>\n<wpt lat="55.733_97" lon="37.6"/>\n</gpx>\n',
    "fullwidth_digits.gpx": '<gpx>\n<wpt lat="５５.7" lon="37.6"/>\n</gpx>\n',
    "escape_in_ele.gpx": '<gpx>\n<trk><trkseg><trkpt lat="55.7" lon="37.6"><ele>1\x1b[31m</ele></trkpt></trkseg></trk>\n</gpx>\n',
    "unclosed_point.gpx": '<gpx>\n<trk><trkseg>\n<trkpt lat="55.7" lon="37.6">\n',
    "nested_linestrings.kml": "<kml>\n" + "<LineString>" * 2000 + "<coordinates>37.6,55.7</coordinates>"
                              + "</LineString>" * 2000 + "\n</kml>\n",
    "nul_in_coordinates.kml": "<kml><Placemark><LineString>\n<coordinates>37.6,55.7\0 37.7,55.8</coordinates>\n"
                              "</LineString></Placemark></kml>\n",
    "bad_tuple.kml": "<kml><Placemark><LineString>\n<coordinates>37.6,55.7 37.7;55.8</coordinates>\n</LineString></Placemark></kml>\n",
    "nul_in_latitude.tcx": "<TrainingCenterDatabase><Activities><Activity><Lap><Track>\n<Trackpoint><Position><LatitudeDegrees>55.7\0"
                           "9</LatitudeDegrees><LongitudeDegrees>37.6</LongitudeDegrees></Position></Trackpoint>\n"
                           "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n",
    "nul_in_field.nmea": nmea(GGA) + nmea(GGA.replace("5544.000", "5544.0\x0038")),
    "bad_checksum.nmea": nmea(GGA) + nmea(RMC)[:-3] + "00\n",
    "minutes_60.nmea": nmea(GGA.replace("5544.000", "5560.000")),
    "nul_line.log": LOG + "\n" + "\0" * 64 + "\n",
    "junk_after_nul.log": LOG + "\n0.0,fix,55.7339,37.5886,,5,0,1.4,0,,,\0junk\n",
    "separator_number.log": LOG + "\n0.0,fix,55.733_97,37.5886,,5,0,1.4,0,,,\n",
    "fullwidth_number.log": LOG + "\n0.0,fix,５５.7339,37.5886,,5,0,1.4,0,,,\n",
    "late_row.log": LOG + "\n0.0,frame,,,,,0,1.4,0,0,0,0\n1e200,fix,55.7339,37.5886,,5,0,1.4,0,,,\n1.0,frame,,,,,0,1.4,0,0,0,0\n",
    "unknown_event.log": LOG + "\n0.0,walk,,,,,0,1.4,0,0,0,0\n",
    "nested_arrays.geojson": "[" * 100 + "]" * 100 + "\n",
    "nul_in_string.geojson": '{"type": "Point\0", "coordinates": [37.6, 55.7]}\n',
    "separator_in_position.geojson": '{"type": "Point",\n"coordinates": [37.6, 55.733_97]}\n',
    "osrm_no_route.json": '{"code": "NoRoute", "message": "Impossible route between points",\n"routes": []}\n',
    "valhalla_status.json": '{"trip": {"legs": [],\n"status": 442}}\n',
    "precision6_as_5.polyline": "# a polyline6 read at precision 5\n" + polyline(WALK, 6) + "\n",
    "cut_short.polyline6": polyline(WALK, 6)[:-1] + "\n",
    # Broken structure (issue 52): a download cut short or spliced is refused, never
    # read as a shorter track.
    "cut_after_two_trkpt.gpx": '<?xml version="1.0"?>\n<gpx version="1.1">\n<trk><trkseg>\n<trkpt lat="55.7339" lon="37.5886"/>\n'
                               '<trkpt lat="55.7352" lon="37.5886"/>\n',
    "swapped_end_tags.gpx": '<gpx>\n<trk><trkseg>\n<trkpt lat="55.7339" lon="37.5886"/>\n</trk></trkseg>\n</gpx>\n',
    "second_root.gpx": '<gpx>\n<wpt lat="55.7339" lon="37.5886"/>\n</gpx>\n<gpx>\n<wpt lat="55.7352" lon="37.5886"/>\n</gpx>\n',
    "duplicate_lat.gpx": '<gpx>\n<wpt lat="55.7339" lon="37.5886" lat="1"/>\n</gpx>\n',
    "cut_after_linestring.kml": "<kml><Document><Placemark><name>walk</name>\n<LineString><coordinates>37.5886,55.7339 "
                                "37.5886,55.7352</coordinates></LineString>\n",
    "cut_after_trackpoint.tcx": "<TrainingCenterDatabase><Activities><Activity><Lap><Track>\n<Trackpoint><Position>"
                                "<LatitudeDegrees>55.7339</LatitudeDegrees><LongitudeDegrees>37.5886</LongitudeDegrees>"
                                "</Position></Trackpoint>\n",
    "nul_in_comment.polyline6": "# the turn\0 route\n" + polyline(WALK, 6) + "\n",
    # Read, with their edge cases.
    "mixed_parts.gpx": '<?xml version="1.0"?>\n<gpx version="1.1">\n<wpt lat="55.70" lon="37.60"><ele>1</ele></wpt>\n'
                       '<trk><trkseg>\n<trkpt lat="55.7339" lon="37.5886"><ele>151.5</ele><time>2024-05-04T07:00:00Z</time>'
                       '<extensions><x><y>9</y></x></extensions></trkpt>\n'
                       '<trkpt lat="0x1.bdep+5" lon="3.75886e1"><ele>152</ele><time>2024-05-04T10:00:09.5+03:00</time></trkpt>\n'
                       '</trkseg></trk>\n<rte><rtept lat="1" lon="2"/></rte>\n</gpx>\n',
    "track_with_polygon.kml": "<kml><Document>\n<Placemark><name>Park</name><Polygon><outerBoundaryIs><LinearRing>\n"
                              "<coordinates>37.6,55.7 37.7,55.7 37.7,55.8 37.6,55.7</coordinates></LinearRing></outerBoundaryIs>"
                              "</Polygon></Placemark>\n"
                              "<Placemark><gx:Track>\n<when>2024-05-04T07:00:00Z</when><when>2024-05-04T07:00:01Z</when>\n"
                              "<gx:coord>37.5886 55.7339 150</gx:coord>\n<gx:coord>37.5887 55.7340 151</gx:coord>\n"
                              "<altitudeMode>absolute</altitudeMode></gx:Track></Placemark>\n</Document></kml>\n",
    "gga_rmc.nmea": nmea("GPGSV,1,1,01,01,40,083,46") + nmea(GGA) + nmea(RMC)
                    + nmea(GGA.replace("120000.00", "120001.00").replace("5544.000", "5544.001"))
                    + nmea("GPGGA,120002.00,,,,,0,00,99.9,,,,,,"),
    "walk.polyline6": "# the turn route\n" + polyline(WALK, 6) + "\n\n" + polyline(WALK[:1], 6) + "\n",
    "polygon_feature.geojson": '{"type": "FeatureCollection", "features": [\n'
                               '{"type": "Feature", "properties": {"name": "Park"}, "geometry": {"type": "Polygon",\n'
                               '"coordinates": [[[37.6, 55.7], [37.7, 55.7], [37.7, 55.8], [37.6, 55.7]]]}},\n'
                               '{"type": "Feature", "id": 7, "geometry": {"type": "LineString", "coordinates":\n'
                               '[[37.5886, 55.7339, 150.25], [37.5887, 55.7340, 1e2]]}}]}\n',
    "logger_columns.csv": "# a phone logger: the header names the columns in its own order\n"
                          "speed;lon;time;lat;altitude\n1.4;37.5886;2024-05-04T07:00:00Z;55.7339;150\n"
                          "1.5;37.5887;1714806001.5;55.7340;151.25\n",
    "nul_in_number.csv": "55.7339,37.5886\n55.7\x0099,37.5887\n",
    "separator_in_lat.csv": "lat,lon\n55.733_97,37.6\n",
    "semicolons_one_field.csv": "55.7339,37.5886\n55.7340;37.5887\n",
    "velocity.log": VLOG + "\n0.0,fix,55.7339,37.5886,151.4,5,0,1.4,0,,,,,,,90,-1,1.4,\n0.5,frame,,,,,0,1.4,0,-15,0,0,,,,,,,\n"
                    "0.5,heading,,,,,0,1.4,0,-15,0,0,3.5,5,,,,,\n1.0,tracking,,,,,,,,,,,,,limited,,,,\n",
}


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, text in CASES.items():
        (out / name).write_bytes(text.encode("utf-8"))


if __name__ == "__main__":
    main()

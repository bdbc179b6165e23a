/// `--to csv|json|geojson` (`--output-format` on commands whose `--to` means something
/// else: datum, transform, geoid).
///
/// - csv: a header line and comma-separated rows (the default, unchanged).
/// - json: one array of objects keyed by the column names.
/// - geojson: for geographic results only: a FeatureCollection of Points, positions
///   `[lon, lat(, h)]`, the other columns as properties; a single LineString Feature when
///   the rows came from one route (a GeoJSON LineString, a GPX track or route, a
///   polyline) and carry nothing but coordinates.
enum OutputFormat: String, CaseIterable {
    case csv, json, geojson
}

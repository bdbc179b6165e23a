/// The input options of a command that reads rows, as parsed: the FILE (nil: standard
/// input), the format named by `--from` or `--input-format`, and the CSV and track
/// options (nil: not given). ``RowInput`` checks that they fit the format read.
struct InputOptions {
    var file: String?
    /// `--from` where it names the input format.
    var from: Given<InputFormat>? = nil
    var inputFormat: Given<InputFormat>? = nil
    var delimiter: Choice.Delimiter? = nil
    /// `--heights`: GPX, KML and TCX sea-level heights kept as they are, or made ellipsoidal.
    var heights: Choice.Heights? = nil
    var lonLat = false
    var keepColumns = false
    var gpxPart: TrackOptions.GPXPart? = nil
    var polygons: Choice.Polygons? = nil
    var missingHeights: TrackOptions.MissingHeights? = nil

    /// How the track formats are read.
    var track: TrackOptions {
        TrackOptions(gpxPart: gpxPart, polygonRings: polygons == .rings, missingHeights: missingHeights ?? .error)
    }

    /// The name of the first option given that only reads a TRACK (`accuracy` without
    /// one refuses them).
    var firstGiven: String? {
        let given: [(String, Bool)] = [("from", from != nil), ("input-format", inputFormat != nil), ("delimiter", delimiter != nil),
                                       ("heights", heights != nil), ("gpx-part", gpxPart != nil), ("polygons", polygons != nil),
                                       ("missing-heights", missingHeights != nil), ("lon-lat", lonLat), ("keep-columns", keepColumns)]
        return given.first { $0.1 }?.0
    }
}

extension TrackReader {
    /// Rows `lat,lon[,h]` of delimited text as points, by ``CSVReader``'s rules with
    /// its defaults (the delimiter the text shows, a header that names lat, lon, h and a
    /// time column in any order): the CSV the CLI's row commands stream, read whole here
    /// for the C API and the bindings. A text without rows is a fault, as every
    /// document without points.
    public static func csv(_ bytes: [UInt8], options: TrackReadOptions = TrackReadOptions()) throws(ReadFault) -> TrackRead {
        var points: [TrackPoint] = []
        var fault: StreamFault?
        bytes.withUnsafeBytes { raw in
            var reader = CSVReader(BufferSource(raw), geographic: true)
            do throws(StreamFault) {
                while let row = try reader.next(fieldCounts: 2...3) {
                    guard points.count < options.maximumPoints else {
                        throw .data(TrackReader.tooMany(line: row.line, limit: options.maximumPoints))
                    }
                    points.append(TrackPoint(line: row.line, latitude: row.values[0], longitude: row.values[1],
                                             height: row.values.count == 3 ? row.values[2] : nil, time: row.time))
                }
            } catch {
                fault = error
            }
        }
        switch fault {
        case .data(let f)?: throw f
        case .unreadable?: throw ReadFault(line: 1, "the text cannot be read")   // memory always can
        case nil: break
        }
        guard !points.isEmpty else { throw ReadFault(line: 1, "no rows of lat,lon[,h]") }
        return TrackRead(points: points, isRoute: false, warnings: [], kind: "csv")
    }
}

/// A whole-Earth geoid grid in memory, parsed from PROJ's `.gtx` layout, for Waymark's
/// own (cubic) interpolation; PROJ's `vgridshift` keeps its own copy for bilinear.
///
/// `.gtx` is a 40-byte big-endian header — south latitude, west longitude, latitude and
/// longitude spacing (4 × float64, degrees), rows and columns (2 × int32) — then
/// rows × columns big-endian float32 values (metres), row 0 southmost, west to east.
/// Only a global grid is accepted: rows from pole to pole, columns covering 360° once
/// (egm96_15.gtx: −90, −180, 0.25°, 0.25°, 721 × 1440), because the interpolation wraps
/// in longitude and reflects across the poles.
struct GeoidGrid: Sendable {
    /// The header's size in bytes.
    static let headerSize = 40

    let rows: Int
    let columns: Int
    let south: Double
    let west: Double
    let latitudeSpacing: Double
    let longitudeSpacing: Double
    /// rows × columns values, row-major from the south.
    private let values: [Float]

    /// Parses a complete `.gtx` file image.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` with PROJ's "file not found or
    ///   invalid" code when the header, the size or a value does not make a global grid.
    init(gtx bytes: UnsafeRawBufferPointer, name: String) throws(WaymarkError) {
        func invalid(_ why: String) -> WaymarkError {
            .projFailure(code: 1029, message: name + ": " + why)   // PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID
        }
        guard bytes.count >= Self.headerSize else { throw invalid("shorter than a gtx header") }
        func double(_ at: Int) -> Double { Double(bitPattern: Self.bigEndian64(bytes, at)) }
        func int(_ at: Int) -> Int { Int(Int32(bitPattern: Self.bigEndian32(bytes, at))) }
        let south = double(0), west = double(8), dLat = double(16), dLon = double(24)
        let rows = int(32), columns = int(36)
        guard rows >= 4, columns >= 4, columns % 2 == 0, rows <= 1 << 20, columns <= 1 << 20 else {
            throw invalid("unsupported grid size")
        }
        guard south == -90, dLat > 0, dLon > 0, west.isFinite,
              abs(Double(rows - 1) * dLat - 180) < 1e-9, abs(Double(columns) * dLon - 360) < 1e-9 else {
            throw invalid("not a global grid (pole to pole, 360 degrees of longitude)")
        }
        let count = rows * columns
        guard bytes.count == Self.headerSize + 4 * count else { throw invalid("size does not match its header") }
        var values = [Float](repeating: 0, count: count)
        for k in 0..<count {
            let v = Float(bitPattern: Self.bigEndian32(bytes, Self.headerSize + 4 * k))
            guard v.isFinite else { throw invalid("a value is not finite") }
            values[k] = v
        }
        self.rows = rows
        self.columns = columns
        self.south = south
        self.west = west
        latitudeSpacing = dLat
        longitudeSpacing = dLon
        self.values = values
    }

    /// The node in `row` (−1 … rows: one beyond each pole, which is the node across the
    /// pole, half a turn of longitude away) and `column` (any: wraps around the globe).
    @inline(__always)
    func node(row: Int, column: Int) -> Double {
        var r = row, c = column
        if r < 0 { r = -r; c += columns / 2 } else if r >= rows { r = 2 * (rows - 1) - r; c += columns / 2 }
        c %= columns
        if c < 0 { c += columns }
        return Double(values[r * columns + c])
    }

    private static func bigEndian32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    private static func bigEndian64(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(bigEndian32(b, at)) << 32 | UInt64(bigEndian32(b, at + 4))
    }
}

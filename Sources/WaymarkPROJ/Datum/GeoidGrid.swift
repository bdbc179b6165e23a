import WaymarkCore

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
    /// The most nodes accepted (a 1′ global grid has 233 million): bounds the allocation
    /// a header can ask for.
    static let maximumNodes = 1 << 28

    /// What a `.gtx` header says, checked to describe a global grid.
    struct Layout: Sendable {
        let rows: Int, columns: Int
        let south: Double, west: Double, latitudeSpacing: Double, longitudeSpacing: Double
        var nodes: Int { rows * columns }
        /// The file size the header implies.
        var byteCount: Int { GeoidGrid.headerSize + 4 * nodes }

        /// - Throws: ``WaymarkError/projFailure(code:message:)`` (PROJ's "file not found
        ///   or invalid" code) when the header is short or not a global grid.
        init(header b: UnsafeRawBufferPointer, name: String) throws(WaymarkError) {
            guard b.count >= GeoidGrid.headerSize else { throw GeoidGrid.invalid(name, "shorter than a gtx header") }
            func double(_ at: Int) -> Double { Double(bitPattern: UInt64(GeoidGrid.bigEndian32(b, at)) << 32 | UInt64(GeoidGrid.bigEndian32(b, at + 4))) }
            func int(_ at: Int) -> Int { Int(Int32(bitPattern: GeoidGrid.bigEndian32(b, at))) }
            south = double(0); west = double(8); latitudeSpacing = double(16); longitudeSpacing = double(24)
            rows = int(32); columns = int(36)
            guard rows >= 4, columns >= 4, columns % 2 == 0, rows <= GeoidGrid.maximumNodes / columns else {
                throw GeoidGrid.invalid(name, "unsupported grid size")
            }
            guard south == -90, latitudeSpacing > 0, longitudeSpacing > 0, west.isFinite,
                  abs(Double(rows - 1) * latitudeSpacing - 180) < 1e-9,
                  abs(Double(columns) * longitudeSpacing - 360) < 1e-9 else {
                throw GeoidGrid.invalid(name, "not a global grid (pole to pole, 360 degrees of longitude)")
            }
        }
    }

    let layout: Layout
    var rows: Int { layout.rows }
    var columns: Int { layout.columns }
    /// rows × columns values, row-major from the south.
    private let values: [Float]

    /// A grid of `layout`, its values' big-endian bytes written by `fill` straight into
    /// the grid's storage (one allocation); `fill` says whether it wrote them all.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when `fill` fails or a value
    ///   is not finite.
    init(layout: Layout, name: String, fill: (UnsafeMutableRawBufferPointer) -> Bool) throws(WaymarkError) {
        var filled = false, finite = true
        values = [Float](unsafeUninitializedCapacity: layout.nodes) { out, initialized in
            filled = fill(UnsafeMutableRawBufferPointer(out))
            for k in 0..<layout.nodes {                       // big-endian → native, in place
                let v = Float(bitPattern: UInt32(bigEndian: filled ? out[k].bitPattern : 0))
                finite = finite && v.isFinite
                out[k] = v
            }
            initialized = layout.nodes
        }
        guard filled else { throw Self.invalid(name, "size does not match its header") }
        guard finite else { throw Self.invalid(name, "a value is not finite") }
        self.layout = layout
    }

    /// Parses a complete `.gtx` file image.
    /// - Throws: as ``Layout/init(header:name:)`` and ``init(layout:name:fill:)``.
    init(gtx bytes: UnsafeRawBufferPointer, name: String) throws(WaymarkError) {
        let layout = try Layout(header: bytes, name: name)
        try self.init(layout: layout, name: name) { out in
            guard bytes.count == layout.byteCount else { return false }
            out.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[Self.headerSize...]))
            return true
        }
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

    static func invalid(_ name: String, _ why: String) -> WaymarkError {
        .projFailure(code: 1029, message: name + ": " + why)   // PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID
    }

    private static func bigEndian32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}

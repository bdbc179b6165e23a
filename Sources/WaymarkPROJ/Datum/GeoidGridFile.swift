import CProj
import WaymarkCore

extension GeoidGrid {
    /// Reads the grid that PROJ resolved for `operation` (a `vgridshift`), so Waymark's
    /// cubic uses the very file PROJ's bilinear does, found on PROJ's own search path.
    /// The file's size is checked against its header before anything is allocated.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when PROJ names no readable
    ///   file, it cannot be read whole, or it is not a global `.gtx` grid.
    init(gridOf operation: OpaquePointer, in context: PROJContext) throws(WaymarkError) {
        var shortName: UnsafePointer<CChar>? = nil, fullName: UnsafePointer<CChar>? = nil
        var package: UnsafePointer<CChar>? = nil, url: UnsafePointer<CChar>? = nil
        var directDownload: Int32 = 0, openLicense: Int32 = 0, available: Int32 = 0
        guard proj_coordoperation_get_grid_used(context.raw, operation, 0, &shortName, &fullName, &package, &url,
                                                &directDownload, &openLicense, &available) != 0,
              available != 0, let fullName, fullName.pointee != 0 else {
            throw .projFailure(code: 1029, message: "PROJ names no local file for the geoid grid")
        }
        let path = String(cString: fullName)
        guard let file = fopen(fullName, "rb") else { throw Self.invalid(path, "cannot open") }
        defer { fclose(file) }
        guard fseek(file, 0, SEEK_END) == 0 else { throw Self.invalid(path, "cannot seek") }
        let fileSize = ftell(file)
        rewind(file)
        var header = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))   // 40 bytes
        let layout = try withUnsafeMutableBytes(of: &header) { (raw) throws(WaymarkError) -> Layout in
            guard fread(raw.baseAddress, 1, Self.headerSize, file) == Self.headerSize else {
                throw Self.invalid(path, "shorter than a gtx header")
            }
            return try Layout(header: UnsafeRawBufferPointer(raw), name: path)
        }
        guard fileSize == layout.byteCount else { throw Self.invalid(path, "size does not match its header") }
        try self.init(layout: layout, name: path) { out in
            fread(out.baseAddress, 1, out.count, file) == out.count
        }
    }
}

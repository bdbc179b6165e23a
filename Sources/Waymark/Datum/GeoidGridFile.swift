import CProj

extension GeoidGrid {
    /// Reads the grid that PROJ resolved for `operation` (a `vgridshift`), so Waymark's
    /// cubic uses the very file PROJ's bilinear does, found on PROJ's own search path.
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
        guard let file = fopen(fullName, "rb") else { throw .projFailure(code: 1029, message: path + ": cannot open") }
        defer { fclose(file) }
        // The size comes from the header, so a file is never read past what it declares.
        var header = [UInt8](repeating: 0, count: Self.headerSize)
        let got = header.withUnsafeMutableBytes { fread($0.baseAddress, 1, Self.headerSize, file) }
        guard got == Self.headerSize else { throw .projFailure(code: 1029, message: path + ": shorter than a gtx header") }
        let rows = Int(header[32]) << 24 | Int(header[33]) << 16 | Int(header[34]) << 8 | Int(header[35])
        let columns = Int(header[36]) << 24 | Int(header[37]) << 16 | Int(header[38]) << 8 | Int(header[39])
        guard rows > 0, columns > 0, rows <= 1 << 20, columns <= 1 << 20 else {
            throw .projFailure(code: 1029, message: path + ": unsupported grid size")
        }
        let size = Self.headerSize + 4 * rows * columns
        var image = [UInt8](repeating: 0, count: size + 1)        // one spare byte: detects a longer file
        for i in 0..<Self.headerSize { image[i] = header[i] }
        let body = image.withUnsafeMutableBytes { fread($0.baseAddress! + Self.headerSize, 1, size + 1 - Self.headerSize, file) }
        guard Self.headerSize + body == size else {
            throw .projFailure(code: 1029, message: path + ": size does not match its header")
        }
        let parsed = image.withUnsafeBytes { all -> Result<GeoidGrid, WaymarkError> in
            do throws(WaymarkError) {
                return .success(try GeoidGrid(gtx: UnsafeRawBufferPointer(rebasing: all[0..<size]), name: path))
            } catch { return .failure(error) }
        }
        self = try parsed.get()
    }
}

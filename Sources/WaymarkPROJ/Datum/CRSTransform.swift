import CProj
import WaymarkCore

/// A transformation between two coordinate reference systems chosen by PROJ
/// (`proj_create_crs_to_crs`), e.g. `EPSG:4326` → `EPSG:32650` (UTM 50N), `EPSG:4979`,
/// `EPSG:4490` (CGCS2000), PROJ strings or WKT.
///
/// Axis order: the transform is normalised for visualisation
/// (`proj_normalize_for_visualization`), so coordinates are always
/// (x = longitude or easting, y = latitude or northing, z = height), in degrees for
/// geographic CRSs and the CRS's linear unit (usually metres) otherwise — whatever
/// order the EPSG definition uses.
///
/// PROJ may find no real transformation between two datums and return a ballpark or
/// no-op operation (WGS-84 → CGCS2000 returns the input unchanged, as the two agree at
/// the metre level and PROJ has no published parameters): check ``operationName`` and
/// ``accuracy`` before trusting centimetres.
///
/// Threading: a transform owns its `PJ_CONTEXT` and `PJ`, which PROJ allows on one
/// thread at a time. Give every other thread its own ``clone()``.
public final class CRSTransform {
    /// The definitions the transform was built from.
    public let source: String, target: String
    private let context: PROJContext
    private let operation: OpaquePointer
    /// The file policy of the transform's context (a clone gets the same).
    public let files: PROJFileAccess

    /// Builds the transform.
    ///
    /// `files` says what the definitions may open: by default only grids and init files
    /// named from PROJ's resource directories (no absolute or relative paths, no
    /// network), since CRS strings often come from outside; ``PROJFileAccess/allowPaths``
    /// for trusted definitions that locate grids by path. Either way only regular files
    /// are opened, read-only and without blocking.
    ///
    /// A convenience initialiser, so a failure allocates nothing (a throwing designated
    /// initialiser leaks its partly built object in Embedded Swift).
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` with PROJ's message when a
    ///   definition is not understood, names a file it may not open, or no operation exists;
    ///   ``WaymarkError/gridMissing(file:package:)`` when the operation needs a grid that
    ///   is not installed (checked here, so no apply fails for it later).
    public convenience init(from source: String, to target: String, files: PROJFileAccess = .resourcesOnly) throws(WaymarkError) {
        let context = try PROJContext(files: files)
        context.resetRefusals()
        guard let raw = proj_create_crs_to_crs(context.raw, source, target, nil) else {
            throw context.refusedFiles > 0 ? context.refusalFailure(files) : context.failure()
        }
        defer { proj_destroy(raw) }
        // PROJ falls back to an operation without a grid it could not open: a refused
        // file must fail the creation instead of silently dropping the grid.
        guard context.refusedFiles == 0 else { throw context.refusalFailure(files) }
        // PROJ also builds an operation whose grid is not installed, and fails only when
        // it is applied, as if the point were at fault. Looking for the grid may be the
        // first time PROJ tries to open it: a refusal then is still a refusal.
        if let missing = Self.firstMissingGrid(of: raw, in: context) {
            throw context.refusedFiles > 0 ? context.refusalFailure(files) : missing
        }
        guard let normalized = proj_normalize_for_visualization(context.raw, raw) else { throw context.failure() }
        self.init(source: source, target: target, context: context, operation: normalized, files: files)
    }

    /// ``WaymarkError/gridMissing(file:package:)`` for the first grid the operation
    /// uses that PROJ cannot find, naming it and the package PROJ's database gives
    /// (`proj-data`, Debian's package of PROJ's grids, when it gives none).
    private static func firstMissingGrid(of operation: OpaquePointer, in context: PROJContext) -> WaymarkError? {
        // One operation only: when PROJ keeps several candidates (chosen per point) the
        // object is none of these, and asking it for grids only logs an error. Those
        // candidates' grids PROJ checks itself, keeping the ones it can open.
        let type = proj_get_type(operation)
        guard type == PJ_TYPE_CONVERSION || type == PJ_TYPE_TRANSFORMATION || type == PJ_TYPE_CONCATENATED_OPERATION
                || type == PJ_TYPE_OTHER_COORDINATE_OPERATION else { return nil }
        let count = proj_coordoperation_get_grid_used_count(context.raw, operation)
        guard count > 0 else { return nil }
        for index in 0..<count {
            var shortName: UnsafePointer<CChar>?, packageName: UnsafePointer<CChar>?
            var available: Int32 = 1
            guard proj_coordoperation_get_grid_used(context.raw, operation, index, &shortName, nil, &packageName,
                                                    nil, nil, nil, &available) != 0, available == 0 else { continue }
            let package = packageName.map { String(cString: $0) } ?? ""
            return .gridMissing(file: shortName.map { String(cString: $0) } ?? "",
                                package: package.isEmpty ? Geoid.gridPackage : package)
        }
        return nil
    }

    private init(source: String, target: String, context: PROJContext, operation: OpaquePointer, files: PROJFileAccess) {
        self.source = source
        self.target = target
        self.context = context
        self.operation = operation
        self.files = files
    }

    deinit { proj_destroy(operation) }

    /// An independent copy with its own PROJ context, for use on another thread.
    /// - Throws: ``WaymarkError/projFailure(code:message:)``.
    public func clone() throws(WaymarkError) -> CRSTransform {
        let context = try PROJContext(files: files)
        guard let copy = proj_clone(context.raw, operation) else { throw context.failure() }
        return CRSTransform(source: source, target: target, context: context, operation: copy, files: files)
    }

    /// PROJ's name for the operation it chose (e.g. "Inverse of WGS 84 to CGCS2000 (1)…"
    /// or "Ballpark geographic offset…").
    public var operationName: String {
        let info = proj_pj_info(operation)
        guard let text = info.description else { return "" }
        return String(cString: text)
    }

    /// The operation's accuracy in metres as PROJ reports it, or nil when unknown
    /// (ballpark and no-op operations).
    public var accuracy: Double? {
        let value = proj_pj_info(operation).accuracy
        return value >= 0 ? value : nil
    }

    /// Transforms one coordinate (x, y, z in the normalised order).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite input,
    ///   ``WaymarkError/projFailure(code:message:)`` when PROJ cannot transform it.
    public func transform(_ p: SIMD3<Double>) throws(WaymarkError) -> SIMD3<Double> {
        guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { throw .invalidInput(.nonFinite) }
        return try transformUnchecked(p)
    }

    private func transformUnchecked(_ p: SIMD3<Double>) throws(WaymarkError) -> SIMD3<Double> {
        proj_errno_reset(operation)
        let out = proj_trans(operation, PJ_FWD, proj_coord(p.x, p.y, p.z, 0))
        guard out.xyzt.x.isFinite, out.xyzt.y.isFinite, out.xyzt.z.isFinite else { throw context.failure(operation) }
        return SIMD3(out.xyzt.x, out.xyzt.y, out.xyzt.z)
    }

    /// Transforms `count` triples over strided buffers (≥ 24 bytes). Nothing is written
    /// unless every point transforms: points are checked for finiteness, then run
    /// through PROJ once to find any it cannot transform (outside the operation's
    /// domain), and only then converted into `output`. Input and output may alias.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)`` with ``InputFault/nonFinite``, or
    ///   ``InputFault/outOfRange`` for a point PROJ cannot transform.
    public func transform(_ input: UnsafeRawPointer, stride inputStride: Int,
                          into output: UnsafeMutableRawPointer, stride outputStride: Int, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, strides: inputStride, outputStride)
        if let bad = StridedTriples.firstNonFinite(input, stride: inputStride, count: count) {
            throw .invalidElement(index: bad, fault: .nonFinite)
        }
        for i in 0..<count {
            let (x, y, z) = StridedTriples.load(input, i * inputStride)
            do { _ = try transformUnchecked(SIMD3(x, y, z)) } catch { throw .invalidElement(index: i, fault: .outOfRange) }
        }
        for i in 0..<count {
            let (x, y, z) = StridedTriples.load(input, i * inputStride)
            StridedTriples.store(try transformUnchecked(SIMD3(x, y, z)), output, i * outputStride)
        }
    }
}

import CProj

/// Which surface heights are measured from.
public enum HeightReference: Sendable, BitwiseCopyable {
    /// Above the WGS-84 ellipsoid: GNSS's native height, ARCore's Earth anchors, and
    /// every frame in Waymark.
    case ellipsoidal
    /// Above mean sea level (the EGM96 geoid): CoreLocation's `altitude`, maps, signs.
    case orthometric
}

/// EGM96 geoid undulations N through PROJ's `vgridshift` and the 15′ grid
/// `egm96_15.gtx` that Debian's `proj-data` ships: ellipsoidal h = orthometric H + N.
///
/// PROJ interpolates the grid bilinearly: at grid nodes it returns NGA's values (to the
/// grid's float precision); between them it differs from NGA's own interpolation by up
/// to a few centimetres (the README gives the measured figures).
///
/// Threading: a `Geoid` owns a PROJ context: one per thread.
public final class Geoid {
    /// The grid file PROJ looks for.
    public static let gridFile = "egm96_15.gtx"
    /// The Debian package that ships it.
    public static let gridPackage = "proj-data"

    private let context: PROJContext
    private let shift: OpaquePointer
    private let angularInput: Bool

    /// Opens the EGM96 grid.
    /// - Throws: ``WaymarkError/gridMissing(file:package:)`` when `egm96_15.gtx` is not
    ///   installed; ``WaymarkError/projFailure(code:message:)`` for other PROJ failures.
    public convenience init() throws(WaymarkError) {
        try self.init(gridFile: Self.gridFile)
    }

    /// A convenience initialiser, so a missing grid allocates nothing (a throwing
    /// designated initialiser leaks its partly built object in Embedded Swift).
    convenience init(gridFile: String, files: PROJFileAccess = .resourcesOnly) throws(WaymarkError) {
        let context = try PROJContext(files: files)
        // multiplier = 1: forward adds N, i.e. orthometric → ellipsoidal.
        guard let shift = proj_create(context.raw, "+proj=vgridshift +grids=\(gridFile) +multiplier=1") else {
            let failure = context.failure()
            if case .projFailure(let code, _) = failure, code == PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID {
                throw .gridMissing(file: gridFile, package: Self.gridPackage)
            }
            throw failure
        }
        self.init(context: context, shift: shift)
    }

    private init(context: PROJContext, shift: OpaquePointer) {
        self.context = context
        self.shift = shift
        angularInput = proj_angular_input(shift, PJ_FWD) != 0
    }

    deinit { proj_destroy(shift) }

    /// The undulation N at a point, metres (height of the geoid above the ellipsoid).
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when PROJ cannot read the grid
    ///   there: the grid covers the whole Earth, so that means a damaged or truncated
    ///   file (PROJ often gives no error code then; the message says so).
    public func undulation(at p: GeodeticCoordinate) throws(WaymarkError) -> Double {
        let scale = angularInput ? AngleMath.radiansPerDegree : 1
        proj_errno_reset(shift)
        let out = proj_trans(shift, PJ_FWD, proj_coord(p.longitude * scale, p.latitude * scale, 0, 0))
        guard out.xyzt.z.isFinite else {
            guard case .projFailure(let code, let message) = context.failure(shift) else { throw context.failure(shift) }
            throw .projFailure(code: code != 0 ? code : PROJ_ERR_OTHER,
                               message: "cannot read the geoid grid " + Self.gridFile + " (damaged or truncated?): " + message)
        }
        return out.xyzt.z
    }

    /// The same point with its height converted to `reference`, from the other one.
    public func converting(_ p: GeodeticCoordinate, to reference: HeightReference) throws(WaymarkError) -> GeodeticCoordinate {
        let n = try undulation(at: p)
        let h = reference == .ellipsoidal ? p.height + n : p.height - n
        return GeodeticCoordinate(unchecked: p.latitude, p.longitude, h)
    }

    /// Checks a batch for ``undulations(geodetic:stride:into:count:)`` without opening
    /// the grid, so a bad call costs nothing.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``.
    public static func validate(geodetic input: UnsafeRawPointer, stride: Int, count: Int) throws(WaymarkError) {
        try StridedTriples.checkShape(count: count, stride: stride, elementSize: StridedTriples.size)
        if let bad = StridedTriples.firstGeodeticFault(input, stride: stride, count: count) {
            throw .invalidElement(index: bad.index, fault: bad.fault)
        }
    }

    /// Undulations for `count` geodetic triples over a strided buffer, into `count`
    /// contiguous doubles. Every input is checked first, and every point is looked up
    /// once before any is written (a grid that cannot be read everywhere fails the
    /// batch), so nothing is written on error.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``, ``WaymarkError/projFailure(code:message:)``.
    public func undulations(geodetic input: UnsafeRawPointer, stride: Int,
                            into output: UnsafeMutablePointer<Double>, count: Int) throws(WaymarkError) {
        try Self.validate(geodetic: input, stride: stride, count: count)
        for i in 0..<count {
            let (lat, lon, h) = StridedTriples.load(input, i * stride)
            _ = try undulation(at: GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), h))
        }
        for i in 0..<count {
            let (lat, lon, h) = StridedTriples.load(input, i * stride)
            output[i] = try undulation(at: GeodeticCoordinate(unchecked: lat, AngleMath.normalizedLongitude(lon), h))
        }
    }

    /// Converts the heights of `points` in place to `reference` (from the other one):
    /// what to do once with a route whose altitudes came from CoreLocation before
    /// handing it to a ``SceneFrame``.
    public func convertHeights(_ points: inout [GeodeticCoordinate], to reference: HeightReference) throws(WaymarkError) {
        var converted = points
        for i in converted.indices { converted[i] = try converting(points[i], to: reference) }
        points = converted
    }
}

extension SceneFrame {
    /// Exact scene positions of points whose heights are given in `reference`;
    /// orthometric heights are converted once, through `geoid`, before the frame's
    /// ellipsoidal conversion.
    /// - Throws: what ``Geoid/convertHeights(_:to:)`` throws.
    public func scenePositions(of points: [GeodeticCoordinate], heights reference: HeightReference,
                               geoid: Geoid) throws(WaymarkError) -> [SIMD3<Double>] {
        var ellipsoidal = points
        if reference == .orthometric { try geoid.convertHeights(&ellipsoidal, to: .ellipsoidal) }
        return scenePositions(of: ellipsoidal)
    }
}

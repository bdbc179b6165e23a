import CProj
import WaymarkCore

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
/// At grid nodes both interpolations return NGA's values (2,000 nodes: within 0.6 mm, the
/// grid's rounding). Between nodes, measured against NGA's own interpolation program at
/// 22,000 centres of the 15′ grid's cells (a 21,600-point lattice and the 400 worst of a
/// scan of every cell centre; `Tests/Data/README.md` says how the references were made):
/// - ``GeoidInterpolation/bilinear`` (PROJ's method, the default): up to 1.24 m off,
///   RMS 0.055 m over the lattice; worst where the geoid bends hardest (Hawaii's Big Island).
/// - ``GeoidInterpolation/cubic`` (NGA's 4 × 4 window spline): up to 0.71 mm off,
///   RMS 0.19 mm — what is left is the grid files' millimetre rounding. NGA's six
///   published results of its program: within 0.6 mm.
/// NGA's program is itself an interpolation of the EGM96 model: at the 12 points where
/// the model's harmonic synthesis is published (two ports of NGA's F477) cubic is up to
/// 16 mm and bilinear up to 0.12 m off.
///
/// Bilinear stays the default so that `Geoid()` keeps giving PROJ's numbers (the ones
/// `cct` prints); ask for `Geoid(interpolation: .cubic)` for NGA's.
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
    /// The grid in memory, for ``GeoidInterpolation/cubic`` only.
    private let grid: GeoidGrid?
    /// How this geoid interpolates between the grid's nodes.
    public let interpolation: GeoidInterpolation

    /// Opens the EGM96 grid.
    /// - Throws: ``WaymarkError/gridMissing(file:package:)`` when `egm96_15.gtx` is not
    ///   installed; ``WaymarkError/projFailure(code:message:)`` for other PROJ failures.
    public convenience init() throws(WaymarkError) {
        try self.init(gridFile: Self.gridFile)
    }

    /// Opens the EGM96 grid, interpolated as `interpolation` says.
    /// - Throws: as ``init()``; for ``GeoidInterpolation/cubic`` also
    ///   ``WaymarkError/projFailure(code:message:)`` when the grid file cannot be read whole.
    public convenience init(interpolation: GeoidInterpolation) throws(WaymarkError) {
        try self.init(gridFile: Self.gridFile, interpolation: interpolation)
    }

    /// A convenience initialiser, so a missing grid allocates nothing (a throwing
    /// designated initialiser leaks its partly built object in Embedded Swift).
    convenience init(gridFile: String, interpolation: GeoidInterpolation = .bilinear,
                     files: PROJFileAccess = .resourcesOnly) throws(WaymarkError) {
        let context = try PROJContext(files: files)
        // multiplier = 1: forward adds N, i.e. orthometric → ellipsoidal.
        guard let shift = proj_create(context.raw, "+proj=vgridshift +grids=\(gridFile) +multiplier=1") else {
            let failure = context.failure()
            if case .projFailure(let code, _) = failure, code == PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID {
                throw .gridMissing(file: gridFile, package: Self.gridPackage)
            }
            throw failure
        }
        var grid: GeoidGrid? = nil
        if interpolation == .cubic {
            do { grid = try GeoidGrid(gridOf: shift, in: context) } catch { proj_destroy(shift); throw error }
        }
        self.init(context: context, shift: shift, grid: grid, interpolation: interpolation)
    }

    private init(context: PROJContext, shift: OpaquePointer, grid: GeoidGrid?, interpolation: GeoidInterpolation) {
        self.context = context
        self.shift = shift
        self.grid = grid
        self.interpolation = interpolation
        angularInput = proj_angular_input(shift, PJ_FWD) != 0
    }

    deinit { proj_destroy(shift) }

    /// The undulation N at a point, metres (height of the geoid above the ellipsoid), by
    /// this geoid's ``interpolation``.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when PROJ cannot read the grid
    ///   there: the grid covers the whole Earth, so that means a damaged or truncated
    ///   file (PROJ often gives no error code then; the message says so).
    public func undulation(at p: GeodeticCoordinate) throws(WaymarkError) -> Double {
        if let grid { return grid.cubicUndulation(latitude: p.latitude, longitude: p.longitude) }
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

import CWaymarkKernels
import CWaymarkMath

/// An AR scene anchored to the Earth: a ``LocalTangentFrame`` seen through
/// ``SceneAxes``, moved and turned by an "estimate" (the term of the Yandex.Maps article "How Yandex
/// created augmented reality in Maps for iOS").
///
/// The estimate has two parts, both set with ``setEstimate(sceneOrigin:headingCorrection:)``:
/// - `sceneOrigin`: the scene position (metres, scene axes) of the frame's geographic
///   origin, e.g. where the camera was when the origin fix was taken;
/// - `headingCorrection` δ, degrees: how far true azimuths exceed the scene's own
///   azimuths, i.e. the compass error of the AR session. A direction that the scene
///   believes points at azimuth α really points at α + δ. This is the article's correction
///   angle `initialBearing(1, 2) − initialBearing(1, 2calc)`; applying a new correction
///   c means `headingCorrection += c`.
///
/// geo → scene: `scene = sceneOrigin + s · A · Rup(δ) · ENU(point)`, where A maps ENU to
/// the scene axes, s is the axes' ``SceneAxes/unitsPerMetre`` and Rup(δ) turns
/// horizontal vectors counter-clockwise (seen from above) by δ. All three rotations are folded into one 3 × 3 matrix at set-up, so a
/// conversion costs the same as a bare ENU conversion.
@frozen
public struct SceneFrame: Sendable, BitwiseCopyable {
    /// The geodetic frame underneath.
    public let tangentFrame: LocalTangentFrame
    /// The scene's axis convention.
    public let axes: SceneAxes
    /// Scene position of the geographic origin, scene units (metres unless the axes
    /// say otherwise) in scene axes.
    public private(set) var sceneOrigin: SIMD3<Double>
    /// Heading correction δ, degrees (see the type's documentation).
    public private(set) var headingCorrection: Double

    // enuToScene = s · A · Rup(δ) (s: scene units per metre); ecefToScene =
    // enuToScene · R(φ₀, λ₀). Rows.
    @usableFromInline var enuToScene: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    @usableFromInline var ecefToScene: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)
    // The frame as the C kernels read it, prepared for the process's CPUPath whenever
    // the rows change, so no conversion prepares anything (SceneFrame+Kernels.swift).
    @usableFromInline package internal(set) var kernel: wmk_scene_frame

    /// A scene frame at `origin` with the origin at scene (0, 0, 0) and no heading
    /// correction.
    public init(origin: GeodeticCoordinate, ellipsoid: Ellipsoid = .wgs84, axes: SceneAxes = .eus) {
        self.init(tangentFrame: LocalTangentFrame(origin: origin, ellipsoid: ellipsoid), axes: axes)
    }

    /// A scene frame over an existing tangent frame.
    public init(tangentFrame: LocalTangentFrame, axes: SceneAxes = .eus) {
        self.tangentFrame = tangentFrame
        self.axes = axes
        sceneOrigin = .zero
        headingCorrection = 0
        enuToScene = (.zero, .zero, .zero)
        ecefToScene = (.zero, .zero, .zero)
        kernel = wmk_scene_frame()
        foldRotations()
    }

    /// Sets the estimate: where the origin is in the scene, and the heading correction.
    /// - Parameters:
    ///   - sceneOrigin: metres, scene axes; finite, each component within
    ///     ±``Limits/maximumSceneCoordinate``.
    ///   - headingCorrection: degrees, any finite value (reduced modulo 360).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``,
    ///   ``InputFault/outOfRange``); the frame is then unchanged.
    public mutating func setEstimate(sceneOrigin: SIMD3<Double>, headingCorrection: Double) throws(WaymarkError) {
        guard sceneOrigin.x.isFinite, sceneOrigin.y.isFinite, sceneOrigin.z.isFinite,
              headingCorrection.isFinite else { throw .invalidInput(.nonFinite) }
        // Bounded so that scene positions (origin + offset) stay finite.
        let limit = Limits.maximumSceneCoordinate
        guard sceneOrigin.x.magnitude <= limit, sceneOrigin.y.magnitude <= limit, sceneOrigin.z.magnitude <= limit else {
            throw .invalidInput(.outOfRange)
        }
        self.sceneOrigin = sceneOrigin
        self.headingCorrection = AngleMath.normalizedAzimuth(headingCorrection)
        foldRotations()
    }

    /// Applies a heading correction from ``HeadingCorrector``: turns the frame about
    /// its up axis by `correction` degrees (headingCorrection += correction), keeping
    /// the scene origin.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for a non-finite angle.
    public mutating func applyHeadingCorrection(_ correction: Double) throws(WaymarkError) {
        try setEstimate(sceneOrigin: sceneOrigin, headingCorrection: headingCorrection + correction)
    }

    /// An origin shift: the engine moved its scene's zero to what is `shift` in the
    /// current scene coordinates (ARKit's `session.setWorldOrigin(relativeTransform:)`
    /// with a translation, Cesium's origin rebasing), so every scene position p becomes
    /// p − shift while nothing moves in the world. Positions handed to `Float` then stay
    /// small near the user (`Float`'s step is 2 mm at 20 km, 0.06 mm at 1 km).
    /// - Parameter shift: scene units, scene axes; finite, and the new scene origin
    ///   (`sceneOrigin − shift`) within ±``Limits/maximumSceneCoordinate``.
    /// - Throws: as ``setEstimate(sceneOrigin:headingCorrection:)``; the frame is then
    ///   unchanged.
    public mutating func shiftScene(by shift: SIMD3<Double>) throws(WaymarkError) {
        guard shift.x.isFinite, shift.y.isFinite, shift.z.isFinite else { throw .invalidInput(.nonFinite) }
        try setEstimate(sceneOrigin: sceneOrigin - shift, headingCorrection: headingCorrection)
    }

    private mutating func foldRotations() {
        let (s, c) = AngleMath.sincosd(headingCorrection)
        // Rup(δ) rows in ENU: counter-clockwise by δ about up.
        let rotated = (SIMD3<Double>(c, -s, 0), SIMD3<Double>(s, c, 0), SIMD3<Double>(0, 0, 1))
        // A · Rup: row i of A picks (±) one row of Rup.
        let a0 = axes.scene(fromENU: SIMD3(1, 0, 0)), a1 = axes.scene(fromENU: SIMD3(0, 1, 0)), a2 = axes.scene(fromENU: SIMD3(0, 0, 1))
        // A's columns are a0, a1, a2, so (A·Rup) row i = Σ_k A[i][k] · Rup row k.
        // The unit's scale (1, 10, 100 or 1000: exact) rides on every row, so a scene
        // in centimetres costs nothing extra per point.
        let scale = axes.unitsPerMetre
        func row(_ i: Int) -> SIMD3<Double> { (a0[i] * rotated.0 + a1[i] * rotated.1 + a2[i] * rotated.2) * scale }
        enuToScene = (row(0), row(1), row(2))
        ecefToScene = tangentFrame.ecefRows(fromENURows: enuToScene)
        kernel = preparedKernelFrame(for: .current)
    }

    // MARK: Local vectors

    /// Scene position of a local ENU offset from the origin (used by the baselines and
    /// by PROJ's pipeline, which produce ENU).
    @inlinable @inline(__always)
    public func scenePosition(fromENU enu: SIMD3<Double>) -> SIMD3<Double> {
        let m = enuToScene
        return sceneOrigin + SIMD3((m.0 * enu).sum(), (m.1 * enu).sum(), (m.2 * enu).sum())
    }

    /// Local ENU offset from the origin of a scene position.
    @inlinable @inline(__always)
    public func enu(fromScene scene: SIMD3<Double>) -> SIMD3<Double> {
        let m = enuToScene
        let d = scene - sceneOrigin
        // Transpose: the matrix is s times a rotation, so its inverse is the transpose / s².
        let s2 = axes.unitsPerMetre * axes.unitsPerMetre
        return (m.0 * d.x + m.1 * d.y + m.2 * d.z) / s2
    }

    // MARK: geo → scene

    /// Exact scene position of a geodetic point (ellipsoidal method).
    @inlinable @inline(__always)
    public func scenePosition(of point: GeodeticCoordinate) -> SIMD3<Double> {
        scenePosition(latitude: point.latitude, longitude: point.longitude, height: point.height)
    }

    @inlinable @inline(__always)
    func scenePosition(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
        let p = scenePositions(latitude: SIMD4(repeating: latitude), longitude: SIMD4(repeating: longitude),
                               height: SIMD4(repeating: height))
        return SIMD3(p.x[0], p.y[0], p.z[0])
    }

    /// Exact scene positions of four points (structure of arrays): the kernel every
    /// geo → scene path runs through, on the process's ``CPUPath``.
    @inlinable @inline(__always)
    func scenePositions(latitude: SIMD4<Double>, longitude: SIMD4<Double>, height: SIMD4<Double>)
        -> (x: SIMD4<Double>, y: SIMD4<Double>, z: SIMD4<Double>) {
        FrameKernels.geoToFrame4(kernel, latitude: latitude, longitude: longitude, height: height)
    }

    /// Scene position of a geodetic point by one of the spherical baselines, through the
    /// same estimate and axes as the exact method, so the two can be compared.
    @inlinable
    public func scenePosition(of point: GeodeticCoordinate, baseline: SphericalBaseline) -> SIMD3<Double> {
        scenePosition(fromENU: baseline.enu(of: point, from: tangentFrame.origin))
    }

    // MARK: scene → geo

    /// The largest scene coordinate scene → geo takes: ±``Limits/maximumSceneResult``
    /// metres in the axes' unit (3·10¹⁵ mm and a little), the farthest a forward result
    /// can lie, so every forward result reads back.
    @inlinable
    public var sceneLimit: Double { Limits.maximumSceneResult * axes.unitsPerMetre }

    /// Geodetic point at a scene position (exact).
    /// - Throws: ``WaymarkError/invalidInput(_:)`` (``InputFault/nonFinite``, or
    ///   ``InputFault/outOfRange`` beyond ±``sceneLimit``).
    @inlinable
    public func geodetic(atScene scene: SIMD3<Double>) throws(WaymarkError) -> GeodeticCoordinate {
        if let fault = Limits.sceneFault(scene, limit: sceneLimit) { throw .invalidInput(fault) }
        return geodeticUnchecked(scene)
    }

    /// One point through the batch kernel (four lanes, one used), so a single
    /// conversion gives the same bits as the same point in any batch.
    @inlinable
    package func geodeticUnchecked(_ scene: SIMD3<Double>) -> GeodeticCoordinate {
        let input = (scene.x, scene.y, scene.z)
        var output = (0.0, 0.0, 0.0)
        // The mutable output outermost: no closure captures a variable by reference.
        withUnsafeMutableBytes(of: &output) { o in
            withUnsafeBytes(of: input) { i in
                geodeticPositionsUnchecked(scene: i.baseAddress!, stride: 24, into: o.baseAddress!, stride: 24,
                                           count: 1)
            }
        }
        return GeodeticCoordinate(unchecked: output.0, output.1, output.2)
    }
}

import CProj
import WaymarkCore

/// The reference method for local frames: PROJ's own pipeline
/// `+proj=cart` then `+proj=topocentric` (EPSG 9836/9837), run through `proj_trans`.
///
/// Use it to check ``LocalTangentFrame`` or when PROJ's exact behaviour is wanted; it
/// is several times slower than the closed form (`waymark bench` measures it).
///
/// Threading: a pipeline owns its `PJ_CONTEXT` and `PJ`, which PROJ allows on one
/// thread at a time. Give each thread its own pipeline.
public final class ProjTopocentricPipeline {
    /// The origin of the ENU frame.
    public let origin: GeodeticCoordinate
    /// The ellipsoid of both steps.
    public let ellipsoid: Ellipsoid
    private let context: PROJContext
    private let pipeline: OpaquePointer

    /// Builds the pipeline.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when PROJ cannot create the
    ///   context or the pipeline; ``WaymarkError/invalidEllipsoid`` when the
    ///   ellipsoid's parameters cannot be written for PROJ.
    public init(origin: GeodeticCoordinate, ellipsoid: Ellipsoid = .wgs84) throws(WaymarkError) {
        guard let shape = Self.ellipsoidParameters(ellipsoid),
              let lat0 = ExactDecimal.text(origin.latitude),
              let lon0 = ExactDecimal.text(origin.longitude),
              let h0 = ExactDecimal.text(origin.height)
        else { throw .invalidEllipsoid }
        let context = try PROJContext()
        let definition = "+proj=pipeline +step +proj=cart \(shape) +step +proj=topocentric \(shape)"
            + " +lat_0=\(lat0) +lon_0=\(lon0) +h_0=\(h0)"
        guard let pipeline = proj_create(context.raw, definition) else { throw context.failure() }
        self.origin = origin
        self.ellipsoid = ellipsoid
        self.context = context
        self.pipeline = pipeline
    }

    deinit {
        proj_destroy(pipeline)
    }

    private static func ellipsoidParameters(_ e: Ellipsoid) -> String? {
        if e == .wgs84 { return "+ellps=WGS84" }
        if e == .grs80 { return "+ellps=GRS80" }
        guard let a = ExactDecimal.text(e.equatorialRadius) else { return nil }
        if e.flattening == 0 { return "+R=\(a)" }
        guard let f = ExactDecimal.text(e.flattening) else { return nil }
        return "+a=\(a) +f=\(f)"
    }

    /// Geodetic → ENU, metres.
    /// - Throws: ``WaymarkError/projFailure(code:message:)`` when PROJ reports an error.
    public func forward(_ point: GeodeticCoordinate) throws(WaymarkError) -> SIMD3<Double> {
        let input = proj_coord(point.longitude * AngleMath.radiansPerDegree,
                               point.latitude * AngleMath.radiansPerDegree, point.height, 0)
        let out = proj_trans(pipeline, PJ_FWD, input)
        guard out.xyzt.x.isFinite, out.xyzt.y.isFinite, out.xyzt.z.isFinite else {
            throw context.failure(pipeline)
        }
        return SIMD3(out.xyzt.x, out.xyzt.y, out.xyzt.z)
    }

    /// ENU → geodetic.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` for non-finite input;
    ///   ``WaymarkError/projFailure(code:message:)`` when PROJ reports an error.
    public func reverse(_ enu: SIMD3<Double>) throws(WaymarkError) -> GeodeticCoordinate {
        guard enu.x.isFinite, enu.y.isFinite, enu.z.isFinite else { throw .invalidInput(.nonFinite) }
        let out = proj_trans(pipeline, PJ_INV, proj_coord(enu.x, enu.y, enu.z, 0))
        let lat = out.lpz.phi * AngleMath.degreesPerRadian
        let lon = out.lpz.lam * AngleMath.degreesPerRadian
        guard lat.isFinite, lon.isFinite, out.lpz.z.isFinite else { throw context.failure(pipeline) }
        return GeodeticCoordinate(unchecked: max(-90, min(90, lat)), AngleMath.normalizedLongitude(lon), out.lpz.z)
    }

    /// Geodetic → ENU for `count` points over strided buffers of three `Double`s, one
    /// `proj_trans` per point (PROJ's batch calls loop the same way). Checks every input
    /// first; PROJ failing on a valid point mid-batch (not seen in practice for this
    /// pipeline) throws with the earlier outputs written.
    /// - Throws: ``WaymarkError/badStride``, ``WaymarkError/badCount``,
    ///   ``WaymarkError/invalidElement(index:fault:)``, ``WaymarkError/projFailure(code:message:)``.
    public func forward(geodetic input: UnsafeRawPointer, stride inputStride: Int,
                        into output: UnsafeMutableRawPointer, stride outputStride: Int,
                        count: Int) throws(WaymarkError) {
        try StridedTriples.mapGeodetic(input, stride: inputStride, into: output, stride: outputStride, count: count) {
            point throws(WaymarkError) in try forward(point)
        }
    }
}

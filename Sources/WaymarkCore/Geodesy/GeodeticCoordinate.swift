/// A validated point given by geodetic latitude and longitude on an ellipsoid and a
/// height above it.
///
/// Latitude is in [-90, 90] degrees, longitude is normalised to [-180, 180) degrees,
/// height is in metres above the ellipsoid (ellipsoidal, not above mean sea level) and
/// finite. Its memory layout is three `Double`s (24 bytes, stride 24), the layout of
/// the C ABI's `wm_geodetic`, so buffers of it can be passed through unchanged.
@frozen
public struct GeodeticCoordinate: Equatable, Sendable, BitwiseCopyable {
    /// Geodetic latitude, degrees, positive north, in [-90, 90].
    public let latitude: Double
    /// Longitude, degrees, positive east, in [-180, 180).
    public let longitude: Double
    /// Height above the ellipsoid, metres.
    public let height: Double

    /// Creates a coordinate, normalising the longitude.
    /// - Throws: ``WaymarkError/invalidInput(_:)`` with ``InputFault/nonFinite`` for
    ///   NaN or ±Inf in any field, ``InputFault/latitudeOutOfRange`` for |latitude| > 90.
    @inlinable
    public init(latitude: Double, longitude: Double, height: Double = 0) throws(WaymarkError) {
        if let fault = Self.fault(latitude: latitude, longitude: longitude, height: height) {
            throw .invalidInput(fault)
        }
        self.init(unchecked: latitude, AngleMath.normalizedLongitude(longitude), height)
    }

    /// Trusted fast path: the caller guarantees valid, normalised values.
    @inlinable @inline(__always)
    package init(unchecked latitude: Double, _ longitude: Double, _ height: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.height = height
    }

    /// Why these values would be rejected, or nil when they are valid.
    @inlinable @inline(__always)
    public static func fault(latitude: Double, longitude: Double, height: Double) -> InputFault? {
        guard latitude.isFinite, longitude.isFinite, height.isFinite else { return .nonFinite }
        guard latitude.magnitude <= 90 else { return .latitudeOutOfRange }
        return nil
    }
}

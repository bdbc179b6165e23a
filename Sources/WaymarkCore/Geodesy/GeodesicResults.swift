/// The result of the inverse geodesic problem between two points.
@frozen
public struct GeodesicInverse: Equatable, Sendable {
    /// Length of the shortest geodesic, metres.
    public var distance: Double
    /// Forward azimuth at the first point, degrees clockwise from north, (-180, 180].
    public var azimuth1: Double
    /// Forward azimuth at the second point (the direction of travel on arrival),
    /// degrees clockwise from north, (-180, 180].
    public var azimuth2: Double

    /// Memberwise initialiser.
    @inlinable
    public init(distance: Double, azimuth1: Double, azimuth2: Double) {
        self.distance = distance
        self.azimuth1 = azimuth1
        self.azimuth2 = azimuth2
    }
}

/// The result of the direct geodesic problem.
@frozen
public struct GeodesicDirect: Equatable, Sendable {
    /// The point reached (height copied from the start point).
    public var destination: GeodeticCoordinate
    /// Forward azimuth at the destination, degrees clockwise from north, (-180, 180].
    public var azimuth2: Double

    /// Memberwise initialiser.
    @inlinable
    public init(destination: GeodeticCoordinate, azimuth2: Double) {
        self.destination = destination
        self.azimuth2 = azimuth2
    }
}

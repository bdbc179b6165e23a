/// Where the Chinese offsets apply. Outside the region every conversion is the
/// identity, as in every public implementation.
///
/// - `chinaRectangle` (the default): longitude 73.66–135.05° E, latitude 3.86–53.55° N,
///   the box most GCJ-02 libraries use. It is generous: it also covers neighbours
///   (Bhutan, most of Nepal, Mongolia's south, the northern Philippines' sea, parts of
///   Myanmar, Laos, Vietnam, Korea and Japan's Okinawa), and it excludes nothing inside
///   it — Hong Kong, Macau and Taiwan, where most maps use WGS-84, included.
/// - `everywhere`: apply the offset to any coordinate.
/// - `polygon`: a caller-supplied ring of (latitude, longitude) vertices in degrees,
///   tested in the plane of longitude and latitude (even-odd rule; the ring closes
///   itself; it must not cross the ±180° meridian). This is how an app keeps Hong Kong,
///   Macau or Taiwan in WGS-84: pass mainland China's outline.
///
/// The test is made on the coordinate given (WGS-84 for forward conversions, GCJ-02 or
/// BD-09 for inverse ones), as the public libraries do; within ~700 m of the edge the
/// two can fall on different sides.
public enum ChinaRegion: Sendable, Equatable {
    /// Longitude 73.66–135.05° E, latitude 3.86–53.55° N (the usual GCJ-02 box).
    case chinaRectangle
    /// Every coordinate: the offset is applied wherever the point is.
    case everywhere
    /// Vertices as (latitude, longitude) degrees; at least 3.
    case polygon([SIMD2<Double>])

    /// Whether (latitude, longitude) is inside the region.
    @inlinable
    public func contains(latitude: Double, longitude: Double) -> Bool {
        switch self {
        case .chinaRectangle:
            return longitude >= 73.66 && longitude <= 135.05 && latitude >= 3.86 && latitude <= 53.55
        case .everywhere:
            return true
        case .polygon(let vertices):
            return Self.ringContains(vertices, latitude: latitude, longitude: longitude)
        }
    }

    /// Even-odd ray casting along +longitude.
    @inlinable
    static func ringContains(_ ring: [SIMD2<Double>], latitude y: Double, longitude x: Double) -> Bool {
        guard ring.count >= 3 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in 0..<ring.count {
            let (yi, xi) = (ring[i].x, ring[i].y), (yj, xj) = (ring[j].x, ring[j].y)
            if (yi > y) != (yj > y) {
                let xCross = xi + (y - yi) / (yj - yi) * (xj - xi)
                if x < xCross { inside.toggle() }
            }
            j = i
        }
        return inside
    }
}

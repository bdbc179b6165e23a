/// The stated limits of Waymark's inputs: counts and sizes beyond them are reported
/// (``WaymarkError/badCount``) before any work or allocation, so a hostile or
/// mistaken count can neither crash the host nor make a call run for hours.
public enum Limits {
    #if _pointerBitWidth(_64)
    /// The largest byte extent (count × stride) of a caller's buffer: 2⁵⁶ bytes on
    /// 64-bit systems, the user address space of the largest ones (x86-64 with
    /// five-level paging, AArch64 with 52-bit addresses); the whole address space on
    /// 32-bit ones. A count whose buffer would be larger cannot describe real memory,
    /// so it is refused before anything is read.
    public static let maximumBufferBytes = 1 << 56
    #else
    /// The largest byte extent (count × stride) of a caller's buffer: 2⁵⁶ bytes on
    /// 64-bit systems, the user address space of the largest ones (x86-64 with
    /// five-level paging, AArch64 with 52-bit addresses); the whole address space on
    /// 32-bit ones. A count whose buffer would be larger cannot describe real memory,
    /// so it is refused before anything is read.
    public static let maximumBufferBytes = Int.max
    #endif

    /// The most vertices a route (`wm_route_create`, ``RoutePath``'s C handle) may have:
    /// 2²⁴ (16.7 million, a 400 MB copy), far beyond any walk, so creation never asks
    /// for more memory than a phone can give.
    public static let maximumRoutePoints = 1 << 24

    /// The most vertices a region polygon (`wm_region`) may have: 2²⁰, so a count
    /// that cannot be real is refused before the per-call copy is allocated.
    public static let maximumPolygonVertices = 1 << 20

    /// The most points one POI clustering call takes (`wm_poi_clusters`): 2¹⁶. The
    /// clustering runs in the caller's output buffer without allocating, in time
    /// quadratic in the count in the worst case (every point its own marker).
    public static let maximumPointsOfInterest = 1 << 16

    /// The largest magnitude of a scene coordinate, a scene origin or a height in the
    /// frame conversions: 10¹² m (seven times the Sun's distance). Within it every
    /// intermediate stays finite, so results are numbers, never ±infinity or NaN; beyond
    /// it inputs are refused (``InputFault/outOfRange``).
    public static let maximumSceneCoordinate = 1e12

    /// The largest magnitude of a scene coordinate scene → geo takes, metres (in the
    /// axes' unit, ×1000 for millimetres): 3·10¹² + 2·10⁷ m, the farthest any geo → scene
    /// result can lie. A point ``maximumSceneCoordinate`` above or below the ellipsoid
    /// is at most that plus the origin's height (another 10¹² m) plus the ellipsoid's
    /// diameter (1.28·10⁷ m) from the origin, and the scene origin moves it by at most
    /// 10¹² m more. So every forward result reads back (the one limit on both sides,
    /// stated here), and every intermediate stays finite (squares of 10²⁵ at most).
    public static let maximumSceneResult = 3 * maximumSceneCoordinate + 2e7

    /// Why a scene point is refused: ``InputFault/nonFinite`` for a NaN or infinite
    /// component, ``InputFault/outOfRange`` beyond ±`limit` (``maximumSceneCoordinate``
    /// in the scene's unit: 10¹⁵ for millimetres); nil for a point the conversions take.
    @usableFromInline @inline(__always)
    package static func sceneFault(_ p: SIMD3<Double>, limit: Double = maximumSceneCoordinate) -> InputFault? {
        guard p.x.isFinite, p.y.isFinite, p.z.isFinite else { return .nonFinite }
        guard p.x.magnitude <= limit, p.y.magnitude <= limit, p.z.magnitude <= limit else { return .outOfRange }
        return nil
    }

    /// True when `count` elements every `stride` bytes fit within
    /// ``maximumBufferBytes``.
    @inlinable @inline(__always)
    public static func fits(count: Int, stride: Int) -> Bool {
        let (bytes, overflow) = stride.multipliedReportingOverflow(by: count)
        return count >= 0 && stride >= 0 && !overflow && bytes <= maximumBufferBytes
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark
import WaymarkIO

/// The most points a route read for `replay`, `simulate` or `arrows` may have: the
/// library's (``Limits/maximumRoutePoints``, 2²⁴). Every reader counts the points as it
/// reads and stops at the first one past the limit, a data error (65) naming the limit
/// and that point's line, so an over-long route file is refused before its points take
/// memory (10⁸ points of polyline would otherwise become 10 GB of rows).
enum RouteLimit {
    /// The limit: ``Limits/maximumRoutePoints``, or less when the environment variable
    /// `WAYMARK_MAXIMUM_ROUTE_POINTS` says so (it never raises it), so tests can reach
    /// every reader's bound without generating 16 million points.
    static let maximumPoints: Int = {
        let stated = Limits.maximumRoutePoints
        guard let text = getenv("WAYMARK_MAXIMUM_ROUTE_POINTS"), let lowered = Int(String(cString: text)), lowered >= 2 else { return stated }
        return min(lowered, stated)
    }()

    /// The error for the point at `line` when it is the first past `limit`.
    static func exceeded(line: Int, limit: Int) -> CLIError { .data(TrackReader.tooMany(line: line, limit: limit)) }
}

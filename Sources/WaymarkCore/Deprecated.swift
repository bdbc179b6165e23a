// The core's deprecated names, in one place: each still works, warns where it is used,
// and is removed at the version its comment gives.

/// The earlier name of ``SphericalBaseline``; removed at 1.0.
@available(*, deprecated, renamed: "SphericalBaseline")
public typealias SeedBaseline = SphericalBaseline

/// The earlier name of ``HaversineWaypointMatrix``; removed at 1.0.
@available(*, deprecated, renamed: "HaversineWaypointMatrix")
public typealias SeedTransform = HaversineWaypointMatrix

// The core's deprecated names, in one place: each still works, warns where it is used,
// and is removed at the version its comment gives.

/// The earlier name of ``SphericalBaseline``; removed at 1.0.
@available(*, deprecated, renamed: "SphericalBaseline")
public typealias SeedBaseline = SphericalBaseline

/// The earlier name of ``HaversineWaypointMatrix``; removed at 1.0.
@available(*, deprecated, renamed: "HaversineWaypointMatrix")
public typealias SeedTransform = HaversineWaypointMatrix

extension PlacementCompression {
    /// The earlier name of ``linear`` (it never was logarithmic); removed at 1.0.
    @available(*, deprecated, renamed: "linear")
    public static var seedLogarithmic: PlacementCompression { .linear }
}

extension EstimateBuffer.Rule {
    /// The earlier name of ``mostAccurate``; removed at 1.0.
    @available(*, deprecated, renamed: "mostAccurate")
    public static var seedBest: EstimateBuffer.Rule { .mostAccurate }
}

extension HeadingCorrector.Estimator {
    /// The earlier name of ``pairwise``; removed at 1.0.
    @available(*, deprecated, renamed: "pairwise")
    public static var seedPairs: HeadingCorrector.Estimator { .pairwise }
}

import WaymarkCore
import WaymarkNavigation

extension Navigator {
    /// A navigator along `route` (at least 2 points) whose heights may be above the
    /// EGM96 geoid.
    /// - Parameters:
    ///   - points: the route's points, first to last (the finish).
    ///   - heights: what the points' heights mean (ignored for ``RouteHeights/none``).
    ///   - configuration: the settings; every capacity is reserved here, once.
    ///   - geoid: the EGM96 grid for ``RouteHeights/orthometric`` (opened when nil and
    ///     needed).
    /// - Throws: ``WaymarkError/badCount`` for fewer than 2 points;
    ///   ``WaymarkError/invalidInput(_:)`` for a bad configuration
    ///   (``Configuration/validate()``); ``WaymarkError/gridMissing(file:package:)``
    ///   for orthometric heights without the grid.
    public init(route points: [GeodeticCoordinate], heights: RouteHeights = .ellipsoidal,
                configuration: Configuration = Configuration(), geoid: Geoid? = nil) throws(WaymarkError) {
        // The grid is opened at the first undulation the core asks for, i.e. only after
        // it has checked the configuration and the route: a bad call costs nothing.
        var grid = geoid
        try self.init(route: points, heights: heights, configuration: configuration,
                      undulation: { (p: GeodeticCoordinate) throws(WaymarkError) -> Double in
                          if grid == nil { grid = try Geoid() }
                          return try grid!.undulation(at: p)
                      })
    }
}

extension LocalTangentFrame {
    /// ``reverse(_:)`` without its finiteness check, for the package's other modules (the
    /// walk simulators in WaymarkSimulation), whose points are finite by construction and
    /// which must produce the same bits as the core's own unchecked path.
    @inlinable @inline(__always)
    package func reverse(unchecked enu: SIMD3<Double>) -> GeodeticCoordinate {
        reverseUnchecked(enu)
    }
}

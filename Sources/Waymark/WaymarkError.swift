/// What is wrong with one input value.
///
/// Carried by ``WaymarkError/invalidInput(_:)`` for a single value and by
/// ``WaymarkError/invalidElement(index:fault:)`` for one element of a batch.
public enum InputFault: Equatable, Sendable {
    /// A value is NaN or ±infinity.
    case nonFinite
    /// A latitude is outside [-90, 90] degrees.
    case latitudeOutOfRange
    /// A length that must be positive (a radius, a semi-axis) is zero or negative.
    case notPositive
    /// A value is finite but outside the range the function documents.
    case outOfRange
}

/// Every error the Waymark core reports. Functions throw it as a typed error, so the
/// core compiles as Embedded Swift and callers can switch over it exhaustively.
public enum WaymarkError: Error, Equatable, Sendable {
    /// A single input value was rejected; no output was produced.
    case invalidInput(InputFault)
    /// Element `index` of a batch was rejected. Batch functions check every element
    /// before writing, so no output element was written.
    case invalidElement(index: Int, fault: InputFault)
    /// Ellipsoid parameters are not a valid ellipsoid (a not positive and finite,
    /// or f not finite and below 1).
    case invalidEllipsoid
    /// A stride is smaller than the element it steps over.
    case badStride
    /// A count is negative, larger than an output buffer, or so large that the
    /// buffer it describes cannot exist (count × stride overflows).
    case badCount
    /// PROJ refused to build or run an operation; `code` is PROJ's error number
    /// (`proj_context_errno`), readable with `proj_context_errno_string`.
    case projFailure(code: Int32)
}

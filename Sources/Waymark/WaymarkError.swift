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
    /// PROJ refused to build or run an operation: `code` is PROJ's error number
    /// (`proj_context_errno`), `message` what PROJ said (its log line when it wrote one,
    /// else the text of the code).
    case projFailure(code: Int32, message: String)
    /// A PROJ grid file is not installed: `file` names it, `package` the Debian
    /// package that ships it.
    case gridMissing(file: String, package: String)
}

extension WaymarkError {
    /// A one-line English description, for logs and command-line tools.
    public var message: String {
        switch self {
        case .invalidInput(let fault): return fault.message
        case .invalidElement(let index, let fault): return "element " + String(index) + ": " + fault.message
        case .invalidEllipsoid: return "invalid ellipsoid (a must be finite and positive, f finite and below 1)"
        case .badStride: return "stride smaller than an element"
        case .badCount: return "count negative, larger than the output, or too large for memory"
        case .projFailure(let code, let message): return "PROJ error " + String(code) + ": " + message
        case .gridMissing(let file, let package): return "grid file " + file + " not found: install the " + package + " package"
        }
    }
}

extension InputFault {
    /// A short English description.
    public var message: String {
        switch self {
        case .nonFinite: return "value is not finite (NaN or infinity)"
        case .latitudeOutOfRange: return "latitude is outside [-90, 90]"
        case .notPositive: return "value must be positive"
        case .outOfRange: return "value is out of range"
        }
    }
}

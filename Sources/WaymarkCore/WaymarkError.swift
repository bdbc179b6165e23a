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
    /// An iterative method did not converge to a point that checks out (element `index`
    /// of a batch, or nil for a single value); no output was written.
    case noConvergence(index: Int?)
}

extension WaymarkError {
    /// Equality compares messages byte for byte: Unicode-aware `String ==` would pull
    /// the Unicode normalisation tables into the Embedded C library for no benefit.
    public static func == (lhs: WaymarkError, rhs: WaymarkError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidInput(let a), .invalidInput(let b)): return a == b
        case (.invalidElement(let i, let a), .invalidElement(let j, let b)): return i == j && a == b
        case (.invalidEllipsoid, .invalidEllipsoid), (.badStride, .badStride), (.badCount, .badCount): return true
        case (.projFailure(let c1, let m1), .projFailure(let c2, let m2)): return c1 == c2 && m1.utf8.elementsEqual(m2.utf8)
        case (.gridMissing(let f1, let p1), .gridMissing(let f2, let p2)):
            return f1.utf8.elementsEqual(f2.utf8) && p1.utf8.elementsEqual(p2.utf8)
        case (.noConvergence(let i), .noConvergence(let j)): return i == j
        default: return false
        }
    }

    /// A one-line English description, for logs and command-line tools.
    public var message: String {
        switch self {
        case .invalidInput(let fault): return fault.message
        case .invalidElement(let index, let fault): return "element " + String(index) + ": " + fault.message
        case .invalidEllipsoid: return "invalid ellipsoid (a must be 1 m to 1e10 m, f in [-1, 1))"
        case .badStride: return "stride smaller than an element"
        case .badCount: return "count negative, larger than the output, or too large for memory"
        case .projFailure(let code, let message): return "PROJ error " + String(code) + ": " + message
        case .gridMissing(let file, let package): return "grid file " + file + " not found: install the " + package + " package"
        case .noConvergence(let index):
            let what = "the iteration did not converge (no exact inverse found)"
            if let index { return "element " + String(index) + ": " + what }
            return what
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

import CProj
import Waymark

extension CLIError {
    /// A library error as every command reports it. A PROJ grid that is not installed or
    /// cannot be read is the installation's fault, not the input's or the command
    /// line's: EX_UNAVAILABLE (69), whatever `kind` the command gives its other errors,
    /// so `transform`, `geoid`, GPX heights and `replay --route-heights orthometric`
    /// agree. That is ``WaymarkError/gridMissing(file:package:)`` (which names the file),
    /// PROJ's "file not found or invalid" (a grid or init file it could not open or read)
    /// and its network errors; with `geoid`, every PROJ failure, since the call reads
    /// nothing but the geoid grid.
    /// - Parameters:
    ///   - line: the row's line, for errors a row met.
    ///   - message: the text after the line (default: the error's own message).
    static func library(_ error: WaymarkError, _ kind: Kind, line: Int? = nil, message: String? = nil,
                        geoid: Bool = false) -> CLIError {
        let text = (line.map { "line \($0): " } ?? "") + (message ?? error.message)
        return CLIError(kind: error.isUnavailableGrid(geoid: geoid) ? .unavailable : kind, message: text)
    }
}

extension WaymarkError {
    /// See ``CLIError/library(_:_:line:message:geoid:)``.
    func isUnavailableGrid(geoid: Bool) -> Bool {
        switch self {
        case .gridMissing: return true
        case .projFailure(let code, _):
            return geoid || code == PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID || code == PROJ_ERR_OTHER_NETWORK_ERROR
        default: return false
        }
    }
}

/// Human wording of a core error for a value read from input.
func describe(_ error: WaymarkError, latitude: Double? = nil) -> String {
    switch error {
    case .invalidInput(let fault), .invalidElement(_, let fault):
        switch fault {
        case .nonFinite: return "value is not finite (NaN or infinity)"
        case .latitudeOutOfRange:
            if let latitude { return "latitude \(latitude) is outside [-90, 90]" }
            return "latitude is outside [-90, 90]"
        case .notPositive: return "value must be positive"
        case .outOfRange: return "value is out of range"
        }
    case .invalidEllipsoid: return "invalid ellipsoid"
    case .badStride: return "stride smaller than an element"
    case .badCount: return "bad count"
    case .projFailure, .gridMissing, .noConvergence: return error.message
    }
}

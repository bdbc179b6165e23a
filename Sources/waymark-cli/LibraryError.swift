import Waymark

extension CLIError {
    /// A library error as every command reports it. A PROJ grid that is not installed or
    /// cannot be read is the installation's fault, not the input's or the command
    /// line's: EX_UNAVAILABLE (69), whatever `kind` the command gives its other errors,
    /// so `transform`, `geoid`, GPX heights and `replay --route-heights orthometric`
    /// agree (``WaymarkError/isUnavailableGrid(gridOnly:)``, the PROJ layer's rule); with
    /// `geoid`, every PROJ failure, since the call reads nothing but the geoid grid.
    /// - Parameters:
    ///   - line: the row's line, for errors a row met.
    ///   - message: the text after the line (default: the error's own message).
    static func library(_ error: WaymarkError, _ kind: Kind, line: Int? = nil, message: String? = nil,
                        geoid: Bool = false) -> CLIError {
        let text = (line.map { "line \($0): " } ?? "") + (message ?? error.message)
        return CLIError(kind: error.isUnavailableGrid(gridOnly: geoid) ? .unavailable : kind, message: text)
    }
}

/// Human wording of a core error for a value read from input: the library's own message
/// (``WaymarkError/message``, ``InputFault/message``) without the element index a row
/// does not need, and a latitude out of range with its value.
func describe(_ error: WaymarkError, latitude: Double? = nil) -> String {
    switch error {
    case .invalidInput(let fault), .invalidElement(_, let fault):
        if fault == .latitudeOutOfRange, let latitude { return "latitude \(latitude) is outside [-90, 90]" }
        return fault.message
    default:
        return error.message
    }
}

import CProj
import WaymarkCore

extension WaymarkError {
    /// Whether the error is the installation's, not the input's: a PROJ grid that is not
    /// installed or cannot be read (``gridMissing(file:package:)``, which names the file,
    /// PROJ's "file not found or invalid" for a grid or init file it could not open, and
    /// its network errors). Tools report these as "unavailable" (the CLI: exit 69)
    /// whatever they report other errors as, so every command that needs a grid agrees.
    /// - Parameter gridOnly: the call read nothing but a grid (the geoid's), so every
    ///   PROJ failure is the grid's.
    public func isUnavailableGrid(gridOnly: Bool = false) -> Bool {
        switch self {
        case .gridMissing: return true
        case .projFailure(let code, _):
            // PROJ_ERR_OTHER_NETWORK_ERROR is PROJ_ERR_OTHER + 3 (Embedded Swift does not import that macro).
            return gridOnly || code == PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID || code == PROJ_ERR_OTHER + 3
        default: return false
        }
    }
}

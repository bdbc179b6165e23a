import Waymark
import WaymarkSimulation

/// `--gps-model FILE`: the settings file (WaymarkSimulation's ``GPSModelFile``, which
/// holds the format, its reader and its writer) read from a path, its faults as exit
/// statuses.
extension GPSModelFile {
    /// Reads the file at `path`.
    /// - Throws: ``CLIError``: no input (66) when it cannot be opened or read; data (65)
    ///   naming the file (and the line) for anything the format refuses.
    static func read(_ path: String) throws(CLIError) -> GPSModelSettings {
        let bytes = try WholeInput.read(path)
        do { return try parse(bytes) } catch {
            throw CLIError(kind: .data, message: error.line.map { "\(path): line \($0): \(error.reason)" } ?? "\(path): \(error.reason)")
        }
    }
}

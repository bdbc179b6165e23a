#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark

/// The navigator settings `replay` and `simulate` take from the command line:
/// `--estimator` (the Kalman filter, or the window fits of the Yandex.Maps article's
/// kind: robust least squares or the article's pairs) and `--alignment` (how the AR
/// session was aligned; the filter's alone: the fits assume nothing about it).
enum NavigatorOptions {
    /// The configuration `estimator` and `alignment` ask for (the other settings are the
    /// navigator's defaults).
    static func configuration(_ estimator: Choice.Estimator, alignment: Choice.Alignment?) throws(CLIError) -> Navigator.Configuration {
        var c = estimator.navigator
        if let alignment {
            guard c.method == .filter else {
                throw .usage("--alignment is the filter's setting: --estimator \(estimator == .pairwise ? "seed" : estimator.rawValue) "
                             + "(the window fits) assumes nothing about the session's alignment")
            }
            c.alignment = alignment.navigator
        }
        return c
    }

    /// `configuration` with the filter's GPS model as `options` tell it: a `--gps-model`
    /// file's settings (``GPSModelFile``), then the flags.
    /// - Throws: a usage error for any of them with the window fits, which assume no GPS
    ///   model; the file's own errors (66 missing, 65 refused).
    static func applying(_ options: FilterGPSOptions, to configuration: Navigator.Configuration) throws(CLIError) -> Navigator.Configuration {
        var c = configuration
        if let flag = options.given.first, c.method != .filter {
            throw .usage("--\(flag) is the filter's setting: the window fits assume no GPS model")
        }
        // The file first: a flag given beside it says what to change in it.
        if let path = options.modelFile.value {
            let settings = try GPSModelFile.read(path)
            // The reader checks every range the configuration has; this is its own check.
            do { c = try settings.applied(to: c) } catch { throw CLIError(kind: .data, message: "\(path): \(error.message)") }
        }
        if let share = options.share.value { c.gpsCorrelatedShare = share }
        if let time = options.correlationTime.value { c.gpsCorrelationTime = time }
        return c
    }

    /// `none`, `compass`, `track`.
    static func name(_ source: NavigatorFrame.CorrectionSource) -> String {
        switch source {
        case .none: return "none"
        case .compass: return "compass"
        case .trackFit: return "track"
        }
    }

    /// The scene azimuth of a camera's viewing direction (eus: clockwise from the
    /// scene's −Z, seen from above), degrees; nil looking straight up or down.
    static func viewingAzimuth(_ camera: Matrix4x4d) -> Double? {
        let c = camera.columns
        let east = -c.2.x, north = c.2.z          // forward = −Z column; eus: north = −z
        guard east != 0 || north != 0 else { return nil }
        return atan2(east, north) * 180 / Double.pi
    }
}

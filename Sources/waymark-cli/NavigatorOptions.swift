#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Waymark

/// The navigator settings `replay` and `simulate` take from the command line:
/// `--estimator filter|robust|seed` (the Kalman filter, or the window fits of the
/// Yandex.Maps article's kind: robust least squares or the article's seed pairs) and
/// `--alignment gravity|gravity-and-heading` (how the AR session was aligned; the
/// filter's alone: the fits assume nothing about it).
enum NavigatorOptions {
    static let estimators = ["filter", "robust", "seed"]
    static let alignments = ["gravity-and-heading", "gravity"]

    /// The configuration `--estimator` and `--alignment` ask for (the other settings
    /// are the navigator's defaults). `pairwise` is accepted for `seed` (simulate's
    /// old name for the article's pairs).
    static func configuration(_ args: Arguments, estimator: String? = nil) throws(CLIError) -> Navigator.Configuration {
        var c = Navigator.Configuration()
        let name: String
        if let estimator { name = estimator } else { name = try args.choice("estimator", default: "filter", among: estimators + ["pairwise"]) }
        switch name {
        case "filter": c.method = .filter
        case "robust": c.method = .fits; c.estimator = .robustLeastSquares
        default: c.method = .fits; c.estimator = .pairwise
        }
        if args.options["alignment"] != nil {
            let alignment = try args.choice("alignment", default: "gravity-and-heading", among: alignments)
            guard c.method == .filter else {
                throw .usage("--alignment is the filter's setting: --estimator \(name == "pairwise" ? "seed" : name) (the window fits) "
                             + "assumes nothing about the session's alignment")
            }
            c.alignment = alignment == "gravity" ? .gravity : .gravityAndHeading
        }
        return c
    }

    /// The name `--estimator` prints as: filter, robust or seed.
    static func name(_ c: Navigator.Configuration) -> String {
        c.method == .filter ? "filter" : c.estimator == .robustLeastSquares ? "robust" : "seed"
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

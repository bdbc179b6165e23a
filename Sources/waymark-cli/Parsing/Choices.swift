import ArgumentParser
import Waymark

/// The words the choice options take, each decoded here into what the command bodies
/// use. The case order is the order usage errors list the words in.
enum Choice {
    /// `scene --method`: the exact method, PROJ's pipeline or a spherical baseline.
    enum SceneMethod: String, CaseIterable, ExpressibleByArgument, Sendable {
        case ellipsoidal, proj, haversine, metersPerDegree = "meters-per-degree"
    }

    /// `inverse --method`: Karney's ellipsoidal geodesic or the haversine.
    enum InverseMethod: String, CaseIterable, ExpressibleByArgument, Sendable {
        case ellipsoidal, haversine
    }

    /// `inverse --pairs`: which points are paired.
    enum Pairs: String, CaseIterable, ExpressibleByArgument, Sendable {
        case consecutive
    }

    /// `--estimator` of `simulate` and `replay`: the navigator's filter, or a window fit
    /// (robust least squares, or the pairwise estimator: the pairs of the Yandex.Maps
    /// article). `seed` is the deprecated name of `pairwise`, still accepted.
    enum Estimator: String, CaseIterable, ExpressibleByArgument, Sendable {
        case filter, robust, seed, pairwise

        /// How help shows the names: `pairwise` before its deprecated alias.
        static let helpNames = "filter|robust|pairwise|seed"

        /// The heading corrector's estimator; nil for the filter, which is the navigator's.
        var corrector: HeadingCorrector.Estimator? {
            switch self {
            case .filter: return nil
            case .robust: return .robustLeastSquares
            case .seed, .pairwise: return .pairwise
            }
        }

        /// The navigator's configuration for this estimator (its other settings the
        /// defaults).
        var navigator: Navigator.Configuration {
            var c = Navigator.Configuration()
            if let estimator = corrector {
                c.method = .fits
                c.estimator = estimator
            }
            return c
        }

        /// The name the output prints for a navigator configuration: filter, robust or
        /// seed (the printed name of the pairwise fit, which logs and golden files hold).
        static func printedName(_ c: Navigator.Configuration) -> String {
            c.method == .filter ? "filter" : c.estimator == .robustLeastSquares ? "robust" : "seed"
        }
    }

    /// `--alignment`: how the AR session's axes were aligned (the filter's setting).
    enum Alignment: String, CaseIterable, ExpressibleByArgument, Sendable {
        case gravityAndHeading = "gravity-and-heading", gravity

        var navigator: Navigator.Alignment { self == .gravity ? .gravity : .gravityAndHeading }
    }

    /// `replay --route-heights`: what the route's heights are.
    enum RouteHeights: String, CaseIterable, ExpressibleByArgument, Sendable {
        case ellipsoidal, orthometric, none

        var navigator: Navigator.RouteHeights {
            switch self {
            case .ellipsoidal: return .ellipsoidal
            case .orthometric: return .orthometric
            case .none: return .none
            }
        }
    }

    /// `datum --from/--to`: WGS-84, China's GCJ-02, Baidu's BD-09.
    enum Datum: String, CaseIterable, ExpressibleByArgument, Sendable {
        case wgs84, gcj02, bd09

        var datum: ChinaDatum.Datum {
            switch self {
            case .wgs84: return .wgs84
            case .gcj02: return .gcj02
            case .bd09: return .bd09
            }
        }
    }

    /// `datum --region`: where the offsets apply.
    enum Region: String, CaseIterable, ExpressibleByArgument, Sendable {
        case chinaRectangle = "china-rectangle", everywhere

        var region: ChinaRegion { self == .everywhere ? .everywhere : .chinaRectangle }
    }

    /// `geoid --to` and `--heights`: heights above the ellipsoid or above sea level.
    enum Heights: String, CaseIterable, ExpressibleByArgument, Sendable {
        case ellipsoidal, orthometric

        var reference: HeightReference { self == .ellipsoidal ? .ellipsoidal : .orthometric }
    }

    /// `geoid --interpolation`: PROJ's bilinear or NGA's cubic between the grid's nodes.
    enum Interpolation: String, CaseIterable, ExpressibleByArgument, Sendable {
        case bilinear, cubic
    }

    /// `--delimiter`: a CSV delimiter, or `auto` (the first line with data decides).
    enum Delimiter: String, CaseIterable, ExpressibleByArgument, Sendable {
        case auto, comma, semicolon, tab, whitespace

        /// The delimiter; nil for `auto`.
        var delimiter: CSVDelimiter? {
            switch self {
            case .auto: nil
            case .comma: .comma
            case .semicolon: .semicolon
            case .tab: .tab
            case .whitespace: .whitespace
            }
        }
    }

    /// `--polygons`: GeoJSON and KML polygons skipped with a warning, or their rings read.
    enum Polygons: String, CaseIterable, ExpressibleByArgument, Sendable {
        case skip, rings
    }

    /// `simulate --route`: the built-in walks, or a route file.
    enum Route: Sendable {
        case straight, sample, file(String)

        static func parse(_ name: String) -> @Sendable (String) throws -> Given<Route> {
            Given.parse(name) { word in word == "straight" ? .straight : word == "sample" ? .sample : .file(word) }
        }
    }
}

extension OutputFormat: ExpressibleByArgument {}
extension InputFormat: ExpressibleByArgument {}
extension TrackOptions.GPXPart: ExpressibleByArgument {}
extension TrackOptions.MissingHeights: ExpressibleByArgument {}

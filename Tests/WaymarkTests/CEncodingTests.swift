import CWaymark
import Testing
import Waymark

/// One encoding per concept: every Swift enum the C ABI carries has the `WM_` constants
/// as its raw values, so each is decoded in one place (`init(rawValue:)`).
@Suite("C encodings: Swift raw values are the header's WM_ constants")
struct CEncodingTests {
    @Test("axes conventions, directions, forward axes and units")
    func axes() {
        #expect(SceneAxes.enu.rawValue == WM_AXES_ENU && SceneAxes.eus.rawValue == WM_AXES_EUS
                && SceneAxes.eun.rawValue == WM_AXES_EUN)
        #expect([SceneAxes.Direction.east, .north, .up, .west, .south, .down].map(\.rawValue)
                == [WM_DIR_EAST, WM_DIR_NORTH, WM_DIR_UP, WM_DIR_WEST, WM_DIR_SOUTH, WM_DIR_DOWN])
        #expect([SceneAxes.Axis.positiveX, .positiveY, .positiveZ, .negativeX, .negativeY, .negativeZ].map(\.rawValue)
                == [WM_FORWARD_POS_X, WM_FORWARD_POS_Y, WM_FORWARD_POS_Z, WM_FORWARD_NEG_X, WM_FORWARD_NEG_Y, WM_FORWARD_NEG_Z])
        #expect([SceneAxes.Unit.metre, .decimetre, .centimetre, .millimetre].map(\.rawValue)
                == [WM_UNIT_METRE, WM_UNIT_DECIMETRE, WM_UNIT_CENTIMETRE, WM_UNIT_MILLIMETRE])
    }

    @Test("estimators, estimate rules, baselines, navigator settings and states, route evidence, orientations")
    func navigation() {
        #expect(HeadingCorrector.Estimator.pairwise.rawValue == WM_ESTIMATOR_PAIRWISE)
        #expect(HeadingCorrector.Estimator.robustLeastSquares.rawValue == WM_ESTIMATOR_ROBUST)
        #expect(EstimateBuffer.Rule.mostAccurate.rawValue == WM_ESTIMATES_BEST)
        #expect(EstimateBuffer.Rule.fused.rawValue == WM_ESTIMATES_FUSED)
        #expect(SphericalBaseline.Method.haversine.rawValue == WM_BASELINE_HAVERSINE)
        #expect(SphericalBaseline.Method.metersPerDegree.rawValue == WM_BASELINE_METERS_PER_DEGREE)
        typealias C = Navigator
        #expect([C.Anchor.fitted, .mostAccurate, .fused].map(\.rawValue)
                == [WM_ANCHOR_FITTED, WM_ANCHOR_MOST_ACCURATE, WM_ANCHOR_FUSED])
        #expect([C.RouteHeights.ellipsoidal, .orthometric, .none].map(\.rawValue)
                == [WM_HEIGHTS_ELLIPSOIDAL, WM_HEIGHTS_ORTHOMETRIC, WM_HEIGHTS_NONE])
        #expect([C.Method.filter, .fits].map(\.rawValue) == [WM_ESTIMATOR_FILTER, WM_ESTIMATOR_ROBUST])
        #expect([C.Alignment.gravityAndHeading, .gravity].map(\.rawValue)
                == [WM_ALIGNMENT_GRAVITY_AND_HEADING, WM_ALIGNMENT_GRAVITY])
        #expect([C.TrackingState.normal, .limited, .reset].map(\.rawValue)
                == [WM_TRACKING_NORMAL, WM_TRACKING_LIMITED, WM_TRACKING_RESET])
        #expect([NavigatorFrame.CorrectionState.none, .estimating, .applied].map(\.rawValue)
                == [WM_CORRECTION_NONE, WM_CORRECTION_ESTIMATING, WM_CORRECTION_APPLIED])
        #expect([NavigatorFrame.CorrectionSource.none, .compass, .trackFit].map(\.rawValue)
                == [WM_SOURCE_NONE, WM_SOURCE_COMPASS, WM_SOURCE_TRACK])
        #expect([C.RouteEvidence.disabled, .on, .off].map(\.rawValue)
                == [WM_ROUTE_EVIDENCE_DISABLED, WM_ROUTE_EVIDENCE_ON, WM_ROUTE_EVIDENCE_OFF])
        #expect([EngineCamera.InterfaceOrientation.portrait, .portraitUpsideDown, .landscapeRight, .landscapeLeft].map(\.rawValue)
                == [WM_ORIENTATION_PORTRAIT, WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN, WM_ORIENTATION_LANDSCAPE_RIGHT,
                    WM_ORIENTATION_LANDSCAPE_LEFT])
    }

    @Test("the readers: track formats and GPX parts")
    func readers() {
        #expect([TrackFormat.gpx, .kml, .tcx, .nmea, .geojson, .polyline, .polyline6, .csv].map { Int($0.rawValue) }
                == [WM_TRACK_FORMAT_GPX, WM_TRACK_FORMAT_KML, WM_TRACK_FORMAT_TCX, WM_TRACK_FORMAT_NMEA, WM_TRACK_FORMAT_GEOJSON,
                    WM_TRACK_FORMAT_POLYLINE, WM_TRACK_FORMAT_POLYLINE6, WM_TRACK_FORMAT_CSV].map { Int($0) })
        #expect(TrackFormat.allCases.count == 8)
        #expect([TrackReadOptions.GPXPart.automatic, .track, .route, .waypoints].map { Int($0.rawValue) }
                == [WM_GPX_PART_AUTO, WM_GPX_PART_TRACK, WM_GPX_PART_ROUTE, WM_GPX_PART_WAYPOINTS].map { Int($0) })
    }

    @Test("deprecated C names keep their values")
    func deprecated() {
        #expect(WM_ESTIMATOR_SEED_PAIRS == WM_ESTIMATOR_PAIRWISE)
        #expect(WM_ANCHOR_SEED_BEST == WM_ANCHOR_MOST_ACCURATE)
    }
}

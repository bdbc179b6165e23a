import CWaymark
import WaymarkCore
import WaymarkSimulation

// The GPS error model fit (the header's WAYMARK_EXPERIMENTAL section): GPSErrorFit and
// GPSErrorSeries(fixLog:) over the caller's arrays and text. Full flavour only, though
// it needs no PROJ: an offline, fleet-side computation that would take the core
// flavour's WebAssembly module past its 320 KiB download budget (by about 34 KiB).

/// The most series and fixes one fit takes: the work is a few thousand passes over the
/// fixes, so the bound keeps one call to seconds.
private let maximumSeries = 1 << 16
private let maximumFixes = 1 << 20

@c @implementation
public func wm_gps_model_fit(_ series: UnsafePointer<wm_gps_series>?, _ series_count: Int, _ out: UnsafeMutablePointer<wm_gps_model>?,
                             _ first_bad_series: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let series, let out else { return WM_ERROR_NULL_POINTER }
    guard out.pointee.size == UInt32(MemoryLayout<wm_gps_model>.size) else { return WM_ERROR_INVALID_VALUE }
    guard series_count > 0, series_count <= maximumSeries else { return WM_ERROR_BAD_COUNT }
    // Shapes first (every pointer and count), then the values: a NULL array is never
    // reported as a later series' bad value.
    var total = 0
    for i in 0..<series_count {
        let s = series[i]
        guard s.count >= GPSErrorSeries.minimumCount, s.count <= maximumFixes else { first_bad_series?.pointee = i; return WM_ERROR_BAD_COUNT }
        guard s.time_s != nil, s.east_m != nil, s.north_m != nil, s.accuracy_m != nil else { return WM_ERROR_NULL_POINTER }
        total += s.count
        guard total <= maximumFixes else { return WM_ERROR_BAD_COUNT }
    }
    var parsed: [GPSErrorSeries] = []
    parsed.reserveCapacity(series_count)
    for i in 0..<series_count {
        let s = series[i]
        func array(_ p: UnsafePointer<Double>?) -> [Double] { Array(UnsafeBufferPointer(start: p, count: s.count)) }
        do { parsed.append(try GPSErrorSeries(times: array(s.time_s), east: array(s.east_m), north: array(s.north_m), accuracy: array(s.accuracy_m))) }
        catch {
            first_bad_series?.pointee = i
            return status(of: error)
        }
    }
    let f: GPSErrorFit
    do { f = try GPSErrorFit.fit(parsed) } catch { return status(of: error) }
    let settings = GPSModelSettings(f)
    out.pointee = wm_gps_model(
        size: out.pointee.size, reserved_: 0, white_sigma_m: f.whiteSigma, correlated_sigma_m: f.correlatedSigma, sigma_m: f.sigma,
        correlation_time_s: f.correlationTime, correlation_time_lo_s: f.correlationTimeInterval.lowerBound,
        correlation_time_hi_s: f.correlationTimeInterval.upperBound, correlated_share: f.correlatedShare,
        share_lo: f.correlatedShareInterval.lowerBound, share_hi: f.correlatedShareInterval.upperBound,
        median_accuracy_m: f.medianAccuracy, accuracy_ratio: f.accuracyRatio, lag1_autocorrelation: f.lag1Autocorrelation ?? .nan,
        model_lag1_autocorrelation: f.modelLag1Autocorrelation, restricted_log_likelihood: f.restrictedLogLikelihood,
        navigator_gps_correlated_share: settings.correlatedShare, navigator_gps_correlation_s: settings.correlationTime,
        navigator_accuracy_confidence: settings.accuracyConfidence, fix_count: UInt64(f.fixCount), series_count: UInt64(f.seriesCount))
    return WM_OK
}

@c @implementation
public func wm_gps_series_from_fix_log(_ text: UnsafePointer<CChar>?, _ length: Int, _ time_s: UnsafeMutablePointer<Double>?,
                                       _ east_m: UnsafeMutablePointer<Double>?, _ north_m: UnsafeMutablePointer<Double>?,
                                       _ accuracy_m: UnsafeMutablePointer<Double>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?,
                                       _ bad_line: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let text, let count else { return WM_ERROR_NULL_POINTER }
    // The header's one bound on a buffer (2^56 bytes on 64-bit systems); 2^63 or more reads negative.
    guard length >= 0, length <= Limits.maximumBufferBytes else { return WM_ERROR_BAD_COUNT }
    let bytes = Array(UnsafeRawBufferPointer(start: text, count: length))
    let s: GPSErrorSeries
    do { s = try GPSErrorSeries(fixLog: bytes) } catch {
        if case .invalidElement(let row, _) = error { bad_line?.pointee = GPSErrorSeries.fixLogLine(ofRow: row, in: bytes) }
        else { bad_line?.pointee = 1 }
        return WM_ERROR_INVALID_VALUE
    }
    let n = s.times.count
    let all = time_s != nil && east_m != nil && north_m != nil && accuracy_m != nil
    if let refused = countedOutput(n, capacity: capacity, out: all, count: count) { return refused }
    guard let time_s, let east_m, let north_m, let accuracy_m else { return WM_OK }
    for i in 0..<n {
        time_s[i] = s.times[i]; east_m[i] = s.east[i]; north_m[i] = s.north[i]; accuracy_m[i] = s.accuracy[i]
    }
    return WM_OK
}

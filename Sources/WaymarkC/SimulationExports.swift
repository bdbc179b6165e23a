import CWaymark
import WaymarkCore
import WaymarkSimulation

// The seeded field simulator (the header's WAYMARK_EXPERIMENTAL section).

@c @implementation
public func wm_simulation_default(_ simulation: UnsafeMutablePointer<wm_simulation>?) {
    guard let simulation else { return }
    let d = FieldSimulator.Scenario()
    var config = wm_heading_config()
    wm_heading_config_default(&config)
    simulation.pointee = wm_simulation(speed_m_s: d.speed, gps_sigma_m: d.gpsSigma, heading_error_deg: d.headingError,
                                       drift_deg_per_min: d.driftDegreesPerMinute, duration_s: 0, jump_probability: 0,
                                       seed: d.seed, corrector: config)
}

@c @implementation
public func wm_simulate(_ simulation: UnsafePointer<wm_simulation>?, _ heading_error_deg: UnsafeMutablePointer<Double>?,
                        _ finish_error_m: UnsafeMutablePointer<Double>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?) -> wm_status {
    guard let simulation, let count else { return WM_ERROR_NULL_POINTER }
    let c = simulation.pointee
    guard let corrector = correctorConfiguration(c.corrector), c.duration_s.isFinite, c.duration_s >= 0,
          c.jump_probability.isFinite, c.jump_probability >= 0, c.jump_probability <= 1 else { return WM_ERROR_INVALID_VALUE }
    var s = FieldSimulator.Scenario()
    s.speed = c.speed_m_s
    s.gpsSigma = c.gps_sigma_m
    s.headingError = c.heading_error_deg
    s.driftDegreesPerMinute = c.drift_deg_per_min
    s.duration = c.duration_s > 0 ? c.duration_s : nil
    s.jumps = c.jump_probability > 0
    s.jumpProbability = c.jump_probability
    s.seed = c.seed
    s.corrector = corrector
    // The size of the work is known before it is done: the sample count is checked
    // against the stated limit and the caller's capacity first.
    let expected: Int
    do { expected = try s.sampleCount() } catch { return status(of: error) }
    let both = heading_error_deg != nil && finish_error_m != nil
    if let refused = countedOutput(expected, capacity: capacity, out: both, count: count) { return refused }
    let samples: [FieldSimulator.Sample]
    do { samples = try FieldSimulator(s).run() } catch { return status(of: error) }
    if let refused = countedOutput(samples.count, capacity: capacity, out: both, count: count) { return refused }
    guard let heading_error_deg, let finish_error_m else { return WM_OK }
    for (i, sample) in samples.enumerated() {
        heading_error_deg[i] = sample.headingError
        finish_error_m[i] = sample.finishError
    }
    return WM_OK
}

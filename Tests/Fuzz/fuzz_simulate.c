/* The field simulator: every parameter fuzzed; the work must be checked (capacity,
 * 3,600 s) before it is done. */
#define WAYMARK_EXPERIMENTAL /* wm_simulate */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_input in = {data, size};
    static double heading[4000], finish[4000];
    wm_simulation sim;
    size_t capacity, count = 7;
    uint32_t control = take_u32(&in);
    wm_status s;
    wm_simulation_default(&sim);
    if (control & 1) sim.speed_m_s = take_double(&in);
    if (control & 2) sim.gps_sigma_m = take_double(&in);
    if (control & 4) sim.heading_error_deg = take_double(&in);
    if (control & 8) sim.drift_deg_per_min = take_double(&in);
    if (control & 16) sim.duration_s = fmod(fabs(take_double(&in)), 400);   /* keep most runs short */
    if (control & 32) sim.duration_s = take_double(&in);
    if (control & 64) sim.jump_probability = take_double(&in);
    sim.seed = take_u64(&in);
    if (control & 128) {
        sim.corrector.estimator = (int32_t)(take_u32(&in) % 3);
        sim.corrector.pair_selection = (int32_t)(take_u32(&in) % 5);
        sim.corrector.pair_percent = take_double(&in);
        sim.corrector.buffer_count = (int32_t)(take_u32(&in) % 50);
        sim.corrector.rejection = take_double(&in);
    }
    capacity = (control >> 8) % 4001;
    heading[0] = 42;
    s = wm_simulate(&sim, heading, finish, capacity, &count);
    require_status(s);
    if (s == WM_OK) FUZZ_REQUIRE(count <= capacity);
    else if (s == WM_ERROR_BAD_COUNT) FUZZ_REQUIRE(count > capacity && heading[0] == 42);
    else FUZZ_REQUIRE(heading[0] == 42);
    return 0;
}

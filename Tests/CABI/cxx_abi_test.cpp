// C++17 consumer test of the installed Waymark library: the header from C++, the
// reference ENU vectors, 8 threads sharing one frame with bit-identical results (every
// read-only frame call at once, a batch split over threads, each thread's own copy of
// the frame re-estimated meanwhile), and 4 threads each driving its own navigator
// (fixes, compass readings, tracking states) to bit-identical frames.
// Usage: cxx_abi_test <Tests/Data directory>. Prints "N passed, N failed".
#include <waymark.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

static_assert(std::is_trivially_copyable<wm_frame>::value, "wm_frame is plain data");
static_assert(std::is_standard_layout<wm_geodetic>::value && offsetof(wm_geodetic, height_m) == 16, "wm_geodetic layout");
static_assert(sizeof(wm_status) == 4 && sizeof(wm_axes) == 4, "32-bit enums");
static_assert(std::is_trivially_copyable<wm_navigator_result>::value && std::is_standard_layout<wm_compass_reading>::value,
              "the navigator's structs are plain data");
static_assert(offsetof(wm_navigator_config, size) == 0 && offsetof(wm_navigator_result, size) == 0 &&
              offsetof(wm_compass_reading, size) == 0, "versioned structs start with their size");

namespace {
int passed = 0, failed = 0;

void check(bool ok, const char* what, int line) {
    if (ok) {
        ++passed;
    } else if (++failed <= 20) {
        std::fprintf(stderr, "cxx_abi_test.cpp:%d: failed: %s\n", line, what);
    }
}
#define CHECK(cond) check((cond), #cond, __LINE__)

void enuVectors(const std::string& dir) {
    std::ifstream file(dir + "/enu_wgs84.csv");
    CHECK(file.good());
    std::string line;
    std::getline(file, line);
    int rows = 0;
    while (std::getline(file, line)) {
        std::vector<double> v;
        std::stringstream fields(line);
        for (std::string field; std::getline(fields, field, ',');) v.push_back(std::stod(field));
        wm_frame frame;
        CHECK(wm_frame_init(&frame, wm_geodetic{v[0], v[1], v[2]}, WM_AXES_ENU) == WM_OK);
        const wm_geodetic point{v[3], v[4], v[5]};
        wm_vec3 enu{};
        CHECK(wm_frame_forward(&frame, &point, sizeof point, &enu, sizeof enu, 1, nullptr) == WM_OK);
        CHECK(std::hypot(enu.x - v[6], enu.y - v[7], enu.z - v[8]) <= 1e-6);
        ++rows;
    }
    CHECK(rows == 2000);
}

// A 10,000-point walk as engines hold it: records with extra fields.
struct RoutePoint {
    wm_geodetic where;
    int id;
    float style;
};

// Everything one thread gets from a frame: the header's read-only frame calls.
struct FrameResults {
    std::vector<wm_vec3> scene;
    std::vector<wm_geodetic> back;
    std::vector<wm_mat4f> anchors;
    std::vector<unsigned char> anchorRecords;   // wm_frame_anchor_transforms_ex, 80-byte records
    std::vector<wm_vec3> haversine;
    bool ok = false;

    bool operator==(const FrameResults& o) const {
        return ok && o.ok && bytesEqual(scene, o.scene) && bytesEqual(back, o.back) && bytesEqual(anchors, o.anchors)
               && anchorRecords == o.anchorRecords && bytesEqual(haversine, o.haversine);
    }
    template <class T>
    static bool bytesEqual(const std::vector<T>& a, const std::vector<T>& b) {
        return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0;
    }
};

FrameResults convertAll(const wm_frame& frame, const std::vector<RoutePoint>& route) {
    FrameResults r;
    const size_t n = route.size();
    r.scene.assign(n, wm_vec3{});
    r.back.assign(n, wm_geodetic{});
    r.anchors.assign(n, wm_mat4f{});
    r.anchorRecords.assign(n * 80, 0);
    r.haversine.assign(n, wm_vec3{});
    size_t bad = 0;
    r.ok = wm_frame_forward(&frame, &route[0].where, sizeof(RoutePoint), r.scene.data(), sizeof(wm_vec3), n, &bad) == WM_OK
        && wm_frame_reverse(&frame, r.scene.data(), sizeof(wm_vec3), r.back.data(), sizeof(wm_geodetic), n, &bad) == WM_OK
        && wm_frame_anchor_transforms(&frame, &route[0].where, sizeof(RoutePoint), r.anchors.data(), n, &bad) == WM_OK
        && wm_frame_anchor_transforms_ex(&frame, &route[0].where, sizeof(RoutePoint), r.anchorRecords.data(), 80, n, &bad) == WM_OK
        && wm_baseline_forward(WM_BASELINE_HAVERSINE, &frame, &route[0].where, sizeof(RoutePoint), r.haversine.data(),
                               sizeof(wm_vec3), n, &bad) == WM_OK;
    return r;
}

// The header's Threading section: any number of threads run the read-only calls on one
// frame at once, each getting the single thread's bytes; a batch split into contiguous
// chunks (one call per thread, uneven edges) gives the whole call's bytes; a thread may
// set the estimate of its own copy of the frame while the others read the original.
// The same test runs under ThreadSanitizer (cxx_abi_tsan).
void threads() {
    std::vector<RoutePoint> route(10007);
    for (int i = 0; i < static_cast<int>(route.size()); ++i) {
        route[i] = RoutePoint{wm_geodetic{55.73 + 1e-5 * i, 37.58 + 1.3e-5 * std::sin(i * 0.01), 150 + 0.001 * i}, i, 1.0f};
    }
    wm_frame frame;
    CHECK(wm_frame_init(&frame, route[0].where, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_set_estimate(&frame, wm_vec3{0.5, -1.4, 2.0}, 3.25) == WM_OK);
    const FrameResults expected = convertAll(frame, route);
    CHECK(expected.ok);
    // What a thread's own copy with another estimate must give: computed alone first.
    const int threadCount = 8;
    std::vector<FrameResults> expectedOwn(threadCount);
    for (int t = 0; t < threadCount; ++t) {
        wm_frame own = frame;
        CHECK(wm_frame_set_estimate(&own, wm_vec3{0.25 * t, 1.0, -0.5 * t}, -7.5 + t) == WM_OK);
        expectedOwn[t] = convertAll(own, route);
    }

    std::vector<FrameResults> shared(threadCount), own(threadCount);
    std::vector<std::thread> workers;
    for (int t = 0; t < threadCount; ++t) {
        workers.emplace_back([&, t] {
            for (int repeat = 0; repeat < 3; ++repeat) {
                shared[t] = convertAll(frame, route);
                // Distinct frames: a write to this thread's copy overlaps nothing.
                wm_frame mine = frame;
                if (wm_frame_set_estimate(&mine, wm_vec3{0.25 * t, 1.0, -0.5 * t}, -7.5 + t) == WM_OK) {
                    own[t] = convertAll(mine, route);
                }
            }
        });
    }
    for (auto& w : workers) w.join();
    for (int t = 0; t < threadCount; ++t) {
        CHECK(shared[t] == expected);
        CHECK(own[t] == expectedOwn[t]);
    }

    // One batch, threadCount contiguous chunks of uneven sizes (so vector bodies and
    // tails fall differently than in the whole call), into one shared output each.
    const size_t n = route.size();
    std::vector<size_t> edges{0};
    for (int t = 1; t < threadCount; ++t) edges.push_back(n * t / threadCount + static_cast<size_t>(t % 3));
    edges.push_back(n);
    std::vector<wm_vec3> scene(n), haversine(n);
    std::vector<wm_geodetic> back(n);
    std::vector<int> oks(threadCount, 0);
    workers.clear();
    for (int t = 0; t < threadCount; ++t) {
        workers.emplace_back([&, t] {
            const size_t start = edges[t], count = edges[t + 1] - start;
            size_t bad = 0;
            oks[t] = wm_frame_forward(&frame, &route[start].where, sizeof(RoutePoint), &scene[start], sizeof(wm_vec3), count, &bad) == WM_OK
                  && wm_frame_reverse(&frame, &expected.scene[start], sizeof(wm_vec3), &back[start], sizeof(wm_geodetic), count, &bad) == WM_OK
                  && wm_baseline_forward(WM_BASELINE_HAVERSINE, &frame, &route[start].where, sizeof(RoutePoint),
                                         &haversine[start], sizeof(wm_vec3), count, &bad) == WM_OK;
        });
    }
    for (auto& w : workers) w.join();
    for (int t = 0; t < threadCount; ++t) CHECK(oks[t] == 1);
    CHECK(FrameResults::bytesEqual(scene, expected.scene));
    CHECK(FrameResults::bytesEqual(back, expected.back));
    CHECK(FrameResults::bytesEqual(haversine, expected.haversine));
}

void statusFromCxx() {
    wm_frame frame;
    CHECK(wm_frame_init(&frame, wm_geodetic{91, 0, 0}, WM_AXES_EUS) == WM_ERROR_INVALID_VALUE);
    CHECK(wm_frame_init(&frame, wm_geodetic{0, 0, 0}, WM_AXES_EUS) == WM_OK);
    wm_vec3 out{7, 7, 7};
    const wm_geodetic nanPoint{std::nan(""), 0, 0};
    size_t bad = 5;
    CHECK(wm_frame_forward(&frame, &nanPoint, sizeof nanPoint, &out, sizeof out, 1, &bad) == WM_ERROR_INVALID_VALUE);
    CHECK(bad == 0 && out.x == 7 && out.y == 7 && out.z == 7);
    CHECK(std::string(wm_status_string(WM_ERROR_NULL_POINTER)) == "null pointer");
}
// One navigator per thread (the header: one thread at a time per navigator), the same
// walk on each: the frames agree to the bit.
std::vector<unsigned char> navigatorWalk() {
    wm_navigator_config config;
    wm_navigator_config_default(&config);
    config.alignment = WM_ALIGNMENT_GRAVITY;
    const wm_geodetic route[2] = {{55.7339, 37.5886, 150}, {55.7366, 37.5886, 150}};
    wm_navigator* nav = nullptr;
    std::vector<unsigned char> bytes;
    if (wm_navigator_create(&config, route, sizeof route[0], 2, &nav, nullptr) != WM_OK) return bytes;
    wm_camera cam{};
    cam.transform.m[0] = 1; cam.transform.m[5] = 1; cam.transform.m[10] = 1; cam.transform.m[15] = 1;
    cam.projection.m[0] = 3.7f; cam.projection.m[5] = 1.7f;
    cam.projection.m[10] = -1; cam.projection.m[11] = -1; cam.projection.m[14] = -0.002f;
    cam.viewport.width = 390;
    cam.viewport.height = 844;
    bool ok = true;
    for (int i = 0; i < 300 && ok; ++i) {
        const double t = 0.1 * i, north = 0.14 * i;
        cam.transform.m[13] = 1.4f;
        cam.transform.m[14] = static_cast<float>(-north);
        if (i % 10 == 0) {
            wm_fix fix{};
            fix.position = wm_geodetic{55.7339 + (north + 3 * std::sin(i * 0.7)) / 111320.0, 37.5886, 151.4};
            fix.has_height = 1;
            fix.horizontal_accuracy_m = 5;
            fix.vertical_accuracy_m = 10;
            fix.time_s = t;
            fix.scene_position = wm_vec3{0, 1.4, -north};
            ok = ok && wm_navigator_add_fix(nav, &fix) == WM_OK;
        }
        wm_compass_reading reading{};
        reading.size = sizeof reading;
        reading.time_s = t - 0.02;
        reading.true_heading_deg = 25 + 4 * std::cos(i * 0.3);
        reading.accuracy_deg = 12;
        reading.camera = cam.transform;
        ok = ok && wm_navigator_add_heading(nav, &reading) == WM_OK;
        if (i == 100) ok = ok && wm_navigator_tracking(nav, t, WM_TRACKING_LIMITED) == WM_OK;
        if (i == 150) ok = ok && wm_navigator_tracking(nav, t, WM_TRACKING_NORMAL) == WM_OK;
        if (i == 200) ok = ok && wm_navigator_tracking(nav, t, WM_TRACKING_RESET) == WM_OK;
        wm_navigator_result r{};
        r.size = sizeof r;
        wm_arrow arrows[40];
        size_t n = 0;
        ok = ok && wm_navigator_update(nav, t, &cam, &r, arrows, 40, &n) == WM_OK;
        const auto* p = reinterpret_cast<const unsigned char*>(&r);
        bytes.insert(bytes.end(), p, p + sizeof r);
        const auto* a = reinterpret_cast<const unsigned char*>(arrows);
        bytes.insert(bytes.end(), a, a + n * sizeof arrows[0]);
    }
    wm_navigator_destroy(nav);
    if (!ok) bytes.clear();
    return bytes;
}

void navigatorThreads() {
    const std::vector<unsigned char> expected = navigatorWalk();
    CHECK(!expected.empty());
    std::vector<std::vector<unsigned char>> got(4);
    std::vector<std::thread> workers;
    for (int t = 0; t < 4; ++t) workers.emplace_back([&, t] { got[t] = navigatorWalk(); });
    for (auto& w : workers) w.join();
    for (int t = 0; t < 4; ++t) CHECK(got[t] == expected);
    // The versioned structs refuse another size, from C++ as from C.
    wm_navigator_config config;
    wm_navigator_config_default(&config);
    CHECK(config.size == sizeof config && wm_navigator_arrow_capacity(&config) > 0);
    config.size = 0;
    CHECK(wm_navigator_arrow_capacity(&config) == 0);
}
}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <Tests/Data>\n", argv[0]);
        return 2;
    }
    enuVectors(argv[1]);
    threads();
    statusFromCxx();
    navigatorThreads();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

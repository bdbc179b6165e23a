// C++17 consumer test of the installed Waymark library: the header from C++, the
// reference ENU vectors, 8 threads sharing one frame with bit-identical results, and 4
// threads each driving its own navigator (fixes, compass readings, tracking states)
// to bit-identical frames.
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

void threads() {
    std::vector<RoutePoint> route(10000);
    for (int i = 0; i < 10000; ++i) {
        route[i] = RoutePoint{wm_geodetic{55.73 + 1e-5 * i, 37.58 + 1.3e-5 * std::sin(i * 0.01), 150 + 0.001 * i}, i, 1.0f};
    }
    wm_frame frame;
    CHECK(wm_frame_init(&frame, route[0].where, WM_AXES_EUS) == WM_OK);
    CHECK(wm_frame_set_estimate(&frame, wm_vec3{0.5, -1.4, 2.0}, 3.25) == WM_OK);
    auto run = [&](std::vector<wm_vec3>& scene, std::vector<wm_mat4f>& anchors) {
        scene.assign(route.size(), wm_vec3{});
        anchors.assign(route.size(), wm_mat4f{});
        size_t bad = 0;
        bool ok = wm_frame_forward(&frame, &route[0].where, sizeof(RoutePoint), scene.data(), sizeof(wm_vec3), route.size(), &bad) == WM_OK
               && wm_frame_anchor_transforms(&frame, &route[0].where, sizeof(RoutePoint), anchors.data(), route.size(), &bad) == WM_OK;
        return ok;
    };
    std::vector<wm_vec3> expectedScene;
    std::vector<wm_mat4f> expectedAnchors;
    CHECK(run(expectedScene, expectedAnchors));
    std::vector<std::vector<wm_vec3>> scenes(8);
    std::vector<std::vector<wm_mat4f>> anchors(8);
    std::vector<int> oks(8, 0);
    std::vector<std::thread> workers;
    for (int t = 0; t < 8; ++t) {
        workers.emplace_back([&, t] {
            for (int repeat = 0; repeat < 5; ++repeat) oks[t] = run(scenes[t], anchors[t]) ? 1 : 0;
        });
    }
    for (auto& w : workers) w.join();
    for (int t = 0; t < 8; ++t) {
        CHECK(oks[t] == 1);
        CHECK(std::memcmp(scenes[t].data(), expectedScene.data(), expectedScene.size() * sizeof(wm_vec3)) == 0);
        CHECK(std::memcmp(anchors[t].data(), expectedAnchors.data(), expectedAnchors.size() * sizeof(wm_mat4f)) == 0);
    }
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

// C++17 consumer test of the installed Waymark library: the header from C++, the
// reference ENU vectors, and 8 threads sharing one frame with bit-identical results.
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
}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s <Tests/Data>\n", argv[0]);
        return 2;
    }
    enuVectors(argv[1]);
    threads();
    statusFromCxx();
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

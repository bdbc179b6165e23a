# Sourced by scripts/test: its stages in two lanes side by side. Most stages keep only
# one core busy (a chain of whole-module compiles, a fuzzer, a test under qemu), so on a
# 2-core machine a second lane of stages runs on the core the first leaves idle.
#
#   stage DESCRIPTION       prints "== [N s] DESCRIPTION", N the seconds since the run
#                           started (one clock for both lanes)
#   lane_start NAME TITLE   runs the function lane_NAME (`scripts/test --lane NAME`) in
#                           the background, its output held in .build-test/NAME.log
#   lane_wait NAME          waits for it and prints its output; if it failed, the run
#                           fails, naming the lane's stage that failed
#   lane_provide KEY VALUE  in the foreground: lets a lane's `lane_need KEY` (which waits
#                           for it and prints VALUE) go on
#
# Each `stage` of the foreground also looks at the lane: a lane that has failed fails the
# run there and then, its output printed. A lane is a session of its own (setsid): one
# process group to stop when the run fails or is interrupted, and, with the kernel's
# autogroup scheduling, its own share of the CPU, so a lane of one-core stages keeps its
# core while the other lane compiles on all of them.

lanes_dir=.build-test
declare -A lane_pids=() lane_titles=()
: "${WAYMARK_TEST_T0:=$(date +%s)}"
export WAYMARK_TEST_T0

lanes_now() { echo "$(( $(date +%s) - WAYMARK_TEST_T0 ))"; }

stage() {
    if [ -n "${WAYMARK_TEST_LANE:-}" ]; then
        printf '%s\n' "$*" > "$lanes_dir/$WAYMARK_TEST_LANE.stage"
    else
        lanes_check
        lanes_current_stage=$*
    fi
    echo "== [$(lanes_now) s] $*"
}

# In the foreground, once: a fresh .build-test, and the lanes stopped when the run ends
# before them (a failure, an interrupt).
lanes_init() {
    rm -rf "$lanes_dir"
    mkdir -p "$lanes_dir"
    trap lanes_stop EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

lane_start() {
    local name=$1 title=$2
    WAYMARK_TEST_MAIN=$$ setsid -w scripts/test --lane "$name" > "$lanes_dir/$name.log" 2>&1 < /dev/null &
    lane_pids[$name]=$!
    lane_titles[$name]=$title
    echo "== [$(lanes_now) s] started beside the stages below: $title (output: $lanes_dir/$name.log, printed here when it ends)"
}

lane_report() {   # lane_report NAME STATUS
    local name=$1 status=$2
    echo "== [$(lanes_now) s] the lane beside ended (exit $status): ${lane_titles[$name]}. Its output:"
    cat "$lanes_dir/$name.log"
    echo "== (the end of that lane's output)"
    if [ "$status" -ne 0 ]; then
        lanes_current_stage=""
        echo "scripts/test: FAILED (exit $status) in the lane beside (${lane_titles[$name]}), at: $(cat "$lanes_dir/$name.stage" 2>/dev/null || echo "its start")" >&2
        exit "$status"
    fi
}

lane_wait() {
    local name=$1 status=0
    wait "${lane_pids[$name]}" || status=$?
    unset "lane_pids[$name]"
    lane_report "$name" "$status"
}

lanes_check() {
    local name status
    for name in "${!lane_pids[@]}"; do
        status=$(cat "$lanes_dir/$name.status" 2>/dev/null || true)
        if [ -n "$status" ] && [ "$status" != 0 ]; then
            wait "${lane_pids[$name]}" || true
            unset "lane_pids[$name]"
            lane_report "$name" "$status"
        fi
    done
}

lane_provide() {
    printf '%s\n' "$2" > "$lanes_dir/$1.provided.tmp"
    mv "$lanes_dir/$1.provided.tmp" "$lanes_dir/$1.provided"
}

lane_need() {
    while [ ! -e "$lanes_dir/$1.provided" ]; do
        kill -0 "$WAYMARK_TEST_MAIN" 2>/dev/null || { echo "scripts/test: the run ended before $1 was ready" >&2; exit 1; }
        sleep 1
    done
    cat "$lanes_dir/$1.provided"
}

lanes_stop() {
    local status=$? name
    for name in "${!lane_pids[@]}"; do
        kill -TERM -- "-${lane_pids[$name]}" 2>/dev/null || kill -TERM "${lane_pids[$name]}" 2>/dev/null || true
    done
    if [ "$status" -ne 0 ] && [ -n "${lanes_current_stage:-}" ]; then
        echo "scripts/test: FAILED (exit $status) at: $lanes_current_stage" >&2
    fi
}

# `scripts/test --lane NAME`: the lane itself, in its own session.
lane_run() {
    WAYMARK_TEST_LANE=$1
    trap 'echo $? > "$lanes_dir/$WAYMARK_TEST_LANE.status"' EXIT
    # A new session is a new autogroup, at niceness 0 whatever this process's: give it
    # this process's, so a run started with `nice` is as nice in both lanes.
    echo "$(nice)" > /proc/self/autogroup 2>/dev/null || true
    "lane_$1"
}

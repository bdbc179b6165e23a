import CWaymark

/// The header's one rule for output capacities. size_t arrives as Int, so a capacity of
/// 2^63 or more reads negative: it is as good as unlimited, never a refusal or a trap.
@inline(__always)
func outputFits(_ needed: Int, capacity: Int) -> Bool { capacity < 0 || capacity >= needed }

/// How many of `available` elements a buffer of `capacity` takes.
@inline(__always)
func writable(_ available: Int, capacity: Int) -> Int { capacity < 0 ? available : min(capacity, available) }

/// The header's one rule for a counted output: `*count` receives `needed` on WM_OK and on
/// BAD_COUNT (the caller's size query), and nothing is written on any other error. Returns
/// the refusal — BAD_COUNT when the capacity is smaller, NULL_POINTER when elements are to
/// be written and `out` is NULL — or nil when the call goes on to write them.
@inline(__always)
func countedOutput(_ needed: Int, capacity: Int, out: Bool, count: UnsafeMutablePointer<Int>) -> wm_status? {
    guard outputFits(needed, capacity: capacity) else { count.pointee = needed; return WM_ERROR_BAD_COUNT }
    guard needed == 0 || out else { return WM_ERROR_NULL_POINTER }
    count.pointee = needed
    return nil
}

/// The header's one rule for output capacities. size_t arrives as Int, so a capacity of
/// 2^63 or more reads negative: it is as good as unlimited, never a refusal or a trap.
@inline(__always)
func outputFits(_ needed: Int, capacity: Int) -> Bool { capacity < 0 || capacity >= needed }

/// How many of `available` elements a buffer of `capacity` takes.
@inline(__always)
func writable(_ available: Int, capacity: Int) -> Int { capacity < 0 ? available : min(capacity, available) }

import WaymarkCore

/// The window fits of the Yandex.Maps article's kind (``Navigator/Method/fits``), kept as a
/// baseline: their own state here, their steps in `Navigator+WindowFits.swift`. The fixes
/// are kept (``Navigator/Configuration/fixCapacity``, reserved at creation); the heading
/// fit runs every ``Navigator/Configuration/bufferCount`` fixes or
/// ``Navigator/Configuration/bufferInterval`` seconds, and the frame is re-anchored on
/// every fix and every ``Navigator/Configuration/anchorInterval`` seconds of frames.
struct WindowFits: Sendable {
    /// The fixes the fits rest on.
    var fixes: FixStore
    /// The time of the last heading fit's run, and the fixes added since.
    var lastTrigger: Double? = nil
    var pendingCount = 0
    /// The first fix (by serial) of the pairwise estimator's next round.
    var pendingFromSerial = 0
    /// Where the device was at the previous run (standing still never turns the world).
    var lastTriggerPosition: SIMD3<Double>? = nil
    /// The time of the last re-anchoring.
    var lastAnchorTime: Double? = nil

    init(capacity: Int) { fixes = FixStore(capacity: capacity) }

    /// After a tracking reset: scene positions before it are of another scene.
    mutating func reset() {
        fixes.removeAll()
        pendingFromSerial = fixes.nextSerial
        lastTriggerPosition = nil
    }
}

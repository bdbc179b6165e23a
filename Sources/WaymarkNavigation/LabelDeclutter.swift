import WaymarkCore

/// Vertical offsets that stop screen labels overlapping, by the AR guide to historical
/// places' rule: the nearest place keeps its position and farther ones move up, each
/// above every nearer label it would cover.
///
/// Labels are taken nearest first (ties: the lower index first); each moves up from its
/// own position to above every nearer label it covered, then on up just far enough to
/// clear the labels already placed, with `gap` points between. No two labels end up
/// overlapping, and of two whose unshifted rectangles overlapped the farther ends above.
/// The result depends only on the rectangles, distances and gap — the same input gives
/// the same offsets, so a still camera never makes labels jitter; the inputs are copied
/// before anything is written, so the output may share their memory. Work is quadratic
/// in the count in the usual case and cubic at worst: at most
/// ``LabelDeclutter/maximumLabels`` labels, no allocation (a stack buffer of them).
public enum LabelDeclutter {
    /// The most labels one call takes: 256, far more than the places within the guide's
    /// 500 m radius whose labels fit on one screen; it bounds the cubic worst case (every
    /// label stacked on every other) at 256³ rectangle tests.
    public static let maximumLabels = 256

    /// A label's screen rectangle, points, y down: its top-left corner and size.
    public struct Rectangle: Sendable, Equatable {
        /// Left edge and top edge, points (y down).
        public var x: Double, y: Double
        /// Width and height, points (≥ 0).
        public var width: Double, height: Double

        /// A rectangle at (x, y), `width` × `height` points.
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// Writes to `offsets[i]` the vertical shift of label `i`, points (≤ 0: up).
    ///
    /// - Parameters:
    ///   - count: labels, 0 ... ``maximumLabels``.
    ///   - rectangle: label `i`'s rectangle where it would be drawn unshifted.
    ///   - distance: label `i`'s place's distance from the user, metres (any order).
    ///   - gap: points kept between stacked labels, ≥ 0.
    /// - Throws: ``WaymarkError/badCount`` beyond the limit;
    ///   ``WaymarkError/invalidElement(index:fault:)`` for a non-finite or negative size,
    ///   a non-finite position or distance, or a coordinate beyond ±1e9 points;
    ///   ``WaymarkError/invalidInput(_:)`` for a bad gap. Nothing is written then.
    public static func offsets(count: Int, gap: Double, rectangle: (Int) -> Rectangle, distance: (Int) -> Double,
                               into offsets: UnsafeMutableBufferPointer<Double>) throws(WaymarkError) {
        guard count >= 0, count <= maximumLabels, offsets.count >= count else { throw .badCount }
        guard gap.isFinite else { throw .invalidInput(.nonFinite) }
        guard gap >= 0, gap <= 1e9 else { throw .invalidInput(.outOfRange) }
        for i in 0..<count {
            let r = rectangle(i), d = distance(i)
            guard r.x.isFinite, r.y.isFinite, r.width.isFinite, r.height.isFinite, d.isFinite else {
                throw .invalidElement(index: i, fault: .nonFinite)
            }
            guard r.width >= 0, r.height >= 0 else { throw .invalidElement(index: i, fault: .notPositive) }
            guard r.x.magnitude <= 1e9, r.y.magnitude <= 1e9, r.width <= 1e9, r.height <= 1e9 else {
                throw .invalidElement(index: i, fault: .outOfRange)
            }
        }
        // The inputs are copied first (they may share memory with `offsets`) into a stack
        // buffer, ordered nearer first: (distance, index).
        withUnsafeTemporaryAllocation(of: Placed.self, capacity: max(count, 1)) { placed in
            for i in 0..<count {
                let entry = Placed(rectangle: rectangle(i), distance: distance(i), index: i, top: 0)
                var k = i
                while k > 0 && (entry.distance < placed[k - 1].distance
                                || (entry.distance == placed[k - 1].distance && entry.index < placed[k - 1].index)) {
                    placed[k] = placed[k - 1]
                    k -= 1
                }
                placed[k] = entry
            }
            for k in 0..<count {
                let r = placed[k].rectangle
                // Above every nearer label it covered where both would be drawn unshifted,
                // wherever that one went (the stack keeps the order of distance)...
                var top = r.y
                for j in 0..<k {
                    let o = placed[j].rectangle
                    if r.x < o.x + o.width && o.x < r.x + r.width && r.y < o.y + o.height + gap && o.y < r.y + r.height + gap {
                        top = min(top, placed[j].top - r.height - gap)
                    }
                }
                // ...then clear of every nearer label it now covers. Each pass moves it above
                // a placed label it overlaps; it only moves up, past a different label each
                // time, so at most k passes.
                var moved = true
                while moved {
                    moved = false
                    for j in 0..<k {
                        let o = placed[j].rectangle, oTop = placed[j].top
                        let overlapsX = r.x < o.x + o.width && o.x < r.x + r.width
                        let overlapsY = top < oTop + o.height + gap && oTop < top + r.height + gap
                        // Strictly up only: with round-off the cleared position can still
                        // test as touching, and must not loop.
                        let above = oTop - r.height - gap
                        if overlapsX && overlapsY && above < top {
                            top = above
                            moved = true
                        }
                    }
                }
                placed[k].top = top
            }
            for k in 0..<count { offsets[placed[k].index] = placed[k].top - placed[k].rectangle.y }
        }
    }

    /// A label while it is placed: its input, copied, and its top once placed.
    struct Placed {
        var rectangle: Rectangle
        var distance: Double
        var index: Int
        var top: Double
    }

    /// The offsets of `rectangles` (nearest first by `distances`), as
    /// ``offsets(count:gap:rectangle:distance:into:)``.
    /// - Throws: as that method; ``WaymarkError/badCount`` when the arrays differ in length.
    public static func offsets(_ rectangles: [Rectangle], distances: [Double], gap: Double = 2) throws(WaymarkError) -> [Double] {
        guard rectangles.count == distances.count else { throw .badCount }
        var out = [Double](repeating: 0, count: rectangles.count)
        try out.withUnsafeMutableBufferPointer { (buffer) throws(WaymarkError) in
            try offsets(count: rectangles.count, gap: gap, rectangle: { rectangles[$0] }, distance: { distances[$0] }, into: buffer)
        }
        return out
    }
}

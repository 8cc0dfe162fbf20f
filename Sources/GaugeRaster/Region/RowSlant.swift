/// How a region's rectangle is cut along two slanted lines: on each row it holds only the
/// pixels between its left and right edge, each moving by a constant step per row. A
/// slanted needle's damage band then follows the needle instead of filling its bounding
/// box (docs/performance.md, "Slanted damage bands").
///
/// Steps are in 1/256 px per row. The left edge touches the rectangle's left side on the
/// row where it is leftmost (the top row when `left` ≥ 0, the bottom row when < 0) and
/// moves right from there; the right edge touches the right side where it is rightmost
/// (top when `right` ≤ 0, bottom when > 0). Offsets are rounded down, so a row never
/// loses a pixel to rounding — a maker of slanted damage rounds the steps toward zero.
/// `.none` is the whole rectangle.
public struct RowSlant: Hashable, Sendable {
    public var left: Int16
    public var right: Int16

    @inlinable public init(left: Int16, right: Int16) {
        self.left = left
        self.right = right
    }

    public static let none = RowSlant(left: 0, right: 0)

    @inlinable public var isNone: Bool { left == 0 && right == 0 }

    /// Packed as stored beside a region's rectangle: 0 is `.none`.
    @inlinable var packed: UInt32 { UInt32(UInt16(bitPattern: left)) | UInt32(UInt16(bitPattern: right)) << 16 }
    @inlinable init(packed: UInt32) {
        left = Int16(bitPattern: UInt16(truncatingIfNeeded: packed))
        right = Int16(bitPattern: UInt16(truncatingIfNeeded: packed &>> 16))
    }

    /// The columns x0..<x1 of `rect` on row y (inside its rows); empty when x0 ≥ x1. An
    /// edge's offset from its side is rounded down: ⌊step · rows / 256⌋.
    @inlinable @inline(__always)
    public func columns(of rect: IntRect, row y: Int32) -> (x0: Int32, x1: Int32) {
        let fromTop = y &- rect.y0, fromBottom = rect.y1 &- 1 &- y
        let l = Int32(left), r = Int32(right)
        let x0 = rect.x0 &+ ((l >= 0 ? l &* fromTop : (0 &- l) &* fromBottom) &>> 8)
        let x1 = rect.x1 &- ((r <= 0 ? (0 &- r) &* fromTop : r &* fromBottom) &>> 8)
        return (x0, x1)
    }

    /// The step of an edge that moves `dx` columns over `rows` rows (both in any one unit),
    /// rounded toward zero; nil past 127 px per row.
    public static func step(dx: Int64, rows: Int64) -> Int16? {
        guard rows > 0 else { return dx == 0 ? 0 : nil }
        let magnitude = (abs(dx) << 8) / rows
        guard magnitude <= Int64(Int16.max) else { return nil }
        return dx >= 0 ? Int16(magnitude) : -Int16(magnitude)
    }
}

/// A slanted rectangle of a damage mask, for a fill given one part at a time: its columns
/// on each row. The default cuts nothing.
struct SlantedRows {
    var rect = IntRect(x0: Int32.min, y0: Int32.min, x1: Int32.max, y1: Int32.max)
    var slant = RowSlant.none

    @inline(__always) func columns(row y: Int32) -> (x0: Int32, x1: Int32) {
        slant.isNone ? (rect.x0, rect.x1) : slant.columns(of: rect, row: y)
    }
}

extension Region {
    /// The rows spanned by the rectangles (each taken whole) that meet `rect`, or nil when
    /// none does: where a slanted rectangle about to be added must become whole.
    public func rowsMeeting(_ rect: IntRect) -> (y0: Int32, y1: Int32)? {
        var y0 = Int32.max, y1 = Int32.min
        for i in 0..<count {
            let r = self[i]
            if r.intersects(rect) {
                y0 = Swift.min(y0, r.y0)
                y1 = Swift.max(y1, r.y1)
            }
        }
        return y0 < y1 ? (y0, y1) : nil
    }
}

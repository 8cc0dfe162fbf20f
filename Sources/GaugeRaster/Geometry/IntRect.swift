/// A rectangle of whole pixels, half-open: x0 ≤ x < x1, y0 ≤ y < y1.
/// Used for clips, damage and bounding boxes. A rectangle with x1 ≤ x0 or y1 ≤ y0 is empty.
public struct IntRect: Hashable, Sendable {
    public var x0: Int32, y0: Int32, x1: Int32, y1: Int32

    @inlinable public init(x0: Int32, y0: Int32, x1: Int32, y1: Int32) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// From origin and size; negative sizes give an empty rectangle, sums saturate.
    @inlinable public init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.init(x0: x, y0: y, x1: x.addingSaturated(Swift.max(width, 0)), y1: y.addingSaturated(Swift.max(height, 0)))
    }

    public static let empty = IntRect(x0: 0, y0: 0, x1: 0, y1: 0)

    @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    @inlinable public var width: Int32 { isEmpty ? 0 : x1 - x0 }
    @inlinable public var height: Int32 { isEmpty ? 0 : y1 - y0 }
    /// Pixel count, 64-bit so that any rectangle fits.
    @inlinable public var area: Int64 { Int64(width) * Int64(height) }

    @inlinable public func intersection(_ other: IntRect) -> IntRect {
        let r = IntRect(
            x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0),
            x1: Swift.min(x1, other.x1), y1: Swift.min(y1, other.y1))
        return r.isEmpty ? .empty : r
    }

    /// Smallest rectangle containing both (an empty operand is ignored).
    @inlinable public func union(_ other: IntRect) -> IntRect {
        if isEmpty { return other.isEmpty ? .empty : other }
        if other.isEmpty { return self }
        return IntRect(
            x0: Swift.min(x0, other.x0), y0: Swift.min(y0, other.y0),
            x1: Swift.max(x1, other.x1), y1: Swift.max(y1, other.y1))
    }

    @inlinable public func intersects(_ other: IntRect) -> Bool { !intersection(other).isEmpty }

    @inlinable public func contains(x: Int32, y: Int32) -> Bool { x >= x0 && x < x1 && y >= y0 && y < y1 }

    @inlinable public func contains(_ other: IntRect) -> Bool {
        other.isEmpty || (other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1)
    }
}

extension Int32 {
    @inlinable func addingSaturated(_ other: Int32) -> Int32 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

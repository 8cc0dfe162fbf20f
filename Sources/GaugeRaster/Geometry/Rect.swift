/// A rectangle in fixed-point pixels: origin and size. Negative sizes are empty.
public struct Rect: Hashable, Sendable {
    public var x: Fixed, y: Fixed, width: Fixed, height: Fixed

    @inlinable public init(x: Fixed, y: Fixed, width: Fixed, height: Fixed) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable public init(_ r: IntRect) {
        self.init(x: Fixed(r.x0), y: Fixed(r.y0), width: Fixed(r.width), height: Fixed(r.height))
    }

    @inlinable public var isEmpty: Bool { width.raw <= 0 || height.raw <= 0 }
    @inlinable public var maxX: Fixed { x + width }
    @inlinable public var maxY: Fixed { y + height }
}

/// How a stroke ends.
public enum LineCap: Sendable {
    /// Square, exactly at the end point.
    case butt
    /// A half-disc beyond the end point.
    case round
}

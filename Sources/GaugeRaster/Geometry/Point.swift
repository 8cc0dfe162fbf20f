/// A point in 24.8 fixed-point pixels. Pixel (x, y) covers [x, x+1) × [y, y+1); its
/// centre, where the rasterizer samples, is (x + ½, y + ½).
public struct Point: Hashable, Sendable {
    public var x: Fixed
    public var y: Fixed

    @inlinable public init(x: Fixed, y: Fixed) {
        self.x = x
        self.y = y
    }
    @inlinable public init(_ x: Int32, _ y: Int32) {
        self.x = Fixed(x)
        self.y = Fixed(y)
    }

    /// The point at `radius` from `centre` in the direction `angle` (screen convention).
    public init(centre: Point, radius: Fixed, angle: Angle) {
        self.init(centre: centre, radius: radius, direction: Direction(angle))
    }

    /// The same point from a direction computed once: a tick's two ends and its label lie
    /// on one ray, and each `angle` costs a sine and a cosine.
    public init(centre: Point, radius: Fixed, direction d: Direction) {
        let r = Int64(radius.raw)
        x = Fixed(clampingRaw: Int64(centre.x.raw) + ((r * Int64(d.cos) + 32768) >> 16))
        y = Fixed(clampingRaw: Int64(centre.y.raw) + ((r * Int64(d.sin) + 32768) >> 16))
    }
}

/// A point in 24.8 fixed-point pixels. Pixel (x, y) covers [x, x+1) × [y, y+1); its
/// centre, where the rasterizer samples, is (x + ½, y + ½).
public struct Point: Hashable, Sendable {
    public var x: Fixed
    public var y: Fixed

    @inlinable public init(x: Fixed, y: Fixed) { self.x = x; self.y = y }
    @inlinable public init(_ x: Int32, _ y: Int32) { self.x = Fixed(x); self.y = Fixed(y) }

    /// The point at `radius` from `centre` in the direction `angle` (screen convention).
    public init(centre: Point, radius: Fixed, angle: Angle) {
        let r = Int64(radius.raw)
        x = Fixed(clampingRaw: Int64(centre.x.raw) + ((r * Int64(Trig.cos(angle)) + 32768) >> 16))
        y = Fixed(clampingRaw: Int64(centre.y.raw) + ((r * Int64(Trig.sin(angle)) + 32768) >> 16))
    }
}

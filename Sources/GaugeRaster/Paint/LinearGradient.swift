/// A gradient along the line from `start` to `end`: pixels are coloured by their
/// projection onto it, clamped to the end colours beyond either end.
public struct LinearGradient: Sendable {
    public let start: Point
    public let end: Point
    public let ramp: ColorRamp
    /// d(t)/dx and d(t)/dy in Q16 per 1/256 px, scaled by 2^16 (t in Q32 per raw unit).
    @usableFromInline let stepX: Int64
    @usableFromInline let stepY: Int64

    public init(from start: Point, to end: Point, stops: [GradientStop]) {
        self.start = start
        self.end = end
        ramp = ColorRamp(stops)
        let dx = Int64(end.x.raw - start.x.raw), dy = Int64(end.y.raw - start.y.raw)
        let lengthSquared = dx * dx + dy * dy
        if lengthSquared == 0 {
            stepX = 0
            stepY = 0
        } else {
            // t(p) = ((p − start)·d) / |d|²; store d/|d|² with 32 fraction bits.
            stepX = (dx << 32) / lengthSquared
            stepY = (dy << 32) / lengthSquared
        }
    }

    /// t in Q16 (0…65536) at the centre of pixel (x, y).
    @inlinable @inline(__always) func parameter(x: Int32, y: Int32) -> Int32 {
        let rx = Int64(x) * 256 + 128 - Int64(start.x.raw)
        let ry = Int64(y) * 256 + 128 - Int64(start.y.raw)
        let t = (rx * stepX + ry * stepY) >> 16
        return Int32(Swift.min(Swift.max(t, 0), 65536))
    }
}

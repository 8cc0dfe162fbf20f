/// A gradient along an arc: a pixel is coloured by its angle around `centre`, from
/// `start` (t = 0) through `sweep` (t = 1; negative sweeps run anticlockwise). Outside
/// the sweep each pixel takes the colour of the nearer end, so anti-aliased and rounded
/// arc ends keep their colour.
public struct ConicGradient: Sendable {
    public let centre: Point
    public let start: Angle
    public let sweep: Angle
    public let ramp: ColorRamp
    @usableFromInline let inverseSweep: Int64

    public init(centre: Point, start: Angle, sweep: Angle, stops: [GradientStop]) {
        self.centre = centre; self.start = start.normalized
        let magnitude = Swift.min(sweep.raw.magnitude, UInt32(Angle.unitsPerTurn))
        self.sweep = Angle(raw: sweep.raw < 0 ? -Int32(magnitude) : Int32(magnitude))
        ramp = ColorRamp(stops)
        inverseSweep = magnitude == 0 ? 0 : (Int64(1) << 32) / Int64(magnitude)
    }

    /// t in Q16 (0…65536) at the centre of pixel (x, y).
    @inlinable @inline(__always) func parameter(x: Int32, y: Int32) -> Int32 {
        let dx = Int32(clampedPixel(Int64(x) * 256 + 128 - Int64(centre.x.raw)))
        let dy = Int32(clampedPixel(Int64(y) * 256 + 128 - Int64(centre.y.raw)))
        let angle = Trig.atan2(dy, dx).raw
        let forward = sweep.raw >= 0
        let delta = (forward ? angle - start.raw : start.raw - angle) & 0xFFFF
        let magnitude = Int32(sweep.raw.magnitude)
        if delta > magnitude {
            // In the gap: the nearer end's colour.
            let gapMiddle = magnitude + (65536 - magnitude) / 2
            return delta > gapMiddle ? 0 : 65536
        }
        return Int32(Swift.min((Int64(delta) * inverseSweep) >> 16, 65536))
    }
}

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

    /// Colours along the sweep come in this many equal steps (t quantised to 2^16 / steps):
    /// at a dial's size a step is under a pixel and under one 8-bit colour level, and it lets
    /// a draw look each colour up in a small table (`ConicColorTable`) instead of running
    /// the ramp for every pixel.
    public static let steps: Int32 = 1024

    /// The colour step (0…`steps`) of pixel (x, y): `parameter` rounded to a step.
    @inlinable @inline(__always) func step(x: Int32, y: Int32) -> Int32 {
        (parameter(x: x, y: y) + 32) >> 6
    }

    /// The colour of step `i`, 8 fraction bits per channel.
    @inlinable @inline(__always) func color(step i: Int32) -> WideColor { ramp.color(at: i << 6) }

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

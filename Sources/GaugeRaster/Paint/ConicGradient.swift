/// A gradient along an arc: a pixel is coloured by its angle around `centre`, from
/// `start` (t = 0) through `sweep` (t = 1; negative sweeps run anticlockwise). Outside
/// the sweep each pixel takes the colour of the nearer end, so anti-aliased and rounded
/// arc ends keep their colour.
public struct ConicGradient: Sendable {
    public let centre: Point
    public let start: Angle
    public let sweep: Angle
    public let ramp: ColorRamp
    /// The angle → parameter mapping, its constants computed once per gradient.
    @usableFromInline let sweepMap: SweepMap

    public init(centre: Point, start: Angle, sweep: Angle, stops: [GradientStop]) {
        self.centre = centre
        self.start = start.normalized
        let magnitude = Swift.min(sweep.raw.magnitude, UInt32(Angle.unitsPerTurn))
        self.sweep = Angle(raw: sweep.raw < 0 ? -Int32(magnitude) : Int32(magnitude))
        ramp = ColorRamp(stops)
        sweepMap = SweepMap(start: self.start.raw, sweep: self.sweep.raw)
    }

    /// Maps a pixel's angle around the centre to t: the sweep's constants in a few scalars,
    /// so a pixel loop keeps them in registers (read through the gradient, they were
    /// reloaded after every pixel store).
    @usableFromInline struct SweepMap: Sendable {
        @usableFromInline let start: Int32, magnitude: Int32, gapMiddle: Int32
        @usableFromInline let forward: Bool
        @usableFromInline let inverseSweep: Int64

        /// `start` normalised (0…65535), `sweep` within ±65536.
        init(start: Int32, sweep: Int32) {
            self.start = start
            magnitude = Int32(sweep.magnitude)
            forward = sweep >= 0
            gapMiddle = magnitude + (65536 - magnitude) / 2
            inverseSweep = magnitude == 0 ? 0 : (Int64(1) << 32) / Int64(magnitude)
        }

        /// t in Q16 (0…65536) for a binary angle (0…65535).
        @inlinable @inline(__always) func parameter(angle: Int32) -> Int32 {
            // Wrapping operators where the ranges cannot overflow (angles and start are
            // 0…65535, inverseSweep ≤ 2^32): this runs for every pixel of a conic gradient.
            let delta = (forward ? angle &- start : start &- angle) & 0xFFFF
            if delta > magnitude {
                // In the gap: the nearer end's colour.
                return delta > gapMiddle ? 0 : 65536
            }
            return Int32(truncatingIfNeeded: Swift.min((Int64(delta) &* inverseSweep) >> 16, 65536))
        }

        /// The colour step (0…`steps`) of a binary angle: t rounded to a step.
        @inlinable @inline(__always) func step(angle: Int32) -> Int32 {
            step(delta: (forward ? angle &- start : start &- angle) & 0xFFFF)
        }

        /// `step(angle:)` from the angle's distance along the sweep from `start` (0…65535):
        /// `parameter`'s t rounded in one shift. Within the sweep the product is at most
        /// 2^32 (inverseSweep ≤ 2^32 / magnitude), so t needs no clamp.
        @inlinable @inline(__always) func step(delta: Int32) -> Int32 {
            if delta > magnitude { return delta > gapMiddle ? 0 : ConicGradient.steps }
            return Int32(truncatingIfNeeded: (Int64(delta) &* inverseSweep &+ (1 << 21)) >> 22)
        }
    }

    /// Colours along the sweep come in this many equal steps (t quantised to 2^16 / steps):
    /// at a dial's size a step is under a pixel and under one 8-bit colour level, and it lets
    /// a draw look each colour up in a small table (`ConicColorTable`) instead of running
    /// the ramp for every pixel.
    public static let steps: Int32 = 1024

    /// The colour step (0…`steps`) of pixel (x, y): `parameter` rounded to a step.
    @inlinable @inline(__always) func step(x: Int32, y: Int32) -> Int32 {
        step(dx: offsetX(x), dy: offsetY(y))
    }

    /// The colour of step `i`, 8 fraction bits per channel.
    @inlinable @inline(__always) func color(step i: Int32) -> WideColor { ramp.color(at: i << 6) }

    /// t in Q16 (0…65536) at the centre of pixel (x, y).
    @inlinable @inline(__always) func parameter(x: Int32, y: Int32) -> Int32 {
        parameter(dx: offsetX(x), dy: offsetY(y))
    }

    /// Pixel column x's centre minus the gradient's centre, in 1/256 px (clamped to ±2^30).
    @inlinable @inline(__always) func offsetX(_ x: Int32) -> Int32 {
        clampedPixel(Int64(x) * 256 + 128 - Int64(centre.x.raw))
    }
    /// Pixel row y's centre minus the gradient's centre, in 1/256 px (clamped to ±2^30).
    @inlinable @inline(__always) func offsetY(_ y: Int32) -> Int32 {
        clampedPixel(Int64(y) * 256 + 128 - Int64(centre.y.raw))
    }

    /// t in Q16 at the pixel centre (dx, dy) from the centre (`offsetX`, `offsetY`): split
    /// from `parameter(x:y:)` so that a row computes its dy once.
    @inlinable @inline(__always) func parameter(dx: Int32, dy: Int32) -> Int32 {
        sweepMap.parameter(angle: Trig.atan2(dy, dx).raw)
    }

    /// The colour step of the pixel centre (dx, dy) from the centre.
    @inlinable @inline(__always) func step(dx: Int32, dy: Int32) -> Int32 {
        sweepMap.step(angle: Trig.atan2(dy, dx).raw)
    }
}

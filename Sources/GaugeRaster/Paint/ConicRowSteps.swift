/// A conic gradient's colour steps along one row: `map.step(angle: Trig.atan2(dy, dx))`
/// for every pixel, with what `Trig.atan2` decides per pixel decided per run of pixels.
///
/// Along a row dx only grows, so the row falls into at most four runs: left of the centre
/// with |dx| ≥ |dy|, left with |dx| < |dy|, right with |dx| < |dy|, right with |dx| ≥ |dy|.
/// In each run the ratio's operands, the reflection into the pixel's quadrant and the
/// sweep's direction are fixed, so the angle's distance along the sweep is `k + s · t`
/// (mod 2^16) of the table's arctangent t, with k and s (±1) found once per run: a pixel
/// is one 32-bit division, the table, a multiply-add and the step — the same bits.
/// What receives a row's steps: a type, not a closure, so that each run's loop inlines it
/// (a closure was called per pixel).
protocol ConicStepSink {
    func put(x: Int32, step: Int32)
}

enum ConicRowSteps {
    /// Calls `sink.put(x:step:)` for x in x0 ..< x1, dx being x0's offset from the centre
    /// (1/256 px, stepping by 256; every offset within ±2^30) and dy the row's.
    @inline(__always)
    static func forEach<S: ConicStepSink>(
        dy: Int32, map: ConicGradient.SweepMap, dx first: Int32, from x0: Int32, to x1: Int32, _ sink: S
    ) {
        let ay = dy.magnitude
        var x = x0, dx = first
        // On the centre's row and 256 px or more above or below it, `RowAngles` per pixel.
        guard ay > 0 && ay < 0x1_0000 else {
            let angles = Trig.RowAngles(dy: dy)
            while x < x1 {
                sink.put(x: x, step: map.step(angle: angles.angle(dx: dx)))
                dx &+= 256
                x &+= 1
            }
            return
        }
        // The angle in each quadrant from the first octant's a: c + q·a (`Trig.reflected`);
        // from the second octant's t, a = 0x4000 − t. The sweep's distance: ±(angle − start).
        let up = dy < 0, f: Int32 = map.forward ? 1 : -1
        let leftC: Int32 = 0x8000, leftQ: Int32 = up ? 1 : -1
        let rightC: Int32 = up ? 0x10000 : 0, rightQ: Int32 = up ? -1 : 1
        let iay = Int32(ay)
        var end = runEnd(x, dx, through: -iay, x1)
        run(&x, &dx, to: end, ay: ay, wide: true, left: true, k: f &* (leftC &- map.start), s: f &* leftQ, map, sink)
        end = runEnd(x, dx, through: -1, x1)
        let leftB = leftC &+ leftQ &* 0x4000
        run(&x, &dx, to: end, ay: ay, wide: false, left: true, k: f &* (leftB &- map.start), s: -f &* leftQ, map, sink)
        end = runEnd(x, dx, through: iay &- 1, x1)
        let rightB = rightC &+ rightQ &* 0x4000
        run(&x, &dx, to: end, ay: ay, wide: false, left: false, k: f &* (rightB &- map.start), s: -f &* rightQ, map, sink)
        run(&x, &dx, to: x1, ay: ay, wide: true, left: false, k: f &* (rightC &- map.start), s: f &* rightQ, map, sink)
    }

    /// The first column from x (offset dx) whose offset exceeds `bound`, at most x1.
    @inline(__always)
    private static func runEnd(_ x: Int32, _ dx: Int32, through bound: Int32, _ x1: Int32) -> Int32 {
        guard dx <= bound, x < x1 else { return x }
        let count = (Int64(bound) - Int64(dx)) / 256 + 1
        return Int32(truncatingIfNeeded: Swift.min(count, Int64(x1) - Int64(x))) &+ x
    }

    /// One run: `wide` when |dx| ≥ |dy| (ratio |dy| / |dx|), `left` when dx < 0.
    @inline(__always)
    private static func run<S: ConicStepSink>(
        _ x: inout Int32, _ dx: inout Int32, to end: Int32, ay: UInt32, wide: Bool, left: Bool, k: Int32, s: Int32,
        _ map: ConicGradient.SweepMap, _ sink: S
    ) {
        let ayShifted = ay << 16  // ay < 2^16
        while x < end {
            let ax = UInt32(bitPattern: left ? 0 &- dx : dx)
            // Wide: ax ≥ ay > 0; narrow: ax < ay < 2^16, so ax << 16 fits.
            let t = Trig.arctangentOfRatio(wide ? ayShifted / ax : (ax << 16) / ay)
            sink.put(x: x, step: map.step(delta: (k &+ s &* t) & 0xFFFF))
            dx &+= 256
            x &+= 1
        }
    }
}

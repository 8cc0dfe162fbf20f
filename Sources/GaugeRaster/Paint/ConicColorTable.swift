/// A conic gradient's shader for one draw: its colours one per step along the sweep
/// (`ConicGradient.steps` + 1), each computed the first time a pixel needs it (in XRGB8888
/// 16 neighbouring steps at once: a run of pixels asks for them next) — the ramp runs at
/// most once per step instead of once per pixel, and a damage redraw of a thin slice
/// computes only the few colours it touches. The table is an InlineArray on the stack for the duration of
/// the draw (8 KB, never the heap); colours are exactly `ConicGradient.color(x:y:)`,
/// painted as `GradientShader` paints them.
///
/// Rows are filled with the vertical offset computed once, the step found per pixel with
/// one fixed-point atan2 (its branches decided per run: `ConicRowSteps`) and the colour
/// read from the table. The gradient is read through a pointer: the shader is copied into
/// every run's loop, and a copy of the gradient (184 bytes) cost a memcpy per row.
struct ConicColorTable: Shader {
    private let source: UnsafePointer<ConicGradient>
    let isOpaque: Bool
    /// `steps + 1` colours, each channel's 0…65280 in 16 bits (r, g, b, a from the low end);
    /// `notComputed` (alpha 0xFFFF) marks one not computed yet.
    private let colors: UnsafeMutablePointer<UInt64>
    /// For opaque gradients: each step's colour prepared for the draw's pixel format
    /// (`PixelCodec.prepare`: packed, or ready to dither; a surface has one format, so a
    /// draw has one codec); 0 marks one not prepared yet.
    private let packed: UnsafeMutablePointer<UInt32>
    /// Each pixel's step kept from earlier frames, for the ring this draw fills (nil:
    /// every step computed).
    let stored: StoredRing?

    typealias Storage = InlineArray<1025, UInt64>
    typealias PackedStorage = InlineArray<1025, UInt32>
    private static let notComputed = UInt64.max
    /// Steps prepared together on a miss, in a format that does not dither.
    private static let block: Int32 = 16

    /// The draw's gradient.
    var gradient: ConicGradient { source.pointee }

    /// Runs `body` with a table for `gradient`, valid only inside it.
    static func with(_ gradient: ConicGradient, stored: StoredRing? = nil, _ body: (ConicColorTable) -> Void) {
        // Steps index 0…steps: the fixed size must follow the constant.
        precondition(Storage.count == Int(ConicGradient.steps) + 1, "ConicColorTable.Storage must hold steps + 1 colours")
        var storage = Storage(repeating: notComputed)
        var packedStorage = PackedStorage(repeating: 0)
        withUnsafePointer(to: gradient) { source in
            withUnsafeMutablePointer(to: &storage) { table in
                withUnsafeMutablePointer(to: &packedStorage) { packedTable in
                    table.withMemoryRebound(to: UInt64.self, capacity: Storage.count) { colors in
                        packedTable.withMemoryRebound(to: UInt32.self, capacity: PackedStorage.count) { packed in
                            body(
                                ConicColorTable(
                                    source: source, isOpaque: gradient.isOpaque, colors: colors, packed: packed,
                                    stored: stored))
                        }
                    }
                }
            }
        }
    }

    /// The colour of pixel (x, y).
    @inline(__always) func color(x: Int32, y: Int32) -> WideColor {
        color(step: source.pointee.step(x: x, y: y))
    }

    /// The colour of step `i` (0…steps = Storage.count − 1), computed on first use.
    @inline(__always) func color(step i: Int32) -> WideColor {
        var packed = colors[Int(i)]
        if packed == ConicColorTable.notComputed {
            computeColors(around: i)
            packed = colors[Int(i)]
        }
        @inline(__always) func channel(_ shift: UInt64) -> Int32 { Int32(UInt16(truncatingIfNeeded: packed >> shift)) }
        return WideColor(r: channel(0), g: channel(16), b: channel(32), a: channel(48))
    }

    /// Never inlined: a gradient's span is tens of pixels, each a table read, so the call
    /// costs little; inlined, this loop was copied into every shape's walk for every
    /// format, and that made the renderer's release build several times its debug build.
    @inline(never)
    func fill<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32, codec: C.Type) {
        // Everything the loop reads, in locals: through `self` it was reloaded after every
        // pixel store (which may alias any memory).
        if let stored, let base = stored.stepBase(y: y, from: x0, to: x1) {
            fill(row, y: y, from: x0, to: x1, steps: stored, base: base, codec: C.self)
            return
        }
        let dy = source.pointee.offsetY(y), map = source.pointee.sweepMap
        let cx = Int64(source.pointee.centre.x.raw)
        if isOpaque {
            // Offsets step by 256 from x0's; clamping (`offsetX`) only matters beyond ±2^30.
            let first = Int64(x0) * 256 + 128 - cx, last = Int64(x1) * 256 + 128 - cx
            if first > -(1 << 30) && last < 1 << 30 {
                let dx = Int32(truncatingIfNeeded: first)
                // Two loops, not one with a threshold of 0 for formats that do not dither:
                // the shared loop cost XRGB8888 frames 0.3 % (measured).
                if !C.dithers {
                    ConicRowSteps.forEach(dy: dy, map: map, dx: dx, from: x0, to: x1, PackedRow<C>(table: self, row: row))
                    return
                }
                let sink = DitheredRow<C>(table: self, row: row, thresholds: ConicColorTable.thresholds(row: y))
                ConicRowSteps.forEach(dy: dy, map: map, dx: dx, from: x0, to: x1, sink)
                return
            }
        }
        let angles = Trig.RowAngles(dy: dy)
        @inline(__always) func step(_ x: Int32) -> Int32 {
            map.step(angle: angles.angle(dx: clampedPixel(Int64(x) * 256 + 128 - cx)))
        }
        if isOpaque {
            for x in x0..<x1 { row[Int(x)] = C.packDithered(color(step: step(x)), x: x, y: y) }
        } else {
            for x in x0..<x1 {
                let c = color(step: step(x))
                row[Int(x)] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: 256), over: row[Int(x)], x: x, y: y)
            }
        }
    }

    /// An opaque row's pixels in a format that does not dither: each step's packed colour.
    private struct PackedRow<C: PixelCodec>: ConicStepSink {
        let table: ConicColorTable, row: UnsafeMutablePointer<C.Storage>
        @inline(__always) func put(x: Int32, step: Int32) {
            row[Int(x)] = C.packPrepared(table.preparedColor(step: step, codec: C.self), threshold: 0)
        }
    }

    /// An opaque row's pixels in a format that dithers, with the row's thresholds.
    private struct DitheredRow<C: PixelCodec>: ConicStepSink {
        let table: ConicColorTable, row: UnsafeMutablePointer<C.Storage>, thresholds: UInt32
        @inline(__always) func put(x: Int32, step: Int32) {
            let t = ConicColorTable.threshold(thresholds, x: x)
            row[Int(x)] = C.packPrepared(table.preparedColor(step: step, codec: C.self), threshold: t)
        }
    }

    /// Row y's Bayer thresholds, one per x & 3, packed in a word (4 bits each).
    @inline(__always) private static func thresholds(row y: Int32) -> UInt32 {
        var packed: UInt32 = 0
        for i in Int32(0)..<4 { packed |= UInt32(truncatingIfNeeded: OrderedDither.threshold(x: i, y: y)) << UInt32(i * 4) }
        return packed
    }

    /// Pixel x's threshold from its row's `thresholds(row:)`.
    @inline(__always) private static func threshold(_ packed: UInt32, x: Int32) -> Int32 {
        Int32(truncatingIfNeeded: (packed >> (UInt32(truncatingIfNeeded: x & 3) << 2)) & 15)
    }

    /// `fill` with each pixel's step read from `steps` (x's at `base + x`). Never inlined:
    /// a call per run costs nothing measurable, and inlined into `fill` it made the
    /// firmware's optimizer copy `fill` into every shape's walk — 50 KB of armv6 text.
    @inline(never)
    private func fill<C: PixelCodec>(
        _ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32,
        steps: StoredRing, base: Int, codec: C.Type
    ) {
        var x = x0
        if isOpaque && !C.dithers {
            while x < x1 {
                row[Int(x)] = C.packPrepared(preparedColor(step: steps.step(at: base &+ Int(x)), codec: C.self), threshold: 0)
                x &+= 1
            }
        } else if isOpaque {
            let thresholds = ConicColorTable.thresholds(row: y)
            while x < x1 {
                let t = ConicColorTable.threshold(thresholds, x: x)
                row[Int(x)] = C.packPrepared(preparedColor(step: steps.step(at: base &+ Int(x)), codec: C.self), threshold: t)
                x &+= 1
            }
        } else {
            while x < x1 {
                let c = color(step: steps.step(at: base &+ Int(x)))
                row[Int(x)] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: 256), over: row[Int(x)], x: x, y: y)
                x &+= 1
            }
        }
    }

    @inline(__always)
    func blend<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, x: Int32, y: Int32, coverage: UInt32, codec: C.Type) {
        let i: Int32
        if let stored, let base = stored.stepBase(y: y, from: x, to: x &+ 1) {
            i = stored.step(at: base &+ Int(x))
        } else {
            i = source.pointee.step(x: x, y: y)
        }
        if packs(C.self) {
            // `blendDithered` is `blend` of the rounded colour here, and an opaque colour's
            // alpha at this coverage is the coverage: the packed step read back.
            row[Int(x)] = C.blend(
                C.unpack(C.packPrepared(preparedColor(step: i, codec: C.self), threshold: 0)),
                alpha: coverage, over: row[Int(x)])
            return
        }
        let c = color(step: i)
        row[Int(x)] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: coverage), over: row[Int(x)], x: x, y: y)
    }

    /// Whether edge pixels blend the prepared colour: opaque, into a format that does not
    /// dither (there the prepared colour is the packed pixel).
    @inline(__always) private func packs<C: PixelCodec>(_ codec: C.Type) -> Bool { isOpaque && !C.dithers }

    /// Step `i`'s opaque colour prepared for codec C, on first use.
    @inline(__always) func preparedColor<C: PixelCodec>(step i: Int32, codec: C.Type) -> UInt32 {
        let p = packed[Int(i)]
        return p != 0 ? p : prepareColors(around: i, codec: C.self)
    }

    /// Step `i`'s colour, computed. Never inlined: a miss is rare (once per step and draw),
    /// the loops that ask are hot. One step, not a block: only blends and translucent
    /// gradients ask, a few steps in a warm frame.
    @inline(never) private func computeColors(around i: Int32) {
        source.pointee.ramp.stops.withUnsafeBufferPointer { stops in
            var walk = RampWalk(stops: stops)
            let c = walk.color(at: i << 6, source)
            colors[Int(i)] =
                UInt64(UInt16(c.r)) | UInt64(UInt16(c.g)) << 16 | UInt64(UInt16(c.b)) << 32 | UInt64(UInt16(c.a)) << 48
        }
    }

    /// `preparedColor` on a miss: the block around `i` prepared, `i`'s returned (the
    /// colours from the ramp directly: `colors` is computed only when a blend asks). A
    /// format that dithers prepares one step: its preparation is dear (three divisions a
    /// channel), and a warm frame's few misses paid for whole blocks (RGB565 needle step +1.4 %).
    @inline(never) private func prepareColors<C: PixelCodec>(around i: Int32, codec: C.Type) -> UInt32 {
        let block = C.dithers ? 1 : ConicColorTable.block
        let first = i & ~(block &- 1)
        let end = Swift.min(first &+ block, ConicGradient.steps &+ 1)
        source.pointee.ramp.stops.withUnsafeBufferPointer { stops in
            var walk = RampWalk(stops: stops)
            var j = first
            while j < end {
                if packed[Int(j)] == 0 {
                    // A format that does not dither prepares the packed pixel of the
                    // rounded colour (`packs`): rounded by the walk, without the wide one.
                    packed[Int(j)] =
                        C.dithers
                        ? C.prepare(walk.color(at: j << 6, source))
                        : UInt32(truncatingIfNeeded: C.pack(walk.rounded(at: j << 6, source)))
                }
                j &+= 1
            }
        }
        return packed[Int(i)]
    }
}

/// `ColorRamp.color(at:)` for increasing t: the same bits, each segment found by walking
/// on from the one before (t only grows, and so does its segment) instead of from the
/// first, with wrapping arithmetic where the ranges cannot overflow (positions 0…65536,
/// each segment's inverse ≤ 2^32 / its length) and the mix in 32 bits: a conic arc's
/// 1,025 colours cost 80 K x86_64 instructions against 164 K through `color(at:)`.
private struct RampWalk {
    let stops: UnsafeBufferPointer<GradientStop>
    var segment = -1
    var inverse: Int64 = 0

    init(stops: UnsafeBufferPointer<GradientStop>) { self.stops = stops }

    @inline(__always) mutating func color(at t: Int32, _ gradient: UnsafePointer<ConicGradient>) -> WideColor {
        let (a, b, local) = find(t, gradient)
        return RampWalk.mix(a, b, local)
    }

    /// `color(at:)`'s `rounded`: with e = (d·t + 128) >> 8, ((x << 8) + e + 128) >> 8 =
    /// x + (e + 128) >> 8, between x and y (no clamp).
    @inline(__always) mutating func rounded(at t: Int32, _ gradient: UnsafePointer<ConicGradient>) -> Color {
        let (a, b, local) = find(t, gradient)
        @inline(__always) func q(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let e = ((Int32(y) &- Int32(x)) &* local &+ 128) >> 8
            return UInt8(truncatingIfNeeded: Int32(x) &+ ((e &+ 128) >> 8))
        }
        return Color(r: q(a.r, b.r), g: q(a.g, b.g), b: q(a.b, b.b), a: q(a.a, b.a))
    }

    /// The stops t lies between and its place between them (0…65536): both the first or
    /// the last stop outside the ramp.
    @inline(__always) private mutating func find(_ t: Int32, _ gradient: UnsafePointer<ConicGradient>)
        -> (Color, Color, Int32)
    {
        if t <= stops[0].position { return (stops[0].color, stops[0].color, 0) }
        let last = stops.count &- 1
        if t >= stops[last].position { return (stops[last].color, stops[last].color, 0) }
        var i = Swift.max(segment, 0)
        while i < last &- 1 && t >= stops[i &+ 1].position { i &+= 1 }
        if i != segment {
            segment = i
            inverse =
                i < ColorRamp.inlineSpans
                ? gradient.pointee.ramp.inverseSpans[i]
                : gradient.pointee.ramp.moreInverseSpans.withUnsafeBufferPointer { $0[i &- ColorRamp.inlineSpans] }
        }
        let local = Int32(truncatingIfNeeded: (Int64(t &- stops[i].position) &* inverse) >> 16)
        return (stops[i].color, stops[i &+ 1].color, Swift.min(local, 65536))
    }

    /// `mixWide(a, b, t)` for t in 0…65536, in 32-bit arithmetic: with d = y − x (8-bit
    /// channels), (256·d·t + 32768) >> 16 = (d·t + 128) >> 8 exactly (both floor the same
    /// quotient), and |d·t| ≤ 255 · 65536 fits.
    @inline(__always) static func mix(_ a: Color, _ b: Color, _ t: Int32) -> WideColor {
        @inline(__always) func lerp(_ x: UInt8, _ y: UInt8) -> Int32 {
            (Int32(x) << 8) &+ (((Int32(y) &- Int32(x)) &* t &+ 128) >> 8)
        }
        return WideColor(r: lerp(a.r, b.r), g: lerp(a.g, b.g), b: lerp(a.b, b.b), a: lerp(a.a, b.a))
    }
}

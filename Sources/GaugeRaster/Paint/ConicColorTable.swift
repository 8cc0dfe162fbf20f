/// A conic gradient's colours for one draw, one per step along the sweep
/// (`ConicGradient.steps` + 1), each computed the first time a pixel needs it: the ramp
/// runs at most once per step instead of once per pixel, and a damage redraw of a thin
/// slice computes only the few colours it touches. The table is an InlineArray on the
/// stack for the duration of the draw (8 KB, never the heap); colours are exactly
/// `ConicGradient.color(x:y:)`.
struct ConicColorTable: GradientGeometry {
    let gradient: ConicGradient
    let isOpaque: Bool
    /// `steps + 1` colours, each channel's 0…65280 in 16 bits (r, g, b, a from the low end);
    /// `notComputed` (alpha 0xFFFF) marks one not computed yet.
    private let colors: UnsafeMutablePointer<UInt64>

    typealias Storage = InlineArray<1025, UInt64>
    private static let notComputed = UInt64.max

    /// Runs `body` with a table for `gradient`, valid only inside it.
    static func with(_ gradient: ConicGradient, _ body: (ConicColorTable) -> Void) {
        // Steps index 0…steps: the fixed size must follow the constant.
        precondition(Storage.count == Int(ConicGradient.steps) + 1, "ConicColorTable.Storage must hold steps + 1 colours")
        var storage = Storage(repeating: notComputed)
        withUnsafeMutablePointer(to: &storage) { table in
            table.withMemoryRebound(to: UInt64.self, capacity: Storage.count) { colors in
                body(ConicColorTable(gradient: gradient, isOpaque: gradient.isOpaque, colors: colors))
            }
        }
    }

    @inline(__always) func color(x: Int32, y: Int32) -> WideColor {
        let i = Int(gradient.step(x: x, y: y))      // 0…steps (= Storage.count − 1)
        var packed = colors[i]
        if packed == ConicColorTable.notComputed {
            let c = gradient.color(step: Int32(i))
            packed = UInt64(UInt16(c.r)) | UInt64(UInt16(c.g)) << 16 | UInt64(UInt16(c.b)) << 32 | UInt64(UInt16(c.a)) << 48
            colors[i] = packed
        }
        @inline(__always) func channel(_ shift: UInt64) -> Int32 { Int32(UInt16(truncatingIfNeeded: packed >> shift)) }
        return WideColor(r: channel(0), g: channel(16), b: channel(32), a: channel(48))
    }
}

/// An 8-bit coverage bitmap: a rasterised glyph, icon or any alpha mask, 0 = empty,
/// 255 = fully covered. Blitted tinted with one colour.
public struct CoverageMask: Sendable {
    public let width: Int32
    public let height: Int32
    /// Row-major, `width × height` bytes.
    public let coverage: [UInt8]

    /// nil when the sizes are negative or don't match the bytes given.
    public init?(width: Int32, height: Int32, coverage: [UInt8]) {
        guard width >= 0, height >= 0, Int64(width) * Int64(height) == Int64(coverage.count) else { return nil }
        self.width = width
        self.height = height
        self.coverage = coverage
    }
}

extension Canvas {
    /// Blends `mask`, tinted with `color`, with its top-left corner at pixel (x, y).
    public func blit(_ mask: CoverageMask, x: Int32, y: Int32, color: Color) {
        guard color.a != 0 else { return }
        let target = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
        guard !target.isEmpty else { return }
        visitPixels(MaskBlit(x: x, y: y, target: target), mask, color)
    }
}

/// `blit` in one format, into each part of `target` (already clipped) the canvas may write.
private struct MaskBlit: PixelVisitor {
    let x: Int32, y: Int32, target: IntRect

    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ mask: CoverageMask, _ color: Color) {
        canvas.forEachPart(of: target) { part, slanted in blend(mask, color: color, into: canvas.surface, part, slanted, C.self) }
    }

    /// The mask over `target`, each row cut to `slanted`'s columns.
    private func blend<C: PixelCodec>(
        _ mask: CoverageMask, color: Color, into surface: Surface, _ target: IntRect,
        _ slanted: SlantedRows, _: C.Type
    ) {
        let packed = C.pack(color)
        // Full coverage of an opaque colour stores `packed`; a translucent colour's 256
        // matches no coverage byte. One compare, and one register fewer in the loop: with
        // a flag, x86_64 kept the row's pointer on the stack (measured).
        let full: UInt32 = color.a == 255 ? 255 : 256
        mask.coverage.withUnsafeBufferPointer { source in
            for row in target.y0..<target.y1 {
                let pixels = surface.row(row).assumingMemoryBound(to: C.Storage.self)
                let maskRow = Int(row - y) * Int(mask.width) - Int(x)
                let cut = slanted.columns(row: row)
                let from = Swift.max(target.x0, cut.x0), to = Swift.max(Swift.min(target.x1, cut.x1), from)
                for column in from..<to {
                    let a = UInt32(source[maskRow + Int(column)])
                    if a == 0 { continue }
                    if a == full {
                        pixels[Int(column)] = packed
                        continue
                    }
                    let coverage = a + (a >> 7)
                    pixels[Int(column)] = C.blend(color, alpha: effectiveAlpha(color.a, coverage: coverage), over: pixels[Int(column)])
                }
            }
        }
    }
}

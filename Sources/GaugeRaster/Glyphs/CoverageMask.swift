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
        self.width = width; self.height = height; self.coverage = coverage
    }
}

extension Canvas {
    /// Blends `mask`, tinted with `color`, with its top-left corner at pixel (x, y).
    public func blit(_ mask: CoverageMask, x: Int32, y: Int32, color: Color) {
        guard color.a != 0 else { return }
        let target = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
        guard !target.isEmpty else { return }
        if isMasked {
            for i in 0..<self.mask.count {
                let part = self.mask.slantedRows(i), within = part.rect.intersection(target)
                if !within.isEmpty { blit(mask, x: x, y: y, color: color, within: within, part) }
            }
        } else {
            blit(mask, x: x, y: y, color: color, within: target, SlantedRows())
        }
    }

    /// `blit` into `target`, already clipped (and inside the mask), each row cut to
    /// `slanted`'s columns.
    private func blit(_ mask: CoverageMask, x: Int32, y: Int32, color: Color, within target: IntRect, _ slanted: SlantedRows) {
        switch surface.format {
        case .xrgb8888, .argb8888: blit(mask, x: x, y: y, color: color, target, slanted, ARGB32Codec.self)
        case .rgb565: blit(mask, x: x, y: y, color: color, target, slanted, RGB565Codec.self)
        }
    }

    private func blit<C: PixelCodec>(_ mask: CoverageMask, x: Int32, y: Int32, color: Color, _ target: IntRect,
                                     _ slanted: SlantedRows, _: C.Type) {
        let packed = C.pack(color)
        let opaque = color.a == 255
        mask.coverage.withUnsafeBufferPointer { source in
            for row in target.y0..<target.y1 {
                let pixels = surface.row(row).assumingMemoryBound(to: C.Storage.self)
                let maskRow = Int(row - y) * Int(mask.width) - Int(x)
                let cut = slanted.columns(row: row)
                let from = Swift.max(target.x0, cut.x0), to = Swift.max(Swift.min(target.x1, cut.x1), from)
                for column in from..<to {
                    let a = source[maskRow + Int(column)]
                    if a == 0 { continue }
                    if a == 255 && opaque { pixels[Int(column)] = packed; continue }
                    let coverage = UInt32(a) + UInt32(a >> 7)
                    pixels[Int(column)] = C.blend(color, alpha: effectiveAlpha(color.a, coverage: coverage), over: pixels[Int(column)])
                }
            }
        }
    }
}

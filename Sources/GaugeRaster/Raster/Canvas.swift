/// The drawing API: every primitive, clipped to `clip`, written into `surface`.
///
/// Pixels are sampled at their centres and nothing about a primitive's pixels depends on
/// the clip, so drawing with a clip writes exactly the pixels a full draw writes inside
/// it — a damaged redraw is identical to a full redraw.
public struct Canvas {
    public let surface: Surface
    /// Where drawing may write: always inside the surface.
    public let clip: IntRect

    public init(_ surface: Surface, clip: IntRect? = nil) {
        self.surface = surface
        self.clip = (clip ?? surface.bounds).intersection(surface.bounds)
    }

    /// The same surface with the clip narrowed to `rect`.
    public func clipped(to rect: IntRect) -> Canvas {
        Canvas(surface, clip: clip.intersection(rect))
    }

    /// Fills the whole clip with `color`, replacing what is there (alpha is stored as is
    /// in ARGB8888, premultiplied).
    public func clear(_ color: Color) {
        fillReplacing(clip, color: color)
    }

    /// Fills whole pixels of `rect` with an opaque or translucent colour: interiors are
    /// written at memset speed.
    public func fill(_ rect: IntRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty, color.a != 0 else { return }
        if color.a == 255 { fillReplacing(r, color: color); return }
        draw(PixelRectShape(bounds: r), paint: .solid(color))
    }

    private func fillReplacing(_ rect: IntRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        switch surface.format {
        case .xrgb8888, .argb8888:
            let p = Surface.premultiplied(color)
            store(p.argb, in: r)
        case .rgb565: store(RGB565Codec.pack(color), in: r)
        case .rgb565Swapped: store(RGB565SwappedCodec.pack(color), in: r)
        }
    }

    /// Writes `value` into every pixel of `rect` (already clipped): memset speed.
    private func store<T: FixedWidthInteger>(_ value: T, in rect: IntRect) {
        for y in rect.y0..<rect.y1 {
            let row = surface.row(y).assumingMemoryBound(to: T.self) + Int(rect.x0)
            row.update(repeating: value, count: Int(rect.width))
        }
    }
}

extension Surface {
    /// A straight-alpha colour in the premultiplied form ARGB8888 stores.
    static func premultiplied(_ c: Color) -> Color {
        if c.a == 255 { return c }
        let a = UInt32(c.a)
        @inline(__always) func m(_ v: UInt8) -> UInt8 { UInt8((UInt32(v) * a + 127) / 255) }
        return Color(r: m(c.r), g: m(c.g), b: m(c.b), a: c.a)
    }
}

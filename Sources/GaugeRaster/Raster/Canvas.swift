import CPixelFill

/// The drawing API: every primitive, clipped to `clip`, written into `surface`.
///
/// Pixels are sampled at their centres and nothing about a primitive's pixels depends on
/// the clip, so drawing with a clip writes exactly the pixels a full draw writes inside
/// it — a damaged redraw is identical to a full redraw.
public struct Canvas {
    public let surface: Surface
    /// Where drawing may write: always inside the surface.
    public let clip: IntRect
    /// When set, drawing writes only the pixels of these rectangles (within the clip), each
    /// walked alone: a damage redraw then sets up each shape once for all its small
    /// rectangles. Their pixels never meet; two slanted strips of one band may have
    /// rectangles that overlap (`init(_:clip:region:)`), so it is read entry by entry,
    /// not as a region's algebra.
    /// Empty when there is none (`isMasked` false). Not an optional: a Region holds its
    /// rectangles inline (768 bytes), and unwrapping an optional copied them on every draw;
    /// a plain stored property is passed on by address.
    let mask: Region
    let isMasked: Bool
    /// A promise from whoever made this canvas: every pixel it may write already holds this
    /// opaque colour (a dashboard grants it right after clearing, to a widget no earlier
    /// widget overlaps). `fillBackground` then skips fills that would change nothing.
    public private(set) var knownBackground: Color? = nil
    /// Where what dials draw at the same place every frame is kept between frames
    /// (`caching(_:)`); nil: every shape is evaluated as it is drawn.
    public private(set) var shapes: ShapeCache? = nil

    public init(_ surface: Surface, clip: IntRect? = nil) {
        self.surface = surface
        self.clip = (clip ?? surface.bounds).intersection(surface.bounds)
        mask = Region()
        isMasked = false
    }

    /// A canvas that writes only the pixels of `region` (within `clip`): the same pixels,
    /// with the same values, as drawing once per rectangle clipped to it.
    public init(_ surface: Surface, clip: IntRect? = nil, region: Region) {
        let limit = (clip ?? surface.bounds).intersection(surface.bounds)
        var hull = IntRect.empty, inside = 0, slanted = false
        for i in 0..<region.count {
            let part = region[i].intersection(limit)
            if !part.isEmpty {
                hull = hull.union(part)
                inside &+= 1
                slanted = slanted || !region.slant(i).isNone
            }
        }
        if inside <= 1 && !slanted {
            self.init(surface, clip: hull)
        } else if inside == region.count {  // (a band's hole is empty: not inside)
            self.init(surface, clip: hull, mask: region, isMasked: true)
        } else {
            // Only the rectangles that meet the clip, whole (the clip cuts them; cutting a
            // slanted one here would make it whole, and other canvases would not): every
            // shape drawn tests each rectangle of its canvas's mask, and a widget's canvas
            // then holds its own damage, not the whole dashboard's (docs/performance.md,
            // "Damage: exact, and close to the pixels that change").
            // A band with a hole (`Region+Strips`) becomes its two strips, an entry each:
            // the mask's walks take every entry alone, and the strips' pixels never meet
            // (their rectangles may). No more entries than the region's: they stay inline.
            var parts = Region()
            for i in 0..<region.count where region[i].intersects(limit) {
                if let s = region.strips(i) {
                    parts.append(s.left.rect, slant: s.left.slant)
                    parts.append(s.right.rect, slant: s.right.slant)
                } else {
                    parts.append(region[i], slant: region.slant(i))
                }
            }
            self.init(surface, clip: hull, mask: parts, isMasked: true)
        }
    }

    private init(_ surface: Surface, clip: IntRect, mask: Region, isMasked: Bool) {
        self.surface = surface
        self.clip = clip
        self.mask = mask
        self.isMasked = isMasked
    }

    /// Whether `test` holds for some rectangle this canvas may write: the clip, or each of
    /// its region's rectangles within the clip. Lets a widget skip parts no damaged
    /// rectangle reaches before computing them.
    public func anyDrawableRectangle(where test: (IntRect) -> Bool) -> Bool {
        guard isMasked else { return test(clip) }
        for i in 0..<mask.count {
            let part = mask[i].intersection(clip)
            if !part.isEmpty && test(part) { return true }
        }
        return false
    }

    /// The same surface with the clip narrowed to `rect` (and the same region, if any).
    public func clipped(to rect: IntRect) -> Canvas {
        var c = Canvas(surface, clip: clip.intersection(rect), mask: mask, isMasked: isMasked)
        c.knownBackground = knownBackground
        c.shapes = shapes
        return c
    }

    /// A canvas on the same surface, with the same shape cache, that writes only the pixels
    /// of `region` inside `rect` (and this canvas's clip): a damage redraw's canvas.
    public func masked(to region: Region, within rect: IntRect) -> Canvas {
        Canvas(surface, clip: clip.intersection(rect), region: region).caching(shapes)
    }

    /// The same canvas with the promise that its pixels hold `color` (opaque only; nil or a
    /// translucent colour makes no promise).
    public func holding(background color: Color?) -> Canvas {
        var c = self
        c.knownBackground = color?.a == 255 ? color : nil
        return c
    }

    /// The same canvas drawing small strokes (a dial's ticks) and dial rings from `cache`:
    /// their coverage, rows and gradient steps are computed the first time and read back
    /// after — the same pixels. Keep one cache per surface for as long as the panel runs.
    public func caching(_ cache: ShapeCache?) -> Canvas {
        var c = self
        c.shapes = cache
        return c
    }

    /// A widget's background: `fill(rect, color:)`, skipped when the canvas already holds
    /// that colour everywhere it may write. Call it before drawing anything else.
    public func fillBackground(_ rect: IntRect, color: Color) {
        if let known = knownBackground, known == color { return }
        fill(rect, color: color)
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
        if color.a == 255 {
            fillReplacing(r, color: color)
            return
        }
        draw(PixelRectShape(bounds: r), paint: .solid(color))
    }

    private func fillReplacing(_ rect: IntRect, color: Color) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        visitPixels(ReplacingFill(), r, color)
    }

    /// Writes `value` into every pixel of `rect` (already clipped) at memset speed. Rows
    /// shorter than `Canvas.wideRowBytes` (widget interiors, damage rectangles) are stored
    /// pixel by pixel, inline; wider ones through the C library's pattern fill
    /// (`cpf_fill32`), one call for the whole rectangle when its rows are contiguous. A
    /// Swift store loop ran about 1.4× memset's time, a first row copied into the others
    /// 1.25×. Each row is cut to `slanted`'s columns.
    fileprivate func store<T: FixedWidthInteger & UnsignedInteger>(_ value: T, in rect: IntRect, _ slanted: SlantedRows) {
        let size = MemoryLayout<T>.size
        if !slanted.slant.isNone {
            // A slanted rectangle: short rows (a needle's band), each its own columns.
            for y in rect.y0..<rect.y1 {
                let c = slanted.columns(row: y)
                let x0 = Swift.max(c.x0, rect.x0), x1 = Swift.min(c.x1, rect.x1)
                if x0 < x1 {
                    (surface.row(y) + Int(x0) * size).assumingMemoryBound(to: T.self).update(repeating: value, count: Int(x1 - x0))
                }
            }
            return
        }
        let count = Int(rect.width), rows = Int(rect.height)
        let rowBytes = count * size, stride = Int(surface.stride)
        let first = surface.row(rect.y0) + Int(rect.x0) * size
        guard rowBytes >= Canvas.wideRowBytes else {
            for y in 0..<rows { (first + y * stride).assumingMemoryBound(to: T.self).update(repeating: value, count: count) }
            return
        }
        if rowBytes == stride {
            Canvas.fillWide(first, with: value, count: count * rows)
        } else {
            for y in 0..<rows { Canvas.fillWide(first + y * stride, with: value, count: count) }
        }
    }

    /// `count` pixels of `value` from `start`: 32-bit words as they are, 16-bit pixels in
    /// pairs (both halves equal, so either byte order), with an odd first or last one
    /// stored alone.
    static func fillWide<T: FixedWidthInteger & UnsignedInteger>(
        _ start: UnsafeMutableRawPointer, with value: T, count: Int
    ) {
        if MemoryLayout<T>.size == 4 {
            cpf_fill32(start, UInt32(truncatingIfNeeded: value), count)
            return
        }
        var p = start, n = count
        if UInt(bitPattern: p) & 2 != 0 {
            p.storeBytes(of: value, as: T.self)
            p += 2
            n -= 1
        }
        let half = UInt32(truncatingIfNeeded: value)
        cpf_fill32(p, half | half << 16, n >> 1)
        if n & 1 != 0 { (p + (n - 1) * 2).storeBytes(of: value, as: T.self) }
    }

    /// Rows at least this many bytes long are filled through memset / memmove; shorter ones
    /// inline (a call costs more than it saves there).
    static var wideRowBytes: Int { 256 }
}

/// `fillReplacing` in one format: the colour packed once, stored into each part of the
/// rectangle the canvas may write.
private struct ReplacingFill: PixelVisitor {
    @inline(__always) func visit<C: PixelCodec>(_: C.Type, on canvas: Canvas, _ rect: IntRect, _ color: Color) {
        let value = C.packReplacing(color)
        canvas.forEachPart(of: rect) { part, slanted in canvas.store(value, in: part, slanted) }
    }
}

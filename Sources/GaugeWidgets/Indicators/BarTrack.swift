import GaugeRaster

// Embedded-Swift subset: fixed point only.

/// A horizontal track that fills its frame (square or capsule ends) and a lit span of it.
///
/// The span is the track's own shape cut at two x positions (by clipping to columns), not
/// a shape with ends of its own: when an end moves, only the columns it crossed change, so
/// damage is exact whole columns. A column the span covers only partly gets the lit
/// colour at that fraction of its opacity (a box filter across the cut).
struct BarTrack: Equatable, Sendable {
    let frame: IntRect
    let rounded: Bool

    /// A lit part of the track, in fixed-point x, already clamped to the track and non-empty.
    struct Span: Equatable, Sendable {
        let from: Fixed, to: Fixed
    }

    /// The x of a Q16 fraction of the track's width.
    func x(at fraction: Int32) -> Fixed {
        Fixed(clampingRaw: Int64(frame.x0) * 256 + ((Int64(frame.width) * 256 * Int64(fraction)) >> 16))
    }

    /// `from…to` clamped to the track; nil when nothing of it is on the track.
    func span(from: Fixed, to: Fixed) -> Span? {
        let lo = Swift.max(from, Fixed(frame.x0)), hi = Swift.min(to, Fixed(frame.x1))
        return lo < hi ? Span(from: lo, to: hi) : nil
    }

    /// The whole track shape in `color`.
    func drawShape(on canvas: Canvas, color: Color) {
        guard !frame.isEmpty else { return }
        if rounded {
            canvas.fillRoundedRect(Rect(frame), radius: Fixed(frame.height).halved, paint: .solid(color))
        } else {
            canvas.fill(frame, color: color)
        }
    }

    func draw(_ span: Span?, on canvas: Canvas, color: Color) {
        guard let span else { return }
        let whole = IntRect(x0: span.from.ceil, y0: frame.y0, x1: span.to.floor, y1: frame.y1)
        if !whole.isEmpty { drawShape(on: canvas.clipped(to: whole), color: color) }
        // At most two partly covered columns: where the span starts and where it ends.
        let first = span.from.floor, last = span.to.floor
        for c in (first == last ? [first] : [first, last]) {
            let lo = Swift.max(Int64(span.from.raw), Int64(c) * 256)
            let hi = Swift.min(Int64(span.to.raw), Int64(c) * 256 + 256)
            let cover = hi - lo
            guard cover > 0, cover < 256 else { continue }
            let column = IntRect(x0: c, y0: frame.y0, x1: c &+ 1, y1: frame.y1)
            drawShape(on: canvas.clipped(to: column), color: color.withOpacity(UInt8((cover * 255 + 128) >> 8)))
        }
    }

    /// The columns whose lit coverage differs between two spans.
    func damage(from old: Span?, to new: Span?) -> Region {
        switch (old, new) {
        case (nil, nil): return Region()
        case (let s?, nil), (nil, let s?): return Region(columns(s.from, s.to))
        case (let a?, let b?):
            // Columns between the old and new start, and between the old and new end;
            // what lies between both spans (or outside both) is unchanged.
            return Region(
                columns(Swift.min(a.from, b.from), Swift.max(a.from, b.from)),
                columns(Swift.min(a.to, b.to), Swift.max(a.to, b.to)))
        }
    }

    private func columns(_ lo: Fixed, _ hi: Fixed) -> IntRect {
        lo < hi ? IntRect(x0: lo.floor, y0: frame.y0, x1: hi.ceil, y1: frame.y1).intersection(frame) : .empty
    }
}

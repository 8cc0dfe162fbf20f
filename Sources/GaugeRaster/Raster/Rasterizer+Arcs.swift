/// Two arcs of one ring, the second drawn over the first — a dial's track and its value
/// arc. The pixels are those of two `fill`s one after the other: every pixel still gets
/// the under arc's blend and then the over arc's. Only the ring's row (four square roots
/// and its intervals) is computed once for both on the rows they share, where two fills
/// computed it twice.
extension Rasterizer {
    /// `over.ring` must be `under.ring` (the caller builds both from one ring).
    static func fillArcs<HU: Shader, HO: Shader, C: PixelCodec>(
        under: ArcShape, shader underShader: HU, over: ArcShape, shader overShader: HO,
        codec: C.Type, surface: Surface, clip: IntRect
    ) {
        let underBox = under.bounds.intersection(clip), overBox = over.bounds.intersection(clip)
        let rows = underBox.union(overBox)
        guard !rows.isEmpty else { return }
        // As in `fill`: only when the clip cuts an arc's columns can whole rows miss it.
        let underNarrowed = underBox.x0 > under.bounds.x0 || underBox.x1 < under.bounds.x1
        let overNarrowed = overBox.x0 > over.bounds.x0 || overBox.x1 < over.bounds.x1
        for y in rows.y0..<rows.y1 {
            let drawsUnder = underBox.y0 <= y && y < underBox.y1
                && (!underNarrowed || under.mayCover(row: y, from: underBox.x0, to: underBox.x1))
            let drawsOver = overBox.y0 <= y && y < overBox.y1
                && (!overNarrowed || over.mayCover(row: y, from: overBox.x0, to: overBox.x1))
            if !drawsUnder && !drawsOver { continue }
            var ringSpans = RowSpans()
            let ringRow = under.ring.row(y, spans: &ringSpans)
            if drawsUnder {
                var spans = RowSpans()
                let rowState = under.row(y, ring: ringRow, ringSpans, spans: &spans)
                walk(under, rowState, spans, shader: underShader, codec: C.self, surface: surface,
                     y: y, from: underBox.x0, to: underBox.x1)
            }
            if drawsOver {
                var spans = RowSpans()
                let rowState = over.row(y, ring: ringRow, ringSpans, spans: &spans)
                walk(over, rowState, spans, shader: overShader, codec: C.self, surface: surface,
                     y: y, from: overBox.x0, to: overBox.x1)
            }
        }
    }
}

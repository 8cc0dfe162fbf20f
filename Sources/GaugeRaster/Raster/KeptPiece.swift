// Embedded-Swift subset: no Foundation.

/// Where something drawn over one background may write: the pixels of `rect` its coverage
/// reaches (a line of text: every glyph mask's non-zero pixels). Pixels outside it are left
/// as they are whatever lies under them.
public struct InkMask {
    public let rect: IntRect
    fileprivate var marked: [UInt8]

    public init(_ rect: IntRect) {
        self.rect = rect
        marked = [UInt8](repeating: 0, count: Int(rect.width) &* Int(rect.height))
    }

    /// Marks the non-zero pixels of `mask` with its top-left corner at (x, y).
    public mutating func add(_ mask: CoverageMask, x: Int32, y: Int32) {
        let r = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(rect)
        guard !r.isEmpty else { return }
        let w = Int(rect.width), mw = Int(mask.width)
        mask.coverage.withUnsafeBufferPointer { c in
            for row in r.y0..<r.y1 {
                let to = Int(row &- rect.y0) &* w &- Int(rect.x0), from = Int(row &- y) &* mw &- Int(x)
                for column in Int(r.x0)..<Int(r.x1) where c[from &+ column] != 0 { marked[to &+ column] = 1 }
            }
        }
    }
}

extension InkMask {
    /// The pixels it marks, as runs.
    func runs(bytesPerPixel: Int) -> KeptRuns {
        var runs = KeptRuns(box: rect, bytesPerPixel: bytesPerPixel)
        let w = Int(rect.width)
        for i in 0..<Int(rect.height) {
            var x = 0
            while x < w {
                guard marked[i &* w &+ x] != 0 else {
                    x &+= 1
                    continue
                }
                var end = x &+ 1
                while end < w && marked[i &* w &+ end] != 0 { end &+= 1 }
                runs.add(rect.x0 &+ Int32(x), rect.x0 &+ Int32(end))
                x = end
            }
            runs.endRow()
        }
        return runs
    }
}

/// What something drawn over one opaque background left on the pixels it may write (its
/// `InkMask`), as runs per row: copied back instead of drawn again where those pixels still
/// hold only that background. `Canvas.drawKept(key:background:ink:_:)` makes, keeps and
/// copies them; `ShapeCache` holds them.
final class KeptPiece {
    var rect: IntRect { pixels.runs.box }
    /// The clip it was kept under: pixels outside it are not kept, so it serves only clips
    /// inside this one.
    let within: IntRect
    private let pixels: KeptPixels
    /// The bytes kept (pixels and runs).
    var byteCount: Int { pixels.byteCount }

    /// The pixels of `surface` under `runs` (an `InkMask`'s), as they are now, kept for
    /// clips inside `within`.
    init(surface: Surface, runs: KeptRuns, within: IntRect) {
        self.within = within
        pixels = KeptPixels(surface: surface, runs: runs)
    }

    /// Whether every kept pixel of `part` holds `background` (packed) in `surface`.
    func holdsOnly(_ background: UInt32, in surface: Surface, _ part: IntRect, _ slanted: SlantedRows) -> Bool {
        pixels.runs.holdsOnly(background, in: surface, part, slanted)
    }

    /// Copies the kept pixels of `part` (rows cut to `slanted`'s columns) into `surface`.
    func copy(into surface: Surface, _ part: IntRect, _ slanted: SlantedRows) {
        pixels.copy(into: surface, within: part, slanted)
    }
}

extension Canvas {
    /// Draws `body` — something drawn over the opaque `background` whose pixels `key`'s
    /// words say exactly, writing only pixels `ink` marks (e.g. a line of text: its string,
    /// font, colour and origin; its glyphs' coverage) — from pixels kept in the shape
    /// cache: the same pixels.
    ///
    /// Exact whatever was drawn before: a kept piece is copied only when every pixel it
    /// would write holds `background` now (checked), and `body` leaves there what it left
    /// over the background when kept. A piece is kept the second time its key is drawn (a
    /// readout changing every frame keeps nothing) on an unmasked canvas, when every pixel
    /// `ink` marks within the clip (given to it) held `background` before `body`; it serves
    /// draws whose clip lies inside that one. A key refused lately is not tried again.
    public func drawKept(
        key: (inout LayerKey) -> Void, background: Color, ink: (IntRect) -> InkMask, _ body: (Canvas) -> Void
    ) {
        guard let shapes, background.a == 255 else {
            body(self)
            return
        }
        let packed = packedReplacing(background)
        func words(_ k: inout LayerKey) {
            k.add(Int32(surface.format.rawValue))
            k.add(Int32(bitPattern: packed))
            key(&k)
        }
        var probe = LayerKey()
        words(&probe)
        if let kept = shapes.keptPiece(hash: probe.hash) {
            var check = LayerKey.checking(kept.words)
            words(&check)
            if check.matchesAll && clip.intersection(kept.piece.within) == clip {
                copyOrDraw(kept.piece, packed, body)
                return
            }
        }
        guard !isMasked, !shapes.refused(probe.hash), shapes.seenBefore(probe.hash) else {
            body(self)
            return
        }
        let marks = ink(clip)
        guard !marks.rect.isEmpty, ShapeCache.keepsPiece(marks.rect, surface.format) else {
            shapes.refuse(probe.hash)
            body(self)
            return
        }
        // What lies under the ink now, to know whether it was the background alone.
        let runs = marks.runs(bytesPerPixel: Int(surface.format.bytesPerPixel))
        let onBackground = runs.holdsOnly(packed, in: surface, marks.rect, SlantedRows())
        body(self)
        guard onBackground else {
            shapes.refuse(probe.hash)
            return
        }
        var record = LayerKey.recording()
        words(&record)
        shapes.keep(KeptPiece(surface: surface, runs: runs, within: clip), hash: record.hash, words: record.words)
    }

    /// `piece` copied where every pixel it writes holds the background, else `body` drawn.
    private func copyOrDraw(_ piece: KeptPiece, _ packed: UInt32, _ body: (Canvas) -> Void) {
        let area = piece.rect.intersection(clip)
        var holds = true
        forEachPart(of: area) { part, slanted in
            holds = holds && piece.holdsOnly(packed, in: surface, part, slanted)
        }
        guard holds else {
            body(self)
            return
        }
        forEachPart(of: area) { part, slanted in piece.copy(into: surface, part, slanted) }
    }

    /// `background` as this canvas's format stores it, replacing what was there.
    func packedReplacing(_ background: Color) -> UInt32 {
        surface.format == .rgb565 ? UInt32(RGB565Codec.packReplacing(background)) : ARGB32Codec.packReplacing(background)
    }
}

// Embedded-Swift subset: no Foundation.

/// What a widget draws at the same place every frame inside a disc, kept as pixels: the
/// runs of each row that differ from the background once it is drawn, copied back on
/// later frames instead of drawn (a dial's ticks: 102 tiny quads, a sixth of a full frame
/// drawn from their stored coverage). `Canvas.drawKept` makes, keeps and copies them;
/// `ShapeCache` holds them.
final class KeptLayer {
    let box: IntRect
    private let pixels: KeptPixels
    /// The bytes kept (pixels and runs).
    var byteCount: Int { pixels.byteCount }
    /// The least squared distance (raw 1/256 px) from the disc's centre of any kept pixel's
    /// centre (a run's merged gaps included): a rectangle whose corner pixels' centres all
    /// lie closer holds no kept pixel (the disc is convex) and is not walked. A needle's
    /// damage bands lie mostly within a dial's ticks.
    private let runFree: Int64
    private let centreX: Int64, centreY: Int64

    /// Runs closer than this many pixels are kept as one: the pixels between hold the
    /// background, and copying a few of them costs less than another run.
    static let mergedGap: Int32 = 4

    /// The pixels of `surface` inside `box` whose centres lie within `radius` of `centre`
    /// (raw 1/256 px) and differ from `background` (packed, `bytesPerPixel` bytes).
    init(surface: Surface, box: IntRect, centre: Point, radius: Fixed, background: UInt32) {
        self.box = box
        let bpp = Int(surface.format.bytesPerPixel)
        var runs = KeptRuns(box: box, bytesPerPixel: bpp)
        let r = Int64(radius.raw), cx = Int64(centre.x.raw), cy = Int64(centre.y.raw)
        for y in box.y0..<box.y1 {
            let dy = Int64(y) &* 256 &+ 128 &- cy
            let row = surface.row(y)
            for x in box.x0..<box.x1 {
                let dx = Int64(x) &* 256 &+ 128 &- cx
                if dx &* dx &+ dy &* dy < r &* r && KeptLayer.pixel(row, x, bpp) != background {
                    runs.add(x, x &+ 1, joining: KeptLayer.mergedGap)
                }
            }
            runs.endRow()
        }
        var nearest = Int64.max
        runs.forEachRun { y, x0, x1, _ in
            // The run's pixel whose centre lies closest to the centre's column.
            let x = Swift.min(Swift.max(Int64(x0), (cx &- 128) >> 8), Int64(x1) &- 1)
            let dx = x &* 256 &+ 128 &- cx, dy = Int64(y) &* 256 &+ 128 &- cy
            nearest = Swift.min(nearest, dx &* dx &+ dy &* dy)
        }
        runFree = nearest
        centreX = cx
        centreY = cy
        pixels = KeptPixels(surface: surface, runs: runs)
    }

    /// Whether every pixel centre of `rect` (not empty) lies closer to the centre than any
    /// kept pixel's: its four corner pixels' do.
    @inline(__always) private func isRunFree(_ rect: IntRect) -> Bool {
        @inline(__always) func near(_ x: Int32, _ y: Int32) -> Bool {
            let dx = Int64(x) &* 256 &+ 128 &- centreX, dy = Int64(y) &* 256 &+ 128 &- centreY
            return dx &* dx &+ dy &* dy < runFree
        }
        return near(rect.x0, rect.y0) && near(rect.x1 &- 1, rect.y0) && near(rect.x0, rect.y1 &- 1)
            && near(rect.x1 &- 1, rect.y1 &- 1)
    }

    @inline(__always) private static func pixel(_ row: UnsafeMutableRawPointer, _ x: Int32, _ bpp: Int) -> UInt32 {
        bpp == 4
            ? row.load(fromByteOffset: Int(x) &* 4, as: UInt32.self)
            : UInt32(row.load(fromByteOffset: Int(x) &* 2, as: UInt16.self))
    }

    /// Copies the kept runs within `part` (each row cut to `slanted`'s columns) into `surface`.
    func copy(into surface: Surface, within part: IntRect, _ slanted: SlantedRows) {
        let rows = part.intersection(box)
        guard !rows.isEmpty, !isRunFree(rows) else { return }
        pixels.copy(into: surface, within: rows, slanted)
    }
}

/// What a kept layer's pixels depend on, as words a widget adds one by one
/// (`Canvas.drawKept`): hashed to find the layer, then compared word for word, with no
/// allocation per frame.
public struct LayerKey {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    var count = 0
    /// The words added (`recording()`), or those to compare them with (`checking(_:)`);
    /// empty for a key that only hashes.
    private(set) var words: [Int32] = []
    private var mode = Mode.hashing
    private var matches = true
    private enum Mode { case hashing, recording, checking }

    public init() {}

    /// A key that keeps its words, for a layer about to be kept.
    static func recording() -> LayerKey {
        var k = LayerKey()
        k.mode = .recording
        return k
    }

    /// A key that compares its words with a kept layer's.
    static func checking(_ words: [Int32]) -> LayerKey {
        var k = LayerKey()
        k.words = words
        k.mode = .checking
        return k
    }

    /// Whether a checking key's words were exactly the kept ones.
    var matchesAll: Bool { matches && count == words.count }

    public mutating func add(_ word: Int32) {
        hash = (hash ^ UInt64(UInt32(bitPattern: word))) &* 0x0000_0100_0000_01B3
        // One switch, not an optional unwrapped per word: a dial's ticks add about 120.
        switch mode {
        case .hashing: break
        case .recording: words.append(word)
        case .checking: matches = matches && count < words.count && words[count] == word
        }
        count &+= 1
    }

    /// A string's length and its UTF-8 bytes, four to a word.
    public mutating func add(_ text: String) {
        var word: UInt32 = 0, n = 0
        for byte in text.utf8 {
            word = word << 8 | UInt32(byte)
            n &+= 1
            if n & 3 == 0 {
                add(Int32(bitPattern: word))
                word = 0
            }
        }
        add(Int32(bitPattern: word))
        add(Int32(truncatingIfNeeded: n))
    }
}

extension Canvas {
    /// Draws `body` — what a widget draws at the same place every frame, all of it inside
    /// the disc of `radius` around `centre` — from pixels kept in the shape cache under the
    /// words `key` adds (which must say exactly what `body` draws): the same pixels.
    ///
    /// The caller promises that every pixel of the disc holds the opaque `background` when
    /// this is called, and that `body` changes no pixel whose centre lies outside the disc.
    /// Then `body`'s pixels are those it leaves different from the background inside the
    /// disc, whatever else later draws. They are kept the first time `body` is drawn on an
    /// unmasked canvas whose clip holds the whole disc (a full frame) and `fits` says
    /// yes (asked only then, and not again for a while once it says no: e.g. text measured
    /// inside the disc); before that, and without a cache, `body` is drawn.
    public func drawKept(
        key: (inout LayerKey) -> Void, centre: Point, radius: Fixed, background: Color,
        fits: () -> Bool = { true }, _ body: (Canvas) -> Void
    ) {
        guard let shapes, background.a == 255 else {
            body(self)
            return
        }
        let packed =
            surface.format == .rgb565
            ? UInt32(RGB565Codec.packReplacing(background))
            : ARGB32Codec.packReplacing(background)
        func words(_ k: inout LayerKey) {
            k.add(Int32(surface.format.rawValue))
            k.add(Int32(bitPattern: packed))
            k.add(centre.x.raw)
            k.add(centre.y.raw)
            k.add(radius.raw)
            key(&k)
        }
        var probe = LayerKey()
        words(&probe)
        if let kept = shapes.keptLayer(hash: probe.hash) {
            var check = LayerKey.checking(kept.words)
            words(&check)
            if check.matchesAll {
                forEachPart(of: kept.layer.box.intersection(clip)) { part, slanted in kept.layer.copy(into: surface, within: part, slanted) }
                return
            }
        }
        body(self)
        let r = radius.raw
        let box = IntRect(
            x0: (centre.x.raw &- r) >> 8, y0: (centre.y.raw &- r) >> 8,
            x1: ((centre.x.raw &+ r) >> 8) &+ 1, y1: ((centre.y.raw &+ r) >> 8) &+ 1)
        // A layer `fits` refused is not asked again (a dial's labels measured each frame)
        // until eight other keys are refused.
        guard !isMasked, r > 0, box.intersection(clip) == box, !shapes.refused(probe.hash) else { return }
        guard fits() else {
            shapes.refuse(probe.hash)
            return
        }
        var record = LayerKey.recording()
        words(&record)
        let layer = KeptLayer(surface: surface, box: box, centre: centre, radius: radius, background: packed)
        shapes.keep(layer, hash: record.hash, words: record.words)
    }
}

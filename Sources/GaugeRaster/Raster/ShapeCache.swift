// Embedded-Swift subset: no Foundation.

/// What a dashboard's dials draw at the same place every frame, kept between frames:
/// - the coverage of small strokes — a dial's ticks, whose edges evaluated per pixel were
///   a quarter of a full frame: a canvas given a cache (`Canvas.caching(_:)`) draws each
///   butt stroke of at most `ShapeCache.largestSide` pixels a side from its stored coverage;
/// - a dial ring's rows (four square roots each) and, under a conic gradient, each
///   pixel's colour step (an atan2 each), for the track and value arc (`strokeArcs`).
/// The same pixels, read back. Whoever owns the surface keeps one cache for it, as a panel
/// keeps its fonts.
///
/// Keyed by exact geometry (a stroke's fixed-point ends and width; a ring's centre and
/// radii and the gradient's centre and sweep), so a shape that moves by any fraction is a
/// new entry. Bounded, so a panel whose shapes keep moving (a hold marker) never grows
/// without limit: when a stroke would pass `capacity` coverage values or
/// `maximumCount` strokes, every stroke is dropped first; past `maximumRings` rings the
/// oldest is. A steady dashboard's shapes fit many times (the reference scene keeps 102
/// strokes, a few thousand values, and 2 rings).
///
/// Not thread-safe: one cache per drawing thread.
public final class ShapeCache {
    struct StrokeKey: Equatable {
        let ax: Int32, ay: Int32, bx: Int32, by: Int32, width: Int32

        /// A multiplicative mix of the five coordinates: looked up once per tick per frame,
        /// where the standard library's seeded hashing cost more than drawing the tick.
        @inline(__always) var hash: UInt32 {
            var h = UInt32(bitPattern: ax) &* 0x9E37_79B1
            h = (h ^ UInt32(bitPattern: ay)) &* 0x85EB_CA77
            h = (h ^ UInt32(bitPattern: bx)) &* 0xC2B2_AE3D
            h = (h ^ UInt32(bitPattern: by)) &* 0x27D4_EB2F
            h = (h ^ UInt32(bitPattern: width)) &* 0x1656_67B1
            return h ^ (h >> 15)
        }
    }

    private struct Entry {
        let key: StrokeKey
        let shape: StoredCoverageShape
    }

    /// Strokes wider or taller than this are drawn as they are (a tick's box is 20 px at
    /// 800 × 480): storing them would cost memory for shapes seldom drawn twice alike.
    static let largestSide: Int32 = 64
    /// Open addressing: `slotBits` bits of the hash pick a slot, probed linearly; at most
    /// half the slots are used, so a probe ends soon.
    private static let slotBits: UInt32 = 10
    /// Most strokes kept at once.
    public static let maximumCount = 1 << (slotBits - 1)

    /// Most coverage values kept at once (2 bytes each).
    public let capacity: Int
    /// Index + 1 into `entries` per slot; 0 is an empty slot.
    private var slots = [UInt16](repeating: 0, count: 1 << slotBits)
    private var entries: [Entry] = []
    /// Coverage values kept (at most `capacity`).
    public private(set) var storedValues = 0

    /// Shapes (strokes and rings) read back.
    public private(set) var hits = 0
    /// Shapes computed and kept.
    public private(set) var misses = 0
    /// Times every stroke was dropped to stay within `capacity` or `maximumCount`.
    public private(set) var flushes = 0

    /// 128 Ki values (256 KiB): the reference scene's 102 ticks keep a few thousand.
    public init(capacity: Int = 1 << 17) {
        self.capacity = Swift.max(0, capacity)
    }

    /// Strokes kept.
    public var count: Int { entries.count }
    /// Rings kept (at most `maximumRings`).
    public var ringCount: Int { rings.count }

    /// The stored stroke for `key`, if any.
    func stroke(_ key: StrokeKey) -> StoredCoverageShape? {
        let mask = slots.count &- 1
        var i = Int(key.hash >> (32 &- ShapeCache.slotBits))
        while true {
            let e = Int(slots[i])
            if e == 0 { return nil }
            if entries[e &- 1].key == key {
                hits &+= 1
                return entries[e &- 1].shape
            }
            i = (i &+ 1) & mask
        }
    }

    /// Whether a shape with these bounds is worth keeping.
    static func keeps(_ bounds: IntRect) -> Bool {
        bounds.width <= largestSide && bounds.height <= largestSide
    }

    /// Keeps `shape` for `key` (not already kept), dropping everything first when it would
    /// not fit.
    func keep(_ shape: StoredCoverageShape, for key: StrokeKey) {
        misses &+= 1
        guard shape.count <= capacity else { return }
        if storedValues &+ shape.count > capacity || entries.count >= ShapeCache.maximumCount {
            removeStrokes()
            flushes &+= 1
        }
        let mask = slots.count &- 1
        var i = Int(key.hash >> (32 &- ShapeCache.slotBits))
        while slots[i] != 0 { i = (i &+ 1) & mask }
        entries.append(Entry(key: key, shape: shape))
        slots[i] = UInt16(truncatingIfNeeded: entries.count)
        storedValues &+= shape.count
    }

    /// Rings kept (a dial's track and value arc share one), oldest first.
    private var rings: [(key: StoredRing.Key, rows: StoredRing)] = []
    /// Most rings kept at once: a panel shows a few dials.
    public static let maximumRings = 8
    /// Rings larger than this (in pixels a side) are not kept: a dial at 1920 × 1080 is
    /// about 750.
    static let largestRing: Int32 = 1024

    /// The rows of `ring` (with the per-pixel steps of `conic`, when given), kept from an
    /// earlier call or made and kept now; nil for a ring too large to keep.
    func ring(_ ring: RingShape, conic: ConicGradient?) -> StoredRing? {
        let key = StoredRing.Key(ring, conic: conic)
        for i in rings.indices where rings[i].key == key {
            hits &+= 1
            return rings[i].rows
        }
        let box = ring.bounds
        guard !box.isEmpty, box.width <= ShapeCache.largestRing, box.height <= ShapeCache.largestRing else { return nil }
        let rows = StoredRing(ring, conic: conic)
        misses &+= 1
        if rings.count >= ShapeCache.maximumRings { rings.removeFirst() }
        rings.append((key, rows))
        return rows
    }

    /// Arcs' pixels kept over their background (`RingPixels`), oldest first; a dial keeps
    /// two (its track and its value arc).
    private var ringPixels: [(key: RingPixels.Key, pixels: RingPixels)] = []
    /// Bytes `ringPixels` holds, at most `ringPixelBytes`.
    public private(set) var ringPixelByteCount = 0
    /// Most bytes of arcs' pixels kept: a 150 px dial's two arcs hold about 135 KB in
    /// XRGB8888 (half in RGB565), so 1 MiB keeps seven such dials.
    public static let ringPixelBytes = 1 << 20

    /// Arcs' pixels kept.
    public var ringPixelCount: Int { ringPixels.count }

    /// The pixels kept for `key`, if any.
    func keptPixels(_ key: RingPixels.Key) -> RingPixels? {
        for i in ringPixels.indices where ringPixels[i].key == key { return ringPixels[i].pixels }
        return nil
    }

    /// Whether `bytes` more would fit once older pixels are dropped.
    static func keepsPixels(bytes: Int) -> Bool { bytes <= ringPixelBytes }

    /// Keeps `pixels` for `key` (not already kept), dropping the oldest until they fit.
    func keep(_ pixels: RingPixels, for key: RingPixels.Key) {
        guard ShapeCache.keepsPixels(bytes: pixels.byteCount) else { return }
        while !ringPixels.isEmpty && ringPixelByteCount &+ pixels.byteCount > ShapeCache.ringPixelBytes {
            ringPixelByteCount &-= ringPixels.removeFirst().pixels.byteCount
        }
        ringPixels.append((key, pixels))
        ringPixelByteCount &+= pixels.byteCount
    }

    /// Layers of widgets' pixels (`Canvas.drawKept`), oldest first, at most
    /// `maximumLayers`: a dial keeps one for its ticks (about 10 KB at 150 px).
    private var layers: [(hash: UInt64, words: [Int32], layer: KeptLayer)] = []
    public static let maximumLayers = 16
    /// Layers kept.
    public var layerCount: Int { layers.count }
    /// Bytes the layers hold (pixels and runs).
    public var layerByteCount: Int { layers.reduce(0) { $0 &+ $1.layer.byteCount } }

    /// The layer kept under `hash`, with the words it was kept for.
    func keptLayer(hash: UInt64) -> (words: [Int32], layer: KeptLayer)? {
        for i in layers.indices where layers[i].hash == hash { return (layers[i].words, layers[i].layer) }
        return nil
    }

    /// Keeps `layer` for `words` (their hash `hash`), dropping the oldest past `maximumLayers`
    /// and any kept under the same hash.
    func keep(_ layer: KeptLayer, hash: UInt64, words: [Int32]) {
        layers.removeAll { $0.hash == hash }
        if layers.count >= ShapeCache.maximumLayers { layers.removeFirst() }
        layers.append((hash, words, layer))
    }

    /// Pieces of pixels kept over a background (`Canvas.drawKept(key:background:bounds:_:)`:
    /// lines of text), oldest first, at most `maximumPieces` and `pieceBytes` in all.
    private var pieces: [(hash: UInt64, words: [Int32], piece: KeptPiece)] = []
    /// Bytes the pieces' pixels hold, at most `pieceBytes`.
    public private(set) var pieceByteCount = 0
    public static let maximumPieces = 32
    /// Pieces kept.
    public var pieceCount: Int { pieces.count }
    /// A dial's title and readout at 800 × 480 hold about 6 KB in XRGB8888.
    public static let pieceBytes = 256 << 10
    /// Keys drawn lately that no piece was kept for: a piece is kept on its key's second draw.
    private var seen = [UInt64](repeating: 0, count: 8)
    private var nextSeen = 0
    private var refusals = [UInt64](repeating: 0, count: 8)
    private var nextRefusal = 0

    /// The piece kept under `hash`, with the words it was kept for.
    func keptPiece(hash: UInt64) -> (words: [Int32], piece: KeptPiece)? {
        for i in pieces.indices where pieces[i].hash == hash { return (pieces[i].words, pieces[i].piece) }
        return nil
    }

    /// Whether `rect`'s pixels may be kept: a quarter of `pieceBytes` at most.
    static func keepsPiece(_ rect: IntRect, _ format: PixelFormat) -> Bool {
        Int(rect.width) &* Int(rect.height) &* Int(format.bytesPerPixel) <= pieceBytes / 4
    }

    /// Whether `hash` was drawn lately without a piece; remembers it if not.
    func seenBefore(_ hash: UInt64) -> Bool {
        for h in seen where h == hash { return true }
        seen[nextSeen] = hash
        nextSeen = (nextSeen &+ 1) & 7
        return false
    }

    /// Whether a piece was refused for `hash` lately (something lay under it): not tried
    /// again until eight other keys are refused.
    func refused(_ hash: UInt64) -> Bool {
        for h in refusals where h == hash { return true }
        return false
    }

    func refuse(_ hash: UInt64) {
        refusals[nextRefusal] = hash
        nextRefusal = (nextRefusal &+ 1) & 7
    }

    /// Keeps `piece` for `words` (their hash `hash`), dropping any kept under the same hash
    /// and the oldest until it fits.
    func keep(_ piece: KeptPiece, hash: UInt64, words: [Int32]) {
        for i in pieces.indices.reversed() where pieces[i].hash == hash {
            pieceByteCount &-= pieces.remove(at: i).piece.byteCount
        }
        while !pieces.isEmpty && (pieces.count >= ShapeCache.maximumPieces || pieceByteCount &+ piece.byteCount > ShapeCache.pieceBytes) {
            pieceByteCount &-= pieces.removeFirst().piece.byteCount
        }
        pieces.append((hash, words, piece))
        pieceByteCount &+= piece.byteCount
    }

    /// Drops every stored shape.
    public func removeAll() {
        removeStrokes()
        rings.removeAll()
        ringPixels.removeAll()
        ringPixelByteCount = 0
        layers.removeAll()
        pieces.removeAll()
        pieceByteCount = 0
    }

    private func removeStrokes() {
        entries.removeAll(keepingCapacity: true)
        for i in slots.indices { slots[i] = 0 }
        storedValues = 0
    }
}

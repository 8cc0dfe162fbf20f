/// A set of pixels as disjoint rectangles: what changed in a frame (damage), or what
/// must be copied to the screen.
///
/// Rectangles never overlap, so `area` is exact and each pixel is drawn or copied once.
/// A rectangle may be slanted (`RowSlant`): it then holds, on each row, only the pixels
/// between two slanted edges — a needle's damage following the needle. `rectangles` gives
/// the whole rectangles (what a display may copy: a little more, never less);
/// `forEachRectangle` the exact pixels. Algebra other than adding disjoint parts treats a
/// slanted rectangle as its whole rectangle (it may grow a region, never shrink it). A
/// slanted band may have a hole: two strips whose rectangles overlap (`Region+Strips`).
/// `simplified(maxRectangles:)` trades a few extra pixels for fewer rectangles — an SPI
/// panel or `drmModeDirtyFB` wants a handful of tight ones, not hundreds.
///
/// Storage: up to `inlineCapacity` rectangles with 16-bit coordinates live inside the
/// value (12 bytes each, with its slant), so building a frame's damage allocates nothing;
/// past that, or for a coordinate beyond ±32767, all of them move to an array (the region
/// stays exact — it never merges rectangles on its own — but its slanted rectangles
/// become whole).
public struct Region: Sendable {
    /// Rectangles held without allocating: a dashboard's damage in one frame (the reference
    /// scene's animation takes at most 33: 0 mallocs per frame; a dial's needle takes a
    /// slanted band or two along it and a few short ones at its corners), and two frames'
    /// for a double-buffered display. 768 bytes inline: every canvas holds a region.
    public static let inlineCapacity = 64

    /// Packed rectangles: x0, y0, x1, y1 as 16-bit fields from the low end.
    @usableFromInline var inline: InlineArray<64, UInt64>
    /// Each inline rectangle's `RowSlant`, packed (0: none). A spilled region holds none:
    /// its rectangles are whole.
    @usableFromInline var slants: InlineArray<64, UInt32>
    /// All the rectangles once they don't fit `inline` (then `inline` is unused); empty
    /// otherwise.
    @usableFromInline var spill: [IntRect]
    @usableFromInline var count: Int

    public init() {
        inline = InlineArray(repeating: 0)
        slants = InlineArray(repeating: 0)
        spill = []
        count = 0
    }
    public init(_ rect: IntRect) {
        self.init()
        if !rect.isEmpty { append(rect) }
    }
    /// Both rectangles (either may be empty or overlap the other): no array to build.
    public init(_ a: IntRect, _ b: IntRect) {
        self.init()
        formUnion(a)
        formUnion(b)
    }
    public init<S: Sequence>(_ rects: S) where S.Element == IntRect {
        self.init()
        for r in rects { formUnion(r) }
    }

    /// The rectangles, disjoint, as a collection (no copy into an array); a slanted one
    /// whole.
    @inlinable public var rectangles: RegionRectangles { RegionRectangles(self) }

    @inlinable public var isEmpty: Bool { count == 0 }

    /// Calls `body` with rectangles holding exactly this region's pixels, in order, read in
    /// place: each rectangle, a slanted one a row at a time (rows with the same columns
    /// joined). Prefer it to `for r in rectangles` on drawing paths: the collection and its
    /// iterator each hold a copy of the region.
    @inline(__always)
    public func forEachRectangle(_ body: (IntRect) -> Void) {
        forEachPart { part in
            if part.slant.isNone {
                body(part.rect)
            } else {
                Region.forEachRun(of: part.rect, slant: part.slant, body)
            }
        }
    }

    /// What a display copies: `forEachRectangle`'s rectangles, but a band with a hole
    /// (`Region+Strips`) whole, each row in one run from its outer sides. The hole's pixels
    /// did not change, and copying them costs less than a second run on every row.
    @inlinable @inline(__always)
    public func forEachRectangleToCopy(_ body: (IntRect) -> Void) {
        for i in 0..<count {
            let r = self[i], slant = slant(i)
            if r.isEmpty { continue }  // a band's hole
            if slant.isNone {
                body(r)
                continue
            }
            Region.forEachRun(of: r, slant: slant, body)
        }
    }

    /// The rows of a slanted rectangle as rectangles, rows with the same columns joined.
    @usableFromInline static func forEachRun(of r: IntRect, slant: RowSlant, _ body: (IntRect) -> Void) {
        var start = r.y0, run = slant.columns(of: r, row: r.y0)
        var y = r.y0 &+ 1
        while y <= r.y1 {
            let next = y < r.y1 ? slant.columns(of: r, row: y) : (x0: 0, x1: 0)
            if y == r.y1 || next != run {
                if run.x0 < run.x1 { body(IntRect(x0: run.x0, y0: start, x1: run.x1, y1: y)) }
                start = y
                run = next
            }
            y &+= 1
        }
    }

    /// The slant of rectangle `i` (`.none` for a whole one).
    @inlinable func slant(_ i: Int) -> RowSlant {
        spill.isEmpty ? RowSlant(packed: slants.span[unchecked: i]) : .none
    }

    /// Rectangle `i` with its slant, for a fill that walks one rectangle at a time.
    @inline(__always) func slantedRows(_ i: Int) -> SlantedRows { SlantedRows(rect: self[i], slant: slant(i)) }

    /// Smallest rectangle holding every pixel.
    public var bounds: IntRect {
        var b = IntRect.empty
        for i in 0..<count { b = b.union(self[i]) }
        return b
    }

    /// Number of pixels.
    public var area: Int64 {
        var a: Int64 = 0
        forEachRectangle { a += $0.area }
        return a
    }

    public func contains(x: Int32, y: Int32) -> Bool {
        var found = false
        forEachPart { part in
            guard !found, part.rect.contains(x: x, y: y) else { return }
            let row = part.columns(row: y)
            found = x >= row.x0 && x < row.x1
        }
        return found
    }

    // MARK: storage

    // Reads go through the inline array's span: reading `inline[i]` can copy the whole
    // array first (hundreds of bytes) when the region is itself borrowed from a copy.
    @inlinable subscript(i: Int) -> IntRect {
        spill.isEmpty ? Region.unpack(inline.span[unchecked: i]) : spill[i]
    }

    @inlinable static func unpack(_ v: UInt64) -> IntRect {
        IntRect(
            x0: Int32(Int16(truncatingIfNeeded: v)), y0: Int32(Int16(truncatingIfNeeded: v &>> 16)),
            x1: Int32(Int16(truncatingIfNeeded: v &>> 32)), y1: Int32(Int16(truncatingIfNeeded: v &>> 48)))
    }

    /// The rectangle packed, or nil when a coordinate needs more than 16 bits.
    static func pack(_ r: IntRect) -> UInt64? {
        let lo = Int32(Int16.min), hi = Int32(Int16.max)
        guard Swift.min(r.x0, r.y0, r.x1, r.y1) >= lo, Swift.max(r.x0, r.y0, r.x1, r.y1) <= hi else { return nil }
        return UInt64(UInt16(truncatingIfNeeded: r.x0)) | UInt64(UInt16(truncatingIfNeeded: r.y0)) << 16
            | UInt64(UInt16(truncatingIfNeeded: r.x1)) << 32 | UInt64(UInt16(truncatingIfNeeded: r.y1)) << 48
    }

    @usableFromInline mutating func append(_ rect: IntRect, slant: RowSlant = .none) {
        if spill.isEmpty {
            if count < Region.inlineCapacity, let packed = Region.pack(rect) {
                inline[count] = packed
                slants[count] = slant.packed
                count += 1
                return
            }
            // Past the inline capacity (or too far out): everything moves to the array, once,
            // whole (a band's hole is dropped: the band holds its pixels).
            spill.reserveCapacity(Swift.max(2 * count, 8))
            for i in 0..<count where !Region.isHole(packed: inline[i]) { spill.append(Region.unpack(inline[i])) }
        }
        if !rect.isEmpty { spill.append(rect) }  // a hole has no place among whole rectangles
        count = spill.count
    }

    /// Adds `rect` without comparing it with the rectangles already here: for a caller
    /// that builds rectangles known to miss one another (a needle's bands), where
    /// `formUnion` would compare each with every one before it. Checked in debug builds.
    public mutating func append(disjoint rect: IntRect) {
        append(disjoint: rect, slant: .none)
    }

    /// `append(disjoint:)` of a slanted rectangle: its whole rectangle must miss the others
    /// too (so algebra may treat it as whole).
    public mutating func append(disjoint rect: IntRect, slant: RowSlant) {
        guard !rect.isEmpty else { return }
        assert((0..<count).allSatisfy { !self[$0].intersects(rect) }, "append(disjoint:) of an overlapping rectangle")
        append(rect, slant: slant)
    }

    /// Removes rectangle `i`, keeping the others in order.
    mutating func remove(at i: Int) {
        if !spill.isEmpty {
            spill.remove(at: i)
            count = spill.count
            return
        }
        var k = i
        while k + 1 < count {
            inline[k] = inline[k + 1]
            slants[k] = slants[k + 1]
            k += 1
        }
        count -= 1
    }

    // MARK: algebra

    /// Adds `rect`: only its parts not already in the region are stored.
    public mutating func formUnion(_ rect: IntRect) {
        guard !rect.isEmpty else { return }
        add(rect, slant: .none, checkingFrom: 0, below: Int.max)
    }

    /// Adds `rect`, known to miss rectangles `0..<start`: where it meets one, the parts of
    /// it outside that one (at most four, disjoint) are added the same way, from there on.
    /// No scratch storage: the recursion is at most `count` deep.
    /// Compares only with rectangles `start..<limit` (the others are known to miss `rect`).
    /// A slanted rectangle met becomes whole (its pixels are then all in the region, and
    /// the pieces outside it are whole rectangles); `rect` keeps `slant` when it meets none.
    mutating func add(_ rect: IntRect, slant: RowSlant, checkingFrom start: Int, below limit: Int) {
        var i = start
        while i < Swift.min(count, limit) {
            let existing = stored(i)
            if existing.intersects(rect) {
                if spill.isEmpty { slants[i] = 0 }
                if existing.contains(rect) { return }
                Region.forEachPiece(of: rect, outside: existing) { add($0, slant: .none, checkingFrom: i + 1, below: limit) }
                return
            }
            i += 1
        }
        append(rect, slant: slant)
    }

    /// Rectangle `i`, for mutating methods. Not `self[i]` there: through the inline
    /// array's span that copied the whole region (768 bytes) for every rectangle read, as
    /// the non-mutating `bounds` getter does when called from one.
    @inline(__always) private mutating func stored(_ i: Int) -> IntRect {
        spill.isEmpty ? Region.unpack(inline[i]) : spill[i]
    }

    public mutating func formUnion(_ other: consuming Region) {
        // Into an empty region: take the other's rectangles as they are.
        if isEmpty {
            self = other
            return
        }
        // The other's rectangles miss one another: each is compared with this region's
        // own rectangles only, and not at all when it misses their bounds (a needle's
        // fifty bands beside a value arc's slice).
        let own = count
        var ownBounds = IntRect.empty
        for i in 0..<own { ownBounds = ownBounds.union(stored(i)) }  // not `bounds` (below)
        // A band's hole follows the band when it was appended as it is.
        var appendedAsIs = false
        for i in 0..<other.count {
            let r = other[i], slant = other.slant(i)
            if other.isHole(i) {
                if appendedAsIs && spill.isEmpty && count < Region.inlineCapacity { append(r, slant: slant) }
                appendedAsIs = false
                continue
            }
            if r.isEmpty { continue }
            appendedAsIs = !ownBounds.intersects(r)
            if appendedAsIs { append(r, slant: slant) } else { add(r, slant: slant, checkingFrom: 0, below: own) }
        }
    }

    public func union(_ other: Region) -> Region {
        var r = self
        r.formUnion(other)
        return r
    }

    /// Pixels in both this region and `rect`.
    public func intersection(_ rect: IntRect) -> Region {
        if lies(within: rect) { return self }
        var r = Region()
        var keptWhole = false
        for i in 0..<count {
            // A slanted rectangle inside `rect` stays slanted (with its hole); one cut
            // becomes whole.
            if isHole(i) {
                if keptWhole { r.append(self[i], slant: slant(i)) }
                keptWhole = false
                continue
            }
            let whole = self[i], part = whole.intersection(rect)
            keptWhole = part == whole
            if !part.isEmpty { r.append(part, slant: keptWhole ? slant(i) : .none) }
        }
        return r
    }

    /// Keeps only the pixels inside `rect`: `intersection(rect)` without a second region
    /// (a copy of 768 bytes) when nothing is cut, as for damage inside its widget.
    public mutating func formIntersection(_ rect: IntRect) {
        if !lies(within: rect) { self = intersection(rect) }
    }

    /// Whether every rectangle lies inside `rect` (damage usually lies inside the screen:
    /// nothing to cut).
    private func lies(within rect: IntRect) -> Bool {
        for i in 0..<count where !rect.contains(self[i]) { return false }
        return true
    }

    /// Pixels in both regions.
    public func intersection(_ other: Region) -> Region {
        var r = Region()
        for i in 0..<count {
            for j in 0..<other.count {
                let part = self[i].intersection(other[j])
                if !part.isEmpty { r.append(part) }  // disjoint: a's and b's are
            }
        }
        return r
    }

    /// Pixels of this region not in `rect`.
    public func subtracting(_ rect: IntRect) -> Region {
        var r = Region()
        var keptWhole = false
        for i in 0..<count {
            if isHole(i) {
                if keptWhole { r.append(self[i], slant: slant(i)) }
                keptWhole = false
                continue
            }
            keptWhole = !self[i].intersects(rect)
            if keptWhole {
                r.append(self[i], slant: slant(i))
                continue
            }
            Region.forEachPiece(of: self[i], outside: rect) { r.append($0) }
        }
        return r
    }

    /// The parts of `piece` outside `cut`: `piece` itself when they don't meet, else up to
    /// four disjoint rectangles (above, below, left, right of the overlap).
    @inline(__always)
    static func forEachPiece(of piece: IntRect, outside cut: IntRect, _ body: (IntRect) -> Void) {
        let overlap = piece.intersection(cut)
        if overlap.isEmpty {
            body(piece)
            return
        }
        if piece.y0 < overlap.y0 { body(IntRect(x0: piece.x0, y0: piece.y0, x1: piece.x1, y1: overlap.y0)) }
        if overlap.y1 < piece.y1 { body(IntRect(x0: piece.x0, y0: overlap.y1, x1: piece.x1, y1: piece.y1)) }
        if piece.x0 < overlap.x0 { body(IntRect(x0: piece.x0, y0: overlap.y0, x1: overlap.x0, y1: overlap.y1)) }
        if overlap.x1 < piece.x1 { body(IntRect(x0: overlap.x1, y0: overlap.y0, x1: piece.x1, y1: overlap.y1)) }
    }

    /// At most `maxRectangles` rectangles covering every pixel of this region: the pair
    /// whose bounding box adds the fewest extra pixels is merged first, and a merged box
    /// swallows whatever it overlaps, so the result stays disjoint.
    public func simplified(maxRectangles: Int) -> Region {
        let limit = Swift.max(maxRectangles, 1)
        // Holes dropped first: merging moves rectangles, and a hole belongs to the one
        // before it.
        var boxes = Region()
        for i in 0..<count where !isHole(i) { boxes.append(self[i], slant: slant(i)) }
        while boxes.count > limit {
            var best = (i: 0, j: 1, cost: Int64.max)
            for i in 0..<boxes.count {
                for j in (i + 1)..<boxes.count {
                    let cost = boxes[i].union(boxes[j]).area - boxes[i].area - boxes[j].area
                    if cost < best.cost { best = (i, j, cost) }
                }
            }
            var merged = boxes[best.i].union(boxes[best.j])
            boxes.remove(at: best.j)
            boxes.remove(at: best.i)
            // Absorb every box the merged one now overlaps (repeat: it may grow).
            var grew = true
            while grew {
                grew = false
                var k = 0
                while k < boxes.count {
                    if boxes[k].intersects(merged) {
                        merged = merged.union(boxes[k])
                        boxes.remove(at: k)
                        grew = true
                    } else {
                        k += 1
                    }
                }
            }
            boxes.append(merged)
        }
        return boxes
    }
}

extension Region: Equatable {
    /// The same rectangles, slanted alike, in the same order.
    public static func == (a: Region, b: Region) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] || a.slant(i) != b.slant(i) { return false }
        return true
    }
}

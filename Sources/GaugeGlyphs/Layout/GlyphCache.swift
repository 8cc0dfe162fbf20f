// Embedded-Swift subset: no Foundation.

/// Rasterised glyphs of one font at one size, keyed by glyph. Bounded: when full, the
/// least recently used glyph is dropped, so a panel that runs for months with changing
/// text never grows without limit.
///
/// Lookups return `RasterGlyph` values (their masks are copy-on-write arrays), so a
/// caller never holds a reference into the cache.
public final class GlyphCache<Key: Hashable> {
    private struct Entry {
        var glyph: RasterGlyph
        var lastUse: UInt64
    }

    /// Most glyphs kept at once.
    public let capacity: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0

    /// Lookups answered from the cache.
    public private(set) var hits: Int = 0
    /// Glyphs rasterised (lookups that missed).
    public private(set) var misses: Int = 0
    /// Glyphs dropped to stay within `capacity`.
    public private(set) var evictions: Int = 0

    public init(capacity: Int = 512) {
        self.capacity = Swift.max(1, capacity)
    }

    public var count: Int { entries.count }

    /// The cached glyph for `key`, or the one `rasterise` makes (then kept).
    public func glyph(for key: Key, rasterise: (Key) -> RasterGlyph) -> RasterGlyph {
        clock &+= 1
        if var entry = entries[key] {
            hits += 1
            entry.lastUse = clock
            entries[key] = entry
            return entry.glyph
        }
        misses += 1
        let glyph = rasterise(key)
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        entries[key] = Entry(glyph: glyph, lastUse: clock)
        return glyph
    }

    /// Drops everything (e.g. after a theme change frees many sizes).
    public func removeAll() {
        entries.removeAll()
    }

    // A linear scan: eviction only happens when the working set exceeds the capacity,
    // which a gauge panel's small, stable alphabet rarely does.
    private func evictLeastRecentlyUsed() {
        var oldestKey: Key?
        var oldest = UInt64.max
        for (key, entry) in entries where entry.lastUse < oldest {
            oldest = entry.lastUse
            oldestKey = key
        }
        if let oldestKey {
            entries[oldestKey] = nil
            evictions += 1
        }
    }
}

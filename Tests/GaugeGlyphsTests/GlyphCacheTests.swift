import Testing
import GaugeRaster
@testable import GaugeGlyphs

@Suite struct GlyphCacheTests {
    private func glyph(_ n: Int) -> RasterGlyph { .blank(advance: Fixed(Int32(n))) }

    @Test func boundedLeastRecentlyUsed() {
        let cache = GlyphCache<Int>(capacity: 4)
        var made = 0
        func lookup(_ k: Int) -> RasterGlyph {
            cache.glyph(for: k) {
                made += 1
                return glyph($0)
            }
        }
        for k in 0..<4 { _ = lookup(k) }
        _ = lookup(0)  // 0 is now the most recent; 1 the least
        _ = lookup(4)  // evicts 1
        #expect(cache.count == 4 && cache.evictions == 1)
        _ = lookup(0)
        #expect(made == 5, "0 stayed cached")
        _ = lookup(1)
        #expect(made == 6, "1 was evicted and made again")
        for k in 10..<1000 { _ = lookup(k) }
        #expect(cache.count == 4, "never grows beyond its capacity")
        #expect(lookup(999).advance == Fixed(999))
    }

    @Test func capacityIsAtLeastOne() {
        let cache = GlyphCache<Int>(capacity: 0)
        _ = cache.glyph(for: 1) { glyph($0) }
        _ = cache.glyph(for: 2) { glyph($0) }
        #expect(cache.capacity == 1 && cache.count == 1)
    }
}

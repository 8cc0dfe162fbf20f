import GaugeDisplay
/// PNG's five per-row filters (None, Sub, Up, Average, Paeth), undone by the decoder (the
/// encoder writes rows unfiltered: `PNG.defaultCompressionLevel` says why). `bpp` is
/// bytes per pixel (3 or 4); the row "above" the first row is all zeros.
enum PNGFilter {
    static let none: UInt8 = 0, sub: UInt8 = 1, up: UInt8 = 2, average: UInt8 = 3, paeth: UInt8 = 4

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Reverses filter `type` in place on `row`, given the already-reconstructed row above.
    /// Returns false for an unknown filter type.
    static func unfilter(
        _ type: UInt8, row: UnsafeMutableBufferPointer<UInt8>,
        previous: UnsafeBufferPointer<UInt8>, bpp: Int
    ) -> Bool {
        switch type {
        case none: break
        case sub:
            for i in bpp..<max(row.count, bpp) { row[i] = row[i] &+ row[i - bpp] }
        case up:
            for i in 0..<row.count { row[i] = row[i] &+ previous[i] }
        case average:
            for i in 0..<row.count {
                let a: UInt8 = i >= bpp ? row[i - bpp] : 0
                row[i] = row[i] &+ UInt8((UInt16(a) + UInt16(previous[i])) >> 1)
            }
        case paeth:
            for i in 0..<row.count {
                let a: UInt8 = i >= bpp ? row[i - bpp] : 0
                let c: UInt8 = i >= bpp ? previous[i - bpp] : 0
                row[i] = row[i] &+ paethPredictor(a, previous[i], c)
            }
        default: return false
        }
        return true
    }
}

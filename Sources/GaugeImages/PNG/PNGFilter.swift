import GaugeDisplay
/// PNG's five per-row filters (None, Sub, Up, Average, Paeth), forwards for the encoder
/// and backwards for the decoder. `bpp` is bytes per pixel (3 or 4); the row "above" the
/// first row is all zeros.
enum PNGFilter {
    static let none: UInt8 = 0, sub: UInt8 = 1, up: UInt8 = 2, average: UInt8 = 3, paeth: UInt8 = 4

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Writes `row` filtered with `type` into `out` (same length).
    static func filter(_ type: UInt8, row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
                       bpp: Int, into out: UnsafeMutableBufferPointer<UInt8>) {
        for i in 0..<row.count {
            let a: UInt8 = i >= bpp ? row[i - bpp] : 0
            let b = previous[i]
            let c: UInt8 = i >= bpp ? previous[i - bpp] : 0
            let predicted: UInt8
            switch type {
            case sub: predicted = a
            case up: predicted = b
            case average: predicted = UInt8((UInt16(a) + UInt16(b)) >> 1)
            case paeth: predicted = paethPredictor(a, b, c)
            default: predicted = 0
            }
            out[i] = row[i] &- predicted
        }
    }

    /// Appends the filter type byte and the filtered row, choosing the filter whose output
    /// has the smallest sum of absolute values as signed bytes (libpng's heuristic; ties go
    /// to the lower type, so the choice is deterministic).
    static func appendBestFiltered(row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>,
                                   bpp: Int, scratch: UnsafeMutableBufferPointer<UInt8>, to out: inout [UInt8]) {
        var bestType: UInt8 = none
        var bestSum = Int.max
        for type in none...paeth {
            filter(type, row: row, previous: previous, bpp: bpp, into: scratch)
            var sum = 0
            for v in scratch { sum += v < 128 ? Int(v) : 256 - Int(v) }
            if sum < bestSum { bestSum = sum; bestType = type }
        }
        filter(bestType, row: row, previous: previous, bpp: bpp, into: scratch)
        out.append(bestType)
        out.append(contentsOf: scratch)
    }

    /// Reverses filter `type` in place on `row`, given the already-reconstructed row above.
    /// Returns false for an unknown filter type.
    static func unfilter(_ type: UInt8, row: UnsafeMutableBufferPointer<UInt8>,
                         previous: UnsafeBufferPointer<UInt8>, bpp: Int) -> Bool {
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

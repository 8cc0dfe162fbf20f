// Embedded-Swift subset: no Foundation.

/// Runs of pixels, row by row over `box`: the columns [x0, x1) of each run and the byte
/// offset its first pixel has in the pixels kept for the runs (`KeptPixels`). What a kept
/// layer (`KeptLayer`) and a kept piece (`KeptPiece`) hold: only the pixels something drew,
/// as runs, so that copying them back writes nothing else.
struct KeptRuns {
    let box: IntRect
    let bytesPerPixel: Int
    /// Runs of row y are `runs[rowStarts[y - box.y0] ..< rowStarts[y - box.y0 + 1]]`.
    private var rowStarts: [Int32] = [0]
    private var runs: [(x0: Int32, x1: Int32, offset: Int)] = []
    /// The bytes of the runs' pixels.
    private(set) var pixelBytes = 0

    /// No runs yet: add each row's (`add`), then end it (`endRow`), from `box.y0` down.
    init(box: IntRect, bytesPerPixel: Int) {
        self.box = box
        self.bytesPerPixel = bytesPerPixel
    }

    /// The bytes the runs take (their columns and offsets, the rows' starts).
    var byteCount: Int { runs.count &* 16 &+ rowStarts.count &* 4 }

    /// Adds columns [x0, x1) to the row being added, at or right of its last run; joined to
    /// that run when at most `gap` columns lie between (their pixels are kept too).
    mutating func add(_ x0: Int32, _ x1: Int32, joining gap: Int32 = 0) {
        if runs.count > Int(rowStarts[rowStarts.count &- 1]), let last = runs.last, x0 &- last.x1 <= gap {
            pixelBytes &+= Int(x1 &- last.x1) &* bytesPerPixel
            runs[runs.count &- 1].x1 = x1
        } else {
            runs.append((x0, x1, pixelBytes))
            pixelBytes &+= Int(x1 &- x0) &* bytesPerPixel
        }
    }

    mutating func endRow() { rowStarts.append(Int32(truncatingIfNeeded: runs.count)) }

    /// Calls `body` with every run: its row, columns and pixels' offset.
    func forEachRun(_ body: (_ y: Int32, _ x0: Int32, _ x1: Int32, _ offset: Int) -> Void) {
        for i in 0..<rowStarts.count &- 1 {
            for k in Int(rowStarts[i])..<Int(rowStarts[i &+ 1]) {
                body(box.y0 &+ Int32(i), runs[k].x0, runs[k].x1, runs[k].offset)
            }
        }
    }

    /// Calls `body` with each run's columns within `part` (rows cut to `slanted`'s columns)
    /// and the offset of the first of those pixels; stops when `body` returns false.
    @inline(__always)
    func forEachRun(
        within part: IntRect, _ slanted: SlantedRows, _ body: (_ y: Int32, _ lo: Int32, _ hi: Int32, _ offset: Int) -> Bool
    ) -> Bool {
        let rows = part.intersection(box)
        guard !rows.isEmpty else { return true }
        let cut = !slanted.slant.isNone
        for y in rows.y0..<rows.y1 {
            var x0 = rows.x0, x1 = rows.x1
            if cut {
                let c = slanted.columns(row: y)
                x0 = Swift.max(x0, c.x0)
                x1 = Swift.min(x1, c.x1)
            }
            let i = Int(y &- box.y0)
            for k in Int(rowStarts[i])..<Int(rowStarts[i &+ 1]) {
                let run = runs[k], lo = Swift.max(run.x0, x0), hi = Swift.min(run.x1, x1)
                if lo < hi && !body(y, lo, hi, run.offset &+ Int(lo &- run.x0) &* bytesPerPixel) { return false }
            }
        }
        return true
    }

    /// Whether every pixel of the runs within `part` holds `background` (packed) in `surface`.
    func holdsOnly(_ background: UInt32, in surface: Surface, _ part: IntRect, _ slanted: SlantedRows) -> Bool {
        forEachRun(within: part, slanted) { y, lo, hi, _ in
            let row = surface.row(y)
            if bytesPerPixel == 4 {
                let p = row.assumingMemoryBound(to: UInt32.self)
                for x in Int(lo)..<Int(hi) where p[x] != background { return false }
            } else {
                let p = row.assumingMemoryBound(to: UInt16.self), b = UInt16(truncatingIfNeeded: background)
                for x in Int(lo)..<Int(hi) where p[x] != b { return false }
            }
            return true
        }
    }
}

/// The pixels of a surface under `runs`, as they were when kept, to copy back.
final class KeptPixels {
    let runs: KeptRuns
    private let storage: UnsafeMutableRawPointer
    /// The bytes kept (pixels and runs).
    let byteCount: Int

    init(surface: Surface, runs: KeptRuns) {
        self.runs = runs
        let storage = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(runs.pixelBytes, 1), alignment: 8)
        let bpp = runs.bytesPerPixel
        runs.forEachRun { y, x0, x1, offset in
            (storage + offset).copyMemory(from: surface.row(y) + Int(x0) &* bpp, byteCount: Int(x1 &- x0) &* bpp)
        }
        self.storage = storage
        byteCount = runs.pixelBytes &+ runs.byteCount
    }

    deinit { storage.deallocate() }

    /// Copies the kept pixels within `part` (rows cut to `slanted`'s columns) into `surface`.
    func copy(into surface: Surface, within part: IntRect, _ slanted: SlantedRows) {
        let bpp = runs.bytesPerPixel
        _ = runs.forEachRun(within: part, slanted) { y, lo, hi, offset in
            (surface.row(y) + Int(lo) &* bpp).copyMemory(from: storage + offset, byteCount: Int(hi &- lo) &* bpp)
            return true
        }
    }
}

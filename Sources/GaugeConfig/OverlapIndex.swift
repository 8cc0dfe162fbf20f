import GaugeRaster

/// Which widgets of a page overlap, without comparing every pair: frames are put in the
/// cells of a coarse grid over the screen (coordinates off the screen clamp to its edge
/// cells, so two frames that meet always share a cell) and each frame is compared only
/// with the earlier frames of its cells. A board of 20,000 widgets was 200 million
/// comparisons the pairwise way.
enum OverlapIndex {
    /// For each frame, the earlier frames (indices, ascending) it overlaps: at most
    /// `limit` of them — the first ones — so a stack of widgets on one spot stays linear.
    static func earlierOverlaps(of frames: [IntRect], screen: IntRect, limit: Int = 4) -> [[Int]] {
        let width = Int64(max(screen.width, 1)), height = Int64(max(screen.height, 1))
        // About 4096 cells at most, each at least 16 px on a side.
        let side = max(16, Int64((Double(width * height) / 4096).squareRoot().rounded(.up)))
        let columns = Int((width + side - 1) / side), rows = Int((height + side - 1) / side)
        func column(_ x: Int32) -> Int { Int(min(max((Int64(x) - Int64(screen.x0)) / side, 0), Int64(columns - 1))) }
        func row(_ y: Int32) -> Int { Int(min(max((Int64(y) - Int64(screen.y0)) / side, 0), Int64(rows - 1))) }

        var cells = [[Int]](repeating: [], count: columns * rows)
        var result = [[Int]](repeating: [], count: frames.count)
        // The frame a candidate was last looked at for: each pair is compared once.
        var lastChecked = [Int](repeating: -1, count: frames.count)
        var lastOverlapped = [Int](repeating: -1, count: frames.count)
        for (i, f) in frames.enumerated() where !f.isEmpty {
            let c0 = column(f.x0), c1 = column(f.x1 - 1), r0 = row(f.y0), r1 = row(f.y1 - 1)
            var found: [Int] = []
            for r in r0...r1 {
                for c in c0...c1 {
                    var inCell = 0
                    // Cells hold indices in ascending order: the first overlaps come first.
                    for j in cells[r * columns + c] {
                        if inCell >= limit { break }
                        guard lastChecked[j] != i else {
                            if lastOverlapped[j] == i { inCell += 1 }
                            continue
                        }
                        lastChecked[j] = i
                        if frames[j].intersects(f) {
                            found.append(j)
                            lastOverlapped[j] = i
                            inCell += 1
                        }
                    }
                    cells[r * columns + c].append(i)
                }
            }
            found.sort()
            result[i] = Array(found.prefix(limit))
        }
        return result
    }
}

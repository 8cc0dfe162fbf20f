/// Anti-aliased coverage of a filled outline — a glyph's contours of lines and quadratic or
/// cubic Béziers — in integer arithmetic only, so that a glyph is the same bytes on every
/// CPU. (FreeType's own rasterizer is not: on 32-bit CPUs it divides by multiplying with
/// reciprocals sized to `long`, which moves a few edge pixels by a level.)
///
/// The method is the exact-area cell accumulation of FreeType's and font-rs's rasterizers:
/// every edge adds, to each pixel cell it crosses, the height it spans there (`cover`) and
/// that height times the sum of its two x positions inside the cell (`area`). A sweep along
/// a row then gives each pixel the area inside the outline. The fill rule is FreeType's for
/// TrueType and CFF outlines: the absolute winding, clamped to full.
///
/// Coordinates are in `OutlineRasterizer.one`ths of a pixel, y down, relative to the mask's
/// top-left corner; points outside the mask are clamped to its edge. Arithmetic wraps rather
/// than traps, so a hostile font can make a wrong glyph but never stop the panel.
public struct OutlineRasterizer {
    /// Sub-pixel units per pixel.
    public static let one: Int32 = 256
    /// Largest error allowed when a curve is drawn as lines, in sub-pixel units (1/32 px).
    static let flatness: Int64 = 8
    /// Most lines one curve becomes.
    static let maxSteps: Int64 = 64

    public let width: Int32
    public let height: Int32
    /// Per cell, `cover` then `area`; a row has `width + 2` cells, so that an edge on the
    /// right border has a cell of its own.
    private var cells: [Int32]
    private var current = (x: Int32(0), y: Int32(0))
    private var contourStart = (x: Int32(0), y: Int32(0))
    private var open = false

    /// The largest mask side drawn; bigger outlines are refused (a 1024 px em fits).
    public static let maxSide: Int32 = 4096

    /// nil when a side is negative or above `maxSide`.
    public init?(width: Int32, height: Int32) {
        guard width >= 0, height >= 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.width = width
        self.height = height
        cells = [Int32](repeating: 0, count: Int(width + 2) * Int(height) * 2)
    }

    /// Starts a contour at `point`, closing the one before.
    public mutating func move(to x: Int32, _ y: Int32) {
        close()
        current = clamped(x, y)
        contourStart = current
        open = true
    }

    public mutating func line(to x: Int32, _ y: Int32) {
        let end = clamped(x, y)
        edge(from: current, to: end)
        current = end
    }

    /// A quadratic Bézier (TrueType's curve) from the current point.
    public mutating func quadratic(control cx: Int32, _ cy: Int32, to x: Int32, _ y: Int32) {
        let p0 = current, c = clamped(cx, cy), p1 = clamped(x, y)
        // A chord of 1/n of the curve is off by at most |p0 − 2c + p1| / (4n²).
        let bend = max(abs(Int64(p0.x) - 2 * Int64(c.x) + Int64(p1.x)), abs(Int64(p0.y) - 2 * Int64(c.y) + Int64(p1.y)))
        let n = Self.steps(bend, errorPerStep: 4)
        let nn = n * n
        for i in 1...n {
            let a = (n - i) * (n - i), b = 2 * i * (n - i), d = i * i
            let px = (Int64(p0.x) * a + Int64(c.x) * b + Int64(p1.x) * d + nn / 2) / nn
            let py = (Int64(p0.y) * a + Int64(c.y) * b + Int64(p1.y) * d + nn / 2) / nn
            lineToInside(Int32(truncatingIfNeeded: px), Int32(truncatingIfNeeded: py))
        }
    }

    /// A cubic Bézier (CFF's curve) from the current point.
    public mutating func cubic(control c1x: Int32, _ c1y: Int32, control c2x: Int32, _ c2y: Int32, to x: Int32, _ y: Int32) {
        let p0 = current, c1 = clamped(c1x, c1y), c2 = clamped(c2x, c2y), p1 = clamped(x, y)
        // A chord of 1/n is off by at most 3·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) / (4n²).
        let bend = max(abs(Int64(p0.x) - 2 * Int64(c1.x) + Int64(c2.x)), abs(Int64(p0.y) - 2 * Int64(c1.y) + Int64(c2.y)),
                       abs(Int64(c1.x) - 2 * Int64(c2.x) + Int64(p1.x)), abs(Int64(c1.y) - 2 * Int64(c2.y) + Int64(p1.y)))
        let n = Self.steps(3 * bend, errorPerStep: 4)
        let nnn = n * n * n
        for i in 1...n {
            let j = n - i
            let a = j * j * j, b = 3 * i * j * j, c = 3 * i * i * j, d = i * i * i
            let px = (Int64(p0.x) * a + Int64(c1.x) * b + Int64(c2.x) * c + Int64(p1.x) * d + nnn / 2) / nnn
            let py = (Int64(p0.y) * a + Int64(c1.y) * b + Int64(c2.y) * c + Int64(p1.y) * d + nnn / 2) / nnn
            lineToInside(Int32(truncatingIfNeeded: px), Int32(truncatingIfNeeded: py))
        }
    }

    /// Closes the open contour with a line back to its start.
    public mutating func close() {
        guard open else { return }
        edge(from: current, to: contourStart)
        current = contourStart
        open = false
    }

    /// The coverage, 0 (outside) to 255 (inside); closes the open contour first.
    public mutating func mask() -> CoverageMask {
        close()
        let full: Int32 = 2 * Self.one * Self.one
        var coverage = [UInt8](repeating: 0, count: Int(width) * Int(height))
        let stride = Int(width + 2) * 2
        for row in 0..<Int(height) {
            var winding: Int32 = 0
            for column in 0..<Int(width) {
                let cell = row * stride + column * 2
                winding = winding &+ cells[cell]
                let area = (winding &* (2 * Self.one)) &- cells[cell + 1]
                let inside = area == Int32.min ? full : min(abs(area), full)
                // As FreeType scales: 256 levels, the full one shown as 255.
                coverage[row * Int(width) + column] = UInt8(min(inside / (full / 256), 255))
            }
        }
        return CoverageMask(width: width, height: height, coverage: coverage)!
    }

    // MARK: - Edges

    /// How many chords keep a curve of this `bend` within `flatness`.
    private static func steps(_ bend: Int64, errorPerStep divisor: Int64) -> Int64 {
        var n: Int64 = 1
        while n < maxSteps, bend > divisor * flatness * n * n { n += 1 }
        return n
    }

    private func clamped(_ x: Int32, _ y: Int32) -> (x: Int32, y: Int32) {
        (min(max(x, 0), width * Self.one), min(max(y, 0), height * Self.one))
    }

    /// A line to a point already inside (curve points are within their clamped hull).
    private mutating func lineToInside(_ x: Int32, _ y: Int32) {
        let end = (x: x, y: y)
        edge(from: current, to: end)
        current = end
    }

    /// Adds an edge, row by row, going down the rows whichever way it points.
    private mutating func edge(from a: (x: Int32, y: Int32), to b: (x: Int32, y: Int32)) {
        guard a.y != b.y else { return }  // level edges cover nothing
        let sign: Int32 = a.y < b.y ? 1 : -1
        let (top, bottom) = a.y < b.y ? (a, b) : (b, a)
        let dx = Int64(bottom.x) - Int64(top.x), dy = Int64(bottom.y) - Int64(top.y)
        var y = top.y, x = top.x
        var row = top.y / Self.one
        while y < bottom.y {
            let nextY = min((row + 1) * Self.one, bottom.y)
            let nextX = nextY == bottom.y ? bottom.x : Int32(Int64(top.x) + (Int64(nextY) - Int64(top.y)) * dx / dy)
            if row < height { span(row: row, from: x, y - row * Self.one, to: nextX, nextY - row * Self.one, sign: sign) }
            x = nextX; y = nextY; row += 1
        }
    }

    /// One row's piece of an edge, from (x0, y0) to (x1, y1) with y0 < y1 inside the row,
    /// split at the column borders it crosses.
    private mutating func span(row: Int32, from x0: Int32, _ y0: Int32, to x1: Int32, _ y1: Int32, sign: Int32) {
        let base = Int(row) * Int(width + 2) * 2
        let one = Self.one
        let column = min(x0, x1) / one
        if max(x0, x1) <= (column + 1) * one {  // inside one cell
            add(base, column: column, x0, x1, height: y1 - y0, sign: sign)
            return
        }
        let dx = Int64(x1) - Int64(x0), dy = Int64(y1) - Int64(y0)
        var x = x0, y = y0
        if x0 < x1 {
            var column = x0 / one, border = (column + 1) * one
            while border < x1 {
                let yAt = Int32(Int64(y0) + (Int64(border) - Int64(x0)) * dy / dx)
                add(base, column: column, x, border, height: yAt - y, sign: sign)
                x = border; y = yAt; column += 1; border += one
            }
            add(base, column: column, x, x1, height: y1 - y, sign: sign)
        } else {
            var column = (x0 - 1) / one, border = column * one
            while border > x1 {
                let yAt = Int32(Int64(y0) + (Int64(border) - Int64(x0)) * dy / dx)
                add(base, column: column, x, border, height: yAt - y, sign: sign)
                x = border; y = yAt; column -= 1; border -= one
            }
            add(base, column: column, x, x1, height: y1 - y, sign: sign)
        }
    }

    /// Adds a piece inside one cell: its height, and its height times the sum of its ends'
    /// x inside the cell.
    private mutating func add(_ base: Int, column: Int32, _ xa: Int32, _ xb: Int32, height: Int32, sign: Int32) {
        guard height != 0 else { return }
        let left = column * Self.one
        let cell = base + Int(column) * 2
        let h = height &* sign
        cells[cell] = cells[cell] &+ h
        cells[cell + 1] = cells[cell + 1] &+ h &* ((xa - left) + (xb - left))
    }
}

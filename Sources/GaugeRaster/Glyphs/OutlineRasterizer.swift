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
/// Cells are kept for one band of `bandRows` rows at a time and the outline is replayed for
/// each band (`coverage(width:height:_:)`), so memory is the mask's bytes plus one band
/// whatever the glyph's size — as FreeType bands its own — and a band's pixels do not
/// depend on where the bands fall.
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

    /// Rows of cells kept at once.
    public static let bandRows: Int32 = 32
    /// The largest mask side drawn; bigger outlines are refused (a 1024 px em fits).
    public static let maxSide: Int32 = 4096

    public let width: Int32
    public let height: Int32
    /// The band's cells, per cell `cover` then `area`; a row has `width + 2` cells, so that
    /// an edge on the right border has a cell of its own.
    private var cells: [Int32]
    /// The mask, filled band by band.
    private var coverage: [UInt8]
    /// The band's rows: bandTop ..< bandBottom.
    private var bandTop: Int32 = 0, bandBottom: Int32 = 0
    private var current = (x: Int32(0), y: Int32(0))
    private var contourStart = (x: Int32(0), y: Int32(0))
    private var open = false

    /// The coverage of the outline `path` draws on a mask of `width × height` pixels, or nil
    /// when a side is negative or above `maxSide`. `path` is called once per band of rows
    /// and must draw the same outline each time.
    public static func coverage(width: Int32, height: Int32, _ path: (inout OutlineRasterizer) -> Void) -> CoverageMask? {
        guard width >= 0, height >= 0, width <= maxSide, height <= maxSide else { return nil }
        var rasterizer = OutlineRasterizer(width: width, height: height)
        while rasterizer.bandTop < height {
            rasterizer.bandBottom = min(rasterizer.bandTop + bandRows, height)
            path(&rasterizer)
            rasterizer.close()
            rasterizer.sweepBand()
            rasterizer.bandTop = rasterizer.bandBottom
        }
        return CoverageMask(width: width, height: height, coverage: rasterizer.coverage)
    }

    private init(width: Int32, height: Int32) {
        self.width = width
        self.height = height
        cells = [Int32](repeating: 0, count: Int(width + 2) * Int(min(height, Self.bandRows)) * 2)
        coverage = [UInt8](repeating: 0, count: Int(width) * Int(height))
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
        // The curve lies within its control points: outside the band, it adds nothing here.
        if outsideBand(p0.y, c.y, p1.y, p1.y) {
            current = p1
            return
        }
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
        if outsideBand(p0.y, c1.y, c2.y, p1.y) {
            current = p1
            return
        }
        // A chord of 1/n is off by at most 3·max(|p0 − 2c1 + c2|, |c1 − 2c2 + p1|) / (4n²).
        let bend = max(
            abs(Int64(p0.x) - 2 * Int64(c1.x) + Int64(c2.x)), abs(Int64(p0.y) - 2 * Int64(c1.y) + Int64(c2.y)),
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

    /// The band's coverage, 0 (outside) to 255 (inside), into the mask; the cells cleared.
    private mutating func sweepBand() {
        let full: Int32 = 2 * Self.one * Self.one
        let stride = Int(width + 2) * 2
        for row in 0..<Int(bandBottom - bandTop) {
            var winding: Int32 = 0
            let out = (Int(bandTop) + row) * Int(width)
            for column in 0..<Int(width) {
                let cell = row * stride + column * 2
                winding = winding &+ cells[cell]
                let area = (winding &* (2 * Self.one)) &- cells[cell + 1]
                let inside = area == Int32.min ? full : min(abs(area), full)
                // As FreeType scales: 256 levels, the full one shown as 255.
                coverage[out + column] = UInt8(min(inside / (full / 256), 255))
            }
        }
        for i in cells.indices { cells[i] = 0 }
    }

    // MARK: - Edges

    /// How many chords keep a curve of this `bend` within `flatness`.
    private static func steps(_ bend: Int64, errorPerStep divisor: Int64) -> Int64 {
        var n: Int64 = 1
        while n < maxSteps, bend > divisor * flatness * n * n { n += 1 }
        return n
    }

    /// Whether y values (sub-pixels) all lie above or all below the band's rows.
    private func outsideBand(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) -> Bool {
        max(max(a, b), max(c, d)) <= bandTop * Self.one || min(min(a, b), min(c, d)) >= bandBottom * Self.one
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
        let bandStart = bandTop * Self.one, bandEnd = bandBottom * Self.one
        guard top.y < bandEnd, bottom.y > bandStart else { return }
        let dx = Int64(bottom.x) - Int64(top.x), dy = Int64(bottom.y) - Int64(top.y)
        // x where the edge crosses sub-pixel row y: the same expression whichever band asks.
        func crossing(_ y: Int32) -> Int32 {
            y == bottom.y ? bottom.x : Int32(Int64(top.x) + (Int64(y) - Int64(top.y)) * dx / dy)
        }
        var y = max(top.y, bandStart)
        var x = y == top.y ? top.x : crossing(y)
        var row = y / Self.one
        let last = min(bottom.y, bandEnd)
        while y < last {
            let nextY = min((row + 1) * Self.one, bottom.y)
            let nextX = crossing(nextY)
            span(row: row - bandTop, from: x, y - row * Self.one, to: nextX, nextY - row * Self.one, sign: sign)
            x = nextX
            y = nextY
            row += 1
        }
    }

    /// One row's piece of an edge (`row` counted from the band's top), from (x0, y0) to
    /// (x1, y1) with y0 < y1 inside the row, split at the column borders it crosses.
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
                x = border
                y = yAt
                column += 1
                border += one
            }
            add(base, column: column, x, x1, height: y1 - y, sign: sign)
        } else {
            var column = (x0 - 1) / one, border = column * one
            while border > x1 {
                let yAt = Int32(Int64(y0) + (Int64(border) - Int64(x0)) * dy / dx)
                add(base, column: column, x, border, height: yAt - y, sign: sign)
                x = border
                y = yAt
                column -= 1
                border -= one
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

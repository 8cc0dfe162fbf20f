import GaugeRaster

// Embedded-Swift subset: no Foundation, no FreeType; only GaugeRaster types. This file
// and StrokeGlyphs.swift are the built-in font GaugeWidgets draws labels with.

/// A built-in font of straight round-capped strokes (see `StrokeGlyphs`): digits, basic
/// punctuation for readouts and A–Z (lower case drawn as upper case). It needs no font
/// file and no FreeType, so text still shows on a bare system and in Embedded builds.
///
/// Each glyph is stroked once with the raster core's anti-aliased lines into a coverage
/// mask and cached, then blitted like a FreeType glyph.
public struct StrokeFont: GlyphSource {
    /// Height of digits and capitals in pixels.
    public let capHeight: Int32
    /// Stroke width.
    public let weight: Fixed
    public let lineMetrics: LineMetrics
    /// The font's rasterised glyphs (shared by copies of this font).
    public let cache: GlyphCache<Unicode.Scalar>

    /// Largest cap height: keeps every glyph mask well inside `Surface.maxDimension`.
    public static let maxCapHeight: Int32 = 1024

    /// - Parameters:
    ///   - capHeight: digit/capital height in pixels, clamped to 1…`maxCapHeight`.
    ///   - weight: stroke width; default about a tenth of the cap height, at least 1 px.
    public init(capHeight: Int32, weight: Fixed? = nil) {
        let h = Swift.min(Swift.max(capHeight, 1), StrokeFont.maxCapHeight)
        self.capHeight = h
        let w = weight ?? Fixed(raw: Swift.max(Fixed.scale, h &* Fixed.scale / 10))
        self.weight = Fixed(raw: Swift.min(Swift.max(w.raw, Fixed.scale / 4), h &* Fixed.scale / 3))
        let half = self.weight.halved
        lineMetrics = LineMetrics(
            ascender: (Fixed(h) + half).ceil,
            descender: (StrokeFont.unitsToPixels(2, capHeight: h) + half).ceil,
            lineHeight: (h &* 3 + 1) / 2)
        cache = GlyphCache(capacity: 128)
    }

    /// Every scalar this font draws (upper case; lower-case letters map onto these).
    public static var supportedScalars: [Unicode.Scalar] { StrokeGlyphs.supported }

    public func glyphID(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        var s = scalar
        // a–z → A–Z: the font has capitals only.
        if s.value >= 0x61 && s.value <= 0x7A, let upper = Unicode.Scalar(s.value - 0x20) { s = upper }
        return StrokeGlyphs.outline(s) == nil ? nil : s
    }

    /// The cap height and weight make every glyph (the strokes are fixed).
    public func identify(in key: inout LayerKey) -> Bool {
        key.add(0x5354_524B)  // "STRK": no other font's words start so
        key.add(capHeight)
        key.add(weight.raw)
        return true
    }

    /// Strokes are spaced by their side bearings; there are no kerning pairs.
    public func kerning(between left: Unicode.Scalar, and right: Unicode.Scalar) -> Fixed { .zero }

    public func glyph(_ id: Unicode.Scalar) -> RasterGlyph {
        cache.glyph(for: id) { rasterise($0) }
    }

    // Grid units (12 per cap height) to pixels, exact to 1/256 px.
    private static func unitsToPixels(_ units: Int32, capHeight: Int32) -> Fixed {
        Fixed(capHeight &* units, over: 12)
    }

    // Half a unit of side bearing: glyph x = 1.5 units + x, advance = width + 3 units.
    private func penX(_ x: Int32) -> Fixed { Fixed(capHeight &* (2 &* x &+ 3), over: 24) }
    private func penY(_ y: Int32) -> Fixed { StrokeFont.unitsToPixels(y, capHeight: capHeight) }

    private func rasterise(_ scalar: Unicode.Scalar) -> RasterGlyph {
        guard let outline = StrokeGlyphs.outline(scalar) else { return .blank(advance: .zero) }
        let advance = StrokeFont.unitsToPixels(outline.width &+ 3, capHeight: capHeight)
        var lines: [[(x: Int32, y: Int32)]] = []
        StrokeGlyphs.forEachPolyline(outline.strokes) { lines.append($0) }
        guard !lines.isEmpty else { return .blank(advance: advance) }

        var minX = Int32.max, maxX = Int32.min, minY = Int32.max, maxY = Int32.min
        for line in lines {
            for p in line {
                minX = Swift.min(minX, p.x)
                maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y)
                maxY = Swift.max(maxY, p.y)
            }
        }
        // Half the stroke plus a pixel for the anti-aliased fringe.
        let margin = weight.halved + Fixed.one
        let left = (penX(minX) - margin).floor, right = (penX(maxX) + margin).ceil
        let top = (penY(maxY) + margin).ceil, bottom = (penY(minY) - margin).floor
        let width = right &- left, height = top &- bottom
        guard let surface = try? Surface(width: width, height: height, format: .argb8888) else {
            return .blank(advance: advance)
        }
        let canvas = Canvas(surface)
        let white = Paint.solid(.white)
        func point(_ p: (x: Int32, y: Int32)) -> Point {
            Point(x: penX(p.x) - Fixed(left), y: Fixed(top) - penY(p.y))
        }
        for line in lines {
            if line.count == 1 {
                canvas.fillDisc(centre: point(line[0]), radius: weight.halved, paint: white)
                continue
            }
            for i in 1..<line.count {
                canvas.strokeLine(from: point(line[i - 1]), to: point(line[i]), width: weight, cap: .round, paint: white)
            }
        }
        // White composited "over" leaves the strokes' union coverage in the alpha byte.
        var coverage = [UInt8](repeating: 0, count: Int(width) * Int(height))
        for y in 0..<height {
            let row = surface.row(y).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { coverage[Int(y) * Int(width) + Int(x)] = UInt8(truncatingIfNeeded: row[Int(x)] >> 24) }
        }
        guard let mask = CoverageMask(width: width, height: height, coverage: coverage) else {
            return .blank(advance: advance)
        }
        return RasterGlyph(mask: mask, left: left, top: top, advance: advance).trimmed()
    }
}

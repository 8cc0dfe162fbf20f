import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A dial's ticks and their labels. The ticks never change while the dial's scale and
/// colours stay: with a shape cache they are drawn once and then copied back as pixels
/// (`Canvas.drawKept`), when that gives the same pixels — see `Marks.keptTicksRadius`.
extension CircularGaugeStyle {
    struct Marks {
        let arc: ArcGeometry
        let outer: Fixed, majorWidth: Fixed
        let labelRadius: Fixed

        init(_ arc: ArcGeometry) {
            self.arc = arc
            outer = arc.scaled(128)
            majorWidth = Swift.max(arc.scaled(3), Fixed.one)
            labelRadius = arc.scaled(96)
        }

        func tick<F: GlyphSource>(_ m: GaugeResolvedMark, _ c: GaugeStyleConfiguration, on canvas: Canvas, _: GaugeFonts<F>) {
            let a = Direction(arc.angle(at: m.fraction))
            let len = arc.scaled(m.isMajor ? 14 : 7)
            let width = Swift.max(arc.scaled(m.isMajor ? 3 : 1), m.isMajor ? Fixed.one : Fixed.half)
            canvas.strokeLine(
                from: Point(centre: arc.centre, radius: outer, direction: a),
                to: Point(centre: arc.centre, radius: outer - len, direction: a),
                width: width, paint: .solid(c.theme.tick))
        }

        /// Draws mark `m`'s label when its reach may meet the canvas (`reaches`).
        func label<F: GlyphSource>(
            _ m: GaugeResolvedMark, _ c: GaugeStyleConfiguration, on canvas: Canvas,
            _ fonts: GaugeFonts<F>, reaches: (Fixed, Fixed) -> Bool
        ) {
            // A line height per character (and two more) bounds the ink of any label.
            let lineHeight = Swift.max(fonts.label.lineMetrics.lineHeight, 1)
            guard let label = m.label, m.isMajor,
                case let reach = Fixed(lineHeight &* Int32(truncatingIfNeeded: Swift.min(label.utf8.count + 2, 60))),
                reaches(labelRadius - reach, labelRadius + reach)
            else { return }
            let at = Point(centre: arc.centre, radius: labelRadius, direction: Direction(arc.angle(at: m.fraction)))
            CentredText(centre: at, font: fonts.label).draw(label, on: canvas, font: fonts.label, color: c.theme.label)
        }

        /// The disc the ticks (and labels) may be kept in, or nil when keeping them would
        /// change pixels. Kept, they are drawn over the background alone, each tick and then
        /// its label as the dial draws them. That is what the dial draws when the disc —
        /// within 1 px of the track's inner edge, where the ring's coverage is 0 — holds
        /// nothing but the background before them (no zone bands) and holds every tick's ink
        /// (its outer end, half its width and 1½ px of anti-aliasing, a bound on the
        /// ~0.72 px a quad's corner inks); the labels' ink is checked when a layer is kept
        /// (`labelsFit`), and their font must name its glyphs for the key.
        func keptTicksRadius<F: GlyphSource>(_ c: GaugeStyleConfiguration, labels: Bool, font: F) -> Fixed? {
            let disc = arc.radius - arc.thickness - Fixed.one
            guard c.bands.isEmpty, outer + majorWidth.halved + Fixed(raw: 384) <= disc else { return nil }
            if labels {
                var probe = LayerKey()
                guard font.identify(in: &probe) else { return nil }
            }
            return disc
        }

        /// Whether every label's ink lies inside the disc of `radius` (each corner pixel's
        /// centre within it, as `KeptLayer` keeps pixels; the disc is convex).
        func labelsFit<F: GlyphSource>(_ c: GaugeStyleConfiguration, radius: Fixed, font: F) -> Bool {
            let cx = Int64(arc.centre.x.raw), cy = Int64(arc.centre.y.raw), r = Int64(radius.raw)
            func inside(_ x: Int32, _ y: Int32) -> Bool {
                let dx = Int64(x) &* 256 &+ 128 &- cx, dy = Int64(y) &* 256 &+ 128 &- cy
                return dx &* dx &+ dy &* dy < r &* r
            }
            for m in c.marks where m.isMajor {
                guard let label = m.label else { continue }
                let at = Point(centre: arc.centre, radius: labelRadius, direction: Direction(arc.angle(at: m.fraction)))
                let b = CentredText(centre: at, font: font).bounds(label, font: font)
                if b.isEmpty { continue }
                guard inside(b.x0, b.y0), inside(b.x1 &- 1, b.y0), inside(b.x0, b.y1 &- 1), inside(b.x1 &- 1, b.y1 &- 1)
                else { return false }
            }
            return true
        }

        /// What the kept ticks depend on, beyond the disc and background: the scale's size,
        /// the tick colour and every mark's place and kind.
        func key(_ c: GaugeStyleConfiguration, _ k: inout LayerKey) {
            k.add(arc.radius.raw)
            k.add(arc.thickness.raw)
            k.add(outer.raw)
            k.add(majorWidth.raw)
            k.add(arc.start.raw)
            k.add(arc.sweep.raw)
            let t = c.theme.tick
            k.add(Int32(t.r) | Int32(t.g) << 8 | Int32(t.b) << 16 | Int32(t.a) << 24)
            let marks = c.marks
            k.add(Int32(truncatingIfNeeded: marks.count))
            // The two fields read in place (a mark copied whole retains its label), in one
            // word: fractions lie in 0…65536 (`GaugeValue.fraction`).
            for i in marks.indices {
                k.add(marks[i].fraction &<< 1 | (marks[i].isMajor ? 1 : 0))
            }
        }

        /// What kept labels add: their font, colour, radius and every major mark's text.
        func labelsKey<F: GlyphSource>(_ c: GaugeStyleConfiguration, _ font: F, _ k: inout LayerKey) {
            _ = font.identify(in: &k)
            let t = c.theme.label
            k.add(Int32(t.r) | Int32(t.g) << 8 | Int32(t.b) << 16 | Int32(t.a) << 24)
            k.add(labelRadius.raw)
            let marks = c.marks
            for i in marks.indices where marks[i].isMajor {
                if let label = marks[i].label {
                    k.add(label)
                } else {
                    k.add(-1)
                }
            }
        }
    }

    /// The ticks and labels, kept as pixels where that is exact (`Marks.keptTicksRadius`),
    /// else each tick and then its label, mark by mark.
    func drawMarks<F: GlyphSource>(
        _ c: GaugeStyleConfiguration, arc: ArcGeometry, on canvas: Canvas, fonts: GaugeFonts<F>,
        ticks: Bool, labels: Bool, reaches: (Fixed, Fixed) -> Bool
    ) {
        let marks = Marks(arc)
        // Whether the dial has labels at all, not whether this draw reaches them: the same
        // layer serves every clip.
        let hasLabels = c.marks.contains { $0.isMajor && $0.label != nil }
        if let disc = marks.keptTicksRadius(c, labels: hasLabels, font: fonts.label) {
            canvas.drawKept(
                key: { k in
                    marks.key(c, &k)
                    k.add(hasLabels ? 1 : 0)
                    if hasLabels { marks.labelsKey(c, fonts.label, &k) }
                }, centre: arc.centre, radius: disc, background: c.theme.background,
                fits: { ticks && (!hasLabels || labels && marks.labelsFit(c, radius: disc, font: fonts.label)) }
            ) { canvas in
                for m in c.marks {
                    if ticks { marks.tick(m, c, on: canvas, fonts) }
                    if labels && hasLabels { marks.label(m, c, on: canvas, fonts, reaches: reaches) }
                }
            }
            return
        }
        for m in c.marks {
            if ticks { marks.tick(m, c, on: canvas, fonts) }
            if labels { marks.label(m, c, on: canvas, fonts, reaches: reaches) }
        }
    }
}

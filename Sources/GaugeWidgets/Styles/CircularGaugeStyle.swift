import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A dial, as in the reference scene's tachometer: a track arc from 135° sweeping 270°,
/// the value arc over it, ticks with labels, optional zone bands, a tapered needle with a
/// hub, an optional min/max-hold marker, the readout and title in the lower half.
/// Proportions follow the reference (150 px radius) at any size.
public struct CircularGaugeStyle: GaugeStyle, Sendable {
    public var showsValueArc: Bool
    public var showsNeedle: Bool

    public init(showsValueArc: Bool = true, showsNeedle: Bool = true) {
        self.showsValueArc = showsValueArc
        self.showsNeedle = showsNeedle
    }

    struct Layout {
        let arc: ArcGeometry
        let margin = Fixed(2)

        init(_ c: GaugeStyleConfiguration) {
            let b = c.bounds
            let size = Swift.min(b.width, b.height)
            let centre = Point(x: Fixed(raw: (b.x0 &+ b.x1) &* 128), y: Fixed(raw: (b.y0 &+ b.y1) &* 128))
            let radius = Fixed(raw: Swift.max(size &* 128 - 2 * 256, 0))
            let r = ArcGeometry(
                centre: centre, radius: radius, thickness: .zero,
                start: Angle(raw: 24576), sweep: Angle(raw: 49152))
            arc = ArcGeometry(
                centre: centre, radius: radius, thickness: r.scaled(18),
                start: r.start, sweep: r.sweep)
        }

        /// The needle's four corners, as the reference scene draws it: from the centre to
        /// radius 130, 8 px wide at the base and 2 px at the tip (scaled).
        func needle(at fraction: Int32) -> Quad {
            let a = arc.angle(at: fraction)
            let across = a + Angle.quarterTurn
            let base = Swift.max(arc.scaled(4), Fixed.one), tip = Swift.max(arc.scaled(1), Fixed.half)
            let end = Point(centre: arc.centre, radius: arc.scaled(130), angle: a), side = Direction(across)
            return Quad(
                Point(centre: arc.centre, radius: base, direction: side), Point(centre: end, radius: tip, direction: side),
                Point(centre: end, radius: -tip, direction: side), Point(centre: arc.centre, radius: -base, direction: side))
        }

        func valueSweep(_ f: Int32) -> Int32 { arc.drawnSweep(at: f) }

        var hubRadius: Fixed { Swift.max(arc.scaled(12), Fixed(2)) }
        var holdWidth: Fixed { Swift.max(arc.scaled(4), Fixed.one) }
        func holdEnds(at fraction: Int32) -> (Point, Point) {
            let a = Direction(arc.angle(at: fraction))
            return (
                Point(centre: arc.centre, radius: arc.radius, direction: a),
                Point(centre: arc.centre, radius: arc.radius - arc.thickness, direction: a)
            )
        }
        func holdBounds(_ fraction: Int32?) -> IntRect {
            guard let f = fraction else { return .empty }
            var box = PointBox()
            let (p, q) = holdEnds(at: f)
            box.add(p)
            box.add(q)
            return box.pixels(margin: holdWidth.halved + margin)
        }

        func readout<F: GlyphSource>(_ font: F) -> CentredText {
            CentredText(centre: Point(x: arc.centre.x, y: arc.centre.y + arc.scaled(42)), font: font)
        }
        func title<F: GlyphSource>(_ font: F) -> CentredText {
            CentredText(centre: Point(x: arc.centre.x, y: arc.centre.y + arc.scaled(100)), font: font)
        }
    }

    public func draw<F: GlyphSource>(_ c: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        let canvas = canvas.clipped(to: c.bounds)
        canvas.fillBackground(c.bounds, color: c.theme.background)
        let l = Layout(c), arc = l.arc
        // A damage redraw clips to a few small rectangles: skip whole parts (rings of the
        // dial) that cannot reach the clip before computing their geometry.
        func reaches(_ inner: Fixed, _ outer: Fixed) -> Bool {
            canvas.anyDrawableRectangle { arc.annulus(inner: inner, outer: outer, reaches: $0) }
        }
        let trackInner = arc.radius - arc.thickness
        drawRing(c, l, on: canvas, reaches: reaches)
        let outer = arc.scaled(128), majorWidth = Swift.max(arc.scaled(3), Fixed.one)
        let ticksReach = reaches(outer - arc.scaled(14) - majorWidth, outer + majorWidth)
        // Labels are centred at radius 96; a line height per character (and two more)
        // bounds the ink of any label, in any font.
        let labelRadius = arc.scaled(96), lineHeight = Swift.max(fonts.label.lineMetrics.lineHeight, 1)
        let labelsReach = reaches(labelRadius - Fixed(lineHeight &* 64), labelRadius + Fixed(lineHeight &* 64))
        if ticksReach || labelsReach {
            drawMarks(c, arc: arc, on: canvas, fonts: fonts, ticks: ticksReach, labels: labelsReach, reaches: reaches)
        }
        if let h = c.hold, reaches(trackInner - l.holdWidth, arc.radius + l.holdWidth) {
            let (p, q) = l.holdEnds(at: h)
            canvas.strokeLine(from: p, to: q, width: l.holdWidth, paint: .solid(c.theme.hold))
        }
        l.title(fonts.label).draw(c.title ?? "", on: canvas, font: fonts.label, color: c.theme.label, over: c.theme.background)
        l.readout(fonts.value).draw(
            c.currentValueText, on: canvas, font: fonts.value, color: c.theme.value, over: c.theme.background)
        if showsNeedle, let f = c.fraction, reaches(.zero, arc.scaled(131) + Fixed(2)) {
            let n = l.needle(at: f)
            canvas.fillConvexPolygon(n.a, n.b, n.c, n.d, paint: .solid(c.theme.needle))
        }
        if reaches(.zero, l.hubRadius) { canvas.fillDisc(centre: arc.centre, radius: l.hubRadius, paint: .solid(c.theme.hub)) }
    }

    /// The track, the value arc and the zone bands: the ring.
    private func drawRing(_ c: GaugeStyleConfiguration, _ l: Layout, on canvas: Canvas, reaches: (Fixed, Fixed) -> Bool) {
        let arc = l.arc
        let trackInner = arc.radius - arc.thickness
        let value = showsValueArc ? c.fraction.map { (fraction: $0, sweep: l.valueSweep($0)) } : nil
        let valuePaint = value.map { ValuePaint.arc(c.tint, arc, fraction: $0.fraction) }
        let ringReaches = reaches(trackInner, arc.radius)
        // The track only where an opaque value arc does not hide it.
        let hidden = valuePaint?.isOpaque == true ? arc.hiddenTrackSweep(under: value?.sweep ?? 0) : 0
        let track = ArcSegment(
            start: arc.start + Angle(raw: hidden), sweep: Angle(raw: arc.sweep.raw &- hidden),
            paint: .solid(c.theme.track))
        let valueArc = value.flatMap { value in
            valuePaint.map { ArcSegment(start: arc.start, sweep: Angle(raw: value.sweep), paint: $0) }
        }.flatMap { $0.sweep.raw > 0 ? $0 : nil }
        if ringReaches, c.bands.isEmpty, let valueArc {
            // Track and value arc in one pass over the ring's rows (the same pixels).
            // Drawn first on the background: the cache may keep both arcs' pixels over it.
            canvas.strokeArcs(
                centre: arc.centre, radius: arc.radius, thickness: arc.thickness, under: track, over: valueArc,
                background: c.theme.background)
        } else {
            if ringReaches {
                canvas.strokeArc(
                    centre: arc.centre, radius: arc.radius, thickness: arc.thickness,
                    start: track.start, sweep: track.sweep, paint: track.paint)
            }
            // Zone bands sit under the ticks' outer ends.
            if !c.bands.isEmpty && reaches(arc.scaled(123), arc.scaled(128)) {
                for band in c.bands {
                    let a = arc.angle(at: band.start)
                    canvas.strokeArc(
                        centre: arc.centre, radius: arc.scaled(128), thickness: arc.scaled(5), start: a,
                        sweep: arc.angle(at: band.end) - a, paint: .solid(band.color))
                }
            }
            if ringReaches, let valueArc {
                canvas.strokeArc(
                    centre: arc.centre, radius: arc.radius, thickness: arc.thickness,
                    start: valueArc.start, sweep: valueArc.sweep, paint: valueArc.paint)
            }
        }
    }

    public func damage<F: GlyphSource>(
        from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
        fonts: GaugeFonts<F>
    ) -> Region {
        guard old.hasSameStaticParts(as: new) else { return Region(old.bounds, new.bounds) }
        let l = Layout(new), arc = l.arc
        var region = Region()
        if old.fraction != new.fraction {
            let fa = old.fraction ?? 0, fb = new.fraction ?? 0
            // The value arc's slice: boxes before the needle's bands (joined to them as
            // they come), or slanted rows after them (cut where they meet the needle's).
            var slanted: SlantedSlice? = nil
            if showsValueArc {
                // A tier change recolours the whole arc; otherwise only the slice between.
                let recoloured = new.tint.isTiered && new.tint.tierColor(at: fa) != new.tint.tierColor(at: fb)
                let sa = old.fraction == nil ? 0 : l.valueSweep(fa), sb = new.fraction == nil ? 0 : l.valueSweep(fb)
                // A pixel changes when its centre lies within ½ px of the slice (the ring's and
                // the end ray's anti-aliasing), ~0.71 px at the slice's corners: ¾ px.
                // The track starts under the value arc's end (`draw`) and moves with it. Under
                // the value arc only the ring's two anti-aliased edges let it show through —
                // and, while the track starts within `trackUnderlap` of the scale's start, the
                // start's anti-aliased end too: then the slice starts at the scale's start.
                let hidden = arc.hiddenTrackSweep(under: Swift.min(sa, sb))
                let first = recoloured || hidden < arc.trackUnderlap ? 0 : Swift.min(sa, sb)
                let inner = arc.radius - arc.thickness, last = Swift.max(sa, sb)
                // The track's edge circles from `hidden` lie in the slice from there: the
                // same rows, a little wider.
                let from = first > 0 ? Swift.min(hidden, first) : first
                slanted = arc.slantedSlice(
                    from: arc.start.raw &+ from, to: arc.start.raw &+ last, inner: inner, outer: arc.radius,
                    reach: PointBox.inkReach)
                if slanted == nil {
                    arc.addSlice(
                        sweep: first, to: last, inner: inner, outer: arc.radius, reach: PointBox.inkReach, layers: 3,
                        edgesFrom: first > 0 ? hidden : nil, to: &region)
                }
            }
            if showsNeedle {
                // Bands of rows hugging both needles: a slanted needle's bounding box is
                // mostly pixels that don't change. A pixel is inked when its centre lies
                // within ~0.72 px of the quad (half a pixel per edge, mitred at its
                // near-right-angled corners): ¾ px. Bands of 7 rows (at 150 px) keep the
                // pixels written under twice those that change.
                let a = old.fraction.map { l.needle(at: $0) }, b = new.fraction.map { l.needle(at: $0) }
                let hub = new.theme.hub.a == 255 ? Disc(centre: arc.centre, radius: l.hubRadius) : nil
                Quad.addBands(
                    a, b, height: Swift.max(arc.scaled(7).ceil, 4), straightHeight: Swift.max(arc.scaled(42).ceil, 24),
                    reach: PointBox.inkReach, hiddenWithin: hub, to: &region)
            }
            slanted?.add(to: &region)
        }
        region.addChange(l.holdBounds(old.hold), l.holdBounds(new.hold), changed: old.hold != new.hold)
        let t = l.readout(fonts.value)
        region.addChange(
            t.bounds(old.currentValueText, font: fonts.value), t.bounds(new.currentValueText, font: fonts.value),
            changed: old.currentValueText != new.currentValueText)
        region.formIntersection(new.bounds)
        return region
    }
}

extension GaugeStyle where Self == CircularGaugeStyle {
    /// A dial with needle, ticks and value arc.
    public static var circular: CircularGaugeStyle { CircularGaugeStyle() }
}

extension CircularGaugeStyle: DashboardGaugeStyle {
    public static func content(_ gauge: consuming Gauge<Self>) -> WidgetContent { .dial(gauge) }
    public static func withGauge<R>(in content: WidgetContent, _ body: (Gauge<Self>) -> R) -> R? {
        guard case .dial(let g) = content else { return nil }
        return body(g)
    }
}

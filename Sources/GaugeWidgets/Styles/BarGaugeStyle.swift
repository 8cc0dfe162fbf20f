import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// The straight styles: a capacity bar filled to the value (rounded ends), or a tinted
/// track with a dot at the value. Title above left, readout above right, bounds below.
public struct BarGaugeStyle: GaugeStyle, Sendable {
    enum Kind { case capacity, indicator }
    let kind: Kind
    /// Track height as a percentage of the frame's height (clamped to 3…24 px).
    let heightPercent: Int32
    /// A track height in pixels that overrides `heightPercent` (e.g. the reference scene's 24).
    var fixedThickness: Int32?
    let margin = Fixed(2)

    init(kind: Kind, heightPercent: Int32, fixedThickness: Int32? = nil) {
        self.kind = kind
        self.heightPercent = heightPercent
        self.fixedThickness = fixedThickness
    }

    /// The same style with a track `pixels` high (1…256), whatever the frame's height.
    public func thickness(_ pixels: Int32) -> BarGaugeStyle {
        var s = self
        s.fixedThickness = Swift.min(Swift.max(pixels, 1), 256)
        return s
    }

    struct Layout {
        let x0: Fixed, x1: Fixed, top: Fixed, height: Fixed
        var centreY: Fixed { top + height.halved }
        var dotRadius: Fixed { height.halved + Fixed(3) }
        func x(at f: Int32) -> Fixed { Fixed(clampingRaw: Int64(x0.raw) + ((Int64((x1 - x0).raw) * Int64(f)) >> 16)) }
    }

    func layout(_ c: GaugeStyleConfiguration) -> Layout {
        let b = c.bounds
        let h = fixedThickness ?? Swift.min(Swift.max(b.height &* heightPercent / 100, 3), 24)
        // A capacity bar spans the frame; the indicator's dot (radius h/2 + 3) needs room.
        let pad = kind == .capacity ? 0 : h / 2 + 5
        return Layout(
            x0: Fixed(b.x0 &+ pad), x1: Fixed(Swift.max(b.x1 &- pad, b.x0 &+ pad)),
            top: Fixed(raw: (b.y0 &+ b.y1 &- h) &* 128), height: Fixed(h))
    }

    private func readout<F: GlyphSource>(_ l: Layout, _ fonts: GaugeFonts<F>) -> CentredText {
        CentredText(baseline: Point(x: l.x1, y: l.top - Fixed(6) - Fixed(fonts.label.lineMetrics.descender)))
    }

    public func draw<F: GlyphSource>(_ c: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        let canvas = canvas.clipped(to: c.bounds)
        canvas.fillBackground(c.bounds, color: c.theme.background)
        let l = layout(c)
        let track = Rect(x: l.x0, y: l.top, width: l.x1 - l.x0, height: l.height)
        let from = Point(x: l.x0, y: l.centreY), to = Point(x: l.x1, y: l.centreY)
        switch kind {
        case .capacity:
            canvas.fillRoundedRect(track, radius: l.height.halved, paint: .solid(c.theme.track))
            if let f = c.fraction, f > 0 {
                canvas.fillRoundedRect(
                    Rect(x: l.x0, y: l.top, width: l.x(at: f) - l.x0, height: l.height),
                    radius: l.height.halved, paint: ValuePaint.bar(c.tint, from: from, to: to, fraction: f))
            }
        case .indicator:
            let trackPaint = c.tint.isTiered ? Paint.solid(c.theme.track) : ValuePaint.bar(c.tint, from: from, to: to, fraction: 0)
            canvas.fillRoundedRect(track, radius: l.height.halved, paint: trackPaint)
            if let f = c.fraction {
                let p = Point(x: l.x(at: f), y: l.centreY)
                canvas.fillDisc(centre: p, radius: l.dotRadius, paint: .solid(c.theme.background))
                canvas.fillDisc(centre: p, radius: l.dotRadius - Fixed(2), paint: .solid(c.theme.value))
            }
        }
        for m in c.marks where m.isMajor {
            let x = l.x(at: m.fraction)
            canvas.strokeLine(
                from: Point(x: x, y: l.top + l.height + Fixed(2)), to: Point(x: x, y: l.top + l.height + Fixed(5)),
                width: Fixed.one, paint: .solid(c.theme.tick))
        }
        let title = CentredText(baseline: Point(x: l.x0, y: l.top - Fixed(6) - Fixed(fonts.label.lineMetrics.descender)))
        title.draw(c.title ?? "", on: canvas, font: fonts.label, color: c.theme.label, alignment: .left)
        readout(l, fonts).draw(c.currentValueText, on: canvas, font: fonts.label, color: c.theme.value, alignment: .right)
        let below = l.top + l.height + Fixed(8) + Fixed(fonts.label.lineMetrics.ascender)
        CentredText(baseline: Point(x: l.x0, y: below))
            .draw(c.minimumLabel ?? "", on: canvas, font: fonts.label, color: c.theme.label, alignment: .left)
        CentredText(baseline: Point(x: l.x1, y: below))
            .draw(c.maximumLabel ?? "", on: canvas, font: fonts.label, color: c.theme.label, alignment: .right)
    }

    public func damage<F: GlyphSource>(
        from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
        fonts: GaugeFonts<F>
    ) -> Region {
        guard old.hasSameStaticParts(as: new) else { return Region(old.bounds, new.bounds) }
        let l = layout(new)
        var region = Region()
        if old.fraction != new.fraction {
            let fa = old.fraction ?? 0, fb = new.fraction ?? 0
            switch kind {
            case .capacity:
                let lo = Swift.min(fa, fb), hi = Swift.max(fa, fb)
                let recoloured = new.tint.isTiered && new.tint.tierColor(at: fa) != new.tint.tierColor(at: fb)
                // Below one track height of width the end radius shrinks: the whole fill changes.
                let short = l.x(at: lo) - l.x0 < l.height + Fixed.one
                let left = recoloured || short ? l.x0 : l.x(at: lo) - l.height.halved
                var box = PointBox()
                box.add(Point(x: left, y: l.top))
                box.add(Point(x: l.x(at: hi), y: l.top + l.height))
                region.formUnion(box.pixels(margin: margin))
            case .indicator:
                for f in [old.fraction, new.fraction] {
                    guard let f else { continue }
                    var box = PointBox()
                    box.add(Point(x: l.x(at: f), y: l.centreY))
                    region.formUnion(box.pixels(margin: l.dotRadius + margin))
                }
            }
        }
        let t = readout(l, fonts)
        region.addChange(
            t.bounds(old.currentValueText, font: fonts.label, alignment: .right),
            t.bounds(new.currentValueText, font: fonts.label, alignment: .right),
            changed: old.currentValueText != new.currentValueText)
        region.formIntersection(new.bounds)
        return region
    }
}

extension BarGaugeStyle: DashboardGaugeStyle {
    public static func content(_ gauge: consuming Gauge<Self>) -> WidgetContent { .bar(gauge) }
    public static func withGauge<R>(in content: WidgetContent, _ body: (Gauge<Self>) -> R) -> R? {
        guard case .bar(let g) = content else { return nil }
        return body(g)
    }
}

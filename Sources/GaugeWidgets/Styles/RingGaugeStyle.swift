import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// The round styles other than the dial: a capacity ring filled to the value, or an
/// open ring with a dot at the value (SwiftUI's accessory circular look).
public struct RingGaugeStyle: GaugeStyle, Sendable {
    enum Kind { case capacity, indicator }
    let kind: Kind
    /// Ring thickness as a fraction of the radius, in 1/150ths.
    let thickness: Int32
    let showsTitle: Bool
    let showsBoundLabels: Bool
    let margin = Fixed(2)

    func geometry(_ c: GaugeStyleConfiguration) -> ArcGeometry {
        let b = c.bounds
        let size = Swift.min(b.width, b.height)
        let centre = Point(x: Fixed(raw: (b.x0 &+ b.x1) &* 128), y: Fixed(raw: (b.y0 &+ b.y1) &* 128))
        let radius = Fixed(raw: Swift.max(size &* 128 - 3 * 256, 0))
        let thick = Fixed(clampingRaw: Int64(radius.raw) * Int64(thickness) / 150)
        switch kind {
        // A full ring filled clockwise from 12 o'clock.
        case .capacity:
            return ArcGeometry(
                centre: centre, radius: radius, thickness: thick,
                start: Angle(raw: 49152), sweep: Angle.fullTurn)
        case .indicator:
            return ArcGeometry(
                centre: centre, radius: radius, thickness: thick,
                start: Angle(raw: 24576), sweep: Angle(raw: 49152))
        }
    }

    /// The angle a round cap (half the thickness) spans on the arc's mid-line.
    private func capAngle(_ arc: ArcGeometry) -> Angle {
        let mid = Int64(Swift.max((arc.radius - arc.thickness.halved).raw, 1))
        return Angle(raw: Int32(Swift.min(Int64(arc.thickness.halved.raw) * 10431 / mid, 16384)))
    }

    private func valueSweep(_ arc: ArcGeometry, _ f: Int32) -> Int32 {
        arc.drawnSweep(at: f)
    }

    private func dot(_ arc: ArcGeometry, _ f: Int32) -> (centre: Point, radius: Fixed) {
        (
            Point(centre: arc.centre, radius: arc.radius - arc.thickness.halved, angle: arc.angle(at: f)),
            arc.thickness.halved + Fixed(2)
        )
    }

    private func readout<F: GlyphSource>(_ arc: ArcGeometry, _ font: F) -> CentredText {
        CentredText(centre: arc.centre, font: font)
    }

    public func draw<F: GlyphSource>(_ c: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        let canvas = canvas.clipped(to: c.bounds)
        canvas.fillBackground(c.bounds, color: c.theme.background)
        let arc = geometry(c)
        switch kind {
        case .capacity:
            canvas.strokeArc(
                centre: arc.centre, radius: arc.radius, thickness: arc.thickness,
                start: arc.start, sweep: arc.sweep, paint: .solid(c.theme.track))
            // A snapped sweep of 0 still draws the start cap: a dot for a tiny value.
            if let f = c.fraction, f > 0 {
                canvas.strokeArc(
                    centre: arc.centre, radius: arc.radius, thickness: arc.thickness, start: arc.start,
                    sweep: Angle(raw: valueSweep(arc, f)), cap: .round,
                    paint: ValuePaint.arc(c.tint, arc, fraction: f, leadIn: capAngle(arc)))
            }
        case .indicator:
            // The track carries the tint; a dot with a background rim marks the value.
            let trackPaint = c.tint.isTiered ? Paint.solid(c.theme.track) : ValuePaint.arc(c.tint, arc, fraction: 0)
            canvas.strokeArc(
                centre: arc.centre, radius: arc.radius, thickness: arc.thickness,
                start: arc.start, sweep: arc.sweep, cap: .round, paint: trackPaint)
            if let f = c.fraction {
                let d = dot(arc, f)
                canvas.fillDisc(centre: d.centre, radius: d.radius, paint: .solid(c.theme.background))
                canvas.fillDisc(centre: d.centre, radius: d.radius - Fixed(2), paint: .solid(c.theme.value))
            }
            if showsBoundLabels {
                let y = arc.centre.y + arc.scaled(118)
                let dx = arc.scaled(90)
                CentredText(centre: Point(x: arc.centre.x - dx, y: y), font: fonts.label)
                    .draw(c.minimumLabel ?? "", on: canvas, font: fonts.label, color: c.theme.label)
                CentredText(centre: Point(x: arc.centre.x + dx, y: y), font: fonts.label)
                    .draw(c.maximumLabel ?? "", on: canvas, font: fonts.label, color: c.theme.label)
            }
        }
        if showsTitle {
            CentredText(centre: Point(x: arc.centre.x, y: arc.centre.y + arc.scaled(50)), font: fonts.label)
                .draw(c.title ?? "", on: canvas, font: fonts.label, color: c.theme.label)
        }
        readout(arc, fonts.value).draw(c.currentValueText, on: canvas, font: fonts.value, color: c.theme.value)
    }

    public func damage<F: GlyphSource>(
        from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
        fonts: GaugeFonts<F>
    ) -> Region {
        guard old.hasSameStaticParts(as: new) else { return Region(old.bounds, new.bounds) }
        let arc = geometry(new)
        var region = Region()
        if old.fraction != new.fraction {
            let fa = old.fraction ?? 0, fb = new.fraction ?? 0
            switch kind {
            case .capacity:
                let recoloured = new.tint.isTiered && new.tint.tierColor(at: fa) != new.tint.tierColor(at: fb)
                // Round caps reach half the thickness past the slice's ends.
                let sa = valueSweep(arc, fa), sb = valueSweep(arc, fb)
                region.formUnion(
                    arc.sliceBounds(
                        sweep: recoloured ? 0 : Swift.min(sa, sb), to: Swift.max(sa, sb),
                        inner: arc.radius - arc.thickness, outer: arc.radius,
                        margin: arc.thickness.halved + margin))
            case .indicator:
                for f in [old.fraction, new.fraction] {
                    guard let f else { continue }
                    let d = dot(arc, f)
                    var box = PointBox()
                    box.add(d.centre)
                    region.formUnion(box.pixels(margin: d.radius + margin))
                }
            }
        }
        let t = readout(arc, fonts.value)
        region.addChange(
            t.bounds(old.currentValueText, font: fonts.value), t.bounds(new.currentValueText, font: fonts.value),
            changed: old.currentValueText != new.currentValueText)
        region.formIntersection(new.bounds)
        return region
    }
}

extension RingGaugeStyle: DashboardGaugeStyle {
    public static func content(_ gauge: consuming Gauge<Self>) -> WidgetContent { .ring(gauge) }
    public static func withGauge<R>(in content: WidgetContent, _ body: (Gauge<Self>) -> R) -> R? {
        guard case .ring(let g) = content else { return nil }
        return body(g)
    }
}

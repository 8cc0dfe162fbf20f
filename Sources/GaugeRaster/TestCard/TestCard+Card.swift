extension TestCard {
    /// The whole card, 800×480 — the reference scene's layout with every primitive.
    public static var card: TestScene { card(tachometerNeedleFraction: 3000.0 / 8000.0) }

    /// The card with the left dial's needle at `tachometerNeedleFraction` of its sweep (its
    /// value arc stays at 3000/8000), for damage-redraw measurements
    /// (`Tools/FrameBudget`). At 3000/8000 it is exactly `card`.
    static func card(tachometerNeedleFraction: Double) -> TestScene {
        TestScene(name: "testcard", width: 800, height: 480) { canvas in
            canvas.clear(background)
            let tachoSweep = ConicGradient(
                centre: Point(200, 200), start: Angle(degrees: 135), sweep: Angle(degrees: 270),
                stops: [GradientStop(green, at: 0), GradientStop(yellow, at: 0.6), GradientStop(red, at: 1)])
            drawDial(
                canvas, centre: Point(200, 200), fraction: 3000.0 / 8000.0, fill: .conic(tachoSweep),
                needleFraction: tachometerNeedleFraction)
            drawDial(canvas, centre: Point(600, 200), fraction: 90.0 / 240.0, fill: .solid(blue))
            // Capacity bar: rounded track, tiered fill at 55 %.
            let bar = Rect(x: 40, y: 392, width: 720, height: 24)
            canvas.fillRoundedRect(bar, radius: 12, paint: .solid(track))
            canvas.fillRoundedRect(Rect(x: 40, y: 392, width: Fixed(720.0 * 0.55), height: 24), radius: 12, paint: .solid(green))
            // Level indicator: 20 segments, 13 lit.
            let gap: Int32 = 4, count: Int32 = 20
            for i in 0..<count {
                let x0 = 40 + i * (720 + gap) / count
                let x1 = 40 + (i + 1) * (720 + gap) / count - gap
                canvas.fill(IntRect(x0: x0, y0: 440, x1: x1, y1: 464), color: i < 13 ? green : track)
            }
            // Hub glints: a translucent disc and ring over each hub.
            canvas.fillDisc(centre: Point(200, 200), radius: 5, paint: .solid(Color(r: 255, g: 255, b: 255, a: 96)))
            canvas.strokeRing(centre: Point(600, 200), radius: 20, thickness: 1, paint: .solid(light.withOpacity(128)))
        }
    }

    /// A circular gauge as in the reference scene: track, value arc, ticks, needle, hub.
    /// The needle points at `needleFraction` (default: `fraction`).
    static func drawDial(_ canvas: Canvas, centre: Point, fraction: Double, fill: Paint, needleFraction: Double? = nil) {
        let start = Angle(degrees: 135)
        canvas.strokeArc(centre: centre, radius: 150, thickness: 18, start: start, sweep: Angle(degrees: 270), paint: .solid(track))
        canvas.strokeArc(centre: centre, radius: 150, thickness: 18, start: start, sweep: Angle(degrees: 270 * fraction), paint: fill)
        for i in 0...50 {
            let angle = Angle(degrees: 135 + 5.4 * Double(i))
            let major = i % 5 == 0
            let inner: Fixed = major ? 114 : 121
            canvas.strokeLine(
                from: Point(centre: centre, radius: inner, angle: angle),
                to: Point(centre: centre, radius: 128, angle: angle),
                width: major ? 3 : 1, paint: .solid(light))
        }
        drawNeedle(
            canvas, centre: centre, angle: needleAngle(fraction: needleFraction ?? fraction), length: dialNeedle.length,
            base: dialNeedle.base, tip: dialNeedle.tip, color: Color(rgb: 0xE0403A))
        canvas.fillDisc(centre: centre, radius: 12, paint: .solid(light))
    }

    /// A dial's needle: length, width at the hub, width at the tip.
    static let dialNeedle: (length: Fixed, base: Fixed, tip: Fixed) = (130, 8, 2)

    /// The angle of a dial's needle at `fraction` of its 270° sweep.
    static func needleAngle(fraction: Double) -> Angle { Angle(degrees: 135 + 270 * fraction) }

    /// The shape a dial's needle fills (its `bounds` are the pixels a needle move damages).
    static func needleShape(centre: Point, angle: Angle) -> ConvexPolygonShape {
        ConvexPolygonShape(
            needlePoints(
                centre: centre, angle: angle, length: dialNeedle.length,
                base: dialNeedle.base, tip: dialNeedle.tip))
    }

    /// A tapered needle: a quadrilateral `base` wide at the centre, `tip` wide at `length`.
    static func drawNeedle(_ canvas: Canvas, centre: Point, angle: Angle, length: Fixed, base: Fixed, tip: Fixed, color: Color) {
        canvas.fillConvexPolygon(
            needlePoints(centre: centre, angle: angle, length: length, base: base, tip: tip),
            paint: .solid(color))
    }

    static func needlePoints(centre: Point, angle: Angle, length: Fixed, base: Fixed, tip: Fixed) -> [Point] {
        let across = angle + Angle.quarterTurn
        let end = Point(centre: centre, radius: length, angle: angle)
        return [
            Point(centre: centre, radius: base.halved, angle: across),
            Point(centre: end, radius: tip.halved, angle: across),
            Point(centre: end, radius: -tip.halved, angle: across),
            Point(centre: centre, radius: -base.halved, angle: across),
        ]
    }
}

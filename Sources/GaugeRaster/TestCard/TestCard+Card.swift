extension TestCard {
    /// The whole card, 800×480 — the reference scene's layout with every primitive.
    public static var card: TestScene {
        TestScene(name: "testcard", width: 800, height: 480) { canvas in
            canvas.clear(background)
            let tachoSweep = ConicGradient(centre: Point(200, 200), start: Angle(degrees: 135), sweep: Angle(degrees: 270),
                                           stops: [GradientStop(green, at: 0), GradientStop(yellow, at: 0.6), GradientStop(red, at: 1)])
            drawDial(canvas, centre: Point(200, 200), fraction: 3000.0 / 8000.0, fill: .conic(tachoSweep))
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
    static func drawDial(_ canvas: Canvas, centre: Point, fraction: Double, fill: Paint) {
        let start = Angle(degrees: 135)
        canvas.strokeArc(centre: centre, radius: 150, thickness: 18, start: start, sweep: Angle(degrees: 270), paint: .solid(track))
        canvas.strokeArc(centre: centre, radius: 150, thickness: 18, start: start, sweep: Angle(degrees: 270 * fraction), paint: fill)
        for i in 0...50 {
            let angle = Angle(degrees: 135 + 5.4 * Double(i))
            let major = i % 5 == 0
            let inner: Fixed = major ? 114 : 121
            canvas.strokeLine(from: Point(centre: centre, radius: inner, angle: angle),
                              to: Point(centre: centre, radius: 128, angle: angle),
                              width: major ? 3 : 1, paint: .solid(light))
        }
        drawNeedle(canvas, centre: centre, angle: Angle(degrees: 135 + 270 * fraction), length: 130,
                   base: 8, tip: 2, color: Color(rgb: 0xE0403A))
        canvas.fillDisc(centre: centre, radius: 12, paint: .solid(light))
    }

    /// A tapered needle: a quadrilateral `base` wide at the centre, `tip` wide at `length`.
    static func drawNeedle(_ canvas: Canvas, centre: Point, angle: Angle, length: Fixed, base: Fixed, tip: Fixed, color: Color) {
        let across = angle + Angle.quarterTurn
        let end = Point(centre: centre, radius: length, angle: angle)
        canvas.fillConvexPolygon([
            Point(centre: centre, radius: base.halved, angle: across),
            Point(centre: end, radius: tip.halved, angle: across),
            Point(centre: end, radius: -tip.halved, angle: across),
            Point(centre: centre, radius: -base.halved, angle: across),
        ], paint: .solid(color))
    }
}

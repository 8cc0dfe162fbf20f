/// One scene per family of primitives, 320×200 each, for focused golden images.
extension TestCard {
    static func frame(_ name: StaticString, _ draw: @escaping (Canvas) -> Void) -> TestScene {
        TestScene(name: name, width: 320, height: 200) { canvas in
            canvas.clear(background)
            draw(canvas)
        }
    }

    /// Whole-pixel fills, translucent fills, fractional-edge rectangles, rounded rectangles.
    public static var rectangles: TestScene {
        frame("rects") { c in
            c.fill(IntRect(x: 10, y: 10, width: 60, height: 40), color: blue)
            c.fill(IntRect(x: 40, y: 30, width: 60, height: 40), color: red.withOpacity(128))
            c.fill(Rect(x: px(120, 25), y: px(10, 50), width: px(40, 50), height: px(30, 25)), paint: .solid(green))
            c.fill(Rect(x: px(170, 50), y: px(10, 50), width: px(0, 50), height: 60), paint: .solid(light))
            c.fill(Rect(x: px(180, 10), y: px(10), width: px(1, 80), height: 60), paint: .solid(light))
            c.fill(Rect(x: px(190, 75), y: px(40, 40), width: 50, height: px(0, 30)), paint: .solid(yellow))
            c.fillRoundedRect(Rect(x: 10, y: 90, width: 90, height: 50), radius: 6, paint: .solid(track))
            c.fillRoundedRect(Rect(x: px(110, 50), y: px(90, 50), width: 90, height: 50), radius: px(15, 50), paint: .solid(blue))
            c.fillRoundedRect(Rect(x: 210, y: 90, width: 100, height: 24), radius: 12, paint: .solid(green))
            c.fillRoundedRect(Rect(x: 210, y: 120, width: 100, height: 24), radius: 100, paint: .solid(yellow.withOpacity(160)))
            c.fillRoundedRect(Rect(x: 10, y: 150, width: 300, height: 40), radius: 20, paint: .solid(light.withOpacity(60)))
        }
    }

    /// Discs from half a pixel to 60 px, rings from hairline to thick, translucent overlap.
    public static var discsAndRings: TestScene {
        frame("discs") { c in
            var x: Int32 = 12
            for (i, r) in [px(0, 50), px(1), px(2, 50), px(5), px(8, 25)].enumerated() {
                c.fillDisc(centre: pt(Fixed(x), px(20, 50)), radius: r, paint: .solid(i % 2 == 0 ? light : yellow))
                x += 22
            }
            c.fillDisc(centre: pt(px(60, 30), px(100, 70)), radius: px(30, 70), paint: .solid(blue))
            c.fillDisc(centre: pt(px(85), px(115)), radius: 25, paint: .solid(red.withOpacity(140)))
            c.strokeRing(centre: Point(190, 60), radius: 40, thickness: 1, paint: .solid(light))
            c.strokeRing(centre: Point(190, 60), radius: 32, thickness: px(2, 50), paint: .solid(green))
            c.strokeRing(centre: Point(190, 60), radius: 24, thickness: 8, paint: .solid(yellow))
            c.strokeRing(centre: pt(px(270, 50), px(140, 50)), radius: 45, thickness: 20, paint: .solid(track))
            c.strokeRing(centre: pt(px(270, 50), px(140, 50)), radius: px(0, 60), thickness: px(0, 40), paint: .solid(light))
            c.strokeRing(centre: Point(170, 160), radius: 30, thickness: px(0, 50), paint: .solid(light))
        }
    }

    /// Annular arcs: butt and round caps, every quadrant, negative and past-360° sweeps.
    public static var arcs: TestScene {
        frame("arcs") { c in
            c.strokeArc(
                centre: Point(70, 80), radius: 60, thickness: 12, start: Angle(degrees: 135), sweep: Angle(degrees: 270), paint: .solid(track))
            c.strokeArc(
                centre: Point(70, 80), radius: 60, thickness: 12, start: Angle(degrees: 135), sweep: Angle(degrees: 100), cap: .round,
                paint: .solid(green))
            c.strokeArc(
                centre: Point(70, 80), radius: 40, thickness: 6, start: Angle(degrees: 0), sweep: Angle(degrees: -120), cap: .round,
                paint: .solid(yellow))
            c.strokeArc(centre: Point(70, 80), radius: 28, thickness: 1, start: Angle(degrees: 30), sweep: Angle(degrees: 200), paint: .solid(light))
            c.strokeArc(
                centre: Point(200, 70), radius: 55, thickness: 10, start: Angle(degrees: -10), sweep: Angle(degrees: 400), paint: .solid(blue))
            c.strokeArc(
                centre: Point(200, 70), radius: 38, thickness: 14, start: Angle(degrees: 90), sweep: Angle(degrees: 2), cap: .round,
                paint: .solid(red))
            c.strokeArc(
                centre: Point(200, 70), radius: 38, thickness: 14, start: Angle(degrees: 200), sweep: Angle(degrees: 0), cap: .round,
                paint: .solid(light))
            c.strokeArc(
                centre: Point(200, 70), radius: 38, thickness: 14, start: Angle(degrees: 300), sweep: Angle(degrees: 60), paint: .solid(green))
            for i in 0..<8 {
                let start = Angle(degrees: Double(i) * 45 + 10)
                c.strokeArc(
                    centre: pt(px(160 + 0), px(160, 50)), radius: px(30 + Int32(i) * 0, 0), thickness: 5,
                    start: start, sweep: Angle(degrees: 30), cap: i % 2 == 0 ? .butt : .round,
                    paint: .solid(i % 2 == 0 ? yellow : light))
            }
            c.strokeArc(
                centre: pt(px(270, 50), px(160, 25)), radius: px(30, 50), thickness: px(30, 50), start: Angle(degrees: 200),
                sweep: Angle(degrees: 140), paint: .solid(blue))
        }
    }

    /// Thick lines at every angle, butt and round ends, hairlines.
    public static var lines: TestScene {
        frame("lines") { c in
            let centre = Point(80, 100)
            for i in 0..<24 {
                let angle = Angle(degrees: Double(i) * 15)
                c.strokeLine(
                    from: Point(centre: centre, radius: 20, angle: angle), to: Point(centre: centre, radius: 75, angle: angle),
                    width: i % 3 == 0 ? px(3, 50) : px(1), cap: i % 2 == 0 ? .round : .butt,
                    paint: .solid(i % 3 == 0 ? yellow : light))
            }
            for i in 0..<6 {
                let y = Fixed(20 + Int32(i) * 30) + Fixed(Int32(i) * 20, over: 100)
                c.strokeLine(
                    from: pt(170, y), to: pt(305, y + Fixed(Int32(i) * 6)), width: Fixed(1 + Int32(i) * 2, over: 2),
                    cap: i % 2 == 0 ? .butt : .round, paint: .solid(i % 2 == 0 ? green : blue))
            }
            c.strokeLine(from: Point(175, 190), to: Point(175, 190), width: 8, cap: .round, paint: .solid(red))
        }
    }

    /// Tapered needles at many angles, triangles, a pentagon.
    public static var polygons: TestScene {
        frame("polygons") { c in
            for i in 0..<12 {
                drawNeedle(
                    c, centre: Point(90, 100), angle: Angle(degrees: Double(i) * 30 + 7.5), length: 80,
                    base: 8, tip: 2, color: i % 2 == 0 ? red : light)
            }
            c.fillDisc(centre: Point(90, 100), radius: 10, paint: .solid(light))
            c.fillConvexPolygon([pt(200, px(20, 50)), pt(px(250, 30), 80), pt(px(180, 70), 70)], paint: .solid(green))
            var pentagon: [Point] = []
            for k in 0..<5 { pentagon.append(Point(centre: Point(260, 140), radius: 40, angle: Angle(degrees: Double(k) * 72 - 90))) }
            c.fillConvexPolygon(pentagon, paint: .solid(blue))
            c.fillConvexPolygon([pt(200, 120), pt(205, 190), pt(195, 190)], paint: .solid(yellow.withOpacity(200)))
        }
    }

    /// Linear and conic gradients, dithered in RGB565.
    public static var gradients: TestScene {
        frame("gradients") { c in
            let ramp = [GradientStop(Color(rgb: 0x000000), at: 0), GradientStop(Color(rgb: 0x40A0FF), at: 1)]
            c.fill(Rect(x: 10, y: 10, width: 300, height: 30), paint: .linear(LinearGradient(from: Point(10, 0), to: Point(310, 0), stops: ramp)))
            let traffic = [GradientStop(green, at: 0), GradientStop(yellow, at: 0.5), GradientStop(red, at: 1)]
            c.fillRoundedRect(
                Rect(x: 10, y: 50, width: 140, height: 60), radius: 10,
                paint: .linear(LinearGradient(from: Point(10, 50), to: Point(150, 110), stops: traffic)))
            let centre = Point(235, 120)
            c.strokeArc(
                centre: centre, radius: 70, thickness: 16, start: Angle(degrees: 135), sweep: Angle(degrees: 270), cap: .round,
                paint: .conic(ConicGradient(centre: centre, start: Angle(degrees: 135), sweep: Angle(degrees: 270), stops: traffic)))
            let hues = [
                Color(rgb: 0xFF0000), Color(rgb: 0xFFFF00), Color(rgb: 0x00FF00), Color(rgb: 0x00FFFF),
                Color(rgb: 0x0000FF), Color(rgb: 0xFF00FF), Color(rgb: 0xFF0000),
            ]
            c.fillDisc(
                centre: centre, radius: 40,
                paint: .conic(ConicGradient(centre: centre, start: .zero, sweep: .fullTurn, stops: ColorRamp(evenly: hues).stops)))
            c.fillDisc(
                centre: Point(80, 155), radius: 38,
                paint: .linear(
                    LinearGradient(
                        from: Point(80, 117), to: Point(80, 193),
                        stops: [GradientStop(Color(rgb: 0x202830), at: 0), GradientStop(Color(rgb: 0x506070), at: 1)])))
        }
    }

    /// 8-bit coverage masks tinted with a colour: the path glyphs take.
    public static var coverageMasks: TestScene {
        frame("masks") { c in
            // A horizontal ramp, a soft dot and a hatch, made procedurally.
            var ramp: [UInt8] = []
            for _ in 0..<40 { for x in 0..<256 { ramp.append(UInt8(x)) } }
            if let m = CoverageMask(width: 256, height: 40, coverage: ramp) { c.blit(m, x: 10, y: 10, color: light) }
            var dot: [UInt8] = []
            for y in 0..<64 {
                for x in 0..<64 {
                    let dx = Int32(x) * 2 - 63, dy = Int32(y) * 2 - 63
                    let d = Int32(integerSquareRoot(UInt64(dx * dx + dy * dy)))
                    dot.append(UInt8(Swift.max(0, Swift.min(255, (64 - d) * 8))))
                }
            }
            if let m = CoverageMask(width: 64, height: 64, coverage: dot) {
                c.blit(m, x: 20, y: 70, color: green)
                c.blit(m, x: 50, y: 90, color: red.withOpacity(160))
                c.blit(m, x: 290, y: 170, color: yellow)  // partly off the surface
            }
            var hatch: [UInt8] = []
            for y in 0..<80 { for x in 0..<120 { hatch.append((x + y) % 8 < 4 ? 255 : 64) } }
            if let m = CoverageMask(width: 120, height: 80, coverage: hatch) { c.blit(m, x: 150, y: 70, color: blue) }
        }
    }
}

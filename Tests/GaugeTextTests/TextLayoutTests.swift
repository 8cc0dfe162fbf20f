import Testing
import GaugeRaster
import GaugeTestSupport
@testable import GaugeText
@testable import GaugeGlyphs

@Suite struct TextLayoutTests {
    static let texts = ["RPM 6500", "88.5 °C", "0123456789", "AV", "-12", "%"]

    static func fonts() throws -> [(String, Font)] {
        [
            ("DejaVu Sans 40", .trueType(try DejaVu.font(size: 40))),
            ("DejaVu Sans 16", .trueType(try DejaVu.font(size: 16))),
            ("stroke 30", .builtIn(StrokeFont(capHeight: 30))),
            ("stroke 11", .builtIn(StrokeFont(capHeight: 11))),
        ]
    }

    /// `measure(...).bounds(...)` is exactly the ink drawn, for every alignment, so
    /// widgets can use it as the damage rectangle.
    @Test func measuredBoundsAreTheDrawnInk() throws {
        for (name, font) in try Self.fonts() {
            for text in Self.texts {
                for alignment in [TextAlignment.left, .centre, .right] {
                    let s = try Pixels.surface(640, 120)
                    let origin = Point(x: Fixed(3213, over: 10), y: Fixed(70))
                    Canvas(s).draw(text, at: origin, font: font, color: .white, alignment: alignment)
                    let predicted = font.measure(text).bounds(at: origin, alignment: alignment)
                    let drawn = Pixels.ink(s)
                    #expect(predicted == drawn && !drawn.isEmpty, "\(name) \(text) \(alignment): drew \(drawn), measured \(predicted)")
                }
            }
        }
    }

    @Test func centredInkIsCentred() throws {
        for (name, font) in try Self.fonts() {
            for text in ["88.5", "0123456789", "RPM 6500", "HOLD"] {
                let s = try Pixels.surface()
                Canvas(s).draw(text, x: 160, y: 80, font: font, color: .white, alignment: .centre)
                let ink = Pixels.ink(s)
                let twiceCentre = ink.x0 + ink.x1  // 2 × the ink's centre
                #expect(abs(twiceCentre - 320) <= 2, "\(name) \(text): ink \(ink.x0)..<\(ink.x1) not centred on 160")
            }
        }
    }

    @Test func alignmentMovesByTheAdvance() throws {
        for (name, font) in try Self.fonts() {
            let m = font.measure("RPM 6500")
            #expect(m.startX(for: Fixed(200), alignment: .left) == 200)
            #expect(m.startX(for: Fixed(200), alignment: .right) == TextLayout.pixel(Fixed(200) - m.advance), "\(name)")
            let right = try Pixels.surface(), left = try Pixels.surface()
            Canvas(right).draw("RPM 6500", x: 300, y: 80, font: font, color: .white, alignment: .right)
            Canvas(left).draw("RPM 6500", x: m.startX(for: Fixed(300), alignment: .right), y: 80, font: font, color: .white)
            #expect(Pixels.differences(right, left, in: right.bounds) == 0, "\(name): right = left shifted by the advance")
            #expect(Pixels.ink(right).x1 <= 300, "\(name): right-aligned ink ends at the origin")
        }
    }

    /// A draw through a clipped canvas writes exactly the full draw's pixels inside the
    /// clip and nothing outside it: damage redraws equal full redraws.
    @Test(arguments: [PixelFormat.xrgb8888, .argb8888, .rgb565])
    func clippedDrawEqualsFullDrawInsideClip(format: PixelFormat) throws {
        let clips = [
            IntRect(x: 0, y: 0, width: 161, height: 120), IntRect(x: 37, y: 41, width: 50, height: 23),
            IntRect(x: 150, y: 0, width: 3, height: 120), IntRect(x: 100, y: 60, width: 200, height: 1),
            IntRect(x: -50, y: -50, width: 80, height: 400),
        ]
        let color = Color(r: 255, g: 176, b: 0, a: 200)  // translucent: blending must match too
        for (name, font) in try Self.fonts() {
            for alignment in [TextAlignment.left, .centre, .right] {
                let full = try Pixels.surface(format: format)
                Canvas(full).draw("RPM 6500 °C", x: 160, y: 70, font: font, color: color, alignment: alignment)
                for clip in clips {
                    let part = try Pixels.surface(format: format), blank = try Pixels.surface(format: format)
                    Canvas(part).clipped(to: clip).draw("RPM 6500 °C", x: 160, y: 70, font: font, color: color, alignment: alignment)
                    let inside = clip.intersection(part.bounds)
                    #expect(Pixels.differences(part, full, in: inside) == 0, "\(name) \(alignment) clip \(clip)")
                    // Outside the clip nothing changed: compare with an untouched surface.
                    var outside = 0
                    for y in 0..<part.height {
                        for x in 0..<part.width where !inside.contains(x: x, y: y) && part.rawPixel(x: x, y: y) != blank.rawPixel(x: x, y: y) {
                            outside += 1
                        }
                    }
                    #expect(outside == 0, "\(name) \(alignment) clip \(clip): \(outside) pixels outside changed")
                }
            }
        }
    }

    @Test func emptyAndExtremeInputDrawNothingAndDontTrap() throws {
        let s = try Pixels.surface()
        let font = Font.builtIn(StrokeFont(capHeight: 20))
        let canvas = Canvas(s)
        canvas.draw("", x: 10, y: 10, font: font, color: .white)
        canvas.draw("88", x: 10, y: 10, font: font, color: .clear)
        canvas.draw("88", x: .max, y: .min, font: font, color: .white, alignment: .right)
        canvas.draw("88", at: Point(x: .max, y: .max), font: font, color: .white, alignment: .centre)
        canvas.draw(String(repeating: "8", count: 5000), x: -30000, y: 60, font: font, color: .white)
        #expect(font.measure("").inkBounds.isEmpty && font.measure("").advance == .zero)
        #expect(font.measure("   ").inkBounds.isEmpty && font.measure("   ").advance > .zero)
        _ = Pixels.ink(s)  // whatever landed, nothing trapped
    }
}

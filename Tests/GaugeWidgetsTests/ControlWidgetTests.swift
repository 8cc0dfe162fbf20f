import Testing
import GaugeTestSupport
import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

@Suite struct ControlWidgetTests {
    static let goldens = GoldenFolder(besides: #filePath)

    /// Buttons released and pressed, switches on, off and unknown, at two sizes; in both
    /// formats, compared bit-exactly.
    static func sheet(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 420, height: 200, format: format)
        let canvas = Canvas(s)
        canvas.clear(GaugeTheme.dark.background)
        let font = StrokeFont(capHeight: 12), small = StrokeFont(capHeight: 8)
        for (i, pressed) in [false, true].enumerated() {
            var b = ButtonControl("Doorbell", frame: IntRect(x: 10 + Int32(i) * 140, y: 10, width: 130, height: 50))
            b.pressed = pressed
            b.draw(on: canvas, font: font)
        }
        var small3 = ButtonControl("Go", frame: IntRect(x: 290, y: 10, width: 60, height: 30))
        small3.pressed = true
        small3.draw(on: canvas, font: small)
        for (i, value) in [1.0, 0, .nan].enumerated() {
            var sw = SwitchControl("Porch", frame: IntRect(x: 10, y: 70 + Int32(i) * 42, width: 200, height: 40))
            sw.value = value
            sw.draw(on: canvas, font: font, wordFont: StrokeFont(capHeight: sw.wordSize * 3 / 4))
            var tiny = SwitchControl("Fan", frame: IntRect(x: 220, y: 70 + Int32(i) * 42, width: 120, height: 24))
            tiny.value = value
            tiny.draw(on: canvas, font: small, wordFont: StrokeFont(capHeight: tiny.wordSize * 3 / 4))
        }
        return s
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func matchesGolden(format: PixelFormat) throws {
        let name = "controls-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(try Self.sheet(format: format), named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }

    /// A change of state damages the frame, redrawn there it equals a full draw; an
    /// unchanged widget damages nothing.
    @Test func damageCoversEveryChange() throws {
        let frame = IntRect(x: 4, y: 4, width: 180, height: 40)
        let font = StrokeFont(capHeight: 12)
        var old = SwitchControl("Porch", frame: frame)
        old.value = 0
        var new = old
        #expect(new.damage(from: old).isEmpty)
        new.value = 1
        #expect(new.damage(from: old) == Region(frame))
        new.value = 7  // any non-zero reading is on: no change
        var on = old
        on.value = 1
        #expect(new.damage(from: on).isEmpty)
        let b = ButtonControl("Go", frame: frame)
        var pressed = b
        pressed.show(1)
        #expect(pressed.damage(from: b) == Region(frame))
        // Redrawing the damage over the old picture gives the new one.
        let a = try Surface(width: 200, height: 60, format: .xrgb8888), full = try Surface(width: 200, height: 60, format: .xrgb8888)
        b.draw(on: Canvas(a), font: font)
        for r in pressed.damage(from: b).rectangles { pressed.draw(on: Canvas(a).clipped(to: r), font: font) }
        pressed.draw(on: Canvas(full), font: font)
        #expect(differingPixels(a, full) == 0)
    }

    /// The value a switch shows is the state reported: NaN unknown, 0 off, else on.
    @Test func switchState() {
        var s = SwitchControl("x", frame: IntRect(x: 0, y: 0, width: 100, height: 30))
        #expect(s.state == .unknown)
        s.show(0)
        #expect(s.state == .off)
        s.show(1)
        #expect(s.state == .on)
        s.show(.infinity)
        #expect(s.state == .unknown)
        #expect(s.followsRawValue)
    }
}

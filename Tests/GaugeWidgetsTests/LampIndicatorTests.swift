import Testing
import GaugeTestSupport
import GaugeRaster
@testable import GaugeWidgets

@Suite struct LampIndicatorTests {
    static let goldens = GoldenFolder(besides: #filePath)
    static let formats: [PixelFormat] = [.xrgb8888, .rgb565]

    /// Every symbol lit and unlit at 64 and 24 px, compared bit-exactly.
    @Test(arguments: formats)
    func matchesGolden(format: PixelFormat) throws {
        let name = "lamps-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(try LampGallery.sheet(format: format), named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }
}

extension LampIndicatorTests {
    /// Random lamps lit and unlit, dim or hidden, blinking or not: redrawing only the
    /// damage gives what a full draw gives.
    @Test(arguments: formats)
    func damageIsExact(format: PixelFormat) throws {
        let symbols = LampSymbol.allCases
        let r = try IndicatorDamageRun(
            format: format, seed: 31, size: (140, 100), sequences: 240, steps: 4,
            first: { rng in
                var lamp = LampIndicator(
                    symbols[Int(rng.next() % UInt64(symbols.count))], value: Double(rng.next() % 3),
                    frame: IntRect(x: 2 + Int32(rng.next() % 8), y: 3, width: 16 + Int32(rng.next() % 120), height: 16 + Int32(rng.next() % 80)),
                    rule: rng.next() % 2 == 0 ? LampRule() : LampRule(onAbove: 2),
                    unlit: rng.next() % 3 == 0 ? .hidden : .dim, blinkPeriod: rng.next() % 2 == 0 ? 0 : 1000)
                _ = lamp.setTime(milliseconds: Int64(rng.next() % 2000))
                return lamp
            },
            next: { old, rng in
                var lamp = old
                if rng.next() % 2 == 0 { lamp.value = rng.next() % 5 == 0 ? .nan : Double(rng.next() % 3) }
                // An alarm recolouring it, or a theme's track colour.
                if rng.next() % 4 == 0 { lamp.litColor = lamp.litColor == Tints.red ? LampSymbol.oil.isoColor : Tints.red }
                if rng.next() % 6 == 0 { lamp.unlitColor = Color(rgb: UInt32(truncatingIfNeeded: rng.next()) & 0xFFFFFF) }
                _ = lamp.setTime(milliseconds: Int64(rng.next() % 2000))
                return lamp
            }, frame: { $0.frame }, draw: { $0.draw(on: $1) }, damage: { $1.damage(from: $0) })
        #expect(r.differing == 0, "\(r.differing) pixels differ over \(r.steps) steps")
        #expect(r.damaged * 2 < r.full, "damage \(r.damaged) of \(r.full)")
    }

    /// Every pixel a symbol touches lies inside the box its damage names, at several sizes
    /// and with the square off the frame's corner.
    @Test func symbolBoundsHoldEveryPixel() throws {
        let s = try Surface(width: 200, height: 200, format: .xrgb8888)
        for symbol in LampSymbol.allCases {
            for side: Int32 in [12, 20, 33, 64, 150] {
                let lamp = LampIndicator(symbol, value: 1, frame: IntRect(x: 7, y: 11, width: side + 9, height: side))
                Canvas(s).clear(.black)
                lamp.draw(on: Canvas(s))
                let box = lamp.symbolBounds
                var outside = 0, inside = 0
                for y in 0..<s.height {
                    for x in 0..<s.width where s.color(x: x, y: y) != lamp.background && lamp.frame.contains(x: x, y: y) {
                        if box.contains(x: x, y: y) { inside += 1 } else { outside += 1 }
                    }
                }
                #expect(outside == 0 && inside > 0, "\(symbol.name) at \(side): \(outside) pixels outside \(box)")
                #expect(box.area * 10 < lamp.frame.area * 11, "\(symbol.name) at \(side): \(box) is no tighter than the frame")
            }
        }
    }

    @Test func lightsByRule() {
        #expect(LampRule().isLit(1) && LampRule().isLit(-0.5) && !LampRule().isLit(0) && !LampRule().isLit(.nan))
        let band = LampRule(onAbove: 14.8, onBelow: 11.5)
        #expect(band.isLit(14.8) && band.isLit(11.5) && band.isLit(-3) && !band.isLit(13.8) && !band.isLit(.infinity))
        #expect(LampRule(onAbove: 100).isLit(100) && !LampRule(onAbove: 100).isLit(99.9))
        #expect(LampRule(onBelow: 0.5).isLit(0) && !LampRule(onBelow: 0.5).isLit(0.6))
    }

    /// Blinking: on the first half of each period, the next edge returned while lit, and
    /// nothing to wake for when steady or dark.
    @Test func blinksOnTheClock() {
        var lamp = LampIndicator(.turnLeft, value: 1, frame: IntRect(x: 0, y: 0, width: 32, height: 32), blinkPeriod: 1000)
        #expect(lamp.setTime(milliseconds: 0) == 500 && lamp.showsLit)
        #expect(lamp.setTime(milliseconds: 499) == 500 && lamp.showsLit)
        #expect(lamp.setTime(milliseconds: 500) == 1000 && !lamp.showsLit)
        #expect(lamp.setTime(milliseconds: 12_845) == 13_000 && !lamp.showsLit)
        #expect(lamp.setTime(milliseconds: -250) == 0 && !lamp.showsLit)
        lamp.value = 0
        #expect(lamp.setTime(milliseconds: 100) == nil && !lamp.showsLit)
        var steady = LampIndicator(.oil, value: 1, frame: lamp.frame)
        #expect(steady.setTime(milliseconds: 700) == nil && steady.showsLit)
        // A blink's edge damages only the symbol; the frame stays.
        lamp.value = 1
        _ = lamp.setTime(milliseconds: 100)
        var dark = lamp
        _ = dark.setTime(milliseconds: 600)
        #expect(dark.damage(from: lamp).rectangles == [lamp.symbolBounds])
        #expect(dark.damage(from: dark).isEmpty)
    }

    /// An alarm's colour damages the symbol only while lit; a theme's track colour only
    /// while unlit and dim; a theme's background the whole frame.
    @Test func recolouringDamagesWhatShowsIt() {
        let frame = IntRect(x: 10, y: 10, width: 60, height: 40)
        for lit in [false, true] {
            let lamp = LampIndicator(.brake, value: lit ? 1 : 0, frame: frame)
            var alarmed = lamp
            alarmed.highlight(Color(rgb: 0xE0C030))
            #expect(alarmed.damage(from: lamp).rectangles == (lit ? [lamp.symbolBounds] : []))
            var night = lamp
            night.apply(
                GaugeTheme(
                    background: lamp.background, track: Color(rgb: 0x202020), tick: .white, label: .white, value: .white, needle: .white, hub: .white,
                    hold: .white))
            #expect(night.damage(from: lamp).rectangles == (lit ? [] : [lamp.symbolBounds]))
            var hidden = lamp
            hidden.unlit = .hidden
            #expect(hidden.damage(from: lamp).rectangles == (lit ? [] : [lamp.symbolBounds]))
            var dark = lamp
            dark.background = .black
            #expect(dark.damage(from: lamp).bounds == frame)
        }
        #expect(LampIndicator(.brake, frame: frame).symbolBounds.width < frame.width)
    }

    /// Through the dashboard: a lamp takes the raw value and reports its blink's edges.
    @Test func dashboardWidgetCarriesTheClock() {
        var w = DashboardWidget(
            id: "l", channel: "oil", content: .lamp(LampIndicator(.oil, frame: IntRect(x: 0, y: 0, width: 40, height: 40), blinkPeriod: 400)))
        #expect(w.followsRawValue && w.isTimed)
        #expect(w.setTime(milliseconds: 50) == nil)
        w.setValue(1)
        #expect(w.setTime(milliseconds: 50) == 200)
        w.highlight(Color(rgb: 0x123456))
        guard case .lamp(let lamp) = w.content else { return }
        #expect(lamp.litColor == Color(rgb: 0x123456) && lamp.unlitColor == GaugeTheme.dark.track)
    }
}

import Testing
import GaugeTestSupport
import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

/// The dashboard model: the reference scene as specified, pages, channels, themes, and
/// damage-only redraws that equal full redraws.
@Suite struct DashboardTests {
    static let goldens = GoldenFolder(besides: #filePath)
    let fonts = StrokeFontSet()

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565], [false, true])
    func referenceSceneMatchesGolden(format: PixelFormat, text: Bool) throws {
        let scene = ReferenceScene.dashboard(text: text)
        let surface = try Surface(width: scene.width, height: scene.height, format: format)
        scene.draw(on: Canvas(surface), fonts: fonts)
        let name = "reference\(text ? "-text" : "")-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(surface, named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }

    /// The specification's geometry, probed at pixels whose colour it fixes.
    @Test func referenceSceneGeometry() throws {
        let scene = ReferenceScene.dashboard()
        let s = try Surface(width: 800, height: 480, format: .xrgb8888)
        scene.draw(on: Canvas(s), fonts: fonts)
        func rgb(_ x: Int32, _ y: Int32) -> UInt32 { (s.rawPixel(x: x, y: y) ?? 0) & 0xFFFFFF }
        #expect(rgb(2, 2) == 0x101418)  // background
        #expect(rgb(200, 200) == 0xD0D4D8)  // tachometer hub
        #expect(rgb(600, 200) == 0xD0D4D8)  // speedometer hub
        // Track: 18 px ring inside radius 150, from 135° over 270°: straight up is track
        // above the value for the speedometer at 90 of 240 (37.5 % < 50 %).
        #expect(rgb(600, 200 - 141) == 0x2A3038)
        #expect(rgb(600, 200 - 160) == 0x101418)  // outside the outer radius
        // Capacity bar: 55 % of x 40…760 lit in the first tier, track after it.
        #expect(rgb(100, 404) == 0x30C060)
        #expect(rgb(700, 404) == 0x2A3038)
        #expect(rgb(400, 391) == 0x101418 && rgb(400, 392) != 0x101418 && rgb(400, 416) == 0x101418)
        // Level: segment 12 lit, 13 unlit; the 4 px gaps are background.
        let pitch = Int32(724 / 20)
        #expect(rgb(40 + 12 * pitch + 5, 452) == 0x30C060)
        #expect(rgb(40 + 13 * pitch + 5, 452) == 0x2A3038)
        #expect(rgb(40 + pitch - 2, 452) == 0x101418)
    }

    @Test func scaledVariantsStayInside() throws {
        for (w, h) in [(Int32(320), Int32(240)), (1920, 1080)] {
            let scene = ReferenceScene.dashboard(width: w, height: h, text: true)
            for widget in scene.visibleWidgets {
                #expect(scene.bounds.contains(widget.frame), "\(w)×\(h) \(widget.id) \(widget.frame)")
            }
            let frames = scene.visibleWidgets.map(\.frame)
            for i in frames.indices {
                for j in frames.indices where i < j {
                    #expect(!frames[i].intersects(frames[j]), "\(w)×\(h): widgets \(i) and \(j) overlap")
                }
            }
        }
    }

    /// A dashboard tells a widget its canvas already holds the background (so it skips its
    /// own background fill) only when no earlier widget overlaps it: a widget drawn over
    /// another must still paint its background, exactly as drawing them one by one does.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func overlappingWidgetsStillPaintTheirBackground(format: PixelFormat) throws {
        var d = ReferenceScene.dashboard()
        let plain = d
        d.pages[0].widgets.append(
            DashboardWidget(
                id: "over",
                content: .label(
                    TextLabel("OVER", frame: IntRect(x: 120, y: 120, width: 160, height: 60)))))
        d.apply(.dark)
        func surface() throws -> Surface { try Surface(width: d.width, height: d.height, format: format) }
        let got = try surface(), expected = try surface(), without = try surface()
        d.draw(on: Canvas(got), fonts: fonts)
        // The plain definition: clear, then every widget on a canvas that promises nothing.
        Canvas(expected).clear(d.background)
        for w in d.visibleWidgets { w.draw(on: Canvas(expected), fonts: fonts) }
        #expect(differingPixels(got, expected) == 0)
        // The label's background really covers part of the dial (its needle and hub).
        plain.draw(on: Canvas(without), fonts: fonts)
        #expect(differingPixels(got, without) > 100)
        // A damage redraw of everything on top of garbage agrees too.
        let redrawn = try surface()
        Canvas(redrawn).clear(Color(rgb: 0xFF00FF))
        d.draw(Region(d.bounds), on: Canvas(redrawn), fonts: fonts)
        #expect(differingPixels(redrawn, expected) == 0)
    }

    @Test func channelsPagesAndThemes() {
        var d = ReferenceScene.dashboard()
        #expect(d.channels == ["rpm", "speed", "battery", "level"])
        d.set("rpm", to: 4200)
        #expect(d.visibleWidgets[0].value == 4200)
        #expect(d.visibleWidgets[1].value == 90)
        d.pages.append(
            DashboardPage(
                name: "two",
                widgets: [
                    DashboardWidget(id: "t", channel: "coolant", content: .label(TextLabel("X", frame: IntRect(x: 0, y: 0, width: 10, height: 10))))
                ]))
        #expect(d.page(showing: "coolant") == 1)
        #expect(d.page(showing: "nothing") == nil)
        d.show(page: 2)
        #expect(d.currentPage == 0)
        d.show(page: -1)
        #expect(d.currentPage == 1)
        let old = d
        d.show(page: 0)
        #expect(d.damage(from: old, fonts: fonts) == Region(d.bounds))
        let day = GaugeTheme(
            background: Color(rgb: 0xF4F4F0), track: Color(rgb: 0xC8CCD0), tick: Color(rgb: 0x202428),
            label: Color(rgb: 0x404448), value: Color(rgb: 0x101418), needle: Color(rgb: 0xD03020),
            hub: Color(rgb: 0x202428), hold: Color(rgb: 0xC09010))
        let night = d
        d.apply(day)
        #expect(d.background == day.background)
        #expect(d.damage(from: night, fonts: fonts) == Region(d.bounds))
    }

    /// Random value changes on every channel (NaN, out of range, steps, jumps): after each
    /// batch, the surface redrawn only where damaged equals a full redraw byte for byte.
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func damageOnlyEqualsFullRedraw(format: PixelFormat) throws {
        var rng = SplitMix(seed: format == .rgb565 ? 77 : 76)
        var scene = ReferenceScene.dashboard(text: true)
        let screen = try Surface(width: 800, height: 480, format: format)
        let fresh = try Surface(width: 800, height: 480, format: format)
        scene.draw(on: Canvas(screen), fonts: fonts)
        let ranges: [(String, Double)] = [("rpm", 8000), ("speed", 240), ("battery", 1), ("level", 20)]
        var damaged: Int64 = 0, changes = 0
        for batch in 0..<10 {
            for _ in 0..<40 {
                let old = scene
                let (channel, top) = ranges[Int(rng.next() % 4)]
                let value: Double =
                    switch rng.next() % 8 {
                    case 0: .nan
                    case 1: top * 1.5
                    case 2, 3, 4:
                        (old.visibleWidgets.first { $0.channel == channel }!.value.isFinite
                            ? old.visibleWidgets.first { $0.channel == channel }!.value : 0) + top / 100
                    default: top * Double(rng.next() % 1001) / 1000
                    }
                scene.set(channel, to: value)
                let damage = scene.damage(from: old, fonts: fonts)
                damaged += damage.area
                changes += 1
                scene.draw(damage, on: Canvas(screen), fonts: fonts)
            }
            scene.draw(on: Canvas(fresh), fonts: fonts)
            let diff = differingPixels(screen, fresh)
            #expect(diff == 0, "batch \(batch): \(diff) pixels differ")
        }
        // Tight: a change redraws on average a small part of the screen.
        #expect(damaged / Int64(changes) < 800 * 480 / 8, "average damage \(damaged / Int64(changes)) px")
    }
}

import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

/// The scenes behind the golden images: every style at accessory size, and a panel.
/// Labels use the built-in stroke font, so the images don't depend on FreeType.
enum Gallery {
    static let theme = GaugeTheme.dark

    static func tile(_ i: Int32) -> IntRect { IntRect(x: (i % 4) * 128, y: (i / 4) * 128, width: 128, height: 128) }

    /// 4 × 2 tiles of 128 × 128: circular, circularCapacity, accessoryCircular,
    /// accessoryCircularCapacity; linear, linearCapacity, accessoryLinear, accessoryLinearCapacity.
    static func accessorySheet(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 512, height: 256, format: format)
        let canvas = Canvas(s)
        canvas.clear(theme.background)
        let small = Fonts.stroke(label: 7, value: 14)
        var dial = dressed(CircularGaugeStyle(), value: 5600, frame: tile(0), tint: Tints.gradient)
        dial.hold = 7100
        dial.draw(on: canvas, fonts: Fonts.stroke(label: 7, value: 11))
        var ring = Gauge(
            value: 0.72, frame: tile(1), style: .circularCapacity, tint: Tints.gradient,
            title: "FUEL", format: ValueFormat(unit: "%"))
        ring.currentValueLabel = "72%"
        ring.draw(on: canvas, fonts: small)
        var acc = Gauge(
            value: 21.5, in: 10...30, frame: tile(2), style: .accessoryCircular, tint: Tints.gradient,
            format: ValueFormat(decimals: 1))
        acc.minimumLabel = "10"
        acc.maximumLabel = "30"
        acc.draw(on: canvas, fonts: small)
        Gauge(value: 0.4, frame: tile(3), style: .accessoryCircularCapacity, tint: .solid(Tints.blue))
            .withLabel("40").draw(on: canvas, fonts: Fonts.stroke(label: 7, value: 18))
        var lin = Gauge(value: 65, in: 0...120, frame: tile(4), style: .linear, tint: Tints.gradient, title: "TEMP")
        lin.minimumLabel = "0"
        lin.maximumLabel = "120"
        lin.draw(on: canvas, fonts: small)
        var cap = Gauge(value: 0.9, frame: tile(5), style: .linearCapacity, tint: Tints.tiered, title: "DISK")
        cap.currentValueLabel = "90%"
        cap.draw(on: canvas, fonts: small)
        Gauge(value: .nan, frame: tile(6), style: .accessoryLinear, tint: Tints.gradient, title: "NO DATA")
            .draw(on: canvas, fonts: small)
        Gauge(value: 0.3, frame: tile(7), style: .accessoryLinearCapacity, tint: .solid(Tints.green), title: "CPU")
            .withLabel("30%").draw(on: canvas, fonts: small)
        return s
    }

    /// The reference scene's dashboard, drawn with the gauge model.
    static func panel(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 800, height: 480, format: format)
        let canvas = Canvas(s)
        canvas.clear(theme.background)
        let big = Fonts.stroke(label: 13, value: 26)
        var tacho = dressed(
            CircularGaugeStyle(), value: 3000, frame: IntRect(x: 8, y: 4, width: 296, height: 296),
            tint: Tints.gradient)
        tacho.hold = 6900
        tacho.draw(on: canvas, fonts: big)
        var speed = Gauge(
            value: 90, in: 0...240, frame: IntRect(x: 306, y: 4, width: 296, height: 296), style: .circular,
            tint: .solid(Tints.blue), title: "KM/H")
        speed.ticks = GaugeTicks(major: 13, minor: 1)
        speed.draw(on: canvas, fonts: Fonts.stroke(label: 10, value: 30))
        var fuel = Gauge(
            value: 0.62, frame: IntRect(x: 612, y: 4, width: 180, height: 150), style: .circularCapacity,
            tint: Tints.gradient, title: "FUEL")
        fuel.currentValueLabel = "62%"
        fuel.draw(on: canvas, fonts: Fonts.stroke(label: 9, value: 22))
        var oil = Gauge(
            value: 3.4, in: 0...6, frame: IntRect(x: 612, y: 160, width: 88, height: 88), style: .accessoryCircular,
            tint: Tints.gradient, format: ValueFormat(decimals: 1))
        oil.minimumLabel = "0"
        oil.maximumLabel = "6"
        oil.draw(on: canvas, fonts: Fonts.stroke(label: 6, value: 12))
        Gauge(
            value: 0.85, frame: IntRect(x: 704, y: 160, width: 88, height: 88), style: .accessoryCircularCapacity,
            tint: .solid(Tints.green)
        ).withLabel("85").draw(on: canvas, fonts: Fonts.stroke(label: 6, value: 14))
        let bars = Fonts.stroke(label: 10, value: 10)
        var battery = Gauge(
            value: 0.55, frame: IntRect(x: 30, y: 306, width: 740, height: 58), style: .linearCapacity,
            tint: Tints.tiered, title: "BATTERY")
        battery.currentValueLabel = "55%"
        battery.minimumLabel = "0"
        battery.maximumLabel = "100"
        battery.draw(on: canvas, fonts: bars)
        var coolant = Gauge(
            value: 92, in: 40...130, frame: IntRect(x: 30, y: 366, width: 740, height: 58), style: .linear,
            tint: Tints.gradient, title: "COOLANT", format: ValueFormat(unit: "C"))
        coolant.minimumLabel = "40"
        coolant.maximumLabel = "130"
        coolant.draw(on: canvas, fonts: bars)
        Gauge(
            value: 0.3, frame: IntRect(x: 30, y: 426, width: 360, height: 50), style: .accessoryLinear,
            tint: Tints.gradient, title: "BOOST"
        ).withLabel("0.3").draw(on: canvas, fonts: bars)
        Gauge(
            value: 0.7, frame: IntRect(x: 410, y: 426, width: 360, height: 50), style: .accessoryLinearCapacity,
            tint: .solid(Tints.blue), title: "LOAD"
        ).withLabel("70%").draw(on: canvas, fonts: bars)
        return s
    }
}

extension Gallery {
    /// Level indicators (continuous and 20 segments, tiered by position) and readouts.
    static func indicators(format: PixelFormat) throws -> Surface {
        let s = try Surface(width: 420, height: 150, format: format)
        let canvas = Canvas(s)
        canvas.clear(theme.background)
        let tiers = [GaugeTier(upTo: 0.6, Tints.green), GaugeTier(upTo: 0.85, Tints.yellow), GaugeTier(upTo: 1, Tints.red)]
        LevelIndicator(value: 0.92, frame: IntRect(x: 10, y: 10, width: 400, height: 16), tiers: tiers).draw(on: canvas)
        LevelIndicator(
            value: 13, in: 0...20, frame: IntRect(x: 10, y: 36, width: 400, height: 24),
            mode: .discrete(segments: 20, gap: 4)
        ).draw(on: canvas)
        LevelIndicator(
            value: 17, in: 0...20, frame: IntRect(x: 10, y: 70, width: 400, height: 12),
            mode: .discrete(segments: 20, gap: 2), tiers: tiers
        ).draw(on: canvas)
        let font = StrokeFont(capHeight: 22)
        NumericReadout(
            value: 12345.678, format: ValueFormat(decimals: 2, thousandsSeparator: ",", unit: "KM"),
            frame: IntRect(x: 10, y: 92, width: 250, height: 50)
        ).draw(on: canvas, font: font)
        NumericReadout(
            value: .nan, format: ValueFormat(unit: "V"), frame: IntRect(x: 270, y: 92, width: 140, height: 50),
            alignment: .centre
        ).draw(on: canvas, font: font)
        return s
    }
}

extension Gauge {
    func withLabel(_ text: String) -> Gauge {
        var g = self
        g.currentValueLabel = text
        return g
    }
}

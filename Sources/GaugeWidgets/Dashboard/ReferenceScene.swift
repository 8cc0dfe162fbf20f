import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// The scene every renderer benchmark draws (`reference-scene.md` in the design notes):
/// two dials, a tiered capacity bar and a 20-segment level indicator on #101418 —
/// exactly as specified at 800 × 480, scaled for other panel sizes.
public enum ReferenceScene {
    public static let green = Color(rgb: 0x30C060), yellow = Color(rgb: 0xE0C030), red = Color(rgb: 0xE04030)
    public static let blue = Color(rgb: 0x3A8EE0)

    /// The channels its widgets show, with their initial values.
    public static let initialValues: [(channel: String, value: Double)] =
        [("rpm", 3000), ("speed", 90), ("battery", 0.55), ("level", 13)]

    /// The scene at `width` × `height` (800 × 480 is the specified one). `text` adds the
    /// measured-separately text: tick labels, the readouts and a caption under each bar.
    public static func dashboard(width: Int32 = 800, height: Int32 = 480, text: Bool = false) -> Dashboard {
        let w = Swift.min(Swift.max(width, 16), 16384), h = Swift.min(Swift.max(height, 16), 16384)
        // Positions scale per axis; sizes (radii, thicknesses) by the smaller factor.
        func x(_ v: Int32) -> Int32 { Int32(Int64(v) * Int64(w) / 800) }
        func y(_ v: Int32) -> Int32 { Int32(Int64(v) * Int64(h) / 480) }
        func s(_ v: Int32) -> Int32 { Int32(Swift.min(Int64(v) * Int64(w) / 800, Int64(v) * Int64(h) / 480)) }

        func dial(
            _ id: String, centreX: Int32, range: ClosedRange<Double>, value: Double, tint: GaugeTint,
            divisor: Double
        ) -> DashboardWidget {
            // The dial's radius is half its box less 2 px: a 304 px box → radius 150.
            let half = s(150) + 2
            var g = Gauge(
                value: value, in: range,
                frame: IntRect(x0: x(centreX) - half, y0: y(200) - half, x1: x(centreX) + half, y1: y(200) + half),
                style: .circular, tint: tint)
            g.ticks = GaugeTicks(major: 11, minor: 4, labelDivisor: divisor, showsLabels: text)
            if !text { g.currentValueLabel = "" }
            return DashboardWidget(id: id, channel: id, content: .dial(g), labelSize: s(22), valueSize: s(55))
        }
        let sweep = GaugeTint.gradient([GradientStop(green, at: 0), GradientStop(yellow, at: 0.5), GradientStop(red, at: 1)])
        var widgets = [
            dial("rpm", centreX: 200, range: 0...8000, value: 3000, tint: sweep, divisor: 100),
            dial("speed", centreX: 600, range: 0...240, value: 90, tint: .solid(blue), divisor: 1),
        ]
        // The capacity bar's frame is its track, x 40…760, y 392…416, ends rounded.
        let thickness = s(24), barTop = y(392)
        var bar = Gauge(
            value: 0.55, frame: IntRect(x0: x(40), y0: barTop, x1: x(760), y1: barTop + thickness),
            style: BarGaugeStyle.linearCapacity.thickness(thickness),
            tint: .tiered([GaugeTier(upTo: 0.6, green), GaugeTier(upTo: 0.85, yellow), GaugeTier(upTo: 1, red)]))
        bar.currentValueLabel = ""
        widgets.append(DashboardWidget(id: "battery", channel: "battery", content: .bar(bar)))
        let level = LevelIndicator(
            value: 13, in: 0...20, frame: IntRect(x0: x(40), y0: y(440), x1: x(760), y1: y(464)),
            mode: .discrete(segments: 20, gap: s(4)), litColor: green)
        widgets.append(DashboardWidget(id: "level", channel: "level", content: .level(level)))
        if text {
            let caption = s(19)
            widgets.append(
                DashboardWidget(
                    id: "battery-caption",
                    content: .label(
                        TextLabel(
                            "BATTERY", frame: IntRect(x0: x(40), y0: barTop + thickness, x1: x(760), y1: y(440)))), labelSize: caption))
            widgets.append(
                DashboardWidget(
                    id: "level-caption",
                    content: .label(
                        TextLabel(
                            "TANK LEVEL", frame: IntRect(x0: x(40), y0: y(464), x1: x(760), y1: h))), labelSize: caption))
        }
        return Dashboard(
            width: w, height: h, background: GaugeTheme.dark.background,
            pages: [DashboardPage(name: "reference", widgets: widgets)])
    }
}

import Testing
@_exported import GaugeTestSupport
import GaugeRaster
import GaugeGlyphs
@testable import GaugeWidgets

/// Built-in stroke fonts, so nothing here depends on FreeType or installed fonts.
enum Fonts {
    static func stroke(label: Int32, value: Int32) -> GaugeFonts<StrokeFont> {
        GaugeFonts(label: StrokeFont(capHeight: label), value: StrokeFont(capHeight: value))
    }
}

enum Tints {
    static let green = Color(rgb: 0x30C060), yellow = Color(rgb: 0xE0C030), red = Color(rgb: 0xE04030)
    static let blue = Color(rgb: 0x3A8EE0)
    static let gradient = GaugeTint.gradient([
        GradientStop(green, at: 0), GradientStop(yellow, at: 0.5),
        GradientStop(red, at: 1),
    ])
    static let tiered = GaugeTint.tiered([
        GaugeTier(upTo: 0.6, green), GaugeTier(upTo: 0.85, yellow),
        GaugeTier(upTo: 1, red),
    ])
    static let all: [GaugeTint] = [.solid(blue), gradient, tiered]
}

/// A gauge dressed with everything a style may draw: ticks, labels, a zone, a readout.
func dressed<S: GaugeStyle>(_ style: S, value: Double, frame: IntRect, tint: GaugeTint) -> Gauge<S> {
    var g = Gauge(
        value: value, in: 0...8000, frame: frame, style: style, tint: tint, title: "RPM",
        format: ValueFormat(thousandsSeparator: ","))
    g.ticks = GaugeTicks(major: 9, minor: 4, labelDivisor: 1000)
    g.zones = [GaugeZone(from: 6500, to: 8000, color: Tints.red)]
    g.minimumLabel = "0"
    g.maximumLabel = "8"
    return g
}

import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A tinted track with a dot at the value, title and readout above, bounds below.
public struct LinearGaugeStyle: GaugeStyle {
    let renderer = BarRenderer(kind: .indicator, heightPercent: 12)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == LinearGaugeStyle {
    public static var linear: LinearGaugeStyle { LinearGaugeStyle() }
}

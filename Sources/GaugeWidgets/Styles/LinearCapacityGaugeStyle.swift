import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A bar filled up to the value with rounded ends, title and readout above, bounds below.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    let renderer = BarRenderer(kind: .capacity, heightPercent: 16)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

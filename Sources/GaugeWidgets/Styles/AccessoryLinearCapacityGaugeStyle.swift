import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A compact thin bar filled up to the value.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    let renderer = BarRenderer(kind: .capacity, heightPercent: 8)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle { AccessoryLinearCapacityGaugeStyle() }
}

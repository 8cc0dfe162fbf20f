import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A compact open ring in the tint with a dot at the value, the readout inside and the bounds under the gap.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    let renderer = RingRenderer(kind: .indicator, thickness: 20, showsTitle: false, showsBoundLabels: true)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    public static var accessoryCircular: AccessoryCircularGaugeStyle { AccessoryCircularGaugeStyle() }
}

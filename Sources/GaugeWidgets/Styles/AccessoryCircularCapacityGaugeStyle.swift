import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A compact ring filled to the value, the readout inside.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    let renderer = RingRenderer(kind: .capacity, thickness: 22, showsTitle: false, showsBoundLabels: false)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle { AccessoryCircularCapacityGaugeStyle() }
}

import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset.

/// A ring filled to the value, with the readout and title inside.
public struct CircularCapacityGaugeStyle: GaugeStyle {
    let renderer = RingRenderer(kind: .capacity, thickness: 24, showsTitle: true, showsBoundLabels: false)

    public init() {}

    public func draw<F: GlyphSource>(_ configuration: GaugeStyleConfiguration, on canvas: Canvas, fonts: GaugeFonts<F>) {
        renderer.draw(configuration, on: canvas, fonts: fonts)
    }

    public func damage<F: GlyphSource>(from old: GaugeStyleConfiguration, to new: GaugeStyleConfiguration,
                                       fonts: GaugeFonts<F>) -> Region {
        renderer.damage(from: old, to: new, fonts: fonts)
    }
}

extension GaugeStyle where Self == CircularCapacityGaugeStyle {
    public static var circularCapacity: CircularCapacityGaugeStyle { CircularCapacityGaugeStyle() }
}

import GaugeGlyphs

extension FontSet {
    /// The label and readout fonts of one widget.
    public func gaugeFonts(label: Int32, value: Int32) -> GaugeFonts<Source> {
        GaugeFonts(label: font(pixelSize: label), value: font(pixelSize: value))
    }
}

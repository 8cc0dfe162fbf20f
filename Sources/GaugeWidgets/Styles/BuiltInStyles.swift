// Embedded-Swift subset.

// The built-in styles by the names SwiftUI uses. The ring and bar styles are one type
// each, configured: `.circularCapacity` and `.accessoryCircularCapacity` differ only in
// proportions and labels. `.circular` (the dial) is its own type, in CircularGaugeStyle.

extension GaugeStyle where Self == RingGaugeStyle {
    /// A ring filled to the value, readout and title inside.
    public static var circularCapacity: RingGaugeStyle {
        RingGaugeStyle(kind: .capacity, thickness: 24, showsTitle: true, showsBoundLabels: false)
    }
    /// A compact open ring (tinted track) with a dot at the value and the bounds below.
    public static var accessoryCircular: RingGaugeStyle {
        RingGaugeStyle(kind: .indicator, thickness: 20, showsTitle: false, showsBoundLabels: true)
    }
    /// A compact ring filled to the value, readout inside.
    public static var accessoryCircularCapacity: RingGaugeStyle {
        RingGaugeStyle(kind: .capacity, thickness: 22, showsTitle: false, showsBoundLabels: false)
    }
}

extension GaugeStyle where Self == BarGaugeStyle {
    /// A tinted track with an indicator at the value, title and readout above, bounds below.
    public static var linear: BarGaugeStyle { BarGaugeStyle(kind: .indicator, heightPercent: 12) }
    /// A bar filled up to the value with rounded ends.
    public static var linearCapacity: BarGaugeStyle { BarGaugeStyle(kind: .capacity, heightPercent: 16) }
    /// A compact tinted track with a dot at the value.
    public static var accessoryLinear: BarGaugeStyle { BarGaugeStyle(kind: .indicator, heightPercent: 8) }
    /// A compact bar filled to the value.
    public static var accessoryLinearCapacity: BarGaugeStyle { BarGaugeStyle(kind: .capacity, heightPercent: 8) }
}

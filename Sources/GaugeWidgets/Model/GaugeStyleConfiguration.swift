import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: plain value types.

/// Everything a style needs to draw a gauge, with values already resolved to Q16
/// fractions of the range (as SwiftUI passes `GaugeStyleConfiguration` to `makeBody`).
public struct GaugeStyleConfiguration: Equatable, Sendable {
    /// The value's position, 0…65536, or nil for "no value" (track only, dashes).
    public var fraction: Int32?
    public var title: String?
    /// The readout text (formatted value, or dashes without a value).
    public var currentValueText: String
    public var minimumLabel: String?
    public var maximumLabel: String?
    public var marks: [GaugeResolvedMark]
    public var bands: [GaugeBand]
    /// A min/max-hold marker's position, if shown.
    public var hold: Int32?
    /// The gauge's box: it draws its own background here and never outside.
    public var bounds: IntRect
    public var tint: GaugeTint
    public var theme: GaugeTheme

    public init(
        fraction: Int32?, title: String? = nil, currentValueText: String = "",
        minimumLabel: String? = nil, maximumLabel: String? = nil,
        marks: [GaugeResolvedMark] = [], bands: [GaugeBand] = [], hold: Int32? = nil,
        bounds: IntRect, tint: GaugeTint, theme: GaugeTheme = .dark
    ) {
        self.fraction = fraction.map { Swift.min(Swift.max($0, 0), 65536) }
        self.title = title
        self.currentValueText = currentValueText
        self.minimumLabel = minimumLabel
        self.maximumLabel = maximumLabel
        self.marks = marks
        self.bands = bands
        self.hold = hold.map { Swift.min(Swift.max($0, 0), 65536) }
        self.bounds = bounds
        self.tint = tint
        self.theme = theme
    }

    /// Whether everything but the value, its text and the hold marker is the same — the
    /// precondition for a style's tight damage (anything else redraws the whole box).
    /// Every stored property but `fraction`, `currentValueText` and `hold`, compared in
    /// place, cheapest first: comparing two copies with those three blanked copied and
    /// retained both configurations for every widget's damage in every frame.
    /// `GaugeStyleConfigurationTests` keeps this list in step with the properties.
    public func hasSameStaticParts(as other: GaugeStyleConfiguration) -> Bool {
        bounds == other.bounds && theme == other.theme && tint == other.tint
            && title == other.title && minimumLabel == other.minimumLabel && maximumLabel == other.maximumLabel
            && marks == other.marks && bands == other.bands
    }
}

import GaugeGlyphs
import GaugeRaster

// Embedded-Swift subset: no Foundation, so numbers are formatted by hand.

/// A value marked on the scale (a tick), optionally labelled.
public struct GaugeMark: Sendable {
    public var value: Double
    public var label: String?
    public var isMajor: Bool

    public init(_ value: Double, label: String? = nil, isMajor: Bool = true) {
        self.value = value
        self.label = label
        self.isMajor = isMajor
    }
}

/// A mark resolved to its position on the scale, as styles receive it.
public struct GaugeResolvedMark: Equatable, Sendable {
    public var fraction: Int32
    public var label: String?
    public var isMajor: Bool
}

/// Evenly spaced ticks: `major` labelled ticks (ends included) and `minor` between each pair.
public struct GaugeTicks: Sendable {
    public var major: Int32
    public var minor: Int32
    /// Labels show value / divisor (e.g. 1000 to label 0…8000 rpm as 0…8).
    public var labelDivisor: Double
    public var labelFormat: ValueFormat
    /// Whether major ticks carry their value as a label.
    public var showsLabels: Bool

    public init(
        major: Int32, minor: Int32 = 0, labelDivisor: Double = 1,
        labelFormat: ValueFormat = ValueFormat(), showsLabels: Bool = true
    ) {
        self.major = Swift.min(Swift.max(major, 0), 64)
        self.minor = Swift.min(Swift.max(minor, 0), 16)
        self.labelDivisor = labelDivisor
        self.labelFormat = labelFormat
        self.showsLabels = showsLabels
    }
}

/// How the current value is written: decimals, thousands separator, unit.
public struct ValueFormat: Equatable, Sendable {
    public var decimals: Int32
    public var thousandsSeparator: Unicode.Scalar?
    public var unit: String

    public init(decimals: Int32 = 0, thousandsSeparator: Unicode.Scalar? = nil, unit: String = "") {
        self.decimals = Swift.min(Swift.max(decimals, 0), 6)
        self.thousandsSeparator = thousandsSeparator
        self.unit = unit
    }

    /// Dashes for a value that isn't finite ("no value").
    public var placeholder: String { unit.isEmpty ? "--" : "-- " + unit }

    /// `value` rounded half away from zero; non-finite → `placeholder`. Magnitudes beyond
    /// 10^15 are clamped so the conversion to Int64 can't trap.
    public func string(for value: Double) -> String {
        guard value.isFinite else { return placeholder }
        var scale: Double = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Swift.min(Swift.max(value * scale, -1e15), 1e15)
        let rounded = Int64(scaled >= 0 ? scaled + 0.5 : scaled - 0.5)
        let magnitude = rounded.magnitude
        let divisor = UInt64(scale)
        // Scalars, not Characters: no grapheme breaking needed (smaller Embedded builds).
        var integer = "\(magnitude / divisor)"
        if let separator = thousandsSeparator, integer.utf8.count > 3 {
            var grouped = ""
            let digits = Array(integer.unicodeScalars)
            for (i, d) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { grouped.unicodeScalars.append(separator) }
                grouped.unicodeScalars.append(d)
            }
            integer = grouped
        }
        var text = rounded < 0 ? "-" + integer : integer
        if decimals > 0 {
            var fraction = "\(magnitude % divisor)"
            while fraction.utf8.count < Int(decimals) { fraction = "0" + fraction }
            text += "." + fraction
        }
        return unit.isEmpty ? text : text + " " + unit
    }
}

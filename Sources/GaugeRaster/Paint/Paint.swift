/// What fills a shape: a solid colour or a gradient.
public enum Paint: Sendable {
    case solid(Color)
    /// A gradient along a line; colours are clamped beyond its ends.
    case linear(LinearGradient)
    /// A gradient along an arc around a centre (e.g. green → red along a dial's sweep).
    case conic(ConicGradient)

    /// Whether every pixel it covers fully hides what was under it.
    public var isOpaque: Bool {
        switch self {
        case .solid(let color): return color.a == 255
        case .linear(let gradient): return gradient.isOpaque
        case .conic(let gradient): return gradient.isOpaque
        }
    }
}

/// A colour at a position along a gradient, 0 … 65536 (Q16; 65536 = the end).
public struct GradientStop: Sendable, Hashable {
    public var color: Color
    public var position: Int32

    public init(_ color: Color, position: Int32) {
        self.color = color
        self.position = Swift.min(Swift.max(position, 0), 65536)
    }

    /// Position as a fraction 0…1 (NaN → 0).
    public init(_ color: Color, at fraction: Double) {
        let f = fraction.isNaN ? 0 : Swift.min(Swift.max(fraction, 0), 1)
        self.init(color, position: Int32(roundingHalfAwayFromZero: f * 65536))
    }
}

/// Colour stops sorted by position, with the reciprocal of each segment's length so that
/// looking up a colour needs no division per pixel.
public struct ColorRamp: Sendable {
    @usableFromInline let stops: [GradientStop]
    /// 2^32 / segment length for the first `inlineSpans` segments, kept inline so that a
    /// ramp (made per draw from a gauge's tint) allocates nothing; the rest, if any, in
    /// `moreInverseSpans`.
    @usableFromInline let inverseSpans: InlineArray<8, Int64>
    @usableFromInline let moreInverseSpans: [Int64]
    @usableFromInline static var inlineSpans: Int { 8 }

    /// Stops are sorted; none gives transparent black, one gives a solid colour.
    public init(_ stops: [GradientStop]) {
        // Already in order (the usual case): share the caller's array instead of sorting a copy.
        var ordered = true
        for i in stops.indices.dropFirst() where stops[i - 1].position > stops[i].position {
            ordered = false
            break
        }
        let sorted = ordered ? stops : stops.sorted { $0.position < $1.position }
        self.stops = sorted.isEmpty ? [GradientStop(.clear, position: 0)] : sorted
        var inline = InlineArray<8, Int64>(repeating: 0)
        var more: [Int64] = []
        for i in 0..<Swift.max(self.stops.count - 1, 0) {
            let span = Int64(self.stops[i + 1].position - self.stops[i].position)
            let inverse = span > 0 ? (Int64(1) << 32) / span : 0
            if i < ColorRamp.inlineSpans { inline[i] = inverse } else { more.append(inverse) }
        }
        inverseSpans = inline
        moreInverseSpans = more
    }

    /// Evenly spaced colours.
    public init(evenly colors: [Color]) {
        let n = Int32(colors.count)
        var stops: [GradientStop] = []
        for (i, c) in colors.enumerated() {
            stops.append(GradientStop(c, position: n > 1 ? Int32(i) * 65536 / (n - 1) : 0))
        }
        self.init(stops)
    }

    /// The colour at `t` (Q16, clamped to 0…65536), 8 fraction bits per channel.
    /// (Unchecked reads: `stops` is never empty and `inverseSpans` has one entry fewer.)
    @inlinable @inline(__always) public func color(at t: Int32) -> WideColor {
        stops.withUnsafeBufferPointer { stops in
            if t <= stops[0].position { return WideColor(stops[0].color) }
            let last = stops.count - 1
            if t >= stops[last].position { return WideColor(stops[last].color) }
            var i = 0
            while i < last - 1 && t >= stops[i + 1].position { i += 1 }
            let inverse =
                i < ColorRamp.inlineSpans
                ? inverseSpans.span[unchecked: i]
                : moreInverseSpans.withUnsafeBufferPointer { $0[i - ColorRamp.inlineSpans] }
            let local = Int32((Int64(t - stops[i].position) * inverse) >> 16)
            return mixWide(stops[i].color, stops[i + 1].color, Swift.min(local, 65536))
        }
    }

    /// Whether every stop is opaque (so spans can be stored without reading the surface).
    public var isOpaque: Bool { stops.allSatisfy { $0.color.a == 255 } }
}

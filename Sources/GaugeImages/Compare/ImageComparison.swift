import GaugeDisplay
import GaugeRaster

/// The outcome of comparing two images pixel by pixel.
public enum ImageComparison: Equatable, Sendable, CustomStringConvertible {
    case identical
    case sizeMismatch(a: (width: Int, height: Int), b: (width: Int, height: Int))
    /// `count` pixels differ; the first in row order is at (x, y).
    case differ(count: Int, x: Int, y: Int, a: Color, b: Color)

    /// Compares RGB, and alpha where either image has it (an image without alpha counts as
    /// alpha 255, so an RGBA image matches an RGB one only where it is opaque).
    public init(_ a: DecodedImage, _ b: DecodedImage) {
        guard a.width == b.width, a.height == b.height else {
            self = .sizeMismatch(a: (a.width, a.height), b: (b.width, b.height))
            return
        }
        var count = 0
        var first: (x: Int, y: Int, a: Color, b: Color)?
        if a.channels == b.channels {
            // Fast path: same layout, compare bytes per pixel.
            let n = a.channels
            a.pixels.withUnsafeBufferPointer { pa in
                b.pixels.withUnsafeBufferPointer { pb in
                    for i in 0..<(a.width * a.height) where !(0..<n).allSatisfy({ pa[i * n + $0] == pb[i * n + $0] }) {
                        count += 1
                        if first == nil {
                            first = (i % a.width, i / a.width, a.color(x: i % a.width, y: i / a.width), b.color(x: i % a.width, y: i / a.width))
                        }
                    }
                }
            }
        } else {
            for y in 0..<a.height {
                for x in 0..<a.width {
                    let ca = a.color(x: x, y: y), cb = b.color(x: x, y: y)
                    if ca != cb {
                        count += 1
                        if first == nil { first = (x, y, ca, cb) }
                    }
                }
            }
        }
        if let first {
            self = .differ(count: count, x: first.x, y: first.y, a: first.a, b: first.b)
        } else {
            self = .identical
        }
    }

    public var isIdentical: Bool { self == .identical }

    public static func == (l: ImageComparison, r: ImageComparison) -> Bool {
        switch (l, r) {
        case (.identical, .identical): return true
        case let (.sizeMismatch(a1, b1), .sizeMismatch(a2, b2)): return a1 == a2 && b1 == b2
        case let (.differ(c1, x1, y1, a1, b1), .differ(c2, x2, y2, a2, b2)):
            return c1 == c2 && x1 == x2 && y1 == y2 && a1 == a2 && b1 == b2
        default: return false
        }
    }

    /// "identical", "sizes differ: 800x480 vs 640x480" or
    /// "3 pixels differ (first at 10,20: #102030 vs #102031)".
    public var description: String {
        switch self {
        case .identical: return "identical"
        case let .sizeMismatch(a, b): return "sizes differ: \(a.width)x\(a.height) vs \(b.width)x\(b.height)"
        case let .differ(count, x, y, a, b):
            let withAlpha = a.a != 255 || b.a != 255
            return "\(count) pixels differ (first at \(x),\(y): \(hex(a, withAlpha)) vs \(hex(b, withAlpha)))"
        }
    }

    private func hex(_ c: Color, _ alpha: Bool) -> String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(c.r) + h(c.g) + h(c.b) + (alpha ? h(c.a) : "")
    }
}

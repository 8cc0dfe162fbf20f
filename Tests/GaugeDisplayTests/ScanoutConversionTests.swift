import GaugeDisplay
import GaugeRaster
import GaugeTestSupport
import Testing

/// The conversions on the copy into scan-out memory, against references written out
/// the long way.
@Suite struct ScanoutConversionTests {
    @Test func everyRGB565ValueWidensByBitReplicationAndPacksBackToItself() {
        var wrong = 0
        for v in 0...0xFFFF {
            let p = UInt16(v)
            let x = ScanoutConversion.xrgb8888(fromRGB565: p)
            // The colour PNG/PPM files and `render` show for that RGB565 pixel.
            if x != ScanoutReference.widened(p) || x != ARGB32Codec.pack(RGB565Codec.unpack(p))
                || ScanoutConversion.rgb565(fromXRGB8888: x) != p
            {
                wrong += 1
            }
        }
        #expect(wrong == 0)
    }

    @Test func everyXRGB8888ColourPacksAsRGB565SurfacesPackASolidColour() {
        var wrong = 0
        for rgb in UInt32(0)..<(1 << 24) {
            // The X byte is whatever the surface holds: it must not matter.
            let p = rgb | (rgb & 0xFF) << 24
            let c = ScanoutConversion.rgb565(fromXRGB8888: p)
            if c != ScanoutReference.packed(p) || c != RGB565Codec.pack(Color(rgb: rgb)) { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    /// The obvious per-pixel turn-and-convert the copy must equal.
    static func naive(_ rect: IntRect, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        let l = rect.intersection(shadow.bounds)
        guard !l.isEmpty else { return }
        for y in l.y0..<l.y1 {
            for x in l.x0..<l.x1 {
                let p = rotation.physical(x: x, y: y), v = shadow.rawPixel(x: x, y: y)!
                let dst = target.row(p.y) + Int(p.x) * Int(target.format.bytesPerPixel)
                if target.format == .xrgb8888 {
                    dst.storeBytes(of: ScanoutReference.widened(UInt16(v)), as: UInt32.self)
                } else {
                    dst.storeBytes(of: ScanoutReference.packed(v), as: UInt16.self)
                }
            }
        }
    }

    @Test(arguments: [(PixelFormat.rgb565, PixelFormat.xrgb8888), (.xrgb8888, .rgb565)])
    func turnsAndConvertsInOnePassInEveryRotation(formats: (PixelFormat, PixelFormat)) throws {
        var rng = SplitMix(seed: 7)
        for (w, h) in [(Int32(13), Int32(7)), (7, 13), (9, 9), (1, 5), (40, 3)] {
            for a in RotationAngle.allCases {
                let r = DisplayRotation(a, physicalWidth: w, physicalHeight: h)
                let shadow = try Surface(width: r.logicalWidth, height: r.logicalHeight, format: formats.0)
                let fast = try Surface(width: w, height: h, format: formats.1)
                let slow = try Surface(width: w, height: h, format: formats.1)
                for seed in 0..<12 {
                    fillPattern(shadow, seed: UInt32(seed) &* 7919)
                    let x0 = rng.below(r.logicalWidth + 2) - 1, y0 = rng.below(r.logicalHeight + 2) - 1
                    let rect = IntRect(x0: x0, y0: y0, x1: x0 + rng.below(r.logicalWidth + 1), y1: y0 + rng.below(r.logicalHeight + 1))
                    RotatedCopy.copy(rect, from: shadow, to: fast, rotation: r)
                    Self.naive(rect, from: shadow, to: slow, rotation: r)
                    #expect(RotatedCopyTests.bytes(fast) == RotatedCopyTests.bytes(slow), "\(w)x\(h) \(a) \(rect)")
                }
                // The whole picture: every pixel converted, the turned picture's corners in place.
                RotatedCopy.copy(shadow.bounds, from: shadow, to: fast, rotation: r)
                Self.naive(shadow.bounds, from: shadow, to: slow, rotation: r)
                #expect(RotatedCopyTests.bytes(fast) == RotatedCopyTests.bytes(slow), "\(w)x\(h) \(a) whole")
            }
        }
    }

    /// The turned copy converts through byte tables, the upright one by arithmetic: every
    /// RGB565 value through both (a 256×256 picture holds each once).
    @Test(arguments: RotationAngle.allCases)
    func everyRGB565ValueWidensTheSameInEveryRotation(angle: RotationAngle) throws {
        let r = DisplayRotation(angle, physicalWidth: 256, physicalHeight: 256)
        let shadow = try Surface(width: 256, height: 256, format: .rgb565)
        for y in Int32(0)..<256 {
            for x in Int32(0)..<256 { shadow.row(y).storeBytes(of: UInt16(y << 8 | x), toByteOffset: Int(x) * 2, as: UInt16.self) }
        }
        let target = try Surface(width: 256, height: 256, format: .xrgb8888)
        RotatedCopy.copy(shadow.bounds, from: shadow, to: target, rotation: r)
        var wrong = 0
        for y in Int32(0)..<256 {
            for x in Int32(0)..<256 {
                let p = r.physical(x: x, y: y)
                if target.rawPixel(x: p.x, y: p.y) != ScanoutReference.widened(UInt16(y << 8 | x)) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    /// Every value of every channel packed through the tables and by arithmetic.
    @Test(arguments: RotationAngle.allCases)
    func everyChannelValuePacksTheSameInEveryRotation(angle: RotationAngle) throws {
        let r = DisplayRotation(angle, physicalWidth: 256, physicalHeight: 256)
        let shadow = try Surface(width: 256, height: 256, format: .xrgb8888)
        // Red runs along x, green along y, blue along both: each channel takes every value.
        func pixel(_ x: Int32, _ y: Int32) -> UInt32 { 0xFF00_0000 | UInt32(x) << 16 | UInt32(y) << 8 | UInt32((x &* 7 ^ y) & 255) }
        for y in Int32(0)..<256 { for x in Int32(0)..<256 { shadow.row(y).storeBytes(of: pixel(x, y), toByteOffset: Int(x) * 4, as: UInt32.self) } }
        let target = try Surface(width: 256, height: 256, format: .rgb565)
        RotatedCopy.copy(shadow.bounds, from: shadow, to: target, rotation: r)
        var wrong = 0
        for y in Int32(0)..<256 {
            for x in Int32(0)..<256 {
                let p = r.physical(x: x, y: y)
                if target.rawPixel(x: p.x, y: p.y) != UInt32(ScanoutReference.packed(pixel(x, y))) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test func formatsThatDoNotConvertCopyNothing() throws {
        let r = DisplayRotation(.none, physicalWidth: 4, physicalHeight: 3)
        let shadow = try Surface(width: 4, height: 3, format: .argb8888)
        fillPattern(shadow, seed: 2)
        let target = try Surface(width: 4, height: 3, format: .rgb565)
        RotatedCopy.copy(shadow.bounds, from: shadow, to: target, rotation: r)
        #expect(RotatedCopyTests.bytes(target).allSatisfy { $0 == 0 })
        #expect(!ScanoutConversion.converts(from: .argb8888, to: .rgb565))
        #expect(ScanoutConversion.converts(from: .rgb565, to: .xrgb8888) && ScanoutConversion.converts(from: .xrgb8888, to: .rgb565))
    }
}

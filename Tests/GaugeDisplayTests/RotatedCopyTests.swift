import GaugeDisplay
import GaugeRaster
import GaugeTestSupport
import Testing

@Suite struct RotatedCopyTests {
    /// The obvious per-pixel copy the fast one must equal.
    static func naiveCopy(_ rect: IntRect, from shadow: Surface, to target: Surface, rotation: DisplayRotation) {
        let l = rect.intersection(shadow.bounds), bpp = Int(shadow.format.bytesPerPixel)
        guard !l.isEmpty else { return }
        for y in l.y0..<l.y1 {
            for x in l.x0..<l.x1 {
                let p = rotation.physical(x: x, y: y)
                (target.row(p.y) + Int(p.x) * bpp).copyMemory(from: shadow.row(y) + Int(x) * bpp, byteCount: bpp)
            }
        }
    }

    static func bytes(_ s: Surface) -> [UInt8] {
        (0..<s.height).flatMap { y in Array(UnsafeRawBufferPointer(start: s.row(y), count: Int(s.stride))) }
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func equalsTheNaiveCopyForRandomRects(format: PixelFormat) throws {
        var rng = SplitMix(seed: 42)
        for (w, h) in [(Int32(13), Int32(7)), (7, 13), (9, 9), (1, 5), (32, 3)] {
            for a in RotationAngle.allCases {
                let r = DisplayRotation(a, physicalWidth: w, physicalHeight: h)
                let shadow = try Surface(width: r.logicalWidth, height: r.logicalHeight, format: format)
                let fast = try Surface(width: w, height: h, format: format)
                let slow = try Surface(width: w, height: h, format: format)
                for seed in 0..<12 {
                    fillPattern(shadow, seed: UInt32(seed) &* 977)
                    let x0 = rng.below(r.logicalWidth + 2) - 1, y0 = rng.below(r.logicalHeight + 2) - 1
                    // Rects may stick out of the surface: both copies clip.
                    let rect = IntRect(x0: x0, y0: y0, x1: x0 + rng.below(r.logicalWidth + 1), y1: y0 + rng.below(r.logicalHeight + 1))
                    RotatedCopy.copy(rect, from: shadow, to: fast, rotation: r)
                    Self.naiveCopy(rect, from: shadow, to: slow, rotation: r)
                    #expect(Self.bytes(fast) == Self.bytes(slow), "\(w)x\(h) \(a) \(rect)")
                }
            }
        }
    }

    /// A region's slanted rectangle (a needle's damage) is copied pixel for pixel: its
    /// rows' columns, nothing else of its whole rectangle — in every rotation.
    @Test(arguments: RotationAngle.allCases)
    func slantedDamageCopiesExactlyItsPixels(angle: RotationAngle) throws {
        let r = DisplayRotation(angle, physicalWidth: 24, physicalHeight: 16)
        let shadow = try Surface(width: r.logicalWidth, height: r.logicalHeight, format: .xrgb8888)
        fillPattern(shadow, seed: 7)
        let whole = IntRect(x0: 2, y0: 1, x1: 12, y1: 11), slant = RowSlant(left: 200, right: 150)
        var region = Region()
        region.append(disjoint: whole, slant: slant)
        let fast = try Surface(width: 24, height: 16, format: .xrgb8888), slow = try Surface(width: 24, height: 16, format: .xrgb8888)
        RotatedCopy.copy(region, from: shadow, to: fast, rotation: r)
        for y in whole.y0..<whole.y1 {
            let c = slant.columns(of: whole, row: y)
            Self.naiveCopy(IntRect(x0: c.x0, y0: y, x1: c.x1, y1: y + 1), from: shadow, to: slow, rotation: r)
        }
        #expect(Self.bytes(fast) == Self.bytes(slow))
        // Every copied pixel is opaque in the pattern; the rest of the target stays 0.
        var copied: Int64 = 0
        for y in Int32(0)..<16 { for x in Int32(0)..<24 where fast.rawPixel(x: x, y: y) != 0 { copied += 1 } }
        #expect(copied == region.area && region.area < whole.area)
    }

    @Test func copyingTheWholeLogicalSurfaceTurnsThePicture() throws {
        let r = DisplayRotation(.quarter, physicalWidth: 3, physicalHeight: 2)  // logical 2x3
        let shadow = try Surface(width: 2, height: 3, format: .xrgb8888)
        for y in Int32(0)..<3 {
            for x in Int32(0)..<2 { shadow.row(y).storeBytes(of: UInt32(10 * y + x), toByteOffset: Int(x) * 4, as: UInt32.self) }
        }
        let target = try Surface(width: 3, height: 2, format: .xrgb8888)
        RotatedCopy.copy(shadow.bounds, from: shadow, to: target, rotation: r)
        // Logical rows  [0 1] [10 11] [20 21], turned clockwise: [20 10 0] [21 11 1].
        var pixels: [UInt32] = []
        for y in Int32(0)..<2 { for x in Int32(0)..<3 { pixels.append(target.rawPixel(x: x, y: y)!) } }
        #expect(pixels == [20, 10, 0, 21, 11, 1])
    }

    @Test func mismatchedSizesCopyNothing() throws {
        let r = DisplayRotation(.quarter, physicalWidth: 4, physicalHeight: 6)
        let shadow = try Surface(width: 4, height: 6, format: .xrgb8888)  // not the logical 6x4
        fillPattern(shadow, seed: 1)
        let target = try Surface(width: 4, height: 6, format: .xrgb8888)
        RotatedCopy.copy(shadow.bounds, from: shadow, to: target, rotation: r)
        #expect(Self.bytes(target).allSatisfy { $0 == 0 })
    }

    @Test(arguments: RotationAngle.allCases)
    func offscreenSavesThePhysicalImage(angle: RotationAngle) throws {
        let d = try OffscreenDisplay(width: 6, height: 4, format: .xrgb8888, rotation: angle)
        #expect(d.physical.width == 6 && d.physical.height == 4)
        #expect(d.width == (angle.swapsAxes ? 4 : 6))
        fillPattern(d.surface, seed: 5)
        d.present(damage: [d.surface.bounds])
        for y in Int32(0)..<d.height {
            for x in Int32(0)..<d.width {
                let p = d.rotation.physical(x: x, y: y)
                #expect(d.physical.rawPixel(x: p.x, y: p.y) == d.surface.rawPixel(x: x, y: y))
            }
        }
    }
}

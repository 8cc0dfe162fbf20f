import Testing
@testable import GaugeRaster

@Suite struct PixelFormatTests {
    @Test func rgb565RoundTripsItsOwnColours() {
        for v in 0...0xFFFF {
            let p = UInt16(v)
            #expect(RGB565Codec.pack(RGB565Codec.unpack(p)) == p)
        }
        #expect(RGB565Codec.pack(Color(rgb: 0xFFFFFF)) == 0xFFFF)
        #expect(RGB565Codec.pack(Color(rgb: 0xFF0000)) == 0xF800)
        #expect(RGB565Codec.unpack(0x07E0) == Color(rgb: 0x00FF00))
    }

    @Test func blendingEndpoints() {
        let c = Color(rgb: 0x3080F0), d: UInt32 = 0xFF10_2030
        #expect(ARGB32Codec.blend(c, alpha: 256, over: d) == 0xFF30_80F0)
        #expect(ARGB32Codec.blend(c, alpha: 0, over: d) == d)
        #expect(ARGB32Codec.blend(Color(rgb: 0xFFFFFF), alpha: 128, over: 0xFF00_0000) == 0xFF80_8080)
        #expect(RGB565Codec.blend(c, alpha: 0, over: 0x1234) == 0x1234)
        #expect(RGB565Codec.blend(c, alpha: 256, over: 0x1234) == RGB565Codec.pack(c))
        #expect(effectiveAlpha(255, coverage: 256) == 256 && effectiveAlpha(0, coverage: 256) == 0)
    }

    @Test func argbIsPremultipliedSourceOver() throws {
        let s = try Surface(width: 2, height: 1, format: .argb8888)
        let c = Canvas(s)
        c.clear(.clear)
        c.fill(IntRect(x: 0, y: 0, width: 1, height: 1), color: Color(r: 255, g: 0, b: 0, a: 128))
        #expect(s.rawPixel(x: 0, y: 0) == 0x8080_0000)  // premultiplied half red
        #expect(s.color(x: 0, y: 0) == Color(r: 255, g: 0, b: 0, a: 128))
        #expect(s.rawPixel(x: 1, y: 0) == 0)
    }

    @Test func ditherThresholdsAreTheBayerMatrix() {
        let bayer: [Int32] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
        for y in Int32(0)..<4 { for x in Int32(0)..<4 { #expect(OrderedDither.threshold(x: x, y: y) == bayer[Int(y * 4 + x)]) } }
        // Dithering preserves the mean: 16 pixels of a level between two RGB565 steps.
        let level: Int32 = (100 << 8) + 77
        var sum: Int32 = 0
        for y in Int32(0)..<4 {
            for x in Int32(0)..<4 { sum += OrderedDither.quantize(level, levels: 31, threshold: OrderedDither.threshold(x: x, y: y)) }
        }
        let mean: Double = Double(sum) / 16.0
        let exact: Double = Double(level) / 65280.0 * 31.0
        let tolerance: Double = 1.0 / 16.0 + 0.01
        #expect(abs(mean - exact) < tolerance)
        #expect(OrderedDither.quantize(65280, levels: 31, threshold: 15) == 31 && OrderedDither.quantize(0, levels: 63, threshold: 15) == 0)
    }

    /// A prepared gradient colour packs at every Bayer threshold exactly as `packDithered`
    /// packs the colour: every channel value 0…65280 (and, for RGB565, beyond: clamped).
    @Test func preparedColoursPackAsDithered() {
        func check<C: PixelCodec>(_ codec: C.Type, _ c: WideColor) {
            let p = C.prepare(c)
            #expect(p != 0)
            for y in Int32(0)..<4 {
                for x in Int32(0)..<4 {
                    let t = OrderedDither.threshold(x: x, y: y)
                    #expect(C.packPrepared(p, threshold: t) == C.packDithered(c, x: x, y: y), "\(C.self) \(c) at (\(x), \(y))")
                }
            }
        }
        var values: [Int32] = [-1, 65281, 70000]
        for v in stride(from: Int32(0), through: 65280, by: 1) { values.append(v) }
        for v in values {
            let c = WideColor(r: v, g: 65280 &- v, b: (v &* 7) % 65281, a: 65280)
            check(RGB565Codec.self, c)
            if (0...65280).contains(v) { check(ARGB32Codec.self, c) }  // 8-bit rounding takes gradient colours, never negative
        }
    }

    /// RGB565 blending (two channels per multiply) equals its definition: each channel
    /// unpacked to 8 bits, (s·α + d·(256 − α) + 128) >> 8, packed with rounding.
    @Test func rgb565BlendIsThePerChannelMix() {
        var rng = SplitMix(seed: 565)
        for _ in 0..<200_000 {
            let bits = rng.next()
            let c = Color(r: UInt8(truncatingIfNeeded: bits), g: UInt8(truncatingIfNeeded: bits >> 8), b: UInt8(truncatingIfNeeded: bits >> 16))
            let p = UInt16(truncatingIfNeeded: bits >> 24), alpha = UInt32(truncatingIfNeeded: bits >> 40) % 258
            let d = RGB565Codec.unpack(p)
            func mix(_ s: UInt8, _ t: UInt8) -> UInt8 {
                UInt8((UInt32(s) * Swift.min(alpha, 256) + UInt32(t) * (256 - Swift.min(alpha, 256)) + 128) >> 8)
            }
            let expected = RGB565Codec.pack(Color(r: mix(c.r, d.r), g: mix(c.g, d.g), b: mix(c.b, d.b)))
            #expect(RGB565Codec.blend(c, alpha: alpha, over: p) == expected, "\(c) α \(alpha) over \(p)")
            if RGB565Codec.blend(c, alpha: alpha, over: p) != expected { return }
        }
        // Every destination pixel, at alphas and colours from the ends and the middle.
        for (c, alpha) in [
            (Color(r: 0, g: 0, b: 0), UInt32(1)), (Color(r: 255, g: 255, b: 255), 255), (Color(r: 48, g: 192, b: 96), 128),
            (Color(r: 224, g: 64, b: 58), 37), (Color(r: 7, g: 250, b: 131), 200),
        ] {
            for p in 0...UInt16.max {
                let d = RGB565Codec.unpack(p)
                func mix(_ s: UInt8, _ t: UInt8) -> UInt8 { UInt8((UInt32(s) * alpha + UInt32(t) * (256 - alpha) + 128) >> 8) }
                let expected = RGB565Codec.pack(Color(r: mix(c.r, d.r), g: mix(c.g, d.g), b: mix(c.b, d.b)))
                if RGB565Codec.blend(c, alpha: alpha, over: p) != expected {
                    Issue.record("\(c) α \(alpha) over \(p)")
                    return
                }
            }
        }
    }
}

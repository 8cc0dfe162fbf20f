@testable import GaugeImages
import GaugeRaster
import Testing

@Suite struct ImageComparisonTests {
    let rgb = DecodedImage(width: 3, height: 2, channels: 3, pixels: Array(0..<18))

    @Test func identicalImages() {
        #expect(ImageComparison(rgb, rgb) == .identical)
        #expect(ImageComparison(rgb, rgb).description == "identical")
    }

    @Test func countsDifferingPixelsAndReportsTheFirst() {
        var other = rgb
        other.pixels[4] = 99  // pixel (1,0)
        other.pixels[16] = 0  // pixel (2,1)
        other.pixels[17] = 0  // same pixel, still one
        let result = ImageComparison(rgb, other)
        #expect(result == .differ(count: 2, x: 1, y: 0, a: Color(r: 3, g: 4, b: 5), b: Color(r: 3, g: 99, b: 5)))
        #expect(result.description == "2 pixels differ (first at 1,0: #030405 vs #036305)")
    }

    @Test func rgbMatchesOpaqueRGBAOnly() {
        var pixels: [UInt8] = []
        for i in 0..<6 { pixels += [UInt8(i * 3), UInt8(i * 3 + 1), UInt8(i * 3 + 2), 255] }
        var rgba = DecodedImage(width: 3, height: 2, channels: 4, pixels: pixels)
        #expect(ImageComparison(rgb, rgba) == .identical)
        #expect(ImageComparison(rgba, rgb) == .identical)
        rgba.pixels[23] = 254
        let result = ImageComparison(rgb, rgba)
        #expect(result == .differ(count: 1, x: 2, y: 1, a: Color(r: 15, g: 16, b: 17), b: Color(r: 15, g: 16, b: 17, a: 254)))
        #expect(result.description == "1 pixels differ (first at 2,1: #0f1011ff vs #0f1011fe)")
    }

    @Test func sizeMismatch() {
        let small = DecodedImage(width: 1, height: 1, channels: 3, pixels: [0, 0, 0])
        #expect(ImageComparison(rgb, small).description == "sizes differ: 3x2 vs 1x1")
        #expect(!ImageComparison(rgb, small).isIdentical)
    }

    @Test func pngOfARGBAndPPMOfXRGBAgreeWhereOpaque() throws {
        // The same opaque drawing saved both ways compares identical across formats.
        let surface = try Surface(width: 8, height: 8, format: .xrgb8888)
        Canvas(surface).clear(Color(rgb: 0x336699))
        let png = try PNG.decode(PNG.encode(surface))
        let ppm = try PPM.decode(PPM.encode(surface))
        #expect(ImageComparison(png, ppm) == .identical)
    }
}

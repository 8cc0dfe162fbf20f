@testable import GaugeDisplay
@testable import GaugeImages
import GaugeSystem
import GaugeRaster
import GaugeTestSupport
import Glibc
import Testing

@Suite struct OffscreenDisplayTests {
    @Test func countsFramesAndDamagedPixels() throws {
        let display = try OffscreenDisplay(width: 100, height: 50, format: .rgb565)
        display.present(damage: [IntRect(x: 0, y: 0, width: 10, height: 10)])
        #expect(display.statistics.frames == 1)
        #expect(display.statistics.lastFrameDamagedPixels == 100)

        // Overlap counts once; the part outside the screen not at all.
        display.present(damage: [
            IntRect(x: 0, y: 0, width: 10, height: 10), IntRect(x: 5, y: 5, width: 10, height: 10),
            IntRect(x: 95, y: 45, width: 20, height: 20),
        ])
        #expect(display.statistics.lastFrameDamagedPixels == 100 + 100 - 25 + 25)

        display.present(damage: [])
        display.present(damage: [IntRect(x: 200, y: 200, width: 5, height: 5)])
        display.present(damage: [display.surface.bounds, IntRect(x: 1, y: 1, width: 3, height: 3)])
        let stats = display.statistics
        #expect(stats.frames == 5)
        #expect(stats.emptyFrames == 2)
        #expect(stats.damageRectangles == 7)
        #expect(stats.damagedPixels == 100 + 200 + 5000)
        #expect(stats.lastFrameDamagedPixels == 5000)
        #expect(abs(stats.averageDamageFraction(pixelsPerFrame: 5000) - 5300.0 / 5 / 5000) < 1e-12)
    }

    @Test func damagedPixelsMatchBruteForce() throws {
        let display = try OffscreenDisplay(width: 40, height: 30, format: .rgb565)
        var rng = SplitMix(seed: 99)
        let bounds = IntRect(x: 0, y: 0, width: 40, height: 30)
        for _ in 0..<200 {
            let rects = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                IntRect(
                    x: Int32.random(in: -10...45, using: &rng), y: Int32.random(in: -10...35, using: &rng),
                    width: Int32.random(in: -2...20, using: &rng), height: Int32.random(in: -2...20, using: &rng))
            }
            var expected: Int64 = 0
            for y in bounds.y0..<bounds.y1 {
                for x in bounds.x0..<bounds.x1 where rects.contains(where: { $0.contains(x: x, y: y) }) { expected += 1 }
            }
            display.present(damage: rects)
            #expect(display.statistics.lastFrameDamagedPixels == expected)
        }
    }

    @Test func imageFilesGoThroughTheSystemTheyAreGiven() throws {
        let system = FakePanelSystem()
        let display = try OffscreenDisplay(width: 8, height: 6, format: .xrgb8888)
        Canvas(display.surface).fillDisc(centre: Point(4, 3), radius: 3, paint: .solid(Color(r: 10, g: 200, b: 90)))
        try ImageFile.save(display.surface, as: .png, to: "/out/frame.png", system: system)
        #expect(system.files["/out/frame.png"].map { Array($0.prefix(8)) } == PNG.signature)
        #expect(try ImageFile.load("/out/frame.png", system: system) == DecodedImage(display.surface))
        #expect(throws: ImageFileError.file(FileError(.open, path: "/out/none.png", errno: .noSuchFileOrDirectory))) {
            try ImageFile.load("/out/none.png", system: system)
        }
    }

    @Test func writesPNGAndPPMThatReadBack() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        let display = try OffscreenDisplay(width: 40, height: 30, format: .argb8888)
        Canvas(display.surface).fillDisc(centre: Point(20, 15), radius: 12, paint: .solid(Color(r: 200, g: 40, b: 40, a: 160)))
        try display.writePNG(to: dir + "/frame.png")
        try display.writePPM(to: dir + "/frame.ppm")
        #expect(try ImageFile.load(dir + "/frame.png") == DecodedImage(display.surface))
        let ppm = try ImageFile.load(dir + "/frame.ppm")
        #expect(ppm.channels == 3)
        // PPM keeps the straight-alpha RGB (premultiplying may round it by one) and drops alpha.
        var centre = display.surface.color(x: 20, y: 15)!
        #expect(centre.a == 160)
        centre.a = 255
        #expect(ppm.color(x: 20, y: 15) == centre)
    }

    @Test func writeErrorsNameThePathAndReason() throws {
        let display = try OffscreenDisplay(width: 4, height: 4, format: .xrgb8888)
        do {
            try display.writePNG(to: "/nonexistent-dir/frame.png")
            Issue.record("writing into a missing directory succeeded")
        } catch {
            #expect(error == .file(FileError(.open, path: "/nonexistent-dir/frame.png", errno: .noSuchFileOrDirectory)))
            #expect(error.description == "cannot open /nonexistent-dir/frame.png: No such file or directory")
        }
    }

    @Test func loadErrorsNameThePath() throws {
        let dir = makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        try LinuxSystem.standard.writeFile(dir + "/text.png", Array("hello".utf8), .replace)
        #expect(throws: ImageFileError.unknownFormat(path: dir + "/text.png")) { try ImageFile.load(dir + "/text.png") }
        try LinuxSystem.standard.writeFile(dir + "/short.png", Array(PNG.signature) + [0, 0], .replace)
        #expect(throws: ImageFileError.png(path: dir + "/short.png", .truncated)) { try ImageFile.load(dir + "/short.png") }
        #expect(throws: ImageFileError.file(FileError(.open, path: dir + "/missing.ppm", errno: .noSuchFileOrDirectory))) {
            try ImageFile.load(dir + "/missing.ppm")
        }
        #expect(throws: ImageFileError.file(FileError(.read, path: dir, errno: .isDirectory))) { try ImageFile.load(dir) }
    }

    @Test func namesAndExtensions() {
        for format in PixelFormat.allCases { #expect(PixelFormat(lowercaseName: format.lowercaseName) == format) }
        #expect(PixelFormat(lowercaseName: "RGB565") == .rgb565)
        #expect(PixelFormat(lowercaseName: "rgb565-swapped") == nil)
        #expect(PixelFormat(lowercaseName: "rgb888") == nil)
        #expect(ImageFileFormat(path: "out/Frame.PNG") == .png)
        #expect(ImageFileFormat(path: "a.ppm") == .ppm)
        #expect(ImageFileFormat(path: "a.png/b") == nil)
        #expect(ImageFileFormat(path: "noext") == nil)
    }
}

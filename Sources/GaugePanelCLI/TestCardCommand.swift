import ArgumentParser
import GaugeDisplay
import GaugeDisplayDevices
import GaugeImages
import GaugeRaster

/// `gaugepanel testcard`: renders the test card scenes to PNG or PPM files.
struct TestCardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "testcard",
        abstract: "Render test card scenes to PNG or PPM files.",
        discussion: """
            Writes one scene to --out (PNG or PPM by its extension), or, with --out-dir, \
            <scene>-<format>.png for each chosen scene (all scenes unless --scene is given).
            """
    )

    @Option(help: "Scene to render, or 'all' (with --out-dir).")
    var scene: String?

    @Option(help: "Pixel format: xrgb8888, argb8888, rgb565, or 'all' (with --out-dir).")
    var format: String = "xrgb8888"

    @Option(help: "Output file, .png or .ppm.")
    var out: String?

    @Option(help: "Directory to write <scene>-<format>.png files into (must exist).")
    var outDir: String?

    @Flag(help: "List the scene names and sizes, and exit.")
    var list = false

    func run() throws {
        if list {
            for s in TestCard.scenes { print("\(s.nameString) \(s.width)x\(s.height)") }
            return
        }
        let formats = try selectedFormats()
        if let outDir {
            guard out == nil else { throw fail("use either --out or --out-dir, not both") }
            let scenes = try selectedScenes(default: "all")
            for scene in scenes {
                for format in formats {
                    let path = join(outDir, "\(scene.nameString)-\(format.lowercaseName).png")
                    try render(scene, format: format, as: .png, to: path)
                }
            }
            return
        }
        let scenes = try selectedScenes(default: TestCard.card.nameString)
        guard scenes.count == 1, formats.count == 1 else {
            throw fail("--scene all and --format all need --out-dir")
        }
        let path = out ?? "testcard.png"
        guard let fileFormat = ImageFileFormat(path: path) else {
            throw fail("\(path): unknown output type (use a .png or .ppm name)")
        }
        try render(scenes[0], format: formats[0], as: fileFormat, to: path)
    }

    private func selectedScenes(default name: String) throws -> [TestScene] {
        let name = scene ?? name
        if name == "all" { return TestCard.scenes }
        guard let s = TestCard.scene(named: name) else {
            let valid = TestCard.scenes.map(\.nameString).joined(separator: ", ")
            throw fail("unknown scene '\(name)'; valid scenes: \(valid), all")
        }
        return [s]
    }

    private func selectedFormats() throws -> [PixelFormat] {
        if format.lowercased() == "all" { return PixelFormat.allCases }
        guard let f = PixelFormat(lowercaseName: format) else {
            let valid = PixelFormat.allCases.map(\.lowercaseName).joined(separator: ", ")
            throw fail("unknown format '\(format)'; valid formats: \(valid), all")
        }
        return [f]
    }

    private func render(_ scene: TestScene, format: PixelFormat, as fileFormat: ImageFileFormat, to path: String) throws {
        let surface: Surface
        do { surface = try scene.render(format: format) } catch {
            throw fail("cannot render \(scene.nameString): \(error)")
        }
        do { try ImageFile.save(surface, as: fileFormat, to: path) } catch { throw fail(error.description) }
        print("wrote \(path) (\(scene.nameString), \(format.lowercaseName), \(surface.width)x\(surface.height))")
    }

    private func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }
}

/// The scenes every golden test, the cross-CPU check and `gaugepanel testcard` render:
/// one per family of primitives, and a full card that puts them together as a dashboard.
public enum TestCard {
    /// The formats goldens are kept in.
    public static let goldenFormats: [PixelFormat] = [.xrgb8888, .rgb565]

    /// Every scene, the full card first.
    public static var scenes: [TestScene] {
        [card, rectangles, discsAndRings, arcs, lines, polygons, gradients, coverageMasks]
    }

    public static func scene(named name: String) -> TestScene? {
        scenes.first { $0.nameString == name }
    }

    static let background = Color(rgb: 0x101418)
    static let track = Color(rgb: 0x2A3038)
    static let light = Color(rgb: 0xD0D4D8)
    static let green = Color(rgb: 0x30C060)
    static let yellow = Color(rgb: 0xE0C030)
    static let red = Color(rgb: 0xE04030)
    static let blue = Color(rgb: 0x3A8EE0)

    /// Pixels with a fraction: `TestCard.px(20, 25)` = 20.25.
    static func px(_ whole: Int32, _ hundredths: Int32 = 0) -> Fixed { Fixed(whole * 100 + hundredths, over: 100) }
    static func pt(_ x: Fixed, _ y: Fixed) -> Point { Point(x: x, y: y) }
}

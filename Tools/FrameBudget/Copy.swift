// The display's copy of damaged rectangles into scan-out memory (GaugeDisplay's
// RotatedCopy, compiled into this module): unconverted, and converted on the way when the
// device cannot scan out the board's format (ScanoutConversion).

/// The copy workloads: `copy[90][32]` copies a frame's damage unconverted (RGB565, or
/// XRGB8888 with `32`), `copy[90]conv` converts RGB565 → XRGB8888 and `copy[90]pack`
/// XRGB8888 → RGB565 on the way; `90`: turned a quarter (a portrait panel shown
/// landscape), else upright. The damage is an animation frame's (every value moves).
/// Returns false for a name that is not one.
func copyWorkload(_ name: String) -> Bool {
    let turned = name.hasPrefix("copy90")
    let kind = name.dropFirst(turned ? 6 : 4)
    let (from, to): (PixelFormat, PixelFormat)
    switch kind {
    case "": (from, to) = (.rgb565, .rgb565)
    case "conv": (from, to) = (.rgb565, .xrgb8888)
    case "32": (from, to) = (.xrgb8888, .xrgb8888)
    case "pack": (from, to) = (.xrgb8888, .rgb565)
    default: return false
    }
    let shadow = makeSurface(from)
    let rotation = DisplayRotation(turned ? .quarter : .none, physicalWidth: turned ? 480 : 800, physicalHeight: turned ? 800 : 480)
    let target = makeSurface(to, width: rotation.physicalWidth, height: rotation.physicalHeight)
    // The scene at frame 30 of the animation, and the damage frame 31 makes.
    var shown = ReferenceScene.dashboard(), next = shown
    apply(AnimationPath.values(frame: 30), to: &shown)
    apply(AnimationPath.values(frame: 31), to: &next)
    let damage = next.damage(from: shown, fonts: fonts)
    next.draw(on: panelCanvas(shadow), fonts: fonts)
    RotatedCopy.copy(damage, from: shadow, to: target, rotation: rotation)  // warm-up: the target's pages
    measuredFrame { RotatedCopy.copy(damage, from: shadow, to: target, rotation: rotation) }
    print("pixels: \(damage.area)")
    return true
}

import Glibc

// Checks run natively by scripts/instruction-budget.sh (not under callgrind).

/// The damage-exactness property: after each of `steps` random value changes (seeded:
/// NaN, ±∞, out of range, small steps, jumps, on one or several channels), redrawing
/// only `damage(from:)` gives byte-for-byte the pixels of a full redraw, in XRGB8888 and
/// RGB565, for the scene with and without text. Returns the number of failing steps.
func verifyDamage(steps: Int, seed: UInt64) -> Int {
    var failures = 0
    for text in [false, true] {
        let failuresBefore = failures
        var rng = SplitMix64(state: seed)
        let formats: [PixelFormat] = [.xrgb8888, .rgb565]
        let redrawn = formats.map { makeSurface($0) }, reference = formats.map { makeSurface($0) }
        var scene = ReferenceScene.dashboard(text: text)
        for s in redrawn { scene.draw(on: panelCanvas(s), fonts: fonts) }
        var written: Int64 = 0
        for step in 0..<steps {
            let old = scene
            let touched = rng.below(8) == 0 ? channels.count : 1  // now and then, every channel at once
            for _ in 0..<touched {
                let c = channels[rng.below(channels.count)]
                scene.set(c.name, to: randomValue(current: old.value(of: c.name), c.lower, c.upper, &rng))
            }
            let damage = scene.damage(from: old, fonts: fonts)
            written += damage.area
            for i in formats.indices {
                scene.draw(damage, on: panelCanvas(redrawn[i]), fonts: fonts)
                scene.draw(on: Canvas(reference[i]), fonts: fonts)
                let off = differingPixels(redrawn[i], reference[i])
                if off > 0 {
                    failures += 1
                    print("step \(step) \(formats[i].name) text \(text): \(off) pixels differ (damage \(damage.rectangles))")
                    // Resynchronise, so one failure is reported once.
                    scene.draw(on: panelCanvas(redrawn[i]), fonts: fonts)
                }
            }
        }
        print(
            "damage property, text \(text): \(steps) random changes, XRGB8888 and RGB565: "
                + "\(failures == failuresBefore ? "0 pixels differ" : "\(failures - failuresBefore) steps DIFFER"); mean damage \(written / Int64(steps)) px"
        )
    }
    return failures
}

/// A new value for a channel in lower…upper: NaN, ±∞, beyond either end, a small step
/// (0.01…1 % of the range) or a jump anywhere.
func randomValue(current: Double, _ lower: Double, _ upper: Double, _ rng: inout SplitMix64) -> Double {
    let span = upper - lower
    let base = current.isFinite ? current : lower + span / 2
    switch rng.below(16) {
    case 0: return .nan
    case 1: return rng.below(2) == 0 ? .infinity : -.infinity
    case 2: return lower - span * rng.unit()
    case 3: return upper + span * rng.unit()
    case 4...10: return base + span * (rng.unit() - 0.5) * 0.02
    case 11: return base + span * (rng.unit() - 0.5) * 0.0002
    default: return lower + span * rng.unit()
    }
}

extension Dashboard {
    func value(of channel: String) -> Double {
        visibleWidgets.first { $0.channel == channel }?.value ?? .nan
    }
}

/// The reference scene drawn into `before`, then with the tachometer 1 % on into `after`;
/// the needle step's damage.
func drawNeedleStep(_ before: Surface, _ after: Surface) -> Region {
    let scene = ReferenceScene.dashboard()
    var moved = scene
    moved.set("rpm", to: 3000 + 80)
    scene.draw(on: Canvas(before), fonts: fonts)
    moved.draw(on: Canvas(after), fonts: fonts)
    return moved.damage(from: scene, fonts: fonts)
}

/// Pixels written by a damage-only redraw (the damage area) against pixels that
/// actually change (a diff of the two full renders), for the needle step and the
/// animation, at 800×480 in both formats.
func reportPixels() {
    for format in [PixelFormat.xrgb8888, .rgb565] {
        let before = makeSurface(format), after = makeSurface(format)
        let damage = drawNeedleStep(before, after)
        let changed = differingPixels(before, after)
        var parts = 0
        damage.forEachPart { _ in parts += 1 }
        print(
            "needle step \(format.name): written \(damage.area) px in \(parts) rectangles, "
                + "changed \(changed) px, ratio \(ratio(damage.area, changed))")
        var a = ReferenceScene.dashboard(), written: Int64 = 0, changedTotal = 0
        apply(AnimationPath.values(frame: 0), to: &a)
        a.draw(on: Canvas(before), fonts: fonts)
        let frames = 120
        for f in 1...frames {
            var b = a
            apply(AnimationPath.values(frame: f), to: &b)
            b.draw(on: Canvas(after), fonts: fonts)
            written += b.damage(from: a, fonts: fonts).area
            changedTotal += differingPixels(before, after)
            swap(&a, &b)
            a.draw(on: Canvas(before), fonts: fonts)
        }
        print(
            "animation \(format.name): written \(written / Int64(frames)) px/frame, changed \(changedTotal / frames) px/frame, "
                + "ratio \(ratio(written / Int64(frames), changedTotal / frames))")
    }
}

func ratio(_ a: Int64, _ b: Int) -> String {
    b == 0 ? "-" : String(Double(Int(Double(a) / Double(b) * 100 + 0.5)) / 100)
}

/// `integerSquareRoot32(n)` is ⌊√n⌋ — r² ≤ n < (r + 1)² — for every 32-bit n: the table's
/// estimate is never above the root nor more than one below it, which the function's single
/// correction step relies on. Returns the number of wrong roots (printing the first few).
func verifySquareRoots() -> Int {
    var wrong = 0
    var n: UInt32 = 0
    while true {
        let r = UInt64(integerSquareRoot32(n))
        if r * r > UInt64(n) || (r + 1) * (r + 1) <= UInt64(n) {
            wrong += 1
            if wrong <= 5 { print("integerSquareRoot32(\(n)) = \(r): wrong") }
        }
        if n == UInt32.max { break }
        n &+= 1
    }
    print("square roots: every 32-bit argument, \(wrong == 0 ? "all exact" : "\(wrong) WRONG")")
    return wrong
}

/// Where a damage redraw writes pixels that do not change: the needle step's rectangles
/// one by one (written, changed within), and the animation's damage per widget (written
/// within its frame against changed there), XRGB8888.
func reportPixelDetail() {
    let before = makeSurface(.xrgb8888), after = makeSurface(.xrgb8888)
    let damage = drawNeedleStep(before, after)
    damage.forEachPart { part in
        var written: Int64 = 0, changed = 0
        let count = { (r: IntRect) in
            written += r.area
            changed += differingPixels(before, after, within: r)
        }
        if part.slant.isNone { count(part.rect) } else { Region.forEachRun(of: part.rect, slant: part.slant, count) }
        print("needle rect \(part.rect) slanted \(!part.slant.isNone): written \(written), changed \(changed)")
    }
    var a = ReferenceScene.dashboard()
    apply(AnimationPath.values(frame: 0), to: &a)
    a.draw(on: Canvas(before), fonts: fonts)
    let widgets = a.visibleWidgets.map { ($0.id, $0.frame) }
    var written = [Int64](repeating: 0, count: widgets.count), changed = [Int](repeating: 0, count: widgets.count)
    let frames = 120
    for f in 1...frames {
        var b = a
        apply(AnimationPath.values(frame: f), to: &b)
        b.draw(on: Canvas(after), fonts: fonts)
        let d = b.damage(from: a, fonts: fonts)
        for (k, w) in widgets.enumerated() {
            d.forEachRectangle { r in
                let c = r.intersection(w.1)
                if !c.isEmpty {
                    written[k] += c.area
                    changed[k] += differingPixels(before, after, within: c)
                }
            }
        }
        swap(&a, &b)
        a.draw(on: Canvas(before), fonts: fonts)
    }
    for (k, w) in widgets.enumerated() {
        print("anim widget \(w.0): written \(written[k] / Int64(frames)) changed \(changed[k] / frames) per frame")
    }
}

func differingPixels(_ a: Surface, _ b: Surface, within r: IntRect) -> Int {
    var n = 0
    let bytes = Int(a.format.bytesPerPixel)
    for y in r.y0..<r.y1 {
        let p = a.row(y).assumingMemoryBound(to: UInt8.self), q = b.row(y).assumingMemoryBound(to: UInt8.self)
        for x in Int(r.x0)..<Int(r.x1) where memcmp(p + x * bytes, q + x * bytes, bytes) != 0 { n += 1 }
    }
    return n
}

/// The needle step's pixels around the tachometer's needle as text, one character each:
/// `#` written and changed, `o` written unchanged, `!` changed unwritten (a damage bug),
/// `.` neither — where the damage could hug the change more closely.
func printNeedleMap(x0: Int32 = 100, y0: Int32 = 64, x1: Int32 = 212, y1: Int32 = 212) {
    let before = makeSurface(.xrgb8888), after = makeSurface(.xrgb8888)
    let damage = drawNeedleStep(before, after)
    let width = Int(x1 - x0)
    var written = [Bool](repeating: false, count: width * Int(y1 - y0))
    damage.forEachRectangle { r in
        let c = r.intersection(IntRect(x0: x0, y0: y0, x1: x1, y1: y1))
        guard !c.isEmpty else { return }
        for y in c.y0..<c.y1 { for x in c.x0..<c.x1 { written[Int(y - y0) * width + Int(x - x0)] = true } }
    }
    for y in y0..<y1 {
        var line = "\(y) "
        for x in x0..<x1 {
            let w = written[Int(y - y0) * width + Int(x - x0)]
            let c = differingPixels(before, after, within: IntRect(x0: x, y0: y, x1: x + 1, y1: y + 1)) > 0
            line += w ? (c ? "#" : "o") : (c ? "!" : ".")
        }
        print(line)
    }
}

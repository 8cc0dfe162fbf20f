/// A paint prepared for the rasterizer: fills full spans and blends edge pixels of one
/// row, specialised per pixel codec.
protocol Shader {
    func fill<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32, codec: C.Type)
    func blend<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, x: Int32, y: Int32, coverage: UInt32, codec: C.Type)
}

/// One colour everywhere.
struct SolidShader: Shader {
    let color: Color
    init(_ color: Color) { self.color = color }

    @inline(__always)
    func fill<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32, codec: C.Type) {
        if color.a == 255 {
            #if arch(arm) || arch(arm64)
                // ARM's -Osize code stores a pixel a loop; the C fill's multi-register stores
                // take wide spans (a bar, a needle's interior) 8 words an instruction, and
                // short ones are stored here (`update(repeating:)` was left a call).
                let value = C.pack(color)
                if x1 &- x0 >= 32 {
                    Canvas.fillWide(UnsafeMutableRawPointer(row + Int(x0)), with: value, count: Int(x1 &- x0))
                } else {
                    var p = row + Int(x0)
                    let end = row + Int(x1)
                    while p < end {
                        p.pointee = value
                        p += 1
                    }
                }
                return
            #else
                (row + Int(x0)).update(repeating: C.pack(color), count: Int(x1 - x0))
            #endif
        } else {
            let alpha = effectiveAlpha(color.a, coverage: 256)
            for x in Int(x0)..<Int(x1) { row[x] = C.blend(color, alpha: alpha, over: row[x]) }
        }
    }

    @inline(__always)
    func blend<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, x: Int32, y: Int32, coverage: UInt32, codec: C.Type) {
        row[Int(x)] = C.blend(color, alpha: effectiveAlpha(color.a, coverage: coverage), over: row[Int(x)])
    }
}

/// A gradient's colour at each pixel centre.
protocol GradientGeometry {
    var isOpaque: Bool { get }
    func color(x: Int32, y: Int32) -> WideColor
}

// Implemented on each type (not in a protocol extension reading `ramp`), so the ramp's
// arrays are used in place instead of being copied and retained per pixel.
extension LinearGradient: GradientGeometry {
    var isOpaque: Bool { ramp.isOpaque }
    @inline(__always) func color(x: Int32, y: Int32) -> WideColor { ramp.color(at: parameter(x: x, y: y)) }
}

extension ConicGradient: GradientGeometry {
    var isOpaque: Bool { ramp.isOpaque }
    @inline(__always) func color(x: Int32, y: Int32) -> WideColor { color(step: step(x: x, y: y)) }
}

/// A gradient: colours with 8 fraction bits, ordered-dithered into RGB565.
struct GradientShader<G: GradientGeometry>: Shader {
    let geometry: G
    let opaque: Bool
    init(_ geometry: G) {
        self.geometry = geometry
        opaque = geometry.isOpaque
    }

    /// Never inlined, as `ConicColorTable.fill`: a call per span, not a copy per shape.
    @inline(never)
    func fill<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32, codec: C.Type) {
        var x = x0
        while x < x1 {
            let c = geometry.color(x: x, y: y)
            if opaque {
                row[Int(x)] = C.packDithered(c, x: x, y: y)
            } else {
                row[Int(x)] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: 256), over: row[Int(x)], x: x, y: y)
            }
            x += 1
        }
    }

    @inline(__always)
    func blend<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, x: Int32, y: Int32, coverage: UInt32, codec: C.Type) {
        let c = geometry.color(x: x, y: y)
        row[Int(x)] = C.blendDithered(c, alpha: effectiveAlpha(c.rounded.a, coverage: coverage), over: row[Int(x)], x: x, y: y)
    }
}

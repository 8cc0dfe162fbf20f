/// A linear or conic gradient as one shader type, for every shape but an arc.
///
/// The rasterizer's walks are specialised per shape × shader × pixel format. Gradients
/// other than a dial's value arc (which keeps its own specialised walks) paint few pixels
/// of a panel's frame, so one walk per shape and format serves both gradients here: the
/// span fill and the edge blend are calls, not copies inlined into every walk. The
/// pixels are the ones the gradient's own shader writes; only the work of reaching it
/// differs.
struct GradientPaintShader: Shader {
    enum Kind {
        case linear(GradientShader<LinearGradient>)
        case conic(ConicColorTable)
    }
    let kind: Kind

    init(_ shader: GradientShader<LinearGradient>) { kind = .linear(shader) }
    init(_ table: ConicColorTable) { kind = .conic(table) }

    @inline(never)
    func fill<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, y: Int32, from x0: Int32, to x1: Int32, codec: C.Type) {
        switch kind {
        case .linear(let shader): shader.fill(row, y: y, from: x0, to: x1, codec: C.self)
        case .conic(let table): table.fill(row, y: y, from: x0, to: x1, codec: C.self)
        }
    }

    @inline(never)
    func blend<C: PixelCodec>(_ row: UnsafeMutablePointer<C.Storage>, x: Int32, y: Int32, coverage: UInt32, codec: C.Type) {
        switch kind {
        case .linear(let shader): shader.blend(row, x: x, y: y, coverage: coverage, codec: C.self)
        case .conic(let table): table.blend(row, x: x, y: y, coverage: coverage, codec: C.self)
        }
    }
}

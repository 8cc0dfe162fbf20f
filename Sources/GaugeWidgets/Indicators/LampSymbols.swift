import GaugeRaster

// Embedded-Swift subset: tables of small integers, drawn in fixed point.

/// The built-in tell-tale symbols, after ISO 2575, each a short table of primitives on a
/// 128 × 128 grid (y down) scaled to any square: a few bytes each in the firmware rather
/// than code or bitmaps, and the same pixels on every CPU.
public enum LampSymbol: CaseIterable, Equatable, Sendable {
    case engine, oil, battery, coolant, fuel, brake, parking
    case highBeam, turnLeft, turnRight, anchor, bilge

    /// As boards name it.
    public var name: String {
        switch self {
        case .engine: return "engine"
        case .oil: return "oil"
        case .battery: return "battery"
        case .coolant: return "coolant"
        case .fuel: return "fuel"
        case .brake: return "brake"
        case .parking: return "parking"
        case .highBeam: return "high_beam"
        case .turnLeft: return "turn_left"
        case .turnRight: return "turn_right"
        case .anchor: return "anchor"
        case .bilge: return "bilge"
        }
    }

    public init?(name: String) {
        for s in LampSymbol.allCases where s.name == name {
            self = s
            return
        }
        return nil
    }

    /// ISO 2575's colour for it lit: red for a failure that stops the trip (oil pressure,
    /// charging, brakes, coolant, an anchor dragging, water in the bilge), amber for a
    /// warning, green for a function in use, blue for high beam.
    public var isoColor: Color {
        switch self {
        case .oil, .battery, .coolant, .brake, .parking, .anchor, .bilge: return Color(rgb: 0xE8262A)
        case .engine, .fuel: return Color(rgb: 0xF5A300)
        case .turnLeft, .turnRight: return Color(rgb: 0x1FC94A)
        case .highBeam: return Color(rgb: 0x2A6CF5)
        }
    }

    /// Its primitives, and whether they are mirrored left to right (the right arrow is
    /// the left one turned over).
    var table: (ops: [UInt8], mirrored: Bool) {
        switch self {
        case .engine: return (LampTables.engine, false)
        case .oil: return (LampTables.oil, false)
        case .battery: return (LampTables.battery, false)
        case .coolant: return (LampTables.coolant, false)
        case .fuel: return (LampTables.fuel, false)
        case .brake: return (LampTables.brake, false)
        case .parking: return (LampTables.parking, false)
        case .highBeam: return (LampTables.highBeam, false)
        case .turnLeft: return (LampTables.turn, false)
        case .turnRight: return (LampTables.turn, true)
        case .anchor: return (LampTables.anchor, false)
        case .bilge: return (LampTables.bilge, false)
        }
    }
}

/// The primitives of a symbol table: an opcode, then its operands in grid units (0…128;
/// angles in 1/256 turn, 0 = east, clockwise). `knockout` on an opcode draws it in the
/// background colour (a window cut into a filled shape).
enum LampOp {
    /// x0 y0 x1 y1 width: a stroke with round ends.
    static let line: UInt8 = 1
    /// x0 y0 x1 y1 width: a stroke with square ends.
    static let bar: UInt8 = 2
    /// cx cy r.
    static let disc: UInt8 = 3
    /// cx cy r thickness: a whole ring.
    static let ring: UInt8 = 4
    /// cx cy r thickness start sweep: an arc with round ends.
    static let arc: UInt8 = 5
    /// x y w h r: a rounded rectangle.
    static let box: UInt8 = 6
    /// n, then n points: a convex polygon.
    static let polygon: UInt8 = 7
    static let knockout: UInt8 = 0x80

    /// Bytes after the opcode (a polygon's count byte and its points aside).
    static func operands(_ op: UInt8) -> Int {
        switch op & 0x7F {
        case line, bar: return 5
        case disc: return 3
        case ring: return 4
        case arc: return 6
        case box: return 5
        default: return 0
        }
    }
}

/// A symbol placed in a square: its table walked to draw it, or to bound the pixels it
/// touches (what lighting it damages).
struct LampSymbolPainter {
    let ops: [UInt8]
    let mirrored: Bool
    /// The square's corner in pixels and its side.
    let x0: Int64, y0: Int64, side: Int64

    init(_ symbol: LampSymbol, in square: IntRect) {
        (ops, mirrored) = symbol.table
        x0 = Int64(square.x0)
        y0 = Int64(square.y0)
        side = Int64(Swift.min(square.width, square.height))
    }

    /// Grid units (1/128 of the side) to 24.8 fixed point; mirrored about the centre.
    private func x(_ v: UInt8) -> Fixed { Fixed(clampingRaw: x0 * 256 + Int64(mirrored ? 128 - Int32(v) : Int32(v)) * side * 2) }
    private func y(_ v: UInt8) -> Fixed { Fixed(clampingRaw: y0 * 256 + Int64(v) * side * 2) }
    private func length(_ v: UInt8) -> Fixed { Fixed(clampingRaw: Int64(v) * side * 2) }
    private func point(_ i: Int) -> Point { Point(x: x(ops[i]), y: y(ops[i + 1])) }
    /// A ring's outer edge from its centre line `r` and `thickness`.
    private func outer(_ r: UInt8, _ thickness: UInt8) -> Fixed { Fixed(clampingRaw: (Int64(r) * 2 + Int64(thickness)) * side) }

    func draw(on canvas: Canvas, color: Color, background: Color) {
        guard side > 0 else { return }
        var i = 0
        while i < ops.count {
            let op = ops[i], a = i + 1
            let paint = Paint.solid(op & LampOp.knockout != 0 ? background : color)
            switch op & 0x7F {
            case LampOp.line, LampOp.bar:
                canvas.strokeLine(
                    from: point(a), to: point(a + 2), width: length(ops[a + 4]),
                    cap: op & 0x7F == LampOp.line ? .round : .butt, paint: paint)
            case LampOp.disc: canvas.fillDisc(centre: point(a), radius: length(ops[a + 2]), paint: paint)
            case LampOp.ring:
                canvas.strokeRing(centre: point(a), radius: outer(ops[a + 2], ops[a + 3]), thickness: length(ops[a + 3]), paint: paint)
            case LampOp.arc:
                let start = Int32(ops[a + 4]), sweep = Int32(ops[a + 5])
                // Mirrored, an arc from s to s + w runs from ½ turn − s − w to ½ turn − s.
                let from = mirrored ? (128 &- start &- sweep) & 255 : start
                canvas.strokeArc(
                    centre: point(a), radius: outer(ops[a + 2], ops[a + 3]), thickness: length(ops[a + 3]),
                    start: Angle(raw: from &* 256), sweep: Angle(raw: sweep &* 256), cap: .round, paint: paint)
            case LampOp.box:
                let left = mirrored ? x(ops[a] &+ ops[a + 2]) : x(ops[a])
                canvas.fillRoundedRect(
                    Rect(x: left, y: y(ops[a + 1]), width: length(ops[a + 2]), height: length(ops[a + 3])),
                    radius: length(ops[a + 4]), paint: paint)
            case LampOp.polygon:
                let n = Int(ops[a])
                var points: [Point] = []
                for k in 0..<n { points.append(point(a + 1 + 2 * k)) }
                canvas.fillConvexPolygon(points, paint: paint)
                i += 2 * n + 1
            default: return
            }
            i += 1 + LampOp.operands(op)
        }
    }

    /// The pixels drawing may touch: every primitive's box, widened for round ends and
    /// anti-aliasing.
    var bounds: IntRect {
        guard side > 0 else { return .empty }
        // In half grid units, unmirrored (mirroring is applied to the result).
        var lo = (x: Int64.max, y: Int64.max), hi = (x: Int64.min, y: Int64.min)
        func add(_ x: UInt8, _ y: UInt8, reach: Int64) {
            lo = (Swift.min(lo.x, Int64(x) * 2 - reach), Swift.min(lo.y, Int64(y) * 2 - reach))
            hi = (Swift.max(hi.x, Int64(x) * 2 + reach), Swift.max(hi.y, Int64(y) * 2 + reach))
        }
        var i = 0
        while i < ops.count {
            let op = ops[i], a = i + 1
            switch op & 0x7F {
            case LampOp.line, LampOp.bar:
                add(ops[a], ops[a + 1], reach: Int64(ops[a + 4]))
                add(ops[a + 2], ops[a + 3], reach: Int64(ops[a + 4]))
            case LampOp.disc: add(ops[a], ops[a + 1], reach: Int64(ops[a + 2]) * 2)
            case LampOp.ring, LampOp.arc: add(ops[a], ops[a + 1], reach: Int64(ops[a + 2]) * 2 + Int64(ops[a + 3]))
            case LampOp.box:
                add(ops[a], ops[a + 1], reach: 0)
                add(ops[a] &+ ops[a + 2], ops[a + 1] &+ ops[a + 3], reach: 0)
            case LampOp.polygon:
                for k in 0..<Int(ops[a]) { add(ops[a + 1 + 2 * k], ops[a + 2 + 2 * k], reach: 0) }
                i += 2 * Int(ops[a]) + 1
            default: return .empty
            }
            i += 1 + LampOp.operands(op)
        }
        guard lo.x <= hi.x else { return .empty }
        if mirrored { (lo.x, hi.x) = (256 - hi.x, 256 - lo.x) }
        // Half units are side/256 px; 2 px more for anti-aliasing and sharp corners.
        func floorPixel(_ v: Int64, _ origin: Int64) -> Int32 { Int32(clamping: origin + (v * side) >> 8 - 2) }
        func ceilPixel(_ v: Int64, _ origin: Int64) -> Int32 { Int32(clamping: origin + (v * side + 255) >> 8 + 2) }
        return IntRect(x0: floorPixel(lo.x, x0), y0: floorPixel(lo.y, y0), x1: ceilPixel(hi.x, x0), y1: ceilPixel(hi.y, y0))
    }
}

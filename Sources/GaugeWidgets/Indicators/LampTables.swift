// Embedded-Swift subset: constant tables.

/// The symbols' primitives on a 128 × 128 grid (see `LampOp`): strokes about a
/// fourteenth of the side wide, so that they stay legible from 20 px up.
enum LampTables {
    private static let line = LampOp.line, bar = LampOp.bar, disc = LampOp.disc, ring = LampOp.ring
    private static let arc = LampOp.arc, box = LampOp.box, polygon = LampOp.polygon, knockout = LampOp.knockout

    /// ISO 2575 F.01 "engine": the outline of an engine block, its filler cap on top, an
    /// intake on the left and the pulley on the right.
    static let engine: [UInt8] = [
        line, 44, 20, 76, 20, 10, line, 60, 20, 60, 34, 10,
        line, 34, 34, 90, 34, 9, line, 90, 34, 102, 48, 9, line, 102, 48, 102, 84, 9,
        line, 102, 84, 86, 98, 9, line, 86, 98, 48, 98, 9, line, 48, 98, 34, 84, 9, line, 34, 84, 34, 34, 9,
        line, 34, 62, 16, 62, 9, line, 16, 50, 16, 76, 9, line, 102, 64, 116, 64, 9, line, 116, 50, 116, 80, 9,
    ]

    /// F.03 "engine oil pressure": an oil can with its spout dripping.
    static let oil: [UInt8] = [
        polygon, 4, 34, 60, 86, 60, 98, 92, 34, 92,
        arc, 34, 76, 14, 9, 64, 128,
        box, 54, 48, 12, 12, 2, line, 46, 46, 74, 46, 8,
        line, 86, 68, 116, 54, 8,
        polygon, 3, 116, 64, 121, 77, 111, 77, disc, 116, 79, 5,
    ]

    /// F.05 "battery charging condition": a battery, − and + on top of its terminals.
    static let battery: [UInt8] = [
        box, 26, 28, 20, 16, 2, box, 82, 28, 20, 16, 2,
        line, 16, 42, 112, 42, 9, line, 112, 42, 112, 104, 9, line, 112, 104, 16, 104, 9, line, 16, 104, 16, 42, 9,
        line, 28, 72, 48, 72, 9, line, 80, 72, 100, 72, 9, line, 90, 62, 90, 82, 9,
    ]

    /// F.04 "engine coolant temperature": a thermometer standing in waves. A wave is
    /// quarter-turn arcs of radius 16, humps and troughs alternating every 22 units.
    static let coolant: [UInt8] = [
        line, 64, 10, 64, 70, 11, disc, 64, 78, 12,
        line, 74, 22, 88, 22, 6, line, 74, 36, 88, 36, 6, line, 74, 50, 84, 50, 6,
        arc, 20, 111, 16, 8, 160, 64, arc, 42, 89, 16, 8, 32, 64, arc, 64, 111, 16, 8, 160, 64,
        arc, 86, 89, 16, 8, 32, 64, arc, 108, 111, 16, 8, 160, 64,
        arc, 20, 129, 16, 8, 160, 64, arc, 42, 107, 16, 8, 32, 64, arc, 64, 129, 16, 8, 160, 64,
        arc, 86, 107, 16, 8, 32, 64, arc, 108, 129, 16, 8, 160, 64,
    ]

    /// F.06 "fuel": a fuel pump, its window, and the hose up to the nozzle.
    static let fuel: [UInt8] = [
        box, 22, 24, 50, 84, 6, box | knockout, 32, 34, 30, 24, 3, line, 12, 112, 82, 112, 9,
        line, 70, 88, 96, 88, 7, line, 96, 88, 96, 44, 7, line, 96, 44, 80, 28, 10,
    ]

    /// F.09 "brake failure": a circle between parentheses, "!" inside.
    static let brake: [UInt8] = [
        ring, 64, 64, 30, 9, line, 64, 46, 64, 68, 10, disc, 64, 82, 6,
        arc, 64, 64, 50, 9, 96, 64, arc, 64, 64, 50, 9, 224, 64,
    ]

    /// F.10 "parking brake": a circle between parentheses, "P" inside.
    static let parking: [UInt8] = [
        ring, 64, 64, 30, 9, bar, 54, 44, 54, 84, 10,
        bar, 52, 46, 64, 46, 9, bar, 52, 66, 64, 66, 9, arc, 64, 56, 10, 9, 192, 128,
        arc, 64, 64, 50, 9, 96, 64, arc, 64, 64, 50, 9, 224, 64,
    ]

    /// D.01 "main (high) beam": a headlamp, its beams straight ahead.
    static let highBeam: [UInt8] = [
        arc, 60, 64, 36, 9, 192, 128, line, 60, 28, 60, 100, 9,
        line, 12, 32, 42, 32, 8, line, 12, 48, 42, 48, 8, line, 12, 64, 42, 64, 8,
        line, 12, 80, 42, 80, 8, line, 12, 96, 42, 96, 8,
    ]

    /// D.02 "turn signal": an arrow pointing left (mirrored for right).
    static let turn: [UInt8] = [
        polygon, 3, 8, 64, 58, 18, 58, 110, polygon, 4, 54, 48, 120, 48, 120, 80, 54, 80,
    ]

    /// A marine anchor (no ISO 2575 symbol; the anchor alarm's): ring, stock, shank,
    /// crown and flukes.
    static let anchor: [UInt8] = [
        ring, 64, 18, 9, 7, line, 64, 28, 64, 110, 9, line, 40, 40, 88, 40, 8,
        arc, 64, 70, 40, 9, 10, 108,
        polygon, 3, 16, 84, 22, 60, 36, 82, polygon, 3, 112, 84, 106, 60, 92, 82,
    ]

    /// High bilge water (no ISO 2575 symbol; designed here): a V hull in section on its
    /// keel, water standing in it and a wave above (as the coolant's, radius 14).
    static let bilge: [UInt8] = [
        line, 10, 26, 46, 96, 9, line, 46, 96, 82, 96, 9, line, 82, 96, 118, 26, 9, line, 64, 96, 64, 118, 11,
        polygon, 4, 38, 64, 90, 64, 76, 88, 52, 88,
        arc, 44, 58, 14, 8, 160, 64, arc, 64, 38, 14, 8, 32, 64, arc, 84, 58, 14, 8, 160, 64,
    ]
}

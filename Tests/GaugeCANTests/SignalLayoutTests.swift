import Testing
import GaugeTestSupport
@testable import GaugeCAN

@Suite struct SignalLayoutTests {
    func layout(_ start: UInt16, _ length: UInt8, _ order: SignalLayout.ByteOrder, signed: Bool = false) -> SignalLayout {
        try! SignalLayout(startBit: start, length: length, byteOrder: order, isSigned: signed)
    }

    @Test func handWorkedValues() {
        let data: [UInt8] = [0x12, 0x34, 0xAB, 0xCD]
        #expect(layout(0, 16, .intel).rawBits(data) == 0x3412)
        #expect(layout(7, 16, .motorola).rawBits(data) == 0x1234)
        #expect(layout(4, 8, .intel).rawBits(data) == 0x41)
        // Motorola from bit 3 of byte 0: its low nibble, then all of byte 1.
        #expect(layout(3, 12, .motorola).rawBits(data) == 0x234)
        #expect(layout(23, 16, .motorola).rawBits(data) == 0xABCD)
        #expect(layout(16, 16, .intel).rawBits(data) == 0xCDAB)
        #expect(layout(0, 1, .intel).rawBits(data) == 0)
        #expect(layout(1, 1, .intel).rawBits(data) == 1)
        #expect(layout(7, 16, .motorola).bytesNeeded == 2)
        #expect(layout(0, 16, .motorola).bytesNeeded == 3, "bit 0 then bytes 1 and 2")
        #expect(layout(7, 64, .motorola).bytesNeeded == 8)
        #expect(layout(63, 64, .motorola).bytesNeeded == 15, "from the top of byte 7 through byte 14")
    }

    @Test func signExtension() {
        #expect(layout(0, 8, .intel, signed: true).raw([0xFF]) == .signed(-1))
        #expect(layout(0, 8, .intel, signed: true).raw([0x7F]) == .signed(127))
        #expect(layout(0, 4, .intel, signed: true).raw([0x08]) == .signed(-8))
        #expect(layout(7, 12, .motorola, signed: true).raw([0x80, 0x00]) == .signed(-2048))
        #expect(layout(0, 64, .intel, signed: true).raw([UInt8](repeating: 0xFF, count: 8)) == .signed(-1))
        #expect(layout(0, 64, .intel).raw([UInt8](repeating: 0xFF, count: 8)) == .unsigned(UInt64.max))
        #expect(layout(0, 1, .intel, signed: true).raw([0x01]) == .signed(-1))
    }

    /// Independent formula: Intel is the little-endian 64-bit word shifted right by the
    /// start bit; Motorola is the big-endian word shifted so its last bit lands at bit 0.
    func reference(_ l: SignalLayout, _ data: [UInt8]) -> UInt64 {
        var le: UInt64 = 0, be: UInt64 = 0
        for k in 0..<8 {
            le |= UInt64(data[k]) << UInt64(8 * k)
            be = be << 8 | UInt64(data[k])
        }
        let mask: UInt64 = l.length == 64 ? UInt64.max : (1 << UInt64(l.length)) - 1
        switch l.byteOrder {
        case .intel: return (le >> UInt64(l.startBit)) & mask
        case .motorola:
            let s = Int(l.startBit)
            let last = (s / 8) * 8 + (7 - s % 8) + Int(l.length) - 1
            return (be >> UInt64(63 - last)) & mask
        }
    }

    @Test func everyStartBitAndLengthBothOrders() {
        var rng = SplitMix(seed: 0xCA4)
        var checked = 0
        for order in [SignalLayout.ByteOrder.intel, .motorola] {
            for start in UInt16(0)..<64 {
                for length in UInt8(1)...64 {
                    let l = layout(start, length, order)
                    guard l.bytesNeeded <= 8 else { continue }
                    for _ in 0..<4 {
                        let data = (0..<8).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                        #expect(l.rawBits(data) == reference(l, data), "\(order) \(start)|\(length)")
                        // Insert a value into random bytes: it reads back, the other bits stay.
                        let value = rng.next() & (length == 64 ? UInt64.max : (1 << UInt64(length)) - 1)
                        var written = data
                        l.insert(value, into: &written)
                        #expect(l.rawBits(written) == value)
                        var restored = written
                        l.insert(l.rawBits(data), into: &restored)
                        #expect(restored == data, "insert touched other bits: \(order) \(start)|\(length)")
                        checked += 1
                    }
                }
            }
        }
        // Intel: 64 + 63 + … + 1 fitting (start, length) pairs; Motorola the same count.
        #expect(checked == 2 * 4 * 2080)
    }

    @Test func layoutErrors() {
        #expect(throws: (any Error).self) { try SignalLayout(startBit: 0, length: 0, byteOrder: .intel, isSigned: false) }
        #expect(throws: (any Error).self) { try SignalLayout(startBit: 0, length: 65, byteOrder: .intel, isSigned: false) }
        #expect(throws: (any Error).self) { try SignalLayout(startBit: 512, length: 1, byteOrder: .intel, isSigned: false) }
        #expect(throws: (any Error).self) { try SignalLayout(startBit: 504, length: 16, byteOrder: .motorola, isSigned: false) }
    }
}

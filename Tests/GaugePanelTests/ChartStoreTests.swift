import Testing
import GaugeSystem
import GaugeTestSupport
import GaugeWidgets
@testable import GaugePanel

/// A chart's `history_file`: its two slots, their checks, and a history read back moved on
/// by the time the panel was off.
@Suite struct ChartStoreTests {
    static let shape = ChartHistory.Shape(columns: 6, columnMilliseconds: 1000)

    static func history() -> ChartHistory {
        var h = ChartHistory(shape)
        for (t, v) in [(0, 1.0), (500, 3.0), (2000, 7.5), (4200, -2.0), (5100, 4.25)] { h.record(v, atMilliseconds: Int64(t)) }
        return h
    }

    @Test func slotsRoundTripAndATornOneFallsBack() throws {
        let fs = FakePanelSystem()
        let store = ChartStore(file: "/var/lib/gp/wind.chart", system: fs)
        #expect(store.load().saved == nil && store.load().notes.isEmpty)
        let first = ChartStore.Saved(sequence: 1, savedMilliseconds: 1_700_000_000_000, shape: Self.shape, columnsByAge: Self.history().columnsByAge)
        var second = first
        second.sequence = 2
        second.savedMilliseconds += 60_000
        try store.save(first)  // → .b
        try store.save(second)  // → .a
        #expect(store.load().saved == second)
        fs.files["/var/lib/gp/wind.chart.a"] = Array(fs.files["/var/lib/gp/wind.chart.a"]!.prefix(50))  // cut while writing .a
        let loaded = store.load()
        #expect(loaded.saved == first && loaded.notes.first?.contains("wind.chart.a: torn or corrupt") == true)
        var flipped = ChartStore.encode(second)
        flipped[60] ^= 0x10
        #expect(ChartStore.decode(flipped) == nil, "one bit wrong: the CRC refuses it")
        #expect(ChartStore.decode(Array(ChartStore.encode(second).dropLast())) == nil)
        #expect(ChartStore.decode(Array(repeating: 0, count: 200)) == nil)
    }

    /// Read back after 2.5 columns off: every column two older (whole columns), the
    /// oldest two gone out of the window; after a day off, nothing.
    @Test func aRestoredHistoryIsAgedByTheTimeOff() {
        let saved = Self.history().columnsByAge
        let back = ChartHistory(Self.shape, restoring: saved, aged: 2)
        #expect(back.newest == 0)
        #expect(back[age: 0].count == 0 && back[age: 1].count == 0)
        for age in 2..<6 { #expect(back[age: Int32(age)] == saved[age - 2], "age \(age)") }
        #expect(ChartHistory(Self.shape, restoring: saved, aged: 86_400).extent == nil)
        var going = back
        going.record(9, atMilliseconds: 100)
        going.advance(toMilliseconds: 1000)
        #expect(going[age: 1] == ChartColumn(low: 9, high: 9, mean: 9, count: 1) && going[age: 3] == saved[0])
    }
}

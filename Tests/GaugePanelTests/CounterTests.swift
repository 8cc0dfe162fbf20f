import Testing
import GaugeConfig
import GaugeSystem
import GaugeTestSupport
@testable import GaugePanel

/// `[[counter]]`: integration between readings, the two-slot file and its recovery from a
/// torn slot, and the board's mistakes.
@Suite struct CounterTests {
    static let second: UInt64 = 1_000_000_000

    @Test func integratesBetweenReadingsButNotAcrossAGap() {
        var odo = CounterState(CounterConfiguration(name: "odo", channel: "speed", per: 3600, file: "x"))
        odo.take(36, now: 0)
        odo.take(72, now: 2 * Self.second)  // 54 km/h for 2 s: 0.03 km
        #expect(abs(odo.value - 0.03) < 1e-12)
        odo.take(72, now: 10 * Self.second)  // 8 s without a reading: not counted
        odo.take(.nan, now: 11 * Self.second)  // no value: nothing, and no base for the next
        odo.take(36, now: 12 * Self.second)
        #expect(abs(odo.value - 0.03) < 1e-12)
        var hours = CounterState(CounterConfiguration(name: "h", channel: "rpm", above: 0, per: 3600, file: "x"))
        for (t, rpm) in [(0, 0.0), (1, 800), (2, 900), (3, 0), (4, 850)] { hours.take(rpm, now: UInt64(t) * Self.second) }
        #expect(abs(hours.value - 1.0 / 3600) < 1e-15)  // only 1 → 2 s had the engine running at both ends
    }

    @Test func aTornSlotFallsBackToTheOtherAndSequencesAlternate() throws {
        let fs = FakePanelSystem()
        let store = CounterStore(file: "/var/lib/gp/odo", system: fs)
        #expect(store.load() == .init(value: 0, sequence: 1, notes: ["no saved count at /var/lib/gp/odo.a/.b: starting from 0"]))
        try store.save(12.5, sequence: 1)  // → .b
        try store.save(12.75, sequence: 2)  // → .a
        #expect(store.load().value == 12.75 && store.load().sequence == 3)
        fs.files["/var/lib/gp/odo.a"] = Array(fs.files["/var/lib/gp/odo.a"]!.prefix(20))  // a cut while writing .a
        let loaded = store.load()
        #expect(loaded.value == 12.5 && loaded.sequence == 2 && loaded.notes.first?.contains("odo.a: torn or corrupt") == true)
        var flipped = CounterStore.encode(99, sequence: 4)
        flipped[30] ^= 1  // one bit wrong: the CRC refuses it
        #expect(CounterStore.decode(flipped) == nil && CounterStore.decode(CounterStore.encode(99, sequence: 4))! == (4, 99))
        let exact = 0.1 + 0.2  // not 0.3: the bits, not the text, come back
        #expect(CounterStore.decode(CounterStore.encode(exact, sequence: 1))!.value == exact)
    }

    @Test func mistakesAreNamed() {
        func said(_ counter: String) -> String {
            let text = """
                [display]
                width = 100
                height = 50
                [[sensor]]
                kind = "simulated"
                  [[sensor.channel]]
                  name = "speed"
                  waveform = "step"
                  values = [1]
                [[sensor]]
                kind = "computed"
                  [[sensor.channel]]
                  name = "twice"
                  expression = "speed * 2"
                [[counter]]
                \(counter)
                [[page]]
                  [[page.widget]]
                  id = "r"
                  type = "readout"
                  channel = "speed"
                  frame = [0, 0, 100, 50]
                """
            do {
                _ = try BoardConfiguration.parse(text, file: "c.toml")
                return ""
            } catch { return error.issues.map { $0.description }.joined(separator: " | ") }
        }
        #expect(said("name = \"odo\"\nchannel = \"sped\"").contains("did you mean \"speed\""))
        #expect(said("name = \"odo\"\nchannel = \"twice\"").contains("is computed"))
        #expect(said("name = \"speed\"\nchannel = \"speed\"").contains("already called"))
        #expect(said("name = \"odo\"\nchannel = \"speed\"\nper = 0").contains("c.toml:18"))
        #expect(said("name = \"odo\"\nchannel = \"speed\"") == "")
    }
}

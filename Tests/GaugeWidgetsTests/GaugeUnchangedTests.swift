import Testing
import GaugeRaster
@testable import GaugeWidgets

/// `Gauge.configures(as:)` lets a gauge that holds still skip its damage: it must see a
/// change to every property `configuration` reads.
@Suite struct GaugeUnchangedTests {
    static var base: Gauge<CircularGaugeStyle> {
        var g = Gauge(
            value: 3000, in: 0...8000, frame: IntRect(x: 0, y: 0, width: 200, height: 200), style: .circular,
            title: "RPM")
        g.ticks = GaugeTicks(major: 9, minor: 4, labelDivisor: 1000)
        g.hold = 4000
        return g
    }

    @Test func everyPropertyIsAccountedFor() {
        let names = Set(Mirror(reflecting: Self.base).children.compactMap(\.label))
        // Compared (the value and range through `gaugeValue`, marks and zones through
        // what they resolve to), and the style, which draws but is not configuration.
        let compared: Set = [
            "gaugeValue", "hold", "frame", "theme", "tint", "format", "title", "currentValueLabel", "minimumLabel",
            "maximumLabel", "resolvedMarks", "resolvedBands",
        ]
        let resolved: Set = ["ticks", "markedValues", "zones"]
        #expect(names == compared.union(resolved).union(["style"]), "properties: \(names.sorted())")
    }

    @Test func everyChangeIsSeen() {
        #expect(Self.base.configures(as: Self.base))
        var changes: [(String, (inout Gauge<CircularGaugeStyle>) -> Void)] = []
        changes.append(("value", { $0.value = 3001 }))
        changes.append(("no value", { $0.value = .nan }))
        changes.append(("range", { $0.range = 0...9000 }))
        changes.append(("hold", { $0.hold = nil }))
        changes.append(("frame", { $0.frame = IntRect(x: 1, y: 0, width: 200, height: 200) }))
        changes.append(("theme", { $0.theme.needle = Color(rgb: 0x123456) }))
        changes.append(("tint", { $0.tint = .solid(Color(rgb: 0x3A8EE1)) }))
        changes.append(("format", { $0.format = ValueFormat(decimals: 1) }))
        changes.append(("title", { $0.title = nil }))
        changes.append(("currentValueLabel", { $0.currentValueLabel = "x" }))
        changes.append(("minimumLabel", { $0.minimumLabel = "0" }))
        changes.append(("maximumLabel", { $0.maximumLabel = "8" }))
        changes.append(("ticks", { $0.ticks = GaugeTicks(major: 5, minor: 4, labelDivisor: 1000) }))
        changes.append(("markedValues", { $0.markedValues = [GaugeMark(7000, label: "!")] }))
        changes.append(("zones", { $0.zones = [GaugeZone(from: 6000, to: 8000, color: Color(rgb: 0xE04040))] }))
        for (name, change) in changes {
            var g = Self.base
            change(&g)
            #expect(!g.configures(as: Self.base), "\(name)")
            #expect(!Self.base.configures(as: g), "\(name)")
        }
    }
}

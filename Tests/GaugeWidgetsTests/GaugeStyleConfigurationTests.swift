import Testing
import GaugeRaster
@testable import GaugeWidgets

/// `hasSameStaticParts` decides between a style's tight damage and redrawing the whole
/// box: it must see a change to anything but the value, its text and the hold marker.
@Suite struct GaugeStyleConfigurationTests {
    static let base = GaugeStyleConfiguration(
        fraction: 20_000, title: "RPM", currentValueText: "3,000", minimumLabel: "0", maximumLabel: "8",
        marks: [GaugeResolvedMark(fraction: 0, label: "0", isMajor: true), GaugeResolvedMark(fraction: 65_536, label: "8", isMajor: true)],
        bands: [GaugeBand(start: 53_000, end: 65_536, color: Color(rgb: 0xE04040))], hold: 30_000,
        bounds: IntRect(x: 0, y: 0, width: 200, height: 200), tint: .solid(Color(rgb: 0x3A8EE0)), theme: .dark)

    /// The properties it compares, and the three it leaves out: a property added to the
    /// configuration fails here until `hasSameStaticParts` is told about it.
    @Test func everyPropertyIsAccountedFor() {
        let names = Set(Mirror(reflecting: Self.base).children.compactMap(\.label))
        let compared: Set = ["bounds", "theme", "tint", "title", "minimumLabel", "maximumLabel", "marks", "bands"]
        let dynamic: Set = ["fraction", "currentValueText", "hold"]
        #expect(names == compared.union(dynamic), "properties: \(names.sorted())")
    }

    @Test func valueTextAndHoldAreNotStatic() {
        var c = Self.base
        c.fraction = nil
        c.currentValueText = "--"
        c.hold = 1
        #expect(c.hasSameStaticParts(as: Self.base))
        #expect(Self.base.hasSameStaticParts(as: Self.base))
    }

    @Test func everyOtherChangeIs() {
        var changes: [(String, (inout GaugeStyleConfiguration) -> Void)] = []
        changes.append(("bounds", { $0.bounds = IntRect(x: 1, y: 0, width: 200, height: 200) }))
        changes.append(("theme", { $0.theme.needle = Color(rgb: 0x123456) }))
        changes.append(("tint", { $0.tint = .solid(Color(rgb: 0x3A8EE1)) }))
        changes.append(("title", { $0.title = "SPEED" }))
        changes.append(("no title", { $0.title = nil }))
        changes.append(("minimumLabel", { $0.minimumLabel = "1" }))
        changes.append(("maximumLabel", { $0.maximumLabel = nil }))
        changes.append(("marks", { $0.marks[1].label = "9" }))
        changes.append(("bands", { $0.bands = [] }))
        for (name, change) in changes {
            var c = Self.base
            change(&c)
            #expect(!c.hasSameStaticParts(as: Self.base), "\(name)")
            #expect(!Self.base.hasSameStaticParts(as: c), "\(name)")
        }
    }
}

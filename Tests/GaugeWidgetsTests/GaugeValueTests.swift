import Testing
@testable import GaugeWidgets

@Suite struct GaugeValueTests {
    @Test func fractionIsQ16AndClamped() {
        #expect(GaugeValue(0.5).fraction == 32768)
        #expect(GaugeValue(0).fraction == 0)
        #expect(GaugeValue(1).fraction == 65536)
        #expect(GaugeValue(3000, in: 0...8000).fraction == 24576)
        #expect(GaugeValue(-5, in: 0...8000).fraction == 0)
        #expect(GaugeValue(1e300, in: 0...8000).fraction == 65536)
        #expect(GaugeValue(-1e308, in: -1e308...1e308).fraction == nil)  // span overflows
    }

    @Test func nonFiniteMeansNoValue() {
        for v in [Double.nan, .infinity, -.infinity, .signalingNaN] {
            #expect(GaugeValue(v).fraction == nil)
        }
        #expect(GaugeValue(1, lowerBound: .nan, upperBound: 2).fraction == nil)
        #expect(GaugeValue(1, lowerBound: 2, upperBound: 2).fraction == nil)
        #expect(GaugeValue(1, lowerBound: 3, upperBound: 2).fraction == nil)
    }

    @Test func valuesAreFormattedWithoutFoundation() {
        #expect(ValueFormat().string(for: 3000.4) == "3000")
        #expect(ValueFormat(thousandsSeparator: ",").string(for: 1234567) == "1,234,567")
        #expect(ValueFormat(decimals: 1, unit: "V").string(for: 12.05) == "12.1 V")
        #expect(ValueFormat(decimals: 2).string(for: -0.5) == "-0.50")
        #expect(ValueFormat(decimals: 2).string(for: 3.007) == "3.01")
        #expect(ValueFormat(unit: "km/h").string(for: .nan) == "-- km/h")
        #expect(ValueFormat().string(for: 1e300) == "1000000000000000")
    }

    @Test func configurationResolvesMarksZonesAndNoValue() {
        var g = Gauge(value: .nan, in: 0...8000, frame: IntRect(x: 0, y: 0, width: 100, height: 100), style: .circular)
        g.ticks = GaugeTicks(major: 9, minor: 4, labelDivisor: 1000)
        g.zones = [GaugeZone(from: 6500, to: 8000, color: .white), GaugeZone(from: .nan, to: 1, color: .white)]
        g.markedValues = [GaugeMark(7200, label: "!"), GaugeMark(.infinity)]
        let c = g.configuration
        #expect(c.fraction == nil)
        #expect(c.currentValueText == "--")
        #expect(c.marks.count == 41 + 1)
        #expect(c.marks.filter { $0.isMajor && $0.label != nil }.map { $0.label! }.prefix(9) == ["0", "1", "2", "3", "4", "5", "6", "7", "8"])
        #expect(c.bands == [GaugeBand(start: 53248, end: 65536, color: .white)])
        g.value = 4000
        #expect(g.configuration.fraction == 32768 && g.configuration.currentValueText == "4000")
    }
}

import Testing
@testable import GaugeSensors
import GaugeDecoders

@Suite struct UnitTests {
    @Test func temperatureConversions() {
        #expect(abs(SensorUnit.celsius.convert(100, to: .fahrenheit)! - 212) <= 1e-9)
        #expect(abs(SensorUnit.fahrenheit.convert(32, to: .celsius)! - 0) <= 1e-9)
        #expect(abs(SensorUnit.celsius.convert(-40, to: .fahrenheit)! - -40) <= 1e-9)
        #expect(abs(SensorUnit.kelvin.convert(0, to: .celsius)! - -273.15) <= 1e-9)
    }

    @Test func speedPressureLengthVolume() {
        #expect(abs(SensorUnit.knots.convert(1, to: .kilometresPerHour)! - 1.852) <= 1e-12)
        #expect(abs(SensorUnit.milesPerHour.convert(60, to: .kilometresPerHour)! - 96.56064) <= 1e-9)
        #expect(abs(SensorUnit.metresPerSecond.convert(10, to: .knots)! - 19.4384449) <= 1e-6)
        #expect(abs(SensorUnit.bar.convert(1, to: .psi)! - 14.5037738) <= 1e-6)
        #expect(abs(SensorUnit.kilopascal.convert(101.325, to: .bar)! - 1.01325) <= 1e-12)
        #expect(abs(SensorUnit.fathoms.convert(1, to: .feet)! - 6) <= 1e-12)
        #expect(abs(SensorUnit.metres.convert(1852, to: .nauticalMiles)! - 1) <= 1e-12)
        #expect(abs(SensorUnit.usGallons.convert(1, to: .litres)! - 3.785411784) <= 1e-12)
        #expect(abs(SensorUnit.imperialGallons.convert(1, to: .usGallons)! - 1.200949925) <= 1e-9)
    }

    @Test func incompatibleDimensionsRefuse() {
        #expect(SensorUnit.celsius.convert(1, to: .bar) == nil)
        #expect(SensorUnit.none.convert(1, to: .metres) == nil)
        #expect(SensorUnit.none.convert(5, to: .none) == 5)
    }

    @Test func configNames() {
        #expect(SensorUnit(configName: "degF") == .fahrenheit)
        #expect(SensorUnit(configName: "kn") == .knots)
        #expect(SensorUnit(configName: "furlongs") == nil)
        for u in SensorUnit.allCases where u != .fraction && u != .none {
            #expect(!u.symbol.isEmpty, "\(u)")
        }
    }
}

@Suite struct ChannelTests {
    let s: UInt64 = 1_000_000_000

    @Test func scaleOffsetAndConversion() {
        var c = Channel(
            name: "oil.pressure", unit: .psi,
            pipeline: PipelineConfiguration(scale: 0.01, offset: -0.5, inputUnit: .bar))
        #expect(c.accept(150, time: 1) == true)  // 1.5 − 0.5 = 1 bar
        #expect(abs(c.latest!.value - 14.5037738) <= 1e-6)
        // A sample with its own unit is converted from that unit.
        #expect(c.accept(Sample(name: "oil.pressure", value: 100, unit: .kilopascal), time: 2) == true)
        #expect(abs(c.latest!.value - ((100 * 0.01 - 0.5) * 0.1450377377)) <= 1e-6)
        #expect(c.accept(Sample(name: "oil.pressure", value: 1, unit: .celsius), time: 3) == false)
        #expect(c.statistics.unitMismatch == 1)
    }

    @Test func rejectsNaNInfinityAndAbsurdValues() {
        var c = Channel(name: "x", unit: .none)
        #expect(c.accept(.nan, time: 1) == false)
        #expect(c.accept(.infinity, time: 1) == false)
        #expect(c.accept(-.infinity, time: 1) == false)
        #expect(c.accept(2e9, time: 1) == false)
        #expect(c.accept(.signalingNaN, time: 1) == false)
        #expect(c.latest == nil)
        #expect(c.statistics.notANumber == 2)
        #expect(c.statistics.infinite == 2)
        #expect(c.statistics.absurdMagnitude == 1)
        #expect(c.accept(-999_999_999, time: 2) == true)
        // A huge scale that overflows after the first check is also refused.
        var big = Channel(name: "y", unit: .none, pipeline: PipelineConfiguration(scale: 1e300))
        #expect(big.accept(1e100, time: 1) == false)
        var configured = Channel(name: "z", unit: .none, pipeline: PipelineConfiguration(maxMagnitude: 100))
        #expect(configured.accept(101, time: 1) == false)
        #expect(configured.accept(100, time: 1) == true)
    }

    @Test func exponentialSmoothing() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(exponentialAlpha: 0.5))
        c.accept(0, time: 0)
        c.accept(10, time: 1)
        #expect(c.latest!.value == 5)
        c.accept(10, time: 2)
        #expect(c.latest!.value == 7.5)
    }

    @Test func medianRemovesSpike() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(medianWindow: 3))
        var out: [Double] = []
        for (i, v) in [10.0, 11, 500, 12, 13].enumerated() {
            c.accept(v, time: UInt64(i))
            out.append(c.latest!.value)
        }
        #expect(out == [10, 10.5, 11, 12, 13])
    }

    @Test func rateLimitPerSecond() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(maxChangePerSecond: 100))
        c.accept(0, time: 0)
        c.accept(1000, time: s / 2)  // may rise only 50 in half a second
        #expect(abs(c.latest!.value - 50) <= 1e-9)
        c.accept(-1000, time: s)  // and fall 50 in the next half second
        #expect(abs(c.latest!.value - 0) <= 1e-9)
        c.accept(20, time: 2 * s)
        #expect(abs(c.latest!.value - 20) <= 1e-9)
        c.accept(1000, time: s)  // time going backwards allows no change
        #expect(abs(c.latest!.value - 20) <= 1e-9)
    }

    @Test func minMaxHoldAndReset() {
        var c = Channel(name: "x", unit: .none)
        for (i, v) in [5.0, -3, 12, 7].enumerated() { c.accept(v, time: UInt64(i)) }
        #expect(c.minimum == -3)
        #expect(c.maximum == 12)
        c.resetMinMax()
        #expect(c.minimum == nil)
        c.accept(8, time: 10)
        #expect(c.minimum == 8)
        #expect(c.maximum == 8)
    }

    @Test func stalenessByTimeToLiveAndInvalidate() {
        var c = Channel(name: "x", unit: .none, timeToLive: 2 * s)
        #expect(c.isStale(now: 0), "no reading yet")
        c.accept(1, time: 10 * s)
        #expect(!c.isStale(now: 10 * s))
        #expect(!c.isStale(now: 12 * s))
        #expect(c.isStale(now: 12 * s + 1))
        #expect(c.value(now: 13 * s) == nil)
        #expect(!c.isStale(now: 5 * s), "a reading from the future is fresh")
        c.accept(2, time: 13 * s)
        #expect(c.value(now: 13 * s) == 2)
        c.invalidate()
        #expect(c.isStale(now: 13 * s))
        #expect(c.accept(.nan, time: 13 * s) == false)
        #expect(c.isStale(now: 13 * s), "a refused value does not revive it")
        c.accept(3, time: 14 * s)
        #expect(!c.isStale(now: 14 * s))
        var forever = Channel(name: "y", unit: .none)
        forever.accept(1, time: 0)
        #expect(!forever.isStale(now: .max))
    }

    @Test func invalidateResetsFilters() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(exponentialAlpha: 0.1))
        c.accept(100, time: 0)
        c.invalidate()
        c.accept(0, time: 1)
        #expect(c.latest!.value == 0, "old history must not smear a returning sensor")
    }

    @Test func pipelineOrder() {
        // scale → convert → median → exponential → rate limit → hold
        var c = Channel(
            name: "t", unit: .fahrenheit,
            pipeline: PipelineConfiguration(
                scale: 0.1, inputUnit: .celsius, medianWindow: 1,
                exponentialAlpha: 1, maxChangePerSecond: 1e6))
        c.accept(1000, time: 0)  // 100 °C
        #expect(abs(c.latest!.value - 212) <= 1e-9)
        #expect(abs(c.maximum! - 212) <= 1e-9)
    }

    @Test func channelSetRoutesAndCountsUnknown() {
        var set = ChannelSet([Channel(name: "a", unit: .celsius, timeToLive: s), Channel(name: "b", unit: .none)])
        #expect(set.accept(Sample(name: "a", value: 300, unit: .kelvin), time: 0) == true)
        #expect(abs(set["a"]!.latest!.value - 26.85) <= 1e-9)
        #expect(set.accept(Sample(name: "zzz", value: 1, unit: .none), time: 0) == false)
        #expect(set.unroutedSamples == 1)
        #expect(set.staleNames(now: 0) == ["b"])
        set.invalidate(["a"])
        #expect(set.staleNames(now: 0) == ["a", "b"])
    }

    @Test func smootherClampsBadAlpha() {
        var e = ExponentialSmoother(alpha: .nan)
        #expect(e.add(1) == 1)
        #expect(e.add(3) == 3)
        var m = MedianFilter(window: 0)
        #expect(m.add(4) == 4)
    }
}

import XCTest
@testable import GaugeSensors

final class UnitTests: XCTestCase {
    func testTemperatureConversions() {
        XCTAssertEqual(SensorUnit.celsius.convert(100, to: .fahrenheit)!, 212, accuracy: 1e-9)
        XCTAssertEqual(SensorUnit.fahrenheit.convert(32, to: .celsius)!, 0, accuracy: 1e-9)
        XCTAssertEqual(SensorUnit.celsius.convert(-40, to: .fahrenheit)!, -40, accuracy: 1e-9)
        XCTAssertEqual(SensorUnit.kelvin.convert(0, to: .celsius)!, -273.15, accuracy: 1e-9)
    }

    func testSpeedPressureLengthVolume() {
        XCTAssertEqual(SensorUnit.knots.convert(1, to: .kilometresPerHour)!, 1.852, accuracy: 1e-12)
        XCTAssertEqual(SensorUnit.milesPerHour.convert(60, to: .kilometresPerHour)!, 96.56064, accuracy: 1e-9)
        XCTAssertEqual(SensorUnit.metresPerSecond.convert(10, to: .knots)!, 19.4384449, accuracy: 1e-6)
        XCTAssertEqual(SensorUnit.bar.convert(1, to: .psi)!, 14.5037738, accuracy: 1e-6)
        XCTAssertEqual(SensorUnit.kilopascal.convert(101.325, to: .bar)!, 1.01325, accuracy: 1e-12)
        XCTAssertEqual(SensorUnit.fathoms.convert(1, to: .feet)!, 6, accuracy: 1e-12)
        XCTAssertEqual(SensorUnit.metres.convert(1852, to: .nauticalMiles)!, 1, accuracy: 1e-12)
        XCTAssertEqual(SensorUnit.usGallons.convert(1, to: .litres)!, 3.785411784, accuracy: 1e-12)
        XCTAssertEqual(SensorUnit.imperialGallons.convert(1, to: .usGallons)!, 1.200949925, accuracy: 1e-9)
    }

    func testIncompatibleDimensionsRefuse() {
        XCTAssertNil(SensorUnit.celsius.convert(1, to: .bar))
        XCTAssertNil(SensorUnit.none.convert(1, to: .metres))
        XCTAssertEqual(SensorUnit.none.convert(5, to: .none), 5)
    }

    func testConfigNames() {
        XCTAssertEqual(SensorUnit(configName: "degF"), .fahrenheit)
        XCTAssertEqual(SensorUnit(configName: "kn"), .knots)
        XCTAssertNil(SensorUnit(configName: "furlongs"))
        for u in SensorUnit.allCases where u != .fraction && u != .none {
            XCTAssertFalse(u.symbol.isEmpty, "\(u)")
        }
    }
}

final class ChannelTests: XCTestCase {
    let s: UInt64 = 1_000_000_000

    func testScaleOffsetAndConversion() {
        var c = Channel(
            name: "oil.pressure", unit: .psi,
            pipeline: PipelineConfiguration(scale: 0.01, offset: -0.5, inputUnit: .bar))
        XCTAssertTrue(c.accept(150, time: 1))  // 1.5 − 0.5 = 1 bar
        XCTAssertEqual(c.latest!.value, 14.5037738, accuracy: 1e-6)
        // A sample with its own unit is converted from that unit.
        XCTAssertTrue(c.accept(Sample(name: "oil.pressure", value: 100, unit: .kilopascal), time: 2))
        XCTAssertEqual(c.latest!.value, (100 * 0.01 - 0.5) * 0.1450377377, accuracy: 1e-6)
        XCTAssertFalse(c.accept(Sample(name: "oil.pressure", value: 1, unit: .celsius), time: 3))
        XCTAssertEqual(c.statistics.unitMismatch, 1)
    }

    func testRejectsNaNInfinityAndAbsurdValues() {
        var c = Channel(name: "x", unit: .none)
        XCTAssertFalse(c.accept(.nan, time: 1))
        XCTAssertFalse(c.accept(.infinity, time: 1))
        XCTAssertFalse(c.accept(-.infinity, time: 1))
        XCTAssertFalse(c.accept(2e9, time: 1))
        XCTAssertFalse(c.accept(.signalingNaN, time: 1))
        XCTAssertNil(c.latest)
        XCTAssertEqual(c.statistics.notANumber, 2)
        XCTAssertEqual(c.statistics.infinite, 2)
        XCTAssertEqual(c.statistics.absurdMagnitude, 1)
        XCTAssertTrue(c.accept(-999_999_999, time: 2))
        // A huge scale that overflows after the first check is also refused.
        var big = Channel(name: "y", unit: .none, pipeline: PipelineConfiguration(scale: 1e300))
        XCTAssertFalse(big.accept(1e100, time: 1))
        var configured = Channel(name: "z", unit: .none, pipeline: PipelineConfiguration(maxMagnitude: 100))
        XCTAssertFalse(configured.accept(101, time: 1))
        XCTAssertTrue(configured.accept(100, time: 1))
    }

    func testExponentialSmoothing() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(exponentialAlpha: 0.5))
        c.accept(0, time: 0)
        c.accept(10, time: 1)
        XCTAssertEqual(c.latest!.value, 5)
        c.accept(10, time: 2)
        XCTAssertEqual(c.latest!.value, 7.5)
    }

    func testMedianRemovesSpike() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(medianWindow: 3))
        var out: [Double] = []
        for (i, v) in [10.0, 11, 500, 12, 13].enumerated() {
            c.accept(v, time: UInt64(i))
            out.append(c.latest!.value)
        }
        XCTAssertEqual(out, [10, 10.5, 11, 12, 13])
    }

    func testRateLimitPerSecond() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(maxChangePerSecond: 100))
        c.accept(0, time: 0)
        c.accept(1000, time: s / 2)  // may rise only 50 in half a second
        XCTAssertEqual(c.latest!.value, 50, accuracy: 1e-9)
        c.accept(-1000, time: s)  // and fall 50 in the next half second
        XCTAssertEqual(c.latest!.value, 0, accuracy: 1e-9)
        c.accept(20, time: 2 * s)
        XCTAssertEqual(c.latest!.value, 20, accuracy: 1e-9)
        c.accept(1000, time: s)  // time going backwards allows no change
        XCTAssertEqual(c.latest!.value, 20, accuracy: 1e-9)
    }

    func testMinMaxHoldAndReset() {
        var c = Channel(name: "x", unit: .none)
        for (i, v) in [5.0, -3, 12, 7].enumerated() { c.accept(v, time: UInt64(i)) }
        XCTAssertEqual(c.minimum, -3)
        XCTAssertEqual(c.maximum, 12)
        c.resetMinMax()
        XCTAssertNil(c.minimum)
        c.accept(8, time: 10)
        XCTAssertEqual(c.minimum, 8)
        XCTAssertEqual(c.maximum, 8)
    }

    func testStalenessByTimeToLiveAndInvalidate() {
        var c = Channel(name: "x", unit: .none, timeToLive: 2 * s)
        XCTAssertTrue(c.isStale(now: 0), "no reading yet")
        c.accept(1, time: 10 * s)
        XCTAssertFalse(c.isStale(now: 10 * s))
        XCTAssertFalse(c.isStale(now: 12 * s))
        XCTAssertTrue(c.isStale(now: 12 * s + 1))
        XCTAssertNil(c.value(now: 13 * s))
        XCTAssertFalse(c.isStale(now: 5 * s), "a reading from the future is fresh")
        c.accept(2, time: 13 * s)
        XCTAssertEqual(c.value(now: 13 * s), 2)
        c.invalidate()
        XCTAssertTrue(c.isStale(now: 13 * s))
        XCTAssertFalse(c.accept(.nan, time: 13 * s))
        XCTAssertTrue(c.isStale(now: 13 * s), "a refused value does not revive it")
        c.accept(3, time: 14 * s)
        XCTAssertFalse(c.isStale(now: 14 * s))
        var forever = Channel(name: "y", unit: .none)
        forever.accept(1, time: 0)
        XCTAssertFalse(forever.isStale(now: .max))
    }

    func testInvalidateResetsFilters() {
        var c = Channel(name: "x", unit: .none, pipeline: PipelineConfiguration(exponentialAlpha: 0.1))
        c.accept(100, time: 0)
        c.invalidate()
        c.accept(0, time: 1)
        XCTAssertEqual(c.latest!.value, 0, "old history must not smear a returning sensor")
    }

    func testPipelineOrder() {
        // scale → convert → median → exponential → rate limit → hold
        var c = Channel(
            name: "t", unit: .fahrenheit,
            pipeline: PipelineConfiguration(
                scale: 0.1, inputUnit: .celsius, medianWindow: 1,
                exponentialAlpha: 1, maxChangePerSecond: 1e6))
        c.accept(1000, time: 0)  // 100 °C
        XCTAssertEqual(c.latest!.value, 212, accuracy: 1e-9)
        XCTAssertEqual(c.maximum!, 212, accuracy: 1e-9)
    }

    func testChannelSetRoutesAndCountsUnknown() {
        var set = ChannelSet([Channel(name: "a", unit: .celsius, timeToLive: s), Channel(name: "b", unit: .none)])
        XCTAssertTrue(set.accept(Sample(name: "a", value: 300, unit: .kelvin), time: 0))
        XCTAssertEqual(set["a"]!.latest!.value, 26.85, accuracy: 1e-9)
        XCTAssertFalse(set.accept(Sample(name: "zzz", value: 1, unit: .none), time: 0))
        XCTAssertEqual(set.unroutedSamples, 1)
        XCTAssertEqual(set.staleNames(now: 0), ["b"])
        set.invalidate(["a"])
        XCTAssertEqual(set.staleNames(now: 0), ["a", "b"])
    }

    func testSmootherClampsBadAlpha() {
        var e = ExponentialSmoother(alpha: .nan)
        XCTAssertEqual(e.add(1), 1)
        XCTAssertEqual(e.add(3), 3)
        var m = MedianFilter(window: 0)
        XCTAssertEqual(m.add(4), 4)
    }
}

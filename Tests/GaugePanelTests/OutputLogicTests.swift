import GaugeConfig
import Testing

@testable import GaugePanel

/// The `[[output]]` rules as a pure state machine: values and the time in, the lines'
/// values and the next wake out.
@Suite struct OutputLogicTests {
    static let second: UInt64 = 1_000_000_000

    /// Feeds `value` (NaN: none) at `seconds` and returns the bits.
    func step(_ logic: inout OutputLogic, _ value: Double, at seconds: Double) -> OutputLogic.Decision {
        logic.update(OutputInputs(value: { _ in value }), now: UInt64(seconds * 1e9))
    }

    @Test func aThresholdSwitchesExactlyAtItsValuesWithHysteresis() {
        var fan = OutputLogic(rule: OutputRule(kind: .above(channel: "coolant", on: 95, off: 90)), lineCount: 1)
        let seen = [80, 94.99, 95, 94, 90, 89.99, 94.99, 95.01].enumerated().map { step(&fan, $1, at: Double($0)).bits }
        #expect(seen == [0, 0, 1, 1, 1, 0, 0, 1])
    }

    @Test func aLowThresholdSwitchesBelow() {
        var pump = OutputLogic(rule: OutputRule(kind: .below(channel: "fuel", on: 10, off: 15)), lineCount: 2)
        let seen = [20, 10.01, 10, 14, 15, 15.01].enumerated().map { step(&pump, $1, at: Double($0)).bits }
        #expect(seen == [0, 0, 0b11, 0b11, 0b11, 0])
    }

    @Test func minimumTimesHoldTheStateAndNameTheWake() {
        let rule = OutputRule(kind: .above(channel: "coolant", on: 95, off: 90), minOnSeconds: 30, minOffSeconds: 5)
        var fan = OutputLogic(rule: rule, lineCount: 1)
        #expect(step(&fan, 96, at: 10) == .init(bits: 1, wakeAt: nil))
        #expect(step(&fan, 80, at: 20) == .init(bits: 1, wakeAt: 40 * Self.second))  // held on until 40 s
        #expect(step(&fan, 92, at: 40) == .init(bits: 1, wakeAt: nil))  // back in the band: stays on
        #expect(step(&fan, 80, at: 41) == .init(bits: 0, wakeAt: nil))
        #expect(step(&fan, 99, at: 43) == .init(bits: 0, wakeAt: 46 * Self.second))  // min_off 5 s
        #expect(step(&fan, 99, at: 46).bits == 1)
    }

    @Test func noValueIsTheSafeStateAtOnceWhateverTheMinimum() {
        var fan = OutputLogic(rule: OutputRule(kind: .above(channel: "coolant", on: 95, off: 90), minOnSeconds: 30), lineCount: 1)
        #expect(step(&fan, 99, at: 1).bits == 1)
        #expect(step(&fan, .nan, at: 2) == .init(bits: 0, wakeAt: nil))
        var light = OutputLogic(rule: OutputRule(kind: .shiftLight(.init(channel: "rpm", from: 5000, to: 6500))), lineCount: 4)
        #expect(step(&light, 6600, at: 1).bits == 0b1111)
        #expect(step(&light, .infinity, at: 2).bits == 0)
    }

    @Test func blinkingWhileActive() {
        var lamp = OutputLogic(rule: OutputRule(kind: .above(channel: "oil", on: 1, off: 1), blinkHz: 2), lineCount: 1)
        #expect(step(&lamp, 5, at: 10) == .init(bits: 1, wakeAt: 10 * Self.second + Self.second / 4))
        #expect(step(&lamp, 5, at: 10.25) == .init(bits: 0, wakeAt: 10 * Self.second + Self.second / 2))
        #expect(step(&lamp, 5, at: 10.5).bits == 1)
        #expect(step(&lamp, 0, at: 10.6) == .init(bits: 0, wakeAt: nil))
    }

    @Test func aShiftLightStepsThenFlashes() {
        let light = OutputRule.ShiftLight(channel: "rpm", from: 5000, to: 6500, flashAbove: 6800, flashHz: 4)
        var logic = OutputLogic(rule: OutputRule(kind: .shiftLight(light)), lineCount: 4)
        let steps = [4999, 5000, 5499, 5500, 6000, 6500].map { step(&logic, $0, at: 1).bits }
        #expect(steps == [0, 0b1, 0b1, 0b11, 0b111, 0b1111])
        #expect(step(&logic, 6900, at: 2) == .init(bits: 0b1111, wakeAt: 2 * Self.second + Self.second / 8))
        #expect(step(&logic, 6900, at: 2.125).bits == 0)
        #expect(step(&logic, 6900, at: 2.25).bits == 0b1111)
        #expect(step(&logic, 6000, at: 2.3) == .init(bits: 0b111, wakeAt: nil))
    }

    @Test func anAlarmDrivenOutputReadsTheAlarmInputs() {
        let alarm = Int32(AlarmState.alarm.rawValue), warn = Int32(AlarmState.warn.rawValue)
        var lamp = OutputLogic(rule: OutputRule(kind: .alarm(channel: "coolant", level: alarm, unacknowledged: false)), lineCount: 1)
        var buzzer = OutputLogic(rule: OutputRule(kind: .alarm(channel: "coolant", level: alarm, unacknowledged: true)), lineCount: 1)
        var level = warn, acknowledged = false
        let inputs = OutputInputs(value: { _ in 0 }, alarm: { _ in OutputAlarm(level: level, acknowledged: acknowledged) })
        #expect(lamp.update(inputs, now: 1).bits == 0 && buzzer.update(inputs, now: 1).bits == 0)
        level = alarm
        #expect(lamp.update(inputs, now: 2).bits == 1 && buzzer.update(inputs, now: 2).bits == 1)
        acknowledged = true  // the buzzer stops; the lamp stays lit while the alarm lasts
        #expect(lamp.update(inputs, now: 3).bits == 1 && buzzer.update(inputs, now: 3).bits == 0)
        level = 0
        #expect(lamp.update(inputs, now: 4).bits == 0)
    }

    @Test func theKernelsConsumerNameFitsIn31Bytes() {
        #expect(OutputService<TestEventLoop>.consumerName("fan") == "gaugepanel:fan")
        #expect(OutputService<TestEventLoop>.consumerName(String(repeating: "é", count: 20)).utf8.count <= 31)
    }
}

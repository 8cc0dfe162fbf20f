import GaugeConfig
import GaugeDecoders
import GaugeInput
import Testing

@testable import GaugePanel

/// Manual outputs, the controls and triggers that switch them, buttons that do what keys
/// do, and triggers' sounds: the state queues each for its service and shows what the
/// outputs do.
@Suite struct PanelEffectsTests {
    static let second: UInt64 = 1_000_000_000

    static let board = """
        [display]
        width = 320
        height = 240
        [alarms]
        sound = "default"
        [[sensor]]
        kind = "serial"
        device = "/dev/null"
        protocol = "line"
          [[sensor.channel]]
          name = "speed"
        [[output]]
        name = "lights"
        line = 9
        manual = true
        [[output]]
        name = "horn"
        line = 10
        manual = true
        [[trigger]]
        channel = "speed"
        above = 100
        output = { name = "horn", seconds = 1.5 }
        sound = "beep@700"
        [[page]]
        name = "main"
          [[page.widget]]
          id = "lights"
          type = "switch"
          output = "lights"
          frame = [0, 0, 100, 50]
          [[page.widget]]
          id = "next"
          type = "button"
          action = "next_page"
          frame = [0, 60, 100, 50]
          [[page.widget]]
          id = "dim"
          type = "button"
          action = "brightness_down"
          frame = [0, 120, 100, 50]
        [[page]]
        name = "second"
          [[page.widget]]
          id = "t"
          type = "label"
          text = "two"
          frame = [0, 0, 100, 40]
        """

    static func state() throws -> PanelState { PanelState(board: try BoardConfiguration.parse(board, file: "t.toml"), animates: false) }

    @Test func aSwitchTogglesItsOutputAndShowsWhatTheOutputDoes() throws {
        var s = try Self.state()
        #expect(s.frame(now: 0).dashboard.pages[0].widgets[0].value.isNaN)  // not yet decided
        let decided = s.noteOutputs([false, false])
        #expect(decided)
        #expect(s.frame(now: 1).dashboard.pages[0].widgets[0].value == 0)
        s.handle(.tap(x: 50, y: 25), now: Self.second)
        #expect(s.takeOutputCommands() == [OutputCommand(output: 0, set: .toggle)])
        #expect(s.takeMessages().isEmpty)
        // The picture follows the output, not the tap.
        #expect(s.frame(now: Self.second).dashboard.pages[0].widgets[0].value == 0)
        let changed = s.noteOutputs([true, false]), again = s.noteOutputs([true, false])
        #expect(changed && !again)
        #expect(s.frame(now: Self.second).dashboard.pages[0].widgets[0].value == 1)
    }

    @Test func aButtonDoesWhatItsKeyDoes() throws {
        var s = try Self.state()
        _ = s.frame(now: 0)
        // The dim button asks the caller (the backlight's owner) for one step down.
        let step = s.handle(.tap(x: 50, y: 145), now: Self.second)
        #expect(step == -1)
        let none = s.handle(.tap(x: 50, y: 85), now: Self.second)
        #expect(none == nil)
        let f = s.frame(now: Self.second)
        #expect(f.dashboard.currentPage == 1)
    }

    @Test func aTriggerSwitchesAnOutputAndPlaysItsSoundOnce() throws {
        var s = try Self.state()
        _ = s.frame(now: 0)
        s.accept(Sample(name: "speed", value: 120, unit: .none), now: Self.second)
        _ = s.frame(now: Self.second)
        #expect(s.takeOutputCommands() == [OutputCommand(output: 1, set: .on, seconds: 1.5)])
        #expect(s.takeSounds() == [.tone(.beep, hertz: 700)])
        s.accept(Sample(name: "speed", value: 130, unit: .none), now: 2 * Self.second)
        _ = s.frame(now: 2 * Self.second)
        let commands = s.takeOutputCommands(), sounds = s.takeSounds()
        #expect(commands.isEmpty && sounds.isEmpty)  // once per spell
    }

    @Test func aManualOutputFollowsItsOrdersAndTimes() {
        var horn = OutputLogic(rule: OutputRule(kind: .manual, minOffSeconds: 2), lineCount: 2)
        let none = OutputInputs(value: { _ in .nan })
        #expect(horn.update(none, now: 0) == .init(bits: 0, wakeAt: nil))
        horn.command(.on, seconds: 1.5, now: Self.second)
        #expect(horn.update(none, now: Self.second) == .init(bits: 0b11, wakeAt: 2 * Self.second + Self.second / 2))
        #expect(horn.update(none, now: 2 * Self.second + Self.second / 2).bits == 0)
        horn.command(.toggle, now: 3 * Self.second)  // min_off 2 s from 2.5 s: held off until 4.5 s
        #expect(horn.update(none, now: 3 * Self.second) == .init(bits: 0, wakeAt: 4 * Self.second + Self.second / 2))
        #expect(horn.update(none, now: 4 * Self.second + Self.second / 2).bits == 0b11)
        horn.command(.toggle, now: 5 * Self.second)
        #expect(horn.update(none, now: 5 * Self.second).bits == 0)
        // A rule's output ignores orders.
        var fan = OutputLogic(rule: OutputRule(kind: .above(channel: "t", on: 95, off: 90)), lineCount: 1)
        fan.command(.on, now: 0)
        #expect(fan.update(OutputInputs(value: { _ in 20 }), now: 0).bits == 0)
    }

    @Test func aTriggersSoundPlaysOneCycleWhileNoAlarmSounds() {
        var s = SoundScheduler(AlarmSoundConfiguration(device: "default"), rate: 48000, channels: 1, tail: 1920)
        var b: [Int16] = []
        let beep = SoundClip(.tone(.beep, hertz: 700), rate: 48000, channels: 1, volume: 80, once: true)
        #expect(s.cue(beep) == .start)
        var periods = 0, heard: [Int] = []
        while s.next(480, into: &b) {
            if b.contains(where: { $0 != 0 }) { heard.append(periods) }
            periods += 1
        }
        #expect(Int64(periods * 480) == beep.cycleFrames + 1920)  // one cycle (1 s) and the buffer's tail
        // The beep's 0.15 s (periods 0…14), then silence: the tail does not start a second beep.
        #expect(heard == Array(0..<15), "\(heard)")
        #expect(s.cue == nil)
        // An alarm's sound takes the device; a cue during it is dropped.
        let cued = s.cue(beep), alarm = s.want(.warn)
        #expect(cued == .start && alarm == .start && s.cue == nil)
        #expect(s.cue(beep) == .none)
    }
}

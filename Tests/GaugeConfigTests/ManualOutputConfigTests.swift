import Foundation
import GaugeConfig
import Testing

/// Manual `[[output]]`s and what switches them: a trigger's `output`, a button's or
/// switch's `output`, a button's `action`, a trigger's `sound`.
@Suite struct ManualOutputConfigTests {
    /// TestFiles.minimal with a manual output "lights", a rule output "fan", then `rest`.
    func board(_ rest: String, widgets: String = "") -> String {
        TestFiles.minimal + widgets + """

            [[output]]
            name = "lights"
            line = 6
            manual = true
            min_on = 1
            blink_hz = 2

            [[output]]
            name = "fan"
            line = 5
            channel = "x"
            on_above = 95

            """ + rest
    }

    func load(_ text: String) throws -> BoardConfiguration { try BoardConfiguration.parse(text, file: "m.toml") }

    func messages(_ text: String) -> [String] { TestFiles.issues(text).map { "\($0.path): \($0.message)" } }

    @Test func aManualOutputHasNoChannelAndKeepsItsTimes() throws {
        let b = try load(board(""))
        #expect(b.outputs[0].rule == OutputRule(kind: .manual, minOnSeconds: 1, blinkHz: 2))
        #expect(b.outputs[0].isManual && b.outputs[0].channel == nil)
        #expect(!b.outputs[1].isManual && b.outputs[1].channel == "x")
    }

    @Test func aManualOutputTakesNoRuleKeys() {
        let text = TestFiles.minimal + "\n[[output]]\nname = \"a\"\nline = 1\nmanual = true\nchannel = \"x\"\n"
        #expect(messages(text) == ["output[0].channel: does not apply with manual = true (buttons, switches and triggers switch it)"])
        let both = TestFiles.minimal + "\n[[output]]\nname = \"a\"\nline = 1\nmanual = true\nchannel = \"x\"\non_above = 3\n"
        #expect(messages(both).first?.contains("give only one rule") == true)
        let no = TestFiles.minimal + "\n[[output]]\nname = \"a\"\nline = 1\nmanual = false\nchannel = \"x\"\non_above = 3\n"
        #expect(messages(no) == ["output[0].manual: expected true (leave it out for an output a rule switches)"])
    }

    @Test func aTriggerSwitchesAManualOutputForATime() throws {
        let b = try load(
            board(
                """
                [[trigger]]
                channel = "x"
                above = 55
                output = { name = "lights", seconds = 2.5 }

                [[trigger]]
                channel = "x"
                below = 45
                output = { name = "lights", set = "toggle" }
                """))
        #expect(b.triggers[0].actions.output == OutputCommand(output: 0, set: .on, seconds: 2.5))
        #expect(b.triggers[1].actions.output == OutputCommand(output: 0, set: .toggle))
    }

    @Test func aTriggersOutputMistakesAreNamed() {
        let rule = messages(board("[[trigger]]\nchannel = \"x\"\nabove = 5\noutput = { name = \"fan\" }\n"))
        #expect(rule == ["trigger[0].output.name: output \"fan\" follows its rule; give it manual = true (and no rule) to switch it from here"])
        let none = messages(board("[[trigger]]\nchannel = \"x\"\nabove = 5\noutput = { name = \"lamp\" }\n"))
        #expect(none == ["trigger[0].output.name: no [[output]] is named \"lamp\"; manual outputs: \"lights\""])
        let timed = messages(board("[[trigger]]\nchannel = \"x\"\nabove = 5\noutput = { name = \"lights\", set = \"off\", seconds = 1 }\n"))
        #expect(timed == ["trigger[0].output.seconds: goes with set = \"on\" (how long it stays on)"])
    }

    @Test func aTriggersSoundNeedsTheAlarmsDevice() throws {
        let text = board("[[trigger]]\nchannel = \"x\"\nabove = 5\nsound = \"chime@660\"\n")
        #expect(messages(text) == ["trigger: a trigger with sound needs [alarms] sound (the device to play on)"])
        let b = try load(text + "\n[alarms]\nsound = \"default\"\n")
        #expect(b.triggers[0].actions.sound == .tone(.chime, hertz: 660))
        #expect(messages(board("[[trigger]]\nchannel = \"x\"\nabove = 5\nsound = \"bell\"\n[alarms]\nsound = \"default\"\n")).count == 1)
    }

    static let controls = """

          [[page.widget]]
          id = "lights-switch"
          type = "switch"
          output = "lights"
          frame = [210, 10, 100, 40]
          [[page.widget]]
          id = "ack"
          type = "button"
          action = "acknowledge"
          frame = [210, 60, 100, 40]
          [[page.widget]]
          id = "dim"
          type = "button"
          action = "brightness_down"
          frame = [210, 110, 100, 40]
        """

    @Test func controlsSwitchOutputsAndDoWhatKeysDo() throws {
        let b = try load(board("", widgets: Self.controls))
        #expect(b.controls.map(\.target) == [.output(0), .action(.acknowledge), .action(.brightnessDown)])
        #expect(b.controls.map(\.commandTopic) == [nil, nil, nil])
    }

    @Test func aControlTakesOneTarget() {
        let both = Self.controls.replacingOccurrences(of: "output = \"lights\"", with: "output = \"lights\"\n  command_topic = \"a/b\"")
        #expect(messages(board("", widgets: both)).contains("page[0].widget \"lights-switch\": give one of command_topic (MQTT) or output"))
        let none = Self.controls.replacingOccurrences(of: "action = \"acknowledge\"\n", with: "")
        #expect(
            messages(board("", widgets: none)) == [
                "page[0].widget \"ack\".command_topic: missing; give command_topic (MQTT), output (a manual [[output]]) or action"
            ])
        let payload = Self.controls.replacingOccurrences(of: "output = \"lights\"", with: "output = \"lights\"\n  payload_on = \"1\"")
        #expect(messages(board("", widgets: payload)) == ["page[0].widget \"lights-switch\".payload_on: goes with command_topic (an MQTT control)"])
        let rule = Self.controls.replacingOccurrences(of: "output = \"lights\"", with: "output = \"fan\"")
        #expect(messages(board("", widgets: rule)).first?.contains("follows its rule") == true)
        let switchAction = Self.controls.replacingOccurrences(of: "output = \"lights\"", with: "action = \"acknowledge\"")
        #expect(messages(board("", widgets: switchAction)).first?.hasPrefix("page[0].widget \"lights-switch\".") == true)
    }
}

import Testing
import GaugeInput
import GaugeInputDevices

/// The kernel's key names through libevdev's table, as `InputDevices.system` gives them
/// to a board's `[input] keys`.
@Suite struct KeyNamesTests {
    @Test func keyNamesComeFromLibevdev() {
        #expect(KeyCode.named("KEY_RIGHT") == KeyCode.right)
        #expect(KeyCode.named("KEY_F1") == 59 && KeyCode.named("btn_0") == 0x100)
        #expect(KeyCode.named("KEY_DOES_NOT_EXIST") == nil)
        #expect(KeyCode.named("REL_X") == nil)
    }

    @Test func theSystemDevicesMergeABoardsKeys() {
        var map = KeyMap.standard
        let problems = map.merge([("KEY_F2", .acknowledgeAlarms), ("KEY_NOPE", .nextPage)], keyCode: InputDevices.system.keyCode)
        #expect(problems == ["unknown key \"KEY_NOPE\": use a kernel name such as KEY_F1 or BTN_0 (evtest lists them)"])
        #expect(map[60]?.action == .acknowledgeAlarms)
    }
}

import Testing
@testable import GaugeInput

@Suite struct DeviceSelectorTests {
    @Test func selectorParsing() {
        #expect(DeviceSelector("auto") == .auto && DeviceSelector("") == .auto && DeviceSelector("AUTO") == .auto)
        #expect(DeviceSelector("none") == .none)
        #expect(DeviceSelector("FT5406") == .name("FT5406"))
        #expect(DeviceSelector.nameVariants("rotary@17") == ["rotary@17", "rotary@11"])
        #expect(DeviceSelector.nameVariants("rotary@99999999999") == ["rotary@99999999999"])
    }
}

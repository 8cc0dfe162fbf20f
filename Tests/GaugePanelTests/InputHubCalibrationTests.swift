import GaugeTestSupport
import Testing
import GaugeConfig
import GaugeInput
@testable import GaugePanel

/// The board's touch calibration keys reach the touch mapping of every touchscreen.
@Suite struct InputHubCalibrationTests {
    @Test func boardKeysBecomeTheMappingsCalibration() {
        var input = InputConfiguration(touch: "auto")
        input.touchSwapXY = true
        input.touchInvertX = true
        input.touchRange = [100, 3900, 200, 3800]
        let hub = InputHub(input, display: DisplayConfiguration(width: 320, height: 240), directory: "/nonexistent", devices: .fake())
        #expect(
            hub.calibration
                == TouchCalibration(
                    minX: 100, maxX: 3900, minY: 200, maxY: 3800,
                    swapAxes: true, invertX: true, invertY: false))
        // The device's x mirrored, then the axes swapped (the kernel's order): raw y = 100 is
        // the panel's left edge, raw x = 200 (its smallest) the panel's bottom.
        let m = TouchMapping(
            rawX: AxisRange(minimum: 0, maximum: 4095), rawY: AxisRange(minimum: 0, maximum: 4095),
            physicalWidth: 320, physicalHeight: 240, calibration: hub.calibration)
        #expect(m.map(x: 200, y: 100) == (0, 239))
        #expect(InputHub(InputConfiguration(), display: DisplayConfiguration(), directory: "/nonexistent", devices: .fake()).calibration == .identity)
    }
}

/// What the log says of a missing input folder depends on what the board asks for.
@Suite struct InputHubMissingFolderTests {
    static func said(touch: String, rotary: String) -> [String] {
        let hub = InputHub(
            InputConfiguration(touch: touch, rotary: rotary), display: DisplayConfiguration(),
            directory: "/dev/input", devices: .fake())
        var report = ScanReport()
        report.errors = [InputError(.notFound, path: "/dev/input", errno: .noSuchFileOrDirectory)]
        return hub.apply(report).log
    }

    /// A headless board (no touch, no encoder) gets no advice about a panel's driver.
    @Test func aBoardWithoutPanelDevicesIsNotToldToCheckItsPanel() {
        #expect(
            Self.said(touch: "none", rotary: "none")
                == ["input: no /dev/input (no keyboard for the default keys; the board asks for no touch screen or encoder)"])
    }

    @Test(arguments: [("auto", "none"), ("none", "auto"), ("FT5406", "none")])
    func aBoardThatAsksForATouchScreenOrEncoderIsToldTheFix(touch: String, rotary: String) {
        let said = Self.said(touch: touch, rotary: rotary)
        #expect(said.count == 1 && said[0].contains("check the panel is connected"), "\(said)")
    }
}

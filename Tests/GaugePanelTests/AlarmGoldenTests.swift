import Testing
import GaugeConfig
import GaugeRaster
import GaugeTestSupport
@testable import GaugePanel

/// The alarm states as `render --set` draws them (the panel's still picture): a widget in
/// each state — alert, warn, alarm, emergency — and the banner naming the worst, compared
/// bit-exactly with `Goldens/`. After a deliberate change:
///   GAUGEPANEL_RECORD_GOLDENS=1 swift test --filter GaugePanelTests.AlarmGoldenTests
/// and look at every image before keeping it.
@Suite struct AlarmGoldenTests {
    static let goldens = GoldenFolder(besides: #filePath)

    static func channel(_ name: String, _ state: String, message: String) -> String {
        """
          [[sensor.channel]]
          name = "\(name)"
          unit = "C"
          waveform = "step"
          values = [0]
            [[sensor.channel.zone]]
            lower = 50
            state = "\(state)"
            message = "\(message)"
        """
    }

    static let board = """
        [display]
        width = 400
        height = 240
        output = "offscreen"
        [fonts]
        family = "builtin"
        [alarms]
        banner = "bottom"
        [[sensor]]
        kind = "simulated"
        \(channel("a", "alert", message: "Service due"))
        \(channel("w", "warn", message: "Oil warm"))
        \(channel("x", "alarm", message: "Coolant hot"))
        \(channel("e", "emergency", message: "Fire"))
        [[page]]
          [[page.widget]]
          id = "a"
          type = "dial"
          channel = "a"
          frame = [0, 0, 100, 100]
          range = [0, 100]
          [[page.widget]]
          id = "w"
          type = "ring"
          channel = "w"
          frame = [100, 0, 100, 100]
          range = [0, 100]
          [[page.widget]]
          id = "x"
          type = "bar"
          channel = "x"
          frame = [210, 30, 180, 40]
          range = [0, 100]
          [[page.widget]]
          id = "e"
          type = "readout"
          channel = "e"
          frame = [0, 110, 400, 80]
          format = { decimals = 0 }
          value_size = 48
        """

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func everyStateAndTheBanner(format: PixelFormat) throws {
        let board = try BoardConfiguration.parse(Self.board, file: "alarms.toml")
        var request = RenderRequest(file: "alarms.toml", displayOutputs: displayBackendNames)
        request.format = format == .rgb565 ? "rgb565" : "xrgb8888"
        let (surface, _) = try request.picture(of: board, values: ["a": 60, "w": 61, "x": 62, "e": 63])
        let name = "alarm-states-\(format == .rgb565 ? "rgb565" : "xrgb8888").png"
        let result = try Self.goldens.check(surface, named: name)
        #expect(result == .matches || result == .recorded, "\(name): \(result)")
    }
}

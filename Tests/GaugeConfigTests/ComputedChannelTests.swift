import Testing
import GaugeConfig

/// `kind = "computed"`: expressions linked against the board's channels, in dependency
/// order, with their mistakes named at the expression's line.
@Suite struct ComputedChannelTests {
    static func board(_ computed: String) -> String {
        """
        [display]
        width = 320
        height = 240
        [[sensor]]
        kind = "simulated"
          [[sensor.channel]]
          name = "speed"
          waveform = "step"
          values = [50]
          [[sensor.channel]]
          name = "fuel.flow"
          waveform = "step"
          values = [3]
        [[sensor]]
        kind = "computed"
        \(computed)
        [[page]]
          [[page.widget]]
          id = "r"
          type = "readout"
          channel = "speed"
          frame = [0, 0, 320, 240]
        """
    }

    @Test func valuesFollowTheInputsInDependencyOrder() throws {
        let b = try BoardConfiguration.parse(
            Self.board(
                """
                  [[sensor.channel]]
                  name = "doubled"
                  expression = "economy * 2"
                  offset = 1
                  [[sensor.channel]]
                  name = "economy"
                  expression = "fuel.flow / speed * 100"
                """), file: "c.toml")
        #expect(b.computed.map { $0.name } == ["economy", "doubled"])  // inputs first
        let v = b.computing(["speed": 50, "fuel.flow": 3])
        #expect(v["economy"] == 6 && v["doubled"] == 13)
        let standing = b.computing(["speed": 0, "fuel.flow": 0.4])
        #expect(standing["economy"]!.isNaN && standing["doubled"]!.isNaN)  // ÷ 0: no value, nor what reads it
        #expect(b.computing(["speed": 50, "fuel.flow": .nan])["economy"]!.isNaN)  // an input without a value
    }

    @Test func failoverTakesTheFirstSourceWithAValue() throws {
        let b = try BoardConfiguration.parse(
            Self.board("  [[sensor.channel]]\n  name = \"best\"\n  sources = [\"fuel.flow\", \"speed\"]"), file: "f.toml")
        let c = try #require(b.computed.first)
        #expect(c.inputs == ["fuel.flow", "speed"])
        #expect(c.value { ["fuel.flow": 3, "speed": 50][$0] ?? .nan } == 3)
        #expect(c.value { ["fuel.flow": .nan, "speed": 50][$0] ?? .nan } == 50)
        #expect(c.sourceInUse { ["speed": 50][$0] ?? .nan } == "speed" && c.sourceInUse { _ in .nan } == nil)
        #expect(b.computing(["best": 7, "fuel.flow": 3])["best"] == 7)  // a --set value of its own stays
        let bad = TestFiles.issues(Self.board("  [[sensor.channel]]\n  name = \"best\"\n  sources = [\"fuel.flow\", \"sped\"]"))
        #expect(bad.first?.description.contains("did you mean \"speed\"") == true)
        let one = TestFiles.issues(Self.board("  [[sensor.channel]]\n  name = \"best\"\n  sources = [\"speed\"]"))
        #expect(one.first?.description.contains("two or more") == true)
    }

    @Test func mistakesAreNamedAtTheExpression() {
        func said(_ expression: String, _ second: String = "a") -> [String] {
            TestFiles.issues(
                Self.board(
                    """
                      [[sensor.channel]]
                      name = "a"
                      expression = "\(expression)"
                      [[sensor.channel]]
                      name = "b"
                      expression = "\(second)"
                    """)
            ).map { $0.description }
        }
        #expect(said("sped * 2") == [#"test.toml:18: sensor[1].channel "a".expression: no channel named "sped"; did you mean "speed"?"#])
        #expect(said("speed * (2").first?.contains("test.toml:18") == true)
        let cycle = said("b + 1")
        #expect(cycle.count == 1 && cycle[0].contains("a cycle: a → b → a"), "\(cycle)")
        #expect(said("speed", "b").first?.contains("a cycle: b → b") == true)
        let smoothed = TestFiles.issues(Self.board("  [[sensor.channel]]\n  name = \"a\"\n  expression = \"speed\"\n  smoothing = 0.5"))
        #expect(smoothed.first?.description.contains("no effect on a computed channel") == true)
    }

    /// Units meet where they must agree: sums, comparisons, the branches of `?:`, the
    /// channel's own unit and a failover's sources. Products and plain numbers pass.
    @Test func unitsThatCannotMeetAreNamed() {
        let units = Self.board("").replacingOccurrences(of: "name = \"speed\"", with: "name = \"speed\"\n  unit = \"kn\"")
            .replacingOccurrences(of: "name = \"fuel.flow\"", with: "name = \"fuel.flow\"\n  unit = \"km/h\"")
        func said(_ channel: String) -> [String] {
            TestFiles.issues(units.replacingOccurrences(of: "kind = \"computed\"\n", with: "kind = \"computed\"\n" + channel + "\n"))
                .map { $0.description }
        }
        let sum = said("  [[sensor.channel]]\n  name = \"x\"\n  expression = \"speed + fuel.flow\"")
        #expect(sum.count == 1 && sum[0].contains("the expression adds kn (a speed) and km/h (a speed) (speed, fuel.flow)"), "\(sum)")
        #expect(said("  [[sensor.channel]]\n  name = \"x\"\n  expression = \"speed > fuel.flow ? 1 : 0\"").first?.contains("compares") == true)
        let stated = said("  [[sensor.channel]]\n  name = \"x\"\n  unit = \"C\"\n  expression = \"speed * 2 + 1\"")
        #expect(stated.first?.contains("gives kn (a speed) but the channel's unit is C (a temperature)") == true, "\(stated)")
        #expect(said("  [[sensor.channel]]\n  name = \"x\"\n  sources = [\"speed\", \"fuel.flow\"]").first?.contains("kn and km/h") == true)
        #expect(said("  [[sensor.channel]]\n  name = \"x\"\n  unit = \"kn\"\n  expression = \"speed * 1.852 / 1.852 - 2\"").isEmpty)
        #expect(said("  [[sensor.channel]]\n  name = \"x\"\n  expression = \"fuel.flow / speed * 100\"").isEmpty, "a quotient of units: not checked")
    }

    /// `sun = "elevation"`: fixed coordinates or channels; the clock from the caller.
    @Test func theSunFollowsTheClockAndThePlace() throws {
        let fixed = "  [[sensor.channel]]\n  name = \"sun\"\n  unit = \"deg\"\n  sun = \"elevation\"\n  latitude = 59.33\n  longitude = 18.06"
        let b = try BoardConfiguration.parse(Self.board(fixed), file: "s.toml")
        let c = try #require(b.computed.first)
        #expect(c.inputs.isEmpty)
        #expect(c.value { _ in .nan }.isNaN, "no clock: no value")
        #expect(abs(c.value({ _ in .nan }, unixSeconds: 1_782_036_000) - 53.055) < 0.03)  // Stockholm, 2026-06-21 10:00 UTC
        let moving = fixed.replacingOccurrences(of: "latitude = 59.33", with: "latitude = \"speed\"")
        let m = try #require(try BoardConfiguration.parse(Self.board(moving), file: "m.toml").computed.first)
        #expect(m.inputs == ["speed"])
        #expect(abs(m.value({ $0 == "speed" ? 59.33 : .nan }, unixSeconds: 1_782_036_000) - 53.055) < 0.03)
        #expect(m.value({ _ in .nan }, unixSeconds: 1_782_036_000).isNaN, "no fix: no value")
    }

    @Test func sunMistakesAreNamed() {
        func said(_ lines: String) -> [String] {
            TestFiles.issues(Self.board("  [[sensor.channel]]\n  name = \"sun\"\n" + lines)).map { $0.description }
        }
        #expect(said("  sun = \"elevation\"\n  latitude = 91\n  longitude = 0").first?.contains("latitude") == true)
        #expect(said("  sun = \"elevation\"\n  latitude = 10").first?.contains("sun needs longitude") == true)
        #expect(said("  sun = \"azimuth\"\n  latitude = 10\n  longitude = 0").first?.contains("\"elevation\"") == true)
        #expect(said("  sun = \"elevation\"\n  latitude = \"sped\"\n  longitude = 0").first?.contains("did you mean \"speed\"") == true)
        let inKnots = said("  sun = \"elevation\"\n  unit = \"kn\"\n  latitude = 1\n  longitude = 0")
        #expect(inKnots.first?.contains("give it unit = \"deg\"") == true, "\(inKnots)")
        let both = said("  sun = \"elevation\"\n  expression = \"speed\"\n  latitude = 1\n  longitude = 0")
        #expect(both.first?.contains("not expression and sun") == true, "\(both)")
    }
}

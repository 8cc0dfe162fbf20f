import Testing
@testable import GaugeECU
import GaugeSensors

@Suite struct INIParserTests {
    @Test func readsIdentityCommandsAndChannels() throws {
        let d = try definition()
        #expect(d.signature == "speeduino 202501")
        #expect(d.queryCommand == [0x51])
        #expect(d.blockSize == 130)
        #expect(!d.bigEndian)
        #expect(d.prefersCRCFraming)
        #expect(d.realtimeCommand.bytes(offset: 4, count: 22, bigEndian: false) == [0x72, 0, 0x30, 4, 0, 22, 0])
        #expect(d.channels[d.index(of: "rpm")!].kind == .scalar(type: .u16, offset: 14, scale: 1, translate: 0))
        #expect(d.channels[d.index(of: "running")!].kind == .bits(type: .u08, offset: 2, low: 0, high: 0))
        #expect(d.channels[d.index(of: "coolantRaw")!].unit == .celsius)
        #expect(d.channels[d.index(of: "coolant")!].line == 35)
    }

    @Test func conditionalSectionsFollowTheSettings() throws {
        let fahrenheit = try definition()
        let celsius = try definition(settings: ["CELSIUS"])
        let block = [UInt8](repeating: 0, count: 7) + [140] + [UInt8](repeating: 0, count: 122)
        #expect(value("coolant", fahrenheit, block) == 212)
        #expect(value("coolant", celsius, block) == 100)
    }

    @Test func unknownSettingIsNamedWithASuggestion() {
        #expect(
            throws: INIError(
                line: 0, "the INI has no setting \"CELSUIS\"; did you mean \"CELSIUS\"? (it knows: CELSIUS, pressure_units, pressure_bar)")
        ) {
            try definition(settings: ["CELSUIS"])
        }
    }

    @Test func unsupportedExpressionsSayWhy() throws {
        let d = try definition()
        #expect(
            d.channels[d.index(of: "lambda")!].kind
                == .unsupported(reason: "its expression reads stoich, which is not an output channel (a tune constant or a TunerStudio variable)"))
        #expect(d.channels[d.index(of: "idleLoad")!].kind == .unsupported(reason: "its scale is an expression of the tune"))
        #expect(d.channels[d.index(of: "throttle")!].units == "%")
    }

    @Test func errorsCarryTheLine() {
        let bad = speeduinoLikeINI.replacing("U16,    14", with: "U17,    14")
        #expect(throws: INIError(line: 28, "rpm: unknown type \"U17\" (expected U08, S08, U16, S16, U32, S32 or F32)")) { try definition(bad) }
        #expect(throws: INIError(line: 32, "#if without #endif")) {
            try definition(speeduinoLikeINI.replacing("#endif", with: ""))
        }
        #expect(throws: INIError(line: 0, "no [OutputChannels] section: is this a TunerStudio INI?")) { try definition("[MegaTune]\n") }
    }

    @Test func channelsPastTheBlockAreUnsupported() throws {
        let d = try definition(speeduinoLikeINI.replacing("ochBlockSize     =  130", with: "ochBlockSize = 20"))
        #expect(d.channels[d.index(of: "advance")!].kind == .unsupported(reason: "it lies at bytes 24…24, past ochBlockSize 20"))
        #expect(d.channels[d.index(of: "throttle")!].kind == .unsupported(reason: "its expression reads tps, which is not supported"))
    }

    @Test func expressionsFollowCPrecedence() throws {
        let names = ["a", "b"]
        func eval(_ s: String, _ a: Double = 6, _ b: Double = 4) throws -> Double {
            try ECUExpression.compile(Array(s.utf8)[...], names: names).evaluate { $0 == 0 ? a : b }
        }
        #expect(try eval("a + b * 2") == 14)
        #expect(abs(try eval("(a - 40) * 1.8 + 32") + 29.2) < 1e-9)
        #expect(try eval("a > b ? a : b") == 6)
        #expect(try eval("a && !b || 0") == 0)
        #expect(try eval("b + (a << 1) | 1") == 17)
        #expect(try eval("-a % 4") == -2)
        #expect(try eval("0x10 + .5") == 16.5)
        #expect(throws: ExpressionError(message: "calls the function arrayValue(), which is not supported")) { try eval("arrayValue(a, b)") }
        #expect(throws: ExpressionError.self) { try eval(String(repeating: "(", count: 500) + "a") }
    }

    func value(_ name: String, _ d: ECUDefinition, _ block: [UInt8]) -> Double? {
        var out: Double?
        let decoder = RealtimeDecoder(definition: d, names: [name])
        decoder.decode(block[decoder.range]) { out = $0.value }
        return out
    }
}

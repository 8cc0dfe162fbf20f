import Testing
import GaugeDecoders
import GaugeTestSupport
@testable import GaugeCAN

@Suite struct DBCParserTests {
    @Test func vehicleFile() throws {
        let db = TestFiles.dbc("vehicle.dbc")
        #expect(db.messages.map(\.name) == ["EngineData", "BodyData", "WheelSpeeds"])
        let engine = try #require(db.message(id: 256, extended: false))
        #expect(engine.length == 8)
        #expect(engine.transmitter == "ECU")
        #expect(engine.cycleTimeMilliseconds == 10)
        #expect(engine.line == 19)
        #expect(db.message(id: 256, extended: true) == nil)
        let speed = engine.signals[0]
        #expect(speed.name == "EngineSpeed")
        #expect(speed.layout == (try SignalLayout(startBit: 0, length: 16, byteOrder: .intel, isSigned: false)))
        #expect(speed.factor == 0.25)
        #expect(speed.maximum == 16383.75)
        #expect(speed.unit == "rpm")
        #expect(speed.sensorUnit == .rpm)
        #expect(speed.receivers == ["Dash", "Logger"])
        let torque = engine.signals[3]
        #expect(torque.layout.byteOrder == .motorola)
        #expect(torque.layout.isSigned)
        #expect(engine.signals[1].offset == -40)
        #expect(engine.signals[1].sensorUnit == .celsius)
        #expect(engine.signals[5].valueNames.map(\.text) == ["P", "R", "N", "D", "L"])
        #expect(db.messages[1].signals[2].valueNames == [DBCValueName(value: -256, text: "Sensor fault")])
        #expect(db.messages[1].cycleTimeMilliseconds == 100)
        #expect(db.messages[2].cycleTimeMilliseconds == nil)
    }

    @Test func multiplexedAndExtended() throws {
        let db = TestFiles.dbc("multiplexed.dbc")
        let diag = try #require(db.message(id: 0x18FE_F1FE, extended: true))
        #expect(diag.multiplexer?.name == "Page")
        #expect(diag.signals[1].multiplex == .multiplexed(0))
        #expect(diag.signals[3].multiplex == .multiplexed(1))
        #expect(diag.cycleTimeMilliseconds == 250)
        #expect(db.message(id: 0x400, extended: true)?.name == "ExtendedSmallId")
        #expect(db.message(id: 0x400, extended: false) == nil)
        let status = try #require(db.message(id: 1234, extended: false))
        #expect(status.signals[0].valueNames.count == 2)
    }

    @Test func wideAndFloat() throws {
        let db = TestFiles.dbc("wide.dbc")
        #expect(db.message(id: 103, extended: false)?.signals.map(\.valueType) == [.float32, .float32])
        #expect(db.message(id: 104, extended: false)?.signals[0].valueType == .float64)
        #expect(db.message(id: 0x800, extended: true)?.length == 64)
    }

    @Test func decodeWithMultiplexAndValueTables() throws {
        let db = TestFiles.dbc("multiplexed.dbc")
        let diag = try #require(db.message(id: 0x18FE_F1FE, extended: true))
        // Page 0: voltage 0x3039 × 0.001 = 12.345 V, current −2 × 0.01 A, counter 7.
        let page0: [UInt8] = [0x00, 0x39, 0x30, 0xFE, 0xFF, 0, 0, 0x70]
        let d0 = diag.decode(page0)
        #expect(d0.map(\.name) == ["Page", "Voltage", "Current", "Counter"])
        #expect(abs(d0[1].physical - 12.345) <= 1e-12)
        #expect(abs(d0[2].physical - -0.02) <= 1e-12)
        #expect(d0[2].raw == .signed(-2))
        #expect(d0[3].physical == 7)
        #expect(d0[0].text == "Electrical")
        let d1 = diag.decode([0x01, 0x7F, 0xF0, 0x20, 0, 0, 0, 0])
        #expect(d1.map(\.name) == ["Page", "Temperature", "Humidity", "Counter"])
        #expect(d1[1].physical == 127.9375)
        #expect(d1[2].physical == 4, "bits 27…33: 0x20 >> 3")
        #expect(diag.decode([0x07, 0, 0, 0, 0, 0, 0, 0]).map(\.name) == ["Page", "Counter"], "no signal for page 7")
        #expect(diag.decode([0x00, 0x39]).map(\.name) == ["Page"], "too short for the rest")
        let status = try #require(db.message(id: 1234, extended: false))
        let s = status.decode([0x05, 0xC8])
        #expect(s.map(\.name) == ["Mode", "Brightness"])
        #expect(s[0].text == "Display")
        #expect(s[1].physical == 100)
        var samples: [Sample] = []
        status.samples([0x05, 0xC8]) { samples.append($0) }
        #expect(
            samples == [
                Sample(name: "Status.Mode", value: 5, unit: .none),
                Sample(name: "Status.Brightness", value: 100, unit: .percent),
            ])
    }

    @Test func lookupAndSuggestions() throws {
        let db = TestFiles.dbc("vehicle.dbc")
        #expect(try db.signal(named: "EngineData.Torque") == DBCSignalReference(messageIndex: 0, signalIndex: 3))
        #expect(try db.signal(named: "Odometer") == DBCSignalReference(messageIndex: 1, signalIndex: 3))
        #expect(db[try! db.signal(named: "Odometer")].unit == "km")
        func lookupError(_ db: DBCFile, _ name: String) -> DBCLookupError? {
            do throws(DBCLookupError) {
                _ = try db.signal(named: name)
                return nil
            } catch { return error }
        }
        #expect(lookupError(db, "EngineSped") == .unknownSignal("EngineSped", suggestion: "EngineSpeed"))
        #expect(lookupError(db, "EngineData.torque") == .unknownSignal("EngineData.torque", suggestion: "EngineData.Torque"))
        #expect(lookupError(db, "EngnData.Torque") == .unknownMessage("EngnData", suggestion: "EngineData"))
        #expect(lookupError(db, "Zzzzzz") == .unknownSignal("Zzzzzz", suggestion: nil))
        #expect(lookupError(db, "EngineSped")?.message == "no signal EngineSped (did you mean EngineSpeed?)")
        let twice = TestFiles.dbc("multiplexed.dbc")
        #expect(throws: Never.self) { try twice.signal(named: "Diagnostics.Counter") }
        let dup = try! parseDBC("BO_ 1 A: 1 X\n SG_ S : 0|8@1+ (1,0) [0|0] \"\" X\nBO_ 2 B: 1 X\n SG_ S : 0|8@1+ (1,0) [0|0] \"\" X\n").get()
        #expect(lookupError(dup, "S") == .ambiguous("S", messages: ["A", "B"]))
        #expect(lookupError(dup, "S")?.message == "signal S is in several messages (A.S, B.S): name one")
    }

    @Test func brokenLinesNameTheirLine() {
        let head = "VERSION \"\"\n\nBO_ 100 M: 2 X\n"
        func check(_ body: String, line: Int32, containing words: String, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let e = dbcError(head + body) else {
                Issue.record("parsed: \(body)", sourceLocation: sourceLocation)
                return
            }
            #expect(e.line == line, "\(e.description)", sourceLocation: sourceLocation)
            #expect(e.message.contains(words), "\(e.description)", sourceLocation: sourceLocation)
        }
        // Intel 12|8 needs 3 bytes, Motorola 7|16 from bit 0 needs 3; the message has 2.
        check(" SG_ A : 12|8@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "needs 3 bytes; message M has 2")
        check(
            " SG_ A : 7|8@1+ (1,0) [0|0] \"\" X\n SG_ B : 0|16@0+ (1,0) [0|0] \"\" X\n", line: 5,
            containing: "Motorola) needs 3 bytes")
        check(" SG_ A 12|8@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "expected ':' after signal A")
        check(" SG_ A : 0|8@2+ (1,0) [0|0] \"\" X\n", line: 4, containing: "byte order")
        check(" SG_ A : 0|8@1* (1,0) [0|0] \"\" X\n", line: 4, containing: "expected + or -")
        check(" SG_ A : 0|8@1+ (1;0) [0|0] \"\" X\n", line: 4, containing: "expected ','")
        check(" SG_ A : 0|8@1+ (x,0) [0|0] \"\" X\n", line: 4, containing: "factor")
        check(" SG_ A : 0|8@1+ (1,0) [0|0] X\n", line: 4, containing: "quoted unit")
        check(" SG_ A : 0|0@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "length 0")
        check(" SG_ A : 0|65@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "length")
        check(" SG_ A : 0|8@1+ (1,0)\n", line: 4, containing: "before the end of the line")
        check(" SG_ A : 0|8@1+ (1,0) [0|0] \"\" X\n SG_ A : 8|8@1+ (1,0) [0|0] \"\" X\n", line: 5, containing: "twice")
        check(" SG_ A m1 : 0|8@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "no multiplexer")
        check(" SG_ A m1M : 0|8@1+ (1,0) [0|0] \"\" X\n", line: 4, containing: "extended multiplexing")
        check(" SG_ A M : 0|4@1+ (1,0) [0|0] \"\" X\n SG_ B M : 4|4@1+ (1,0) [0|0] \"\" X\n", line: 5, containing: "multiplexer already")
        check("BO_ 100 N: 1 X\n", line: 4, containing: "has the id of M (line 3)")
        check("BO_ 2048 N: 1 X\n", line: 4, containing: "does not fit 11 bits")
        check("BO_ 101 N: 65 X\n", line: 4, containing: "DLC")
        check("\nCM_ \"never closed;\n\n", line: 5, containing: "string not closed")
        check("\nCM_ BO_ 100 \"closed\"\n", line: 5, containing: "no ';'")
        check("\nVAL_ 100 Q 1 \"x\" ;\n", line: 5, containing: "does not have")
        check("\nVAL_ 999 Q 1 \"x\" ;\n", line: 5, containing: "no BO_ defines")
        check("\nVAL_ 100 Q 1 2 ;\n", line: 5, containing: "quoted text")
        check("\nFROB_ 1 2 3;\n", line: 5, containing: "unknown statement 'FROB_'")
        check("  12\n", line: 4, containing: "expected a keyword")
        #expect(dbcError(" SG_ A : 0|8@1+ (1,0) [0|0] \"\" X\n")?.message == "SG_ outside a message (it must follow a BO_ line)")
        #expect(dbcError("BO_ 1 A: 8 X\n SG_ A : 0|8@1+ (1,0) [0|0] \"\" X\nSIG_VALTYPE_ 1 A : 1;\n")?.line == 3)
    }

    @Test func toleratesSkippedSections() throws {
        let text = """
            VERSION "x"
            NS_ :
            \tNS_DESC_
            \tCM_
            \tBA_DEF_SGTYPE_
            BS_: 500 : 12,34
            BU_: A B C
            VAL_TABLE_ T 1 "one" 0 "zero" ;
            BO_ 3221225472 VECTOR__INDEPENDENT_SIG_MSG: 0 Vector__XXX
             SG_ Orphan : 0|8@1+ (1,0) [0|0] "" Vector__XXX
            BO_ 1 A: 8 A
             SG_ S : 0|8@1+ (1,0) [0|0] "" B C
            // a comment line
            CM_ SG_ 1 S "multi
            line ; comment with \\"quotes\\"";
            BA_DEF_ SG_ "Flag" ENUM "a","b";
            BA_ "Flag" SG_ 1 S 1;
            BA_ "GenMsgCycleTime" BO_ 1 20;
            VAL_ 3221225472 Orphan 1 "x" ;
            VAL_ EnvVar 1 "on" ;
            BO_TX_BU_ 1 : A,B;
            SIG_VALTYPE_ 1 S : 0;

            """
        let db = try parseDBC(text).get()
        #expect(db.messages.map(\.name) == ["A"])
        #expect(db.messages[0].cycleTimeMilliseconds == 20)
        #expect(db.messages[0].signals[0].receivers == ["B", "C"])
    }

    @Test func seededRandomRoundTrip() throws {
        var rng = SplitMix(seed: 77)
        for file in ["vehicle.dbc", "multiplexed.dbc", "wide.dbc"] {
            let db = TestFiles.dbc(file)
            for message in db.messages {
                for signal in message.signals where signal.valueType == .integer && signal.factor != 0 {
                    for _ in 0..<200 {
                        // A physical value on the signal's grid, inside what its bits hold.
                        let n = UInt64(signal.layout.length)
                        let bits = rng.next() & (n == 64 ? UInt64.max : (1 << n) - 1)
                        var data = [UInt8](repeating: 0, count: Int(message.length))
                        signal.layout.insert(bits, into: &data)
                        let physical = try #require(signal.decode(data)).physical
                        guard n <= 52 else { continue }
                        let raw = try #require(signal.encodeRaw(physical))
                        #expect(raw == bits, "\(message.name).\(signal.name) \(physical)")
                    }
                }
            }
        }
    }
}

extension DBCParserTests {
    /// A random physical value inside what a signal's bits hold, encoded and decoded back:
    /// equal within half a step (the encoder rounds to the nearest raw value).
    @Test func randomPhysicalValuesSurviveEncoding() throws {
        var rng = SplitMix(seed: 4242)
        var checked = 0
        for file in ["vehicle.dbc", "multiplexed.dbc", "wide.dbc"] {
            let db = TestFiles.dbc(file)
            for message in db.messages {
                for signal in message.signals where signal.valueType == .integer && signal.layout.length <= 52 {
                    let n = Double(signal.layout.length)
                    let lowRaw = signal.layout.isSigned ? -Double(sign: .plus, exponent: Int(n) - 1, significand: 1) : 0
                    let highRaw = signal.layout.isSigned ? -lowRaw - 1 : Double(sign: .plus, exponent: Int(n), significand: 1) - 1
                    for _ in 0..<500 {
                        let u = Double(rng.next() >> 11) / Double(1 << 53)
                        let physical = (lowRaw + u * (highRaw - lowRaw)) * signal.factor + signal.offset
                        let data = try #require(message.encode([(signal.name, physical)]))
                        let back = try #require(signal.decode(data)).physical
                        let tolerance = abs(signal.factor) / 2 * (1 + 1e-9) + abs(physical) * 1e-12
                        #expect(abs(back - physical) <= tolerance, "\(message.name).\(signal.name)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
    }
}

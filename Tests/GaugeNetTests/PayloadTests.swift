import Testing
@testable import GaugeNet

let zigbee2mqttSensor = #"""
    {"battery":100,"humidity":58.31,"linkquality":65,"temperature":21.42,"voltage":3025,"power_outage_count":2,"device_temperature":null,"state":"ON","update":{"installed_version":-1,"latest_version":-1,"state":null},"update_available":false}
    """#
let tasmotaSensor = #"""
    {"Time":"2024-03-01T12:00:05","ENERGY":{"TotalStartTime":"2023-05-01T10:00:00","Total":12.345,"Yesterday":0.456,"Today":0.123,"Period":0,"Power":45,"ApparentPower":50,"ReactivePower":21,"Factor":0.90,"Voltage":230,"Current":0.217}}
    """#
let tasmotaState = #"""
    {"Time":"2024-03-01T12:00:05","Uptime":"0T01:00:00","UptimeSec":3600,"Heap":26,"LoadAvg":19,"POWER":"ON","Wifi":{"AP":1,"SSId":"home","Channel":6,"RSSI":80,"Signal":-60}}
    """#

@Suite struct PayloadTests {
    func plain(_ s: String) -> PayloadValue { PayloadReader().read(Array(s.utf8)) }

    @Test func plainPayloads() {
        #expect(plain("21.5") == .value(21.5))
        #expect(plain("  -3.25e1 \r\n") == .value(-32.5))
        #expect(plain("0") == .value(0))
        #expect(plain("ON") == .value(1))
        #expect(plain("off") == .value(0))
        #expect(plain("True") == .value(1))
        #expect(plain("false") == .value(0))
        #expect(plain("unavailable") == .stale)
        #expect(plain("offline") == .stale)
        #expect(plain("") == .stale)
        #expect(plain(" \t\n") == .stale)
        #expect(plain("21.5 °C") == .unparsable)
        #expect(plain("online") == .unparsable)
        #expect(plain("1e999") == .unparsable)
        #expect(plain(#"{"temperature":21}"#) == .unparsable)
    }

    @Test func zigbee2mqtt() {
        let p = Array(zigbee2mqttSensor.utf8)
        #expect(PayloadReader(path: "temperature").read(p) == .value(21.42))
        #expect(PayloadReader(path: "battery").read(p) == .value(100))
        #expect(PayloadReader(path: "state").read(p) == .value(1))
        #expect(PayloadReader(path: "update_available").read(p) == .value(0))
        #expect(PayloadReader(path: "update.latest_version").read(p) == .value(-1))
        #expect(PayloadReader(path: "update.state").read(p) == .stale)
        #expect(PayloadReader(path: "device_temperature").read(p) == .stale)
        #expect(PayloadReader(path: "pressure").read(p) == .absent)
        #expect(PayloadReader(path: "update").read(p) == .unparsable)
        // Zigbee2MQTT's availability topic: plain "offline" or {"state":"offline"}.
        #expect(PayloadReader(path: "temperature").read(Array("offline".utf8)) == .stale)
        #expect(PayloadReader(path: "state").read(Array(#"{"state":"offline"}"#.utf8)) == .stale)
    }

    @Test func tasmota() {
        let sensor = Array(tasmotaSensor.utf8), state = Array(tasmotaState.utf8)
        #expect(PayloadReader(path: "ENERGY.Power").read(sensor) == .value(45))
        #expect(PayloadReader(path: "ENERGY.Factor").read(sensor) == .value(0.9))
        #expect(PayloadReader(path: "ENERGY.Total").read(sensor) == .value(12.345))
        #expect(PayloadReader(path: "Time").read(sensor) == .unparsable)
        #expect(PayloadReader(path: "energy.power").read(sensor) == .absent)
        #expect(PayloadReader(path: "POWER").read(state) == .value(1))
        #expect(PayloadReader(path: "Wifi.Signal").read(state) == .value(-60))
        // Tasmota's LWT topic.
        #expect(PayloadReader(path: "ENERGY.Power").read(Array("Offline".utf8)) == .stale)
    }

    @Test func homeAssistant() {
        // Home Assistant's statestream publishes a state per topic; unavailable entities say so.
        #expect(plain("unavailable") == .stale)
        #expect(PayloadReader(path: "state").read(Array(#"{"state":"unavailable"}"#.utf8)) == .stale)
        #expect(PayloadReader(path: "state").read(Array(#"{"state":"23.4"}"#.utf8)) == .value(23.4))
        #expect(PayloadReader(path: "").read(Array("7".utf8)) == .value(7))
    }

    @Test func badJSONIsUnparsable() {
        for bad in [#"{"a":1"#, #"{"a":01}"#, #"{"a":1,}"#, #"{"a":.5}"#, #"{'a':1}"#, #"{"a":1} x"#, #"{"a":NaN}"#, #"{"a":"\x"}"#] {
            #expect(PayloadReader(path: "a").read(Array(bad.utf8)) == .unparsable, "\(bad)")
        }
    }
}

@Suite struct JSONScannerTests {
    func items(_ s: String, limits: JSONScanner.Limits = JSONScanner.Limits()) throws(JSONError) -> [String] {
        var out: [String] = []
        try JSONScanner.scan(Array(s.utf8), limits: limits) { path, item in
            out.append(String(decoding: path, as: UTF8.self) + "=" + "\(item)")
        }
        return out
    }

    @Test func pathsAndItems() throws {
        let got = try items(#" {"a": {"b": [1, {"c": true}], "d": "x\"\u00e9\ud83c\udf21"}, "e": null, "f": [] } "#)
        #expect(
            got == [
                "=object", "a=object", "a.b=array", "a.b[]=number(1.0)", "a.b[]=object", "a.b[].c=bool(true)",
                #"a.d=string("x\"é🌡")"#, "e=null", "f=array",
            ])
        #expect(try items("-0.5e-2") == ["=number(-0.005)"])
        #expect(try items(#""""#) == [#"=string("")"#])
    }

    @Test func errors() {
        #expect(throws: JSONError.tooDeep) { try items(String(repeating: "[", count: 17) + String(repeating: "]", count: 17)) }
        #expect((try? items(String(repeating: "[", count: 16) + String(repeating: "]", count: 16)))?.count == 16)
        #expect(throws: JSONError.tooLarge) { try items("[1,2,3]", limits: JSONScanner.Limits(maxBytes: 6)) }
        #expect(throws: JSONError.unexpected(offset: 1)) { try items("01") == [] }
        #expect(throws: JSONError.badNumber(offset: 0)) { try items("-") }
        #expect(throws: JSONError.badNumber(offset: 0)) { try items("1.") }
        #expect(throws: JSONError.badNumber(offset: 0)) { try items("1e") }
        #expect(throws: JSONError.unexpected(offset: 2)) { try items("1 2") == [] }
        #expect(throws: JSONError.unexpected(offset: 0)) { try items("") }
        #expect(throws: JSONError.badString(offset: 0)) { try items(#""abc"#) }
        #expect(throws: JSONError.badString(offset: 1)) { try items("\"\u{1}\"") }
        #expect(throws: JSONError.badString(offset: 1)) { try items(#""\ud800""#) }
        #expect(throws: JSONError.badString(offset: 1)) { try items(#""\udc00""#) }
        #expect(throws: JSONError.badString(offset: 1)) { try items(#""\u12G4""#) }
        #expect(throws: JSONError.unexpected(offset: 0)) { try items("tru") }
        #expect(throws: JSONError.badUTF8(offset: 1)) { try JSONScanner.scan([0x22, 0xFF, 0x22]) { _, _ in } }
    }

    @Test func aDevicesOwnStateWordsAreOneAndZero() {
        let cover = PayloadReader(stateOn: "open", stateOff: "closed")
        #expect(cover.read(Array("open".utf8)) == .value(1))
        #expect(cover.read(Array("closed".utf8)) == .value(0))
        #expect(cover.read(Array("Open".utf8)) == .unparsable)  // exact, as Home Assistant compares
        #expect(cover.read(Array("ON".utf8)) == .value(1))  // the usual words still
        #expect(cover.read(Array("unavailable".utf8)) == .stale)
        let json = PayloadReader(path: "state", stateOn: "LOCK", stateOff: "UNLOCK")
        #expect(json.read(Array(#"{"state":"UNLOCK"}"#.utf8)) == .value(0))
        #expect(json.read(Array(#"{"state":"LOCK"}"#.utf8)) == .value(1))
        let numeric = PayloadReader(stateOn: "2", stateOff: "1")  // words win over numbers
        #expect(numeric.read(Array("2".utf8)) == .value(1) && numeric.read(Array("1".utf8)) == .value(0))
    }
}

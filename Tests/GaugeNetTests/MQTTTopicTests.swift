import Testing
@testable import GaugeNet

/// MQTT 3.1.1 §4.7's examples, and a few more edges.
@Suite struct MQTTTopicTests {
    @Test(arguments: [
        // §4.7.1.2 multi-level wildcard
        ("sport/tennis/player1/#", "sport/tennis/player1", true),
        ("sport/tennis/player1/#", "sport/tennis/player1/ranking", true),
        ("sport/tennis/player1/#", "sport/tennis/player1/score/wimbledon", true),
        ("sport/#", "sport", true),
        ("#", "sport/tennis", true),
        ("#", "/", true),
        // §4.7.1.3 single-level wildcard
        ("sport/tennis/+", "sport/tennis/player1", true),
        ("sport/tennis/+", "sport/tennis/player2", true),
        ("sport/tennis/+", "sport/tennis/player1/ranking", false),
        ("sport/+", "sport", false),
        ("sport/+", "sport/", true),
        ("+/+", "/finance", true),
        ("/+", "/finance", true),
        ("+", "/finance", false),
        ("+/tennis/#", "sport/tennis/player1", true),
        ("+/tennis/#", "sport/tennis", true),
        ("+/tennis/#", "sport/golf", false),
        // §4.7.2 topics beginning with $
        ("#", "$SYS/broker/uptime", false),
        ("+/monitor/Clients", "$SYS/monitor/Clients", false),
        ("$SYS/#", "$SYS/monitor/Clients", true),
        ("$SYS/monitor/+", "$SYS/monitor/Clients", true),
        ("+", "$SYS", false),
        ("a/#", "a/$b", true),
        // §4.7.3 case-sensitive, spaces allowed, empty levels are levels
        ("ACCOUNTS", "Accounts", false),
        ("Accounts payable", "Accounts payable", true),
        ("a//b", "a//b", true),
        ("a/+/b", "a//b", true),
        ("a/b", "a/b/", false),
        ("a/b/", "a/b", false),
        // Home Assistant, Zigbee2MQTT, Tasmota
        ("homeassistant/sensor/+/state", "homeassistant/sensor/outside_temp/state", true),
        ("zigbee2mqtt/+", "zigbee2mqtt/bridge/state", false),
        ("tele/+/SENSOR", "tele/tasmota_ABC123/SENSOR", true),
        ("tele/+/SENSOR", "tele/tasmota_ABC123/STATE", false),
        // Invalid filters match nothing.
        ("sport/tennis#", "sport/tennis#", false),
        ("sport/tennis/#/ranking", "sport/tennis/x/ranking", false),
        ("sport+", "sport+", false),
    ])
    func matching(_ filter: String, _ topic: String, _ expected: Bool) {
        #expect(MQTTTopic.matches(filter: filter, topic: topic) == expected)
    }

    @Test func filterValidity() {
        for valid in ["#", "+", "sport/#", "+/+", "/+", "+/tennis/#", "sport/tennis/+", "/", "$SYS/#", "a b/ü"] {
            #expect(MQTTTopic.validateFilter(valid) == nil, "\(valid)")
        }
        #expect(MQTTTopic.validateFilter("sport/tennis#") == .misplacedWildcard)
        #expect(MQTTTopic.validateFilter("sport/tennis/#/ranking") == .misplacedWildcard)
        #expect(MQTTTopic.validateFilter("sport+") == .misplacedWildcard)
        #expect(MQTTTopic.validateFilter("#/") == .misplacedWildcard)
        #expect(MQTTTopic.validateFilter("") == .empty)
        #expect(MQTTTopic.validateFilter("a\u{0}") == .badUTF8(.nullCharacter(offset: 1)))
        #expect(MQTTTopic.validateFilter(String(repeating: "a", count: 65536)) == .tooLong)
        #expect(MQTTTopic.validateName("a/b") == nil)
        #expect(MQTTTopic.validateName("a/+") == .wildcardInName)
        #expect(MQTTTopic.validateName("") == .empty)
    }

    @Test func utf8Validation() {
        func check(_ bytes: [UInt8]) -> MQTTUTF8Error? { bytes.withUnsafeBufferPointer { MQTTUTF8.validate($0) } }
        #expect(check(Array("température/℃/🌡".utf8)) == nil)
        #expect(check([0xF4, 0x8F, 0xBF, 0xBF]) == nil)  // U+10FFFF
        #expect(check([0xF4, 0x90, 0x80, 0x80]) == .malformed(offset: 0))  // past U+10FFFF
        #expect(check([0xE0, 0x80, 0xAF]) == .malformed(offset: 0))  // overlong
        #expect(check([0x61, 0xE2, 0x82]) == .malformed(offset: 1))  // truncated
        #expect(check([0x80]) == .malformed(offset: 0))  // lone continuation
        #expect(check([0x61, 0x62, 0x00]) == .nullCharacter(offset: 2))
    }
}

import Foundation
import Testing
@testable import GaugeNet

/// Two sessions with a real broker (mosquitto), as hex files in Broker/, one packet a line:
/// what the client sends (the encoder must produce exactly these bytes; scripts/e2e/mqtt_codec.py
/// sends them to a mosquitto it starts) and what the broker answered (recorded by that script
/// with --record, compared byte for byte when it runs; decoded here).
enum BrokerTranscript {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Broker")

    /// The publisher: a retained QoS 0 reading and a retained QoS 1 Zigbee2MQTT message.
    static let publisherSends: [MQTTPacket] = [
        .connect(MQTTConnect(clientID: "gaugepanel-e2e-pub", keepAlive: 30)),
        .publish(MQTTPublish(topic: "gaugepanel/e2e/temp", payload: Array(" 21.5\n".utf8), retain: true)),
        .publish(
            MQTTPublish(
                topic: "zigbee2mqtt/e2e_sensor", payload: Array(#"{"temperature":19.25,"state":"ON","battery":null}"#.utf8),
                qos: .atLeastOnce, packetID: 1, retain: true)),
        .disconnect,
    ]
    static let brokerToPublisher: [MQTTPacket] = [
        .connack(MQTTConnAck(returnCode: .accepted)),
        .puback(packetID: 1),
    ]
    /// The subscriber: both filters, the retained messages, a ping.
    static let subscriberSends: [MQTTPacket] = [
        .connect(MQTTConnect(clientID: "gaugepanel-e2e-sub", keepAlive: 30, username: "panel", password: Array("pw".utf8))),
        .subscribe(
            MQTTSubscribe(
                packetID: 10,
                filters: [
                    MQTTSubscription("gaugepanel/+/temp"),
                    MQTTSubscription("zigbee2mqtt/#", qos: .atLeastOnce),
                ])),
        .puback(packetID: 1),
        .pingreq,
        .disconnect,
    ]
    static let brokerToSubscriber: [MQTTPacket] = [
        .connack(MQTTConnAck(returnCode: .accepted)),
        .suback(MQTTSubAck(packetID: 10, results: [.granted(.atMostOnce), .granted(.atLeastOnce)])),
        .publish(MQTTPublish(topic: "gaugepanel/e2e/temp", payload: Array(" 21.5\n".utf8), retain: true)),
        .publish(
            MQTTPublish(
                topic: "zigbee2mqtt/e2e_sensor", payload: Array(#"{"temperature":19.25,"state":"ON","battery":null}"#.utf8),
                qos: .atLeastOnce, packetID: 1, retain: true)),
        .pingresp,
    ]

    static func hexLines(_ packets: [MQTTPacket]) throws -> String {
        try packets.map { p in
            try MQTTEncoder.encode(p).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
        .joined(separator: "\n") + "\n"
    }

    static func read(_ name: String) throws -> [[UInt8]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").map { line in
            let b = Array(line.utf8)
            return stride(from: 0, to: b.count, by: 2).map { UInt8(String(decoding: b[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        }
    }
}

@Suite struct BrokerTranscriptTests {
    @Test(arguments: [
        ("client-publisher.hex", BrokerTranscript.publisherSends),
        ("client-subscriber.hex", BrokerTranscript.subscriberSends),
    ])
    func clientBytesAreTheEncoders(_ file: String, _ packets: [MQTTPacket]) throws {
        let expected = try BrokerTranscript.hexLines(packets)
        if ProcessInfo.processInfo.environment["GAUGENET_WRITE_TRANSCRIPTS"] != nil {
            try expected.write(to: BrokerTranscript.folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let lines = try BrokerTranscript.read(file)
        #expect(lines == (try packets.map { try MQTTEncoder.encode($0) }))
    }

    @Test(arguments: [
        ("broker-to-publisher.hex", BrokerTranscript.brokerToPublisher),
        ("broker-to-subscriber.hex", BrokerTranscript.brokerToSubscriber),
    ])
    func brokerBytesDecode(_ file: String, _ packets: [MQTTPacket]) throws {
        let stream = try BrokerTranscript.read(file).flatMap { $0 }
        for cut in 0...stream.count {
            var d = MQTTDecoder(maximumPacketSize: 256)
            #expect(try d.feed(stream[0..<cut]) + d.feed(stream[cut...]) == packets)
        }
    }

    @Test func retainedPayloadsRead() throws {
        let publishes = BrokerTranscript.brokerToSubscriber.compactMap { p -> MQTTPublish? in
            if case .publish(let x) = p { x } else { nil }
        }
        #expect(PayloadReader().read(publishes[0].payload) == .value(21.5))
        #expect(PayloadReader(path: "temperature").read(publishes[1].payload) == .value(19.25))
        #expect(PayloadReader(path: "state").read(publishes[1].payload) == .value(1))
        #expect(PayloadReader(path: "battery").read(publishes[1].payload) == .stale)
        #expect(MQTTTopic.matches(filter: "zigbee2mqtt/#", topic: publishes[1].topic))
    }
}

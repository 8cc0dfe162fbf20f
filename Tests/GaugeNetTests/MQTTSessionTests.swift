import Testing
import GaugeSensors
@testable import GaugeNet

private let second = Nanoseconds.perSecond

private func bytes(_ p: MQTTPacket) -> [UInt8] { (try? MQTTEncoder.encode(p)) ?? [] }

/// What the session sent, decoded as a broker would.
private func packets(_ out: [UInt8]?) -> [MQTTPacket] {
    var d = MQTTDecoder(direction: .any)
    return (try? d.feed(out ?? [])) ?? []
}

private func publish(
    _ topic: String, _ payload: String, qos: MQTTQoS = .atMostOnce, id: UInt16? = nil,
    retain: Bool = false
) -> [UInt8] {
    bytes(.publish(MQTTPublish(topic: topic, payload: Array(payload.utf8), qos: qos, packetID: id, retain: retain)))
}

/// Feeds bytes; the samples emitted.
private func feed(_ s: inout MQTTSession, _ b: [UInt8], now: UInt64 = 0) -> [Sample] {
    var out: [Sample] = []
    s.receive(b, now: now) { out.append($0) }
    return out
}

private func channels(_ pairs: [(String, String, String?)]) -> [MQTTSession.Channel] {
    pairs.map { MQTTSession.Channel(name: $0.0, filter: $0.1, reader: PayloadReader(path: $0.2)) }
}

/// A session connected and subscribed at time 0 (CONNECT, CONNACK, SUBSCRIBE, SUBACK).
private func ready(_ chans: [MQTTSession.Channel], keepAlive: UInt16 = 30, qos: MQTTQoS = .atMostOnce) -> MQTTSession {
    var s = MQTTSession(.init(clientID: "gp", keepAlive: keepAlive, qos: qos, channels: chans))
    s.connectionReset()
    _ = s.outgoing(now: 0)
    _ = feed(&s, bytes(.connack(MQTTConnAck(returnCode: .accepted))))
    let sub = packets(s.outgoing(now: 0))
    if case .subscribe(let p)? = sub.first {
        _ = feed(&s, bytes(.suback(MQTTSubAck(packetID: p.packetID, results: p.filters.map { .granted($0.qos) }))))
    }
    return s
}

@Suite struct MQTTSessionTests {
    @Test func connectsThenSubscribesToEachFilterOnce() {
        let chans = channels([
            ("temp", "zigbee2mqtt/living", "temperature"), ("hum", "zigbee2mqtt/living", "humidity"),
            ("power", "tele/+/SENSOR", "ENERGY.Power"),
        ])
        var s = MQTTSession(
            .init(
                clientID: "gp", keepAlive: 30, username: "panel", password: Array("pw".utf8),
                qos: .atLeastOnce, channels: chans))
        #expect(s.outgoing(now: 0) == nil && s.deadline == nil)  // nothing before the connection opens
        s.connectionReset()
        let connect = s.outgoing(now: 5)
        // §3.1: "MQTT" level 4, flags user+password+clean session, keep-alive 30, then the strings.
        #expect(
            connect == [
                0x10, 25, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0xC2, 0, 30, 0, 2, 0x67, 0x70,
                0, 5, 0x70, 0x61, 0x6E, 0x65, 0x6C, 0, 2, 0x70, 0x77,
            ])
        #expect(s.phase == .connecting)
        #expect(s.deadline == 5 + 10 * second)  // CONNACK timeout
    }

    @Test func subscribeAfterConnAck() {
        let chans = channels([
            ("temp", "zigbee2mqtt/living", "temperature"), ("hum", "zigbee2mqtt/living", "humidity"),
            ("power", "tele/+/SENSOR", "ENERGY.Power"),
        ])
        var s = MQTTSession(.init(clientID: "gp", qos: .atLeastOnce, channels: chans))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        #expect(s.outgoing(now: 1) == nil)  // nothing until CONNACK
        _ = feed(&s, [0x20, 2, 0, 0])
        let sent = s.outgoing(now: 2)
        #expect(
            sent
                == bytes(
                    .subscribe(
                        MQTTSubscribe(
                            packetID: 1,
                            filters: [
                                MQTTSubscription("zigbee2mqtt/living", qos: .atLeastOnce), MQTTSubscription("tele/+/SENSOR", qos: .atLeastOnce),
                            ]))))
        #expect(s.phase == .subscribing)
        _ = feed(&s, [0x90, 4, 0, 1, 1, 1])
        #expect(s.phase == .ready && s.takeNotices().isEmpty)
    }

    @Test func publishQoS0AndQoS1WithPubAck() {
        var s = ready(channels([("boost", "car/boost", nil)]), qos: .atLeastOnce)
        #expect(feed(&s, publish("car/boost", "1.25")) == [Sample(name: "boost", value: 1.25, unit: .none)])
        #expect(s.outgoing(now: 1) == nil)  // QoS 0: no answer
        let two = publish("car/boost", " 0.5\n", qos: .atLeastOnce, id: 0x1234) + publish("car/boost", "ON", qos: .atLeastOnce, id: 7)
        #expect(feed(&s, two).map(\.value) == [0.5, 1])
        #expect(s.outgoing(now: 2) == [0x40, 2, 0x12, 0x34, 0x40, 2, 0, 7])
        // Retained messages are ordinary PUBLISHes.
        #expect(feed(&s, publish("car/boost", "2", retain: true)).map(\.value) == [2])
    }

    @Test func chunksSplitAnywhere() {
        var s = ready(channels([("t", "a/b", "x")]))
        let all = publish("a/b", #"{"x": 3}"#) + publish("a/b", #"{"x": 4}"#)
        var got: [Double] = []
        for b in all { s.receive([b], now: 0) { got.append($0.value) } }
        #expect(got == [3, 4])
    }

    @Test func wildcardsAndSeveralChannelsOnATopic() {
        var s = ready(
            channels([
                ("living", "home/living/temp", nil), ("any", "home/+/temp", nil), ("all", "home/#", nil),
                ("sys", "#", nil),
            ]))
        #expect(feed(&s, publish("home/living/temp", "21")).map(\.name) == ["living", "any", "all", "sys"])
        #expect(feed(&s, publish("home/kitchen/temp", "19")).map(\.name) == ["any", "all", "sys"])
        #expect(feed(&s, publish("home/kitchen/humidity", "40")).map(\.name) == ["all", "sys"])
        // §4.7.2: a leading wildcard does not match a `$` topic.
        #expect(feed(&s, publish("$SYS/broker/uptime", "5")).isEmpty)
        #expect(s.statistics.unmatched == 1)
    }

    @Test func jsonPathsPerChannel() {
        var s = ready(
            channels([
                ("temp", "zigbee2mqtt/sensor", "temperature"), ("bat", "zigbee2mqtt/sensor", "state.battery"),
                ("power", "tele/plug/SENSOR", "ENERGY.Power"),
            ]))
        let z = feed(&s, publish("zigbee2mqtt/sensor", #"{"temperature":21.5,"state":{"battery":87},"linkquality":60}"#))
        #expect(z == [Sample(name: "temp", value: 21.5, unit: .none), Sample(name: "bat", value: 87, unit: .none)])
        let t = feed(&s, publish("tele/plug/SENSOR", #"{"Time":"2024-01-01T00:00:00","ENERGY":{"Power":42,"Today":1.2}}"#))
        #expect(t == [Sample(name: "power", value: 42, unit: .none)])
        // A message without a channel's field says nothing about it.
        #expect(feed(&s, publish("zigbee2mqtt/sensor", #"{"temperature":22}"#)).map(\.name) == ["temp"])
    }

    @Test func unavailableIsNoValueAbsentIsNothingGarbageIsCounted() {
        var s = ready(channels([("load", "homelab/pi/load", nil), ("t", "z/s", "temperature")]))
        let stale = feed(&s, publish("homelab/pi/load", "unavailable"))
        #expect(stale.count == 1 && stale[0].name == "load" && stale[0].value.isNaN)
        #expect(feed(&s, publish("z/s", "offline")).first?.value.isNaN == true)
        #expect(feed(&s, publish("z/s", #"{"temperature":null}"#)).first?.value.isNaN == true)
        #expect(feed(&s, publish("z/s", #"{"other":1}"#)).isEmpty)
        #expect(feed(&s, publish("homelab/pi/load", "twelve")).isEmpty)
        #expect(feed(&s, publish("z/s", #"{"temperature":"#)).isEmpty)
        #expect(s.statistics.unparsable == 2 && s.droppedCount == 2)
        #expect(!s.wantsReconnect)  // a bad payload is not a bad connection
    }

    @Test func keepAlivePingsWhenIdleAndGivesUpWithoutAnswer() {
        var s = ready(channels([("a", "a", nil)]), keepAlive: 10)
        // The last packet (SUBSCRIBE) went out at 0: PINGREQ due at 10 s.
        #expect(s.deadline == 10 * second)
        #expect(s.outgoing(now: 9 * second) == nil)
        #expect(s.outgoing(now: 10 * second) == [0xC0, 0])
        #expect(s.deadline == 15 * second)  // keep-alive / 2 for an answer
        _ = feed(&s, [0xD0, 0], now: 11 * second)
        #expect(s.deadline == 20 * second)
        #expect(s.outgoing(now: 20 * second) == [0xC0, 0])
        // A PUBLISH answers as well as PINGRESP does: the broker is there.
        _ = feed(&s, publish("a", "1"), now: 21 * second)
        #expect(s.deadline == 30 * second)
        // A PUBACK counts as sent: the keep-alive starts again from it.
        var q = ready(channels([("a", "a", nil)]), keepAlive: 10, qos: .atLeastOnce)
        _ = feed(&q, publish("a", "1", qos: .atLeastOnce, id: 1), now: 4 * second)
        #expect(q.outgoing(now: 4 * second) == [0x40, 2, 0, 1])
        #expect(q.deadline == 14 * second)
        // No answer: at 1.5 keep-alive the connection is given up.
        #expect(q.outgoing(now: 14 * second) == [0xC0, 0])
        #expect(q.outgoing(now: 18 * second) == nil && !q.wantsReconnect)
        #expect(q.outgoing(now: 19 * second) == nil && q.wantsReconnect)
        #expect(q.takeNotices() == ["no answer to PINGREQ from the broker within 5 s; reconnecting"])
        #expect(q.deadline == nil && q.statistics.timeouts == 1)
        // Reopened: CONNECT again.
        q.connectionReset()
        #expect(!q.wantsReconnect)
        #expect(packets(q.outgoing(now: 30 * second)).first.map(MQTTSession.name) == "CONNECT")
    }

    @Test func keepAliveZeroNeverPings() {
        var s = ready(channels([("a", "a", nil)]), keepAlive: 0)
        #expect(s.deadline == nil)
        #expect(s.outgoing(now: 1000 * second) == nil)
    }

    @Test func refusedLoginSaysWhyOnceAndReconnects() {
        var s = MQTTSession(.init(clientID: "gp", username: "panel", password: Array("wrong".utf8), channels: channels([("a", "a", nil)])))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        _ = feed(&s, [0x20, 2, 0, 4])
        #expect(s.wantsReconnect && s.phase == .failed)
        let n = s.takeNotices()
        #expect(n.count == 1)
        #expect(n.first?.contains("bad user name or password") == true && n.first?.contains("password_file") == true)
        #expect(s.outgoing(now: 1) == nil && s.deadline == nil)
        #expect(s.reconnectDelay == 5 * second)
        // Refused again after the backoff: not logged again.
        s.connectionReset()
        _ = s.outgoing(now: 2)
        _ = feed(&s, [0x20, 2, 0, 4])
        #expect(s.wantsReconnect && s.takeNotices().isEmpty)
        #expect(s.reconnectDelay == 10 * second)
        // Not authorised names the keys too.
        s.connectionReset()
        _ = s.outgoing(now: 3)
        _ = feed(&s, [0x20, 2, 0, 5])
        #expect(s.takeNotices().first?.contains("not authorized") == true)
        // Accepted at last: no delay.
        s.connectionReset()
        _ = s.outgoing(now: 4)
        _ = feed(&s, [0x20, 2, 0, 0])
        #expect(s.reconnectDelay == nil && s.phase == .subscribing)
    }

    @Test func missingConnAckOrSubAckTimesOut() {
        var s = MQTTSession(.init(clientID: "gp", channels: channels([("a", "a", nil)])))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        #expect(s.outgoing(now: 10 * second - 1) == nil && !s.wantsReconnect)
        _ = s.outgoing(now: 10 * second)
        #expect(s.wantsReconnect && s.takeNotices() == ["no CONNACK from the broker within 10 s; reconnecting"])
        s.connectionReset()
        _ = s.outgoing(now: 20 * second)
        _ = feed(&s, [0x20, 2, 0, 0], now: 21 * second)
        _ = s.outgoing(now: 21 * second)
        #expect(s.deadline == 31 * second)
        _ = s.outgoing(now: 31 * second)
        #expect(s.wantsReconnect && s.takeNotices().first?.hasPrefix("no SUBACK") == true)
    }

    @Test func refusedSubscriptionIsSaid() {
        var s = MQTTSession(.init(clientID: "gp", channels: channels([("a", "a/#", nil), ("b", "secret/x", nil)])))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        _ = feed(&s, [0x20, 2, 0, 0])
        _ = s.outgoing(now: 0)
        _ = feed(&s, [0x90, 4, 0, 1, 0, 0x80])
        #expect(s.phase == .ready && !s.wantsReconnect)
        #expect(s.takeNotices().first?.contains("\"secret/x\"") == true)
    }

    @Test func garbageDropsTheConnection() {
        var s = ready(channels([("a", "a", nil)]))
        // A reserved packet type (0).
        #expect(feed(&s, [0x00, 0]).isEmpty)
        #expect(s.wantsReconnect && s.statistics.protocolErrors == 1 && s.droppedCount == 1)
        #expect(s.takeNotices().first?.hasPrefix("the broker sent a malformed packet") == true)
        // Fed again while failed: ignored until the reset.
        #expect(feed(&s, publish("a", "1")).isEmpty)
        s.connectionReset()
        _ = s.outgoing(now: 0)
        // A packet other than PUBLISH announced over the limit fails at its header, before
        // any body is kept.
        _ = feed(&s, [0x20, 2, 0, 0])
        _ = s.outgoing(now: 0)
        _ = feed(&s, [0x90, 3, 0, 1, 0])
        #expect(feed(&s, [0x90, 0xFF, 0xFF, 0x7F]).isEmpty)
        #expect(s.wantsReconnect && s.statistics.protocolErrors == 2)
        // Packets before the bad one in the same chunk are read.
        s.connectionReset()
        _ = s.outgoing(now: 0)
        _ = feed(&s, [0x20, 2, 0, 0])
        _ = s.outgoing(now: 0)
        #expect(feed(&s, [0x90, 3, 0, 1, 0] + publish("a", "7") + [0xF0, 0]).map(\.value) == [7])
        #expect(s.wantsReconnect)
    }

    /// Zigbee2MQTT's retained device list (tens to hundreds of KB) under the wildcard a
    /// user subscribes to: read past, acknowledged, said once with its topic; the
    /// connection stays and the sensors' values arrive.
    @Test func anOversizedRetainedMessageUnderAWildcardIsSkipped() throws {
        var s = ready(channels([("t", "zigbee2mqtt/#", "temperature")]), qos: .atLeastOnce)
        let devices = try MQTTEncoder.encode(
            .publish(
                MQTTPublish(
                    topic: "zigbee2mqtt/bridge/devices",
                    payload: [UInt8](repeating: 0x20, count: 32_000),
                    qos: .atLeastOnce, packetID: 7, retain: true)))
        let value = publish("zigbee2mqtt/living", #"{"temperature":21.5}"#)
        var samples: [Sample] = []
        for start in stride(from: 0, to: devices.count, by: 4096) {
            samples += feed(&s, Array(devices[start..<min(start + 4096, devices.count)]), now: second)
        }
        samples += feed(&s, value, now: second)
        #expect(samples.map(\.value) == [21.5] && !s.wantsReconnect && s.phase == .ready)
        #expect(packets(s.outgoing(now: second)) == [.puback(packetID: 7)])
        #expect(s.statistics.oversized == 1 && s.droppedCount == 1 && s.statistics.protocolErrors == 0)
        #expect(
            s.takeNotices() == [
                "skipped a message on \"zigbee2mqtt/bridge/devices\" of 32034 bytes, over the limit of 16384;"
                    + " such messages are read past and counted (the run summary's oversized), the connection kept"
            ])
        // Sent again (a reconnect, a republish): counted, not said again.
        _ = feed(&s, devices, now: 2 * second)
        #expect(s.statistics.oversized == 2 && s.takeNotices().isEmpty)
        #expect(s.summaryDetail == "oversized:2")
    }

    @Test func packetsOutOfOrderDropTheConnection() {
        var s = MQTTSession(.init(clientID: "gp", channels: channels([("a", "a", nil)])))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        #expect(feed(&s, publish("a", "1")).isEmpty)  // PUBLISH before CONNACK
        #expect(s.wantsReconnect && s.takeNotices() == ["the broker sent PUBLISH out of order; reconnecting"])
        var q = ready(channels([("a", "a", nil)]))
        _ = feed(&q, bytes(.publish(MQTTPublish(topic: "a", payload: [0x31], qos: .exactlyOnce, packetID: 3))))
        #expect(q.wantsReconnect)
    }

    @Test func floodOfUnreadTopicsKeepsNothing() {
        var s = ready(channels([("t", "sensors/+", "temperature")]), qos: .atLeastOnce)
        var emitted = 0
        // JSON without the field on a subscribed topic, and topics no filter matches.
        for i in 0..<5000 {
            s.receive(publish("sensors/\(i % 50)", #"{"humidity":40}"#), now: 0) { _ in emitted += 1 }
            s.receive(publish("other/\(i)", "1"), now: 0) { _ in emitted += 1 }
        }
        #expect(emitted == 0 && s.statistics.publishes == 10_000 && s.statistics.unmatched == 5000)
        // QoS 1 acknowledgements not taken by the connection are bounded: the session gives up.
        var q = ready(channels([("t", "t", nil)]), qos: .atLeastOnce)
        for i in 0..<20_000 where !q.wantsReconnect {
            _ = feed(&q, publish("t", "1", qos: .atLeastOnce, id: UInt16(i % 60_000 + 1)))
        }
        #expect(q.wantsReconnect)
        #expect(q.takeNotices().first?.contains("acknowledgements") == true)
    }

    @Test func randomBytesNeverTrapAndAlwaysRecover() {
        // A fixed xorshift sequence: broker bytes that are mostly garbage, some real packets.
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            x ^= x << 13
            x ^= x >> 7
            x ^= x << 17
            return x
        }
        var s = ready(channels([("a", "a/+", nil), ("b", "#", "v")]), keepAlive: 2, qos: .atLeastOnce)
        var now: UInt64 = 0, resets = 0
        for _ in 0..<5000 {
            now += next() % (300 * Nanoseconds.perMillisecond)
            var chunk: [UInt8]
            switch next() % 4 {
            case 0: chunk = publish("a/\(next() % 9)", "\(next() % 100)", qos: .atLeastOnce, id: UInt16(next() % 500 + 1))
            case 1: chunk = [0xD0, 0]
            default: chunk = (0..<Int(next() % 40)).map { _ in UInt8(truncatingIfNeeded: next()) }
            }
            s.receive(chunk, now: now) { sample in #expect(sample.name == "a" || sample.name == "b") }
            _ = s.outgoing(now: now)
            if s.wantsReconnect {
                resets += 1
                s.connectionReset()
                _ = s.outgoing(now: now)
                _ = feed(&s, [0x20, 2, 0, 0], now: now)
                _ = s.outgoing(now: now)
                _ = feed(&s, [0x90, 4, 0, 1, 1, 1], now: now)
                #expect(s.phase == .ready)
            }
        }
        #expect(resets > 100 && s.statistics.protocolErrors > 100 && s.statistics.samples > 100)
    }
}

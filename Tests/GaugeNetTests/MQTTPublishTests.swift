import Testing
import GaugeDecoders
@testable import GaugeNet

/// `MQTTSession.publish`: what a control's tap sends, as bytes on the wire.
@Suite struct MQTTPublishTests {
    private static func ready() -> MQTTSession {
        var s = MQTTSession(.init(clientID: "gp", keepAlive: 30, channels: [MQTTSession.Channel(name: "porch", filter: "home/porch/state")]))
        s.connectionReset()
        _ = s.outgoing(now: 0)
        var none: [Sample] = []
        s.receive((try? MQTTEncoder.encode(.connack(MQTTConnAck(returnCode: .accepted)))) ?? [], now: 0) { none.append($0) }
        _ = s.outgoing(now: 0)  // SUBSCRIBE, packet id 1
        s.receive((try? MQTTEncoder.encode(.suback(MQTTSubAck(packetID: 1, results: [.granted(.atMostOnce)])))) ?? [], now: 0) {
            none.append($0)
        }
        return s
    }

    /// QoS 0, retain false: §3.3's fixed header 0x30, the remaining length, the topic as a
    /// length-prefixed string, the payload as it is; no packet id.
    @Test func qos0Bytes() {
        var s = Self.ready()
        let queued = s.publish(topic: "home/bell/set", payload: Array("PRESS".utf8))
        #expect(queued)
        let expected: [UInt8] = [0x30, 20, 0, 13] + Array("home/bell/set".utf8) + Array("PRESS".utf8)
        let r2 = s.outgoing(now: 1)
        #expect(r2 == expected)
        #expect(s.statistics.sent == 1)
    }

    /// Retained and QoS 1: 0x33, a packet id after the topic (2 on: 1 is the SUBSCRIBE's);
    /// the broker's PUBACK is taken without a fuss.
    @Test func qos1RetainedBytesAndPuback() {
        var s = Self.ready()
        let r3 = s.publish(topic: "gp/state/page", payload: Array("main".utf8), qos: .atLeastOnce, retain: true)
        #expect(r3)
        let expected: [UInt8] = [0x33, 21, 0, 13] + Array("gp/state/page".utf8) + [0, 2] + Array("main".utf8)
        let r4 = s.outgoing(now: 1)
        #expect(r4 == expected)
        var samples: [Sample] = []
        s.receive((try? MQTTEncoder.encode(.puback(packetID: 2))) ?? [], now: 2) { samples.append($0) }
        #expect(s.phase == .ready && !s.wantsReconnect)
        let r5 = s.publish(topic: "a", payload: [], qos: .atLeastOnce)
        #expect(r5)
        let r6 = s.outgoing(now: 3)
        #expect(r6 == [0x32, 5, 0, 1, 0x61, 0, 3])
    }

    /// Without a connection: refused (a tap is not sent late). While it opens: queued
    /// after the CONNECT.
    @Test func refusedWithoutAConnection() {
        var s = MQTTSession(.init(clientID: "gp", channels: []))
        let r7 = s.publish(topic: "a", payload: [1])
        #expect(!r7)
        let nothing = s.outgoing(now: 0)
        #expect(nothing == nil)
        s.connectionReset()
        let r8 = s.publish(topic: "a", payload: [1])
        #expect(r8)
        let out = s.outgoing(now: 0) ?? []
        #expect(out.first == 0x10 && Array(out.suffix(6)) == [0x30, 4, 0, 1, 0x61, 1])
    }

    /// `listen`: a filter subscribed to with the channels', its messages kept whole, not
    /// read as values.
    @Test func listenedMessagesKeptWhole() {
        var s = MQTTSession(.init(clientID: "gp", channels: [MQTTSession.Channel(name: "porch", filter: "home/porch/state")]))
        s.listen("gp/k/set/+")
        s.connectionReset()
        _ = s.outgoing(now: 0)
        var samples: [Sample] = []
        s.receive((try? MQTTEncoder.encode(.connack(MQTTConnAck(returnCode: .accepted)))) ?? [], now: 0) { samples.append($0) }
        var d = MQTTDecoder(direction: .any)
        let sub = (try? d.feed(s.outgoing(now: 0) ?? [])) ?? []
        guard case .subscribe(let p)? = sub.first else {
            Issue.record("no SUBSCRIBE")
            return
        }
        #expect(p.filters.map { $0.filter } == ["home/porch/state", "gp/k/set/+"])
        let publish = (try? MQTTEncoder.encode(.publish(MQTTPublish(topic: "gp/k/set/page", payload: Array("numbers".utf8))))) ?? []
        s.receive(publish, now: 1) { samples.append($0) }
        #expect(samples.isEmpty)
        let got = s.takeMessages()
        #expect(got == [TopicMessage(topic: "gp/k/set/page", payload: Array("numbers".utf8))])
        #expect(s.takeMessages().isEmpty)
    }

    /// A topic with a wildcard cannot be published to: refused, and the connection given up
    /// (the board's loader refuses such a command_topic first).
    @Test func wildcardTopicRefused() {
        var s = Self.ready()
        let r10 = s.publish(topic: "home/+/set", payload: [1])
        #expect(!r10)
    }
}

import Testing
import GaugeSensors
@testable import GaugeNet

/// Every packet type the codec knows, with what makes each interesting.
let allPackets: [MQTTPacket] = [
    .connect(MQTTConnect(clientID: "gaugepanel-1", keepAlive: 30, cleanSession: true)),
    .connect(MQTTConnect(clientID: "", keepAlive: 0, cleanSession: true, username: "pi", password: Array("s3cret".utf8))),
    .connect(MQTTConnect(clientID: "dash", keepAlive: 65535, cleanSession: false, username: "ünï")),
    .connack(MQTTConnAck(sessionPresent: false, returnCode: .accepted)),
    .connack(MQTTConnAck(sessionPresent: true, returnCode: .accepted)),
    .connack(MQTTConnAck(returnCode: .notAuthorized)),
    .publish(MQTTPublish(topic: "zigbee2mqtt/living_room", payload: Array(#"{"temperature":21.5}"#.utf8))),
    .publish(MQTTPublish(topic: "tele/tasmota_1/SENSOR", payload: Array("x".utf8), qos: .atLeastOnce, packetID: 7, retain: true)),
    .publish(MQTTPublish(topic: "a/b", payload: [], qos: .atLeastOnce, packetID: 65535, duplicate: true)),
    .publish(MQTTPublish(topic: "big", payload: (0..<300).map { UInt8($0 & 0xFF) })),  // 2-byte length
    .puback(packetID: 1),
    .subscribe(
        MQTTSubscribe(
            packetID: 10,
            filters: [
                MQTTSubscription("homeassistant/+/+/state"),
                MQTTSubscription("zigbee2mqtt/#", qos: .atLeastOnce),
                MQTTSubscription("$SYS/broker/uptime"),
            ])),
    .suback(MQTTSubAck(packetID: 10, results: [.granted(.atMostOnce), .granted(.atLeastOnce), .failure])),
    .pingreq, .pingresp, .disconnect,
]

@Suite struct MQTTCodecTests {
    @Test func knownEncodings() throws {
        // §3.12, §3.13, §3.14: two bytes each.
        #expect(try MQTTEncoder.encode(.pingreq) == [0xC0, 0x00])
        #expect(try MQTTEncoder.encode(.pingresp) == [0xD0, 0x00])
        #expect(try MQTTEncoder.encode(.disconnect) == [0xE0, 0x00])
        #expect(try MQTTEncoder.encode(.puback(packetID: 0x1234)) == [0x40, 0x02, 0x12, 0x34])
        let connect = try MQTTEncoder.encode(.connect(MQTTConnect(clientID: "ab", keepAlive: 60)))
        #expect(connect == [0x10, 14, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0x02, 0, 60, 0, 2, 0x61, 0x62])
        let withUser = try MQTTEncoder.encode(
            .connect(
                MQTTConnect(
                    clientID: "c", keepAlive: 10, cleanSession: false,
                    username: "u", password: [0xFF])))
        #expect(withUser == [0x10, 19, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0xC0, 0, 10, 0, 1, 0x63, 0, 1, 0x75, 0, 1, 0xFF])
        let subscribe = try MQTTEncoder.encode(
            .subscribe(
                MQTTSubscribe(
                    packetID: 1,
                    filters: [
                        MQTTSubscription("a/b"), MQTTSubscription("c/#", qos: .atLeastOnce),
                    ])))
        #expect(subscribe == [0x82, 14, 0, 1, 0, 3, 0x61, 0x2F, 0x62, 0, 0, 3, 0x63, 0x2F, 0x23, 1])
        let publish = try MQTTEncoder.encode(
            .publish(
                MQTTPublish(
                    topic: "t", payload: [0x31], qos: .atLeastOnce,
                    packetID: 2, retain: true)))
        #expect(publish == [0x33, 6, 0, 1, 0x74, 0, 2, 0x31])
    }

    @Test func remainingLengthBoundaries() {
        // §2.2.3's table: the first and last value of each length.
        let cases: [(UInt32, [UInt8])] = [
            (0, [0x00]), (127, [0x7F]), (128, [0x80, 0x01]), (16_383, [0xFF, 0x7F]),
            (16_384, [0x80, 0x80, 0x01]), (2_097_151, [0xFF, 0xFF, 0x7F]),
            (2_097_152, [0x80, 0x80, 0x80, 0x01]), (268_435_455, [0xFF, 0xFF, 0xFF, 0x7F]),
        ]
        for (value, bytes) in cases {
            var out: [UInt8] = []
            MQTTEncoder.appendRemainingLength(value, to: &out)
            #expect(out == bytes, "\(value)")
        }
    }

    @Test(arguments: allPackets) func roundTrip(_ packet: MQTTPacket) throws {
        let bytes = try MQTTEncoder.encode(packet)
        var whole = MQTTDecoder(maximumPacketSize: 1024, direction: .any)
        #expect(try whole.feed(bytes) == [packet])
        // Split in two at every byte boundary, and one byte at a time.
        for cut in 0...bytes.count {
            var d = MQTTDecoder(maximumPacketSize: 1024, direction: .any)
            var got = try d.feed(bytes[0..<cut])
            #expect(got.isEmpty || cut == bytes.count)
            got += try d.feed(bytes[cut...])
            #expect(got == [packet], "cut at \(cut)")
            #expect(!d.isMidPacket)
        }
        var bytewise = MQTTDecoder(maximumPacketSize: 1024, direction: .any)
        var got: [MQTTPacket] = []
        for b in bytes { got += try bytewise.feed([b]) }
        #expect(got == [packet])
        #expect(bytewise.statistics.accepted == 1)
        #expect(bytewise.statistics.bytes == UInt64(bytes.count))
    }

    @Test func streamOfEveryPacketInRandomChunks() throws {
        var stream: [UInt8] = []
        for p in allPackets { stream += try MQTTEncoder.encode(p) }
        var seed: UInt32 = 12345
        for _ in 0..<50 {
            var d = MQTTDecoder(maximumPacketSize: 1024, direction: .any)
            var got: [MQTTPacket] = []
            var i = 0
            while i < stream.count {
                seed = seed &* 1_103_515_245 &+ 12345
                let n = min(Int(seed >> 16) % 40 + 1, stream.count - i)
                got += try d.feed(stream[i..<(i + n)])
                i += n
            }
            #expect(got == allPackets)
        }
    }

    @Test func clientDirectionRefusesClientPackets() throws {
        for p in [
            MQTTPacket.pingreq, .disconnect, .subscribe(MQTTSubscribe(packetID: 1, filters: [MQTTSubscription("a")])),
            .connect(MQTTConnect(clientID: "x")),
        ] {
            var d = MQTTDecoder()
            #expect(throws: MQTTDecodeError.unexpectedPacketType(p.type)) { try d.feed(try MQTTEncoder.encode(p)) }
        }
        var d = MQTTDecoder()
        for p in [
            MQTTPacket.connack(MQTTConnAck(returnCode: .accepted)), .pingresp, .puback(packetID: 3),
            .suback(MQTTSubAck(packetID: 1, results: [.failure])),
            .publish(MQTTPublish(topic: "a", payload: [1])),
        ] {
            #expect(try d.feed(try MQTTEncoder.encode(p)) == [p])
        }
    }

    @Test func connAckCodesAreNamed() throws {
        for code in UInt8(0)...5 {
            var d = MQTTDecoder()
            let got = try d.feed([0x20, 0x02, 0x00, code])
            #expect(got == [.connack(MQTTConnAck(returnCode: MQTTConnectReturnCode(rawValue: code)!))])
        }
        #expect(MQTTConnectReturnCode.badUsernameOrPassword.message == "bad user name or password")
        var d = MQTTDecoder()
        #expect(throws: MQTTDecodeError.badConnAck(6)) { try d.feed([0x20, 0x02, 0x00, 6]) }
        d = MQTTDecoder()
        #expect(throws: MQTTDecodeError.badConnAck(2)) { try d.feed([0x20, 0x02, 0x02, 0]) }
        d = MQTTDecoder()
        // Session present with a refusal is a protocol error (§3.2.2.2).
        #expect(throws: MQTTDecodeError.badConnAck(5)) { try d.feed([0x20, 0x02, 0x01, 5]) }
    }

    @Test func malformedInputIsRejected() {
        let cases: [([UInt8], MQTTDecodeError)] = [
            // A fifth Remaining Length byte.
            ([0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0x01], .malformedRemainingLength),
            ([0x30, 0x80, 0x80, 0x80, 0x80], .malformedRemainingLength),
            // Reserved types 0 and 15.
            ([0x00, 0x00], .unexpectedPacketType(0)),
            ([0xF0, 0x00], .unexpectedPacketType(15)),
            // Flags.
            ([0x21, 0x02, 0, 0], .badFlags(type: 2, flags: 1)),
            ([0xD2, 0x00], .badFlags(type: 13, flags: 2)),
            ([0x36, 0x03, 0, 1, 0x61], .badQoS),
            ([0x38, 0x03, 0, 1, 0x61], .badFlags(type: 3, flags: 8)),  // DUP with QoS 0
            // Lengths.
            ([0x20, 0x03, 0, 0, 0], .badLength(type: 2)),
            ([0xD0, 0x01, 0], .badLength(type: 13)),
            ([0x40, 0x01, 1], .badLength(type: 4)),
            ([0x30, 0x02, 0, 5], .badLength(type: 3)),  // topic longer than the packet
            ([0x32, 0x04, 0, 1, 0x61, 0], .badLength(type: 3)),  // QoS 1 without a packet id
            ([0x90, 0x02, 0, 1], .emptyList),
            // Packet ids.
            ([0x40, 0x02, 0, 0], .zeroPacketID),
            ([0x32, 0x05, 0, 1, 0x61, 0, 0], .zeroPacketID),
            // SUBACK codes.
            ([0x90, 0x03, 0, 1, 3], .badSubscribeReturnCode(3)),
            ([0x90, 0x03, 0, 1, 0x81], .badSubscribeReturnCode(0x81)),
            // Topics: malformed UTF-8, U+0000, wildcards, empty.
            ([0x30, 0x04, 0, 2, 0xC3, 0x28], .badUTF8(.malformed(offset: 0))),
            ([0x30, 0x04, 0, 2, 0xC0, 0x80], .badUTF8(.malformed(offset: 0))),  // overlong NUL
            ([0x30, 0x05, 0, 3, 0xED, 0xA0, 0x80], .badUTF8(.malformed(offset: 0))),  // a surrogate
            ([0x30, 0x04, 0, 2, 0x61, 0xF8], .badUTF8(.malformed(offset: 1))),
            ([0x30, 0x03, 0, 1, 0x00], .badUTF8(.nullCharacter(offset: 0))),
            ([0x30, 0x05, 0, 3, 0x61, 0x2F, 0x2B], .badTopic(.wildcardInName)),
            ([0x30, 0x03, 0, 1, 0x23], .badTopic(.wildcardInName)),
            ([0x30, 0x02, 0, 0], .badTopic(.empty)),
        ]
        for (bytes, error) in cases {
            var d = MQTTDecoder()
            #expect(throws: error, "\(bytes)") { try d.feed(bytes) }
            // Failed: it stays failed until reset().
            #expect(throws: error) { try d.feed([0xD0, 0x00]) }
            d.reset()
            #expect((try? d.feed([0xD0, 0x00])) == [.pingresp])
        }
    }

    @Test func anyDirectionMalformedClientPackets() {
        let cases: [([UInt8], MQTTDecodeError)] = [
            ([0x80, 0x02, 0, 1], .badFlags(type: 8, flags: 0)),
            ([0x82, 0x02, 0, 1], .emptyList),
            ([0x82, 0x06, 0, 1, 0, 1, 0x61, 3], .badQoS),
            ([0x82, 0x07, 0, 1, 0, 2, 0x61, 0x23, 0], .badTopic(.misplacedWildcard)),
            ([0x10, 0x0C, 0, 4, 0x4D, 0x51, 0x54, 0x54, 3, 2, 0, 0, 0, 0], .unsupportedProtocol),
            ([0x10, 0x0C, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0x06, 0, 0, 0, 0], .unsupportedConnectFlags(0x06)),
            ([0x10, 0x0C, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0x42, 0, 0, 0, 0], .unsupportedConnectFlags(0x42)),
            ([0x10, 0x0D, 0, 4, 0x4D, 0x51, 0x54, 0x54, 4, 0x02, 0, 0, 0, 0, 9], .badLength(type: 1)),
        ]
        for (bytes, error) in cases {
            var d = MQTTDecoder(direction: .any)
            #expect(throws: error, "\(bytes)") { try d.feed(bytes) }
        }
    }

    @Test func anOversizedPublishIsReadPastNotKept() throws {
        var d = MQTTDecoder(maximumPacketSize: 100)
        // 2 + 98 = 100 bytes: accepted.
        let ok = try MQTTEncoder.encode(.publish(MQTTPublish(topic: "t", payload: [UInt8](repeating: 1, count: 95))))
        #expect(ok.count == 100)
        #expect(try d.feed(ok).count == 1)
        // 101 bytes: streamed past, reported once its last byte is read, and the next packet decodes.
        let big = try MQTTEncoder.encode(.publish(MQTTPublish(topic: "t", payload: [UInt8](repeating: 1, count: 96))))
        let after = try MQTTEncoder.encode(.publish(MQTTPublish(topic: "u", payload: Array("21.5".utf8))))
        let stream = big + after
        for cut in [1, 2, 3, 50, 100, 101, 102, stream.count] {
            var e = MQTTDecoder(maximumPacketSize: 100)
            var got: [MQTTPacket] = [], skipped: [MQTTSkippedPublish] = []
            try e.feed(stream[0..<cut], into: { got.append($0) }, skipped: { skipped.append($0) })
            #expect(e.isMidPacket == (cut < big.count || (cut > big.count && cut < stream.count)), "cut at \(cut)")
            try e.feed(stream[cut...], into: { got.append($0) }, skipped: { skipped.append($0) })
            #expect(skipped == [MQTTSkippedPublish(size: 101, topic: "t", qos: .atMostOnce, packetID: nil)], "cut at \(cut)")
            #expect(got.count == 1 && e.statistics.overlong == 1 && e.failure == nil, "cut at \(cut)")
        }
        // QoS 1: its identifier is read for the PUBACK.
        var q = MQTTDecoder(maximumPacketSize: 100)
        let big1 = try MQTTEncoder.encode(
            .publish(
                MQTTPublish(
                    topic: "zigbee2mqtt/bridge/devices",
                    payload: [UInt8](repeating: 0x7B, count: 5000),
                    qos: .atLeastOnce, packetID: 0x1234, retain: true)))
        var skipped: [MQTTSkippedPublish] = []
        for chunk in stride(from: 0, to: big1.count, by: 7) {
            try q.feed(big1[chunk..<min(chunk + 7, big1.count)], into: { _ in }, skipped: { skipped.append($0) })
        }
        #expect(
            skipped == [
                MQTTSkippedPublish(
                    size: UInt32(big1.count), topic: "zigbee2mqtt/bridge/devices",
                    qos: .atLeastOnce, packetID: 0x1234)
            ])
        // A topic over the report's limit is not kept (the packet id past it still is).
        let longTopic = String(repeating: "a", count: MQTTDecoder.skippedTopicLimit + 1)
        let big2 = try MQTTEncoder.encode(
            .publish(
                MQTTPublish(
                    topic: longTopic, payload: [UInt8](repeating: 1, count: 200),
                    qos: .atLeastOnce, packetID: 9)))
        skipped = []
        try q.feed(big2, into: { _ in }, skipped: { skipped.append($0) })
        #expect(skipped == [MQTTSkippedPublish(size: UInt32(big2.count), topic: nil, qos: .atLeastOnce, packetID: 9)])
    }

    @Test func aHugeAnnouncementIsNeverAllocated() throws {
        // A 256 MB PUBLISH: read past a megabyte at a time with nothing kept.
        var e = MQTTDecoder()
        var skipped = 0
        try e.feed([0x30, 0xFF, 0xFF, 0xFF, 0x7F, 0, 1, 0x74], into: { _ in }, skipped: { _ in skipped += 1 })
        let megabyte = [UInt8](repeating: 0, count: 1 << 20)
        for _ in 0..<255 { try e.feed(megabyte, into: { _ in }, skipped: { _ in skipped += 1 }) }
        #expect(skipped == 0 && e.isMidPacket)
        try e.feed(megabyte[0..<(268_435_455 - 3 - 255 << 20)], into: { _ in }, skipped: { _ in skipped += 1 })
        #expect(skipped == 1 && !e.isMidPacket)
        // Any other packet over the limit is a protocol error, failed at its header.
        var f = MQTTDecoder(maximumPacketSize: 100)
        #expect(throws: MQTTDecodeError.packetTooLarge(size: 268_435_460, limit: 100)) {
            try f.feed([0x90, 0xFF, 0xFF, 0xFF, 0x7F])
        }
        #expect(f.statistics.overlong == 1)
    }

    @Test func packetsBeforeAnErrorAreDelivered() {
        var d = MQTTDecoder()
        var got: [MQTTPacket] = []
        #expect(throws: MQTTDecodeError.unexpectedPacketType(0)) {
            try d.feed([0xD0, 0x00, 0xD0, 0x00, 0x00, 0x00]) { got.append($0) }
        }
        #expect(got == [.pingresp, .pingresp])
        #expect(d.failure == .unexpectedPacketType(0))
    }

    @Test func encoderRefusesInvalidPackets() {
        #expect(throws: MQTTEncodeError.badTopic(.wildcardInName)) {
            try MQTTEncoder.encode(.publish(MQTTPublish(topic: "a/+", payload: [])))
        }
        #expect(throws: MQTTEncodeError.badTopic(.misplacedWildcard)) {
            try MQTTEncoder.encode(.subscribe(MQTTSubscribe(packetID: 1, filters: [MQTTSubscription("a/#/b")])))
        }
        #expect(throws: MQTTEncodeError.noTopicFilters) {
            try MQTTEncoder.encode(.subscribe(MQTTSubscribe(packetID: 1, filters: [])))
        }
        #expect(throws: MQTTEncodeError.zeroPacketID) {
            try MQTTEncoder.encode(.subscribe(MQTTSubscribe(packetID: 0, filters: [MQTTSubscription("a")])))
        }
        #expect(throws: MQTTEncodeError.zeroPacketID) {
            try MQTTEncoder.encode(.publish(MQTTPublish(topic: "a", payload: [], qos: .atLeastOnce)))
        }
        #expect(throws: MQTTEncodeError.packetIDWithQoS0) {
            try MQTTEncoder.encode(.publish(MQTTPublish(topic: "a", payload: [], packetID: 3)))
        }
        #expect(throws: MQTTEncodeError.passwordWithoutUsername) {
            try MQTTEncoder.encode(.connect(MQTTConnect(clientID: "x", password: [1])))
        }
        #expect(throws: MQTTEncodeError.badUTF8) {
            try MQTTEncoder.encode(.connect(MQTTConnect(clientID: "a\u{0}b")))
        }
        #expect(throws: MQTTEncodeError.stringTooLong) {
            try MQTTEncoder.encode(.connect(MQTTConnect(clientID: String(repeating: "x", count: 65536))))
        }
    }
}

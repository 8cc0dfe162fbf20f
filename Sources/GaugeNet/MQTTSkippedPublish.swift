/// A PUBLISH over the decoder's size limit, read past without being kept: a retained
/// device list under a wildcard (Zigbee2MQTT's `bridge/devices`), a camera snapshot. What
/// is known of it is what a report and an acknowledgement need.
public struct MQTTSkippedPublish: Sendable, Equatable {
    /// The whole packet's size in bytes, fixed header included.
    public var size: UInt32
    /// Its topic, when it is at most `MQTTDecoder.skippedTopicLimit` bytes of UTF-8.
    public var topic: String?
    public var qos: MQTTQoS
    /// QoS 1: the identifier to acknowledge (PUBACK), so the broker does not send it again.
    public var packetID: UInt16?

    public init(size: UInt32, topic: String?, qos: MQTTQoS, packetID: UInt16?) {
        self.size = size
        self.topic = topic
        self.qos = qos
        self.packetID = packetID
    }

    /// Reads the body a byte at a time: the topic's length, the topic (kept up to the
    /// limit), the packet identifier when the QoS has one; the payload is only counted.
    struct Reader: Sendable {
        let size: UInt32
        let qos: MQTTQoS
        /// Body bytes not yet read.
        var remaining: UInt32
        /// Body bytes read so far (the fields' positions).
        var position: UInt32 = 0
        var topicLength: UInt32 = 0
        var topic: [UInt8] = []
        var packetID: UInt16 = 0

        init(size: UInt32, bodyLength: UInt32, flags: UInt8) {
            self.size = size
            qos = MQTTQoS(rawValue: (flags >> 1) & 3) ?? .atMostOnce
            remaining = bodyLength
        }

        /// Takes the next body byte; the report once the last one is read.
        mutating func take(_ b: UInt8) -> MQTTSkippedPublish? {
            switch position {
            case 0: topicLength = UInt32(b) << 8
            case 1: topicLength |= UInt32(b)
            default:
                let field = position - 2
                if field < topicLength {
                    if topic.count < MQTTDecoder.skippedTopicLimit { topic.append(b) }
                } else if qos != .atMostOnce, field - topicLength < 2 {
                    packetID = packetID << 8 | UInt16(b)
                }
            }
            position &+= 1
            remaining &-= 1
            return remaining == 0 ? report : nil
        }

        /// How many of `available` bytes are payload that can be skipped at once: none
        /// while the topic or the packet identifier is still being read, nor the last
        /// byte (`take` reports the packet).
        func payloadBytesToSkip(available: Int) -> Int {
            let fields = 2 + topicLength + (qos == .atMostOnce ? 0 : 2)
            guard position >= 2, position >= fields, remaining > 1 else { return 0 }
            return min(available, Int(remaining - 1))
        }

        /// Skips `count` payload bytes (never the last one).
        mutating func skip(_ count: Int) {
            position &+= UInt32(count)
            remaining &-= UInt32(count)
        }

        private var report: MQTTSkippedPublish {
            let whole = topicLength > 0 && topicLength <= UInt32(MQTTDecoder.skippedTopicLimit) && position >= 2 + topicLength
            let valid = whole && topic.withUnsafeBufferPointer { MQTTTopic.validateName($0) } == nil
            let name = valid ? String(decoding: topic, as: UTF8.self) : nil
            let hasID = qos != .atMostOnce && position >= 4 + topicLength && packetID != 0
            return MQTTSkippedPublish(size: size, topic: name, qos: qos, packetID: hasID ? packetID : nil)
        }
    }
}

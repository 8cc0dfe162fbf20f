import GaugeDecoders

// MQTTSession's own methods answer StreamProtocol's requirements; this names the kind and
// the counter the run summary shows for an MQTT source.
extension MQTTSession: StreamProtocol {
    public static var kindName: String? { "mqtt" }
    public var summaryDetail: String { statistics.oversized > 0 ? "oversized:\(statistics.oversized)" : "" }
    public mutating func publish(_ message: TopicMessage) -> Bool {
        publish(topic: message.topic, payload: message.payload, qos: message.qos == 1 ? .atLeastOnce : .atMostOnce, retain: message.retain)
    }
    public mutating func listen(to filter: String) -> Bool {
        listen(filter)
        return true
    }
}

// What the panel sends and listens to on the connection: a control's commands, the
// remote control's topics.
extension MQTTSession {
    /// Queues a PUBLISH (QoS 0 or 1; a QoS 1 one's PUBACK is taken and not waited for,
    /// nothing is sent again) — after the CONNECT when the connection is still opening
    /// (§3.1.4 lets a client send before CONNACK); false without a connection, or when it
    /// cannot be queued (an invalid topic, the outbox full: the connection is then given up).
    public mutating func publish(topic: String, payload: [UInt8], qos: MQTTQoS = .atMostOnce, retain: Bool = false) -> Bool {
        guard phase != .idle, phase != .failed, qos != .exactlyOnce else { return false }
        var id: UInt16?
        if qos == .atLeastOnce {
            // 1 is the SUBSCRIBE's; publishes count on from 2.
            publishPacketID = publishPacketID < 2 || publishPacketID == .max ? 2 : publishPacketID &+ 1
            id = publishPacketID
        }
        guard queue(.publish(MQTTPublish(topic: topic, payload: payload, qos: qos, packetID: id, retain: retain))) else { return false }
        statistics.sent &+= 1
        return true
    }

    /// Also subscribes to `filter` (at the next connection) and keeps its messages whole
    /// for `takeMessages` (the panel's remote control), up to `receivedLimit` between calls.
    public mutating func listen(_ filter: String) {
        guard !listened.contains(filter) else { return }
        listened.append(filter)
        if !filters.contains(filter) { filters.append(filter) }
    }

    /// The messages on the listened filters since the last call.
    public mutating func takeMessages() -> [TopicMessage] {
        defer { received = [] }
        return received
    }
}

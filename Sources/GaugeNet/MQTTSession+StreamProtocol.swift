import GaugeDecoders

// MQTTSession's own methods answer StreamProtocol's requirements; this names the kind and
// the counter the run summary shows for an MQTT source.
extension MQTTSession: StreamProtocol {
    public static var kindName: String? { "mqtt" }
    public var summaryDetail: String { statistics.oversized > 0 ? "oversized:\(statistics.oversized)" : "" }
    public mutating func publish(_ message: OutgoingMessage) -> Bool {
        publish(topic: message.topic, payload: message.payload, qos: message.qos == 1 ? .atLeastOnce : .atMostOnce, retain: message.retain)
    }
}

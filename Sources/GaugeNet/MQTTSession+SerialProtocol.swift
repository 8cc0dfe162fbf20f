import GaugeDecoders

// MQTTSession's own methods answer SerialProtocol's requirements; this names the kind and
// the counter the run summary shows for an MQTT source.
extension MQTTSession: SerialProtocol {
    public static var kindName: String? { "mqtt" }
    public var summaryDetail: String { statistics.oversized > 0 ? "oversized:\(statistics.oversized)" : "" }
}

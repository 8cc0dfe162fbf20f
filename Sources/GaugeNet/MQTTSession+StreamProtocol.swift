import GaugeDecoders

// MQTTSession's own methods answer StreamProtocol's requirements; this names the kind and
// the counter the run summary shows for an MQTT source.
extension MQTTSession: StreamProtocol {
    public static var kindName: String? { "mqtt" }
    public var summaryDetail: String { statistics.oversized > 0 ? "oversized:\(statistics.oversized)" : "" }
}

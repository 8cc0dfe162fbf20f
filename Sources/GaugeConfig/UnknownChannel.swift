import GaugeDecoders

/// What every key that names a channel (a trigger's, a counter's, the log's, a computed
/// channel's) says of a name no channel has, with the nearest one there is.
func unknownChannelMessage(_ name: String, among channels: [String]) -> String {
    let near = NameSuggestion.nearest(to: name, in: channels).map { "; did you mean \"\($0)\"?" } ?? ""
    return "no channel named \"\(name.escapingControls)\"\(near)"
}

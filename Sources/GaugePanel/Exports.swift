// A panel is driven by its loop: whoever runs one (the command line, the firmware,
// tests) uses the loop's types with it.
@_exported import GaugeLoop

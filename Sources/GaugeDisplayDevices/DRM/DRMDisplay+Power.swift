import GaugeDisplay
import GaugeSystem

extension DRMDisplay {
    /// DPMS through the connector: off stops the CRTC (the monitor goes to standby); on
    /// starts it again with the scan-out buffer it had.
    public func setPower(on: Bool) -> DisplayPower {
        do throws(DisplayError) {
            try finish()  // no flip in flight across the change
        } catch {
            return .failed("\(error)")
        }
        do throws(Errno) {
            try system.drmSetConnectorPower(fd, connector: connector.id, on: on)
            return .done
        } catch {
            return error == .notSupported ? .unsupported : .failed("DPMS \(on ? "on" : "off") on \(connector.name): \(error)")
        }
    }
}

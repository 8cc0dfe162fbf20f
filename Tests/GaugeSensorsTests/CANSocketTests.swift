import Testing
import GaugeCAN
import GaugeSystem
@testable import GaugeSensors

/// The real SocketCAN calls on a host without a CAN interface: what they answer is what
/// the panel logs (the kernel-VM harness tests a real vcan bus).
@Suite struct CANSocketTests {
    @Test func namesThatCannotBeInterfacesAreRefusedBeforeTheKernel() {
        let sys = LinuxSensorSystemCalls()
        let options = CANSocketOptions(filters: [.standard(0x7E8)])
        #expect(throws: Errno.invalidArgument) { try sys.openCAN("", options: options) }
        #expect(throws: Errno.invalidArgument) { try sys.openCAN("a-name-of-16-byt", options: options) }
        #expect(throws: Errno.operationNotSupportedByDevice) { try sys.openCAN("gpnocan0", options: options) }
        let many = CANSocketOptions(filters: Array(repeating: .standard(1), count: CANFilter.maxCount + 1))
        #expect(throws: Errno.invalidArgument) { try sys.openCAN("lo", options: many) }
    }

    /// `lo` exists but is no CAN interface: the socket, filters and error filter are set up
    /// for real (or the kernel has no SocketCAN at all), and bind refuses.
    @Test func aNonCANInterfaceIsRefusedAtBind() {
        let sys = LinuxSensorSystemCalls()
        let options = CANSocketOptions(filters: [.standard(0x5E8), .extended(0x18DA_F100, mask: 0x1FFF_FF00)])
        let error = #expect(throws: (any Error).self) { try sys.openCAN("lo", options: options) }
        if let error {
            let e = error as? Errno
            // EINVAL: bind to a non-CAN device; EAFNOSUPPORT (97): no can/can_raw module.
            #expect(e == .invalidArgument || e == Errno(97) || e == .operationNotSupportedByDevice, "\(String(describing: e))")
        }
    }

    @Test func filterMasksTellStandardFromExtended() {
        #expect(CANFilter.standard(0x7E8) == CANFilter(id: 0x7E8, mask: 0xC000_07FF))
        #expect(CANFilter.extended(0x18DA_F100, mask: 0x1FFF_FF00) == CANFilter(id: 0x98DA_F100, mask: 0xDFFF_FF00))
        let f = CANRawFrame(canID: 0x98DA_F110, data: [1])
        #expect(f.isExtended && !f.isRemote && !f.isError)
        #expect(f.identifier == 0x18DA_F110)
        #expect(CANRawFrame(canID: 0x7E8).identifier == 0x7E8)
    }
}

import XCTest
import GaugeCAN
import GaugeSystem
@testable import GaugeSensors

/// The real SocketCAN calls on a host without a CAN interface: what they answer is what
/// the panel logs (the kernel-VM harness tests a real vcan bus).
final class CANSocketTests: XCTestCase {
    func testNamesThatCannotBeInterfacesAreRefusedBeforeTheKernel() {
        let sys = LinuxSensorSystemCalls()
        let options = CANSocketOptions(filters: [.standard(0x7E8)])
        XCTAssertThrowsError(try sys.openCAN("", options: options)) { XCTAssertEqual($0 as? Errno, .invalidArgument) }
        XCTAssertThrowsError(try sys.openCAN("a-name-of-16-byt", options: options)) { XCTAssertEqual($0 as? Errno, .invalidArgument) }
        XCTAssertThrowsError(try sys.openCAN("gpnocan0", options: options)) { XCTAssertEqual($0 as? Errno, .operationNotSupportedByDevice) }
        let many = CANSocketOptions(filters: Array(repeating: .standard(1), count: CANFilter.maxCount + 1))
        XCTAssertThrowsError(try sys.openCAN("lo", options: many)) { XCTAssertEqual($0 as? Errno, .invalidArgument) }
    }

    /// `lo` exists but is no CAN interface: the socket, filters and error filter are set up
    /// for real (or the kernel has no SocketCAN at all), and bind refuses.
    func testANonCANInterfaceIsRefusedAtBind() {
        let sys = LinuxSensorSystemCalls()
        let options = CANSocketOptions(filters: [.standard(0x5E8), .extended(0x18DA_F100, mask: 0x1FFF_FF00)])
        XCTAssertThrowsError(try sys.openCAN("lo", options: options)) { error in
            let e = error as? Errno
            // EINVAL: bind to a non-CAN device; EAFNOSUPPORT (97): no can/can_raw module.
            XCTAssertTrue(e == .invalidArgument || e == Errno(97) || e == .operationNotSupportedByDevice, "\(String(describing: e))")
        }
    }

    func testFilterMasksTellStandardFromExtended() {
        XCTAssertEqual(CANFilter.standard(0x7E8), CANFilter(id: 0x7E8, mask: 0xC000_07FF))
        XCTAssertEqual(CANFilter.extended(0x18DA_F100, mask: 0x1FFF_FF00), CANFilter(id: 0x98DA_F100, mask: 0xDFFF_FF00))
        let f = CANRawFrame(canID: 0x98DA_F110, data: [1])
        XCTAssertTrue(f.isExtended && !f.isRemote && !f.isError)
        XCTAssertEqual(f.identifier, 0x18DA_F110)
        XCTAssertEqual(CANRawFrame(canID: 0x7E8).identifier, 0x7E8)
    }
}

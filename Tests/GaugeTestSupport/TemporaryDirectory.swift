import GaugeSystem
import Glibc

/// A fresh directory under /tmp for one test, removed by the caller's `defer`.
public func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/gaugedisplay-test-XXXXXX".utf8CString)
    let path = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(cString: path!)
}

public func removeDirectory(_ path: String) {
    for name in (try? SystemCall.listDirectory(path)) ?? [] { unlink(path + "/" + name) }
    rmdir(path)
}

import GaugeDisplay
import GaugeSystem
import CDRM
import CPanelSystem

/// A CRTC's primary plane and the ids of the plane properties an atomic page flip with
/// damage clips sets (FB_ID, CRTC_ID, FB_DAMAGE_CLIPS).
public struct DRMAtomicPlane: Sendable, Equatable {
    public var id: UInt32
    public var fbProperty: UInt32
    public var crtcProperty: UInt32
    public var damageClipsProperty: UInt32
    public init(id: UInt32, fbProperty: UInt32, crtcProperty: UInt32, damageClipsProperty: UInt32) {
        self.id = id
        self.fbProperty = fbProperty
        self.crtcProperty = crtcProperty
        self.damageClipsProperty = damageClipsProperty
    }
}

extension LinuxDisplaySystemCalls {
    /// Turns on atomic modesetting and finds `crtc`'s primary plane; nil (atomic off
    /// again) when the driver has no atomic support or its plane no FB_DAMAGE_CLIPS.
    public func drmAtomicPrimaryPlane(_ fd: Int32, crtc: UInt32) -> DRMAtomicPlane? {
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else { return nil }
        if let primary = primaryPlane(fd, of: crtc), let fb = primary.properties["FB_ID"],
            let c = primary.properties["CRTC_ID"], let clips = primary.properties["FB_DAMAGE_CLIPS"]
        {
            return DRMAtomicPlane(id: primary.id, fbProperty: fb.id, crtcProperty: c.id, damageClipsProperty: clips.id)
        }
        _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0)
        return nil
    }

    /// The formats of `crtc`'s primary plane: universal planes on (so the primary plane is
    /// listed), then off again; nil when the driver lists no primary plane for it.
    public func drmPlaneFormats(_ fd: Int32, crtc: UInt32) -> [UInt32]? {
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 1) == 0 else { return nil }
        defer { _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES), 0) }
        return primaryPlane(fd, of: crtc)?.formats
    }

    /// `crtc`'s primary plane among the planes the client sees (atomic or universal planes
    /// on): its id, the formats it scans out and its properties; nil when there is none.
    private func primaryPlane(_ fd: Int32, of crtc: UInt32)
        -> (id: UInt32, formats: [UInt32], properties: [String: (id: UInt32, value: UInt64)])?
    {
        guard let res = drmModeGetResources(fd) else { return nil }
        let index = (0..<Int(res.pointee.count_crtcs)).first { res.pointee.crtcs[$0] == crtc }
        drmModeFreeResources(res)
        guard let index, let planes = drmModeGetPlaneResources(fd) else { return nil }
        defer { drmModeFreePlaneResources(planes) }
        for i in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            let possible = plane.pointee.possible_crtcs
            let formats = (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
            drmModeFreePlane(plane)
            guard possible & (1 << UInt32(index)) != 0 else { continue }
            let props = properties(fd, object: id)
            guard props["type"]?.value == UInt64(DRM_PLANE_TYPE_PRIMARY) else { continue }
            return (id, formats, props)
        }
        return nil
    }

    /// The card's planes as atomic clients see them (universal planes): id, type
    /// ("primary", "overlay", "cursor"), possible CRTCs (a bit per CRTC index), and
    /// whether the plane takes FB_DAMAGE_CLIPS, and the formats it scans out (DRM fourccs);
    /// nil when the driver refuses atomic.
    /// Leaves atomic off again.
    public func drmPlanes(_ fd: Int32) -> [(id: UInt32, type: String, crtcs: UInt32, damageClips: Bool, formats: [UInt32])]? {
        guard drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 1) == 0 else { return nil }
        defer { _ = drmSetClientCap(fd, UInt64(DRM_CLIENT_CAP_ATOMIC), 0) }
        guard let planes = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(planes) }
        var found: [(id: UInt32, type: String, crtcs: UInt32, damageClips: Bool, formats: [UInt32])] = []
        for i in 0..<Int(planes.pointee.count_planes) {
            let id = planes.pointee.planes[i]
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            let possible = plane.pointee.possible_crtcs
            let formats = (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
            drmModeFreePlane(plane)
            let props = properties(fd, object: id)
            let type = props["type"].map { ["overlay", "primary", "cursor"][Int(min($0.value, 2))] } ?? "?"
            found.append((id, type, possible, props["FB_DAMAGE_CLIPS"] != nil, formats))
        }
        return found
    }

    /// An object's properties by name (a plane's unless `type` says otherwise): id and
    /// current value.
    private func properties(_ fd: Int32, object: UInt32, type: UInt32 = UInt32(truncatingIfNeeded: DRM_MODE_OBJECT_PLANE))
        -> [String: (id: UInt32, value: UInt64)]
    {
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var found: [String: (id: UInt32, value: UInt64)] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            guard let p = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            var n = p.pointee.name
            let name = withUnsafeBytes(of: &n) { b in String(decoding: b.prefix { $0 != 0 }, as: UTF8.self) }
            found[name] = (p.pointee.prop_id, props.pointee.prop_values[i])
            drmModeFreeProperty(p)
        }
        return found
    }

    /// The connector's DPMS property (the legacy one every KMS driver has; atomic drivers
    /// turn its CRTC off and on for it): DRM_MODE_DPMS_ON or DRM_MODE_DPMS_OFF.
    public func drmSetConnectorPower(_ fd: Int32, connector: UInt32, on: Bool) throws(Errno) {
        let type = UInt32(truncatingIfNeeded: DRM_MODE_OBJECT_CONNECTOR)
        guard let dpms = properties(fd, object: connector, type: type)["DPMS"] else { throw .notSupported }
        let r = drmModeConnectorSetProperty(fd, connector, dpms.id, UInt64(on ? DRM_MODE_DPMS_ON : DRM_MODE_DPMS_OFF))
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
    }

    /// A non-blocking atomic page flip of `plane` to `framebuffer` whose damage is
    /// `clips` (a property blob), completed by a page-flip event like drmModePageFlip.
    public func drmAtomicFlip(_ fd: Int32, plane: DRMAtomicPlane, crtc: UInt32, framebuffer: UInt32, clips: [IntRectClip]) throws(Errno) {
        let rects = clips.map { drm_mode_rect(x1: Int32($0.x1), y1: Int32($0.y1), x2: Int32($0.x2), y2: Int32($0.y2)) }
        var blob: UInt32 = 0
        if !rects.isEmpty {
            let r = rects.withUnsafeBytes { drmModeCreatePropertyBlob(fd, $0.baseAddress, $0.count, &blob) }
            guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
        }
        // The plane state keeps its own reference to the blob.
        defer { if blob != 0 { _ = drmModeDestroyPropertyBlob(fd, blob) } }
        guard let req = drmModeAtomicAlloc() else { throw Errno.noMemory }
        defer { drmModeAtomicFree(req) }
        _ = drmModeAtomicAddProperty(req, plane.id, plane.fbProperty, UInt64(framebuffer))
        _ = drmModeAtomicAddProperty(req, plane.id, plane.crtcProperty, UInt64(crtc))  // brings the CRTC (and its event) in
        _ = drmModeAtomicAddProperty(req, plane.id, plane.damageClipsProperty, UInt64(blob))
        let r = drmModeAtomicCommit(fd, req, cdrm_page_flip_event() | UInt32(DRM_MODE_ATOMIC_NONBLOCK), nil)
        guard r == 0 else { throw Errno(r < 0 ? -r : csystem_errno()) }
    }
}

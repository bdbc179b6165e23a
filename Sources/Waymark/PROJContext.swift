import CProj

/// A `PJ_CONTEXT` owned by one Waymark object, with PROJ's logging turned from stderr
/// into a remembered message, so failures reach callers as typed errors carrying
/// PROJ's own words. One context per object: PROJ contexts are single-thread.
final class PROJContext {
    let raw: OpaquePointer
    /// PROJ's last error log line (empty when it logged none).
    private(set) var lastMessage: String = ""

    init() throws(WaymarkError) {
        guard let raw = proj_context_create() else {
            throw .projFailure(code: -1, message: "proj_context_create failed")
        }
        self.raw = raw
        proj_log_level(raw, PJ_LOG_ERROR)
        proj_log_func(raw, Unmanaged.passUnretained(self).toOpaque()) { data, level, text in
            guard let data, let text, level == Int32(PJ_LOG_ERROR.rawValue) else { return }
            Unmanaged<PROJContext>.fromOpaque(data).takeUnretainedValue().lastMessage = String(cString: text)
        }
    }

    deinit { proj_context_destroy(raw) }

    /// The error for PROJ's current failure on this context.
    func failure(_ object: OpaquePointer? = nil) -> WaymarkError {
        var code = proj_context_errno(raw)
        if code == 0, let object { code = proj_errno(object) }
        var message = lastMessage
        if message.isEmpty, let text = proj_context_errno_string(raw, code) { message = String(cString: text) }
        if message.isEmpty { message = "unknown error" }
        return .projFailure(code: code, message: message)
    }
}

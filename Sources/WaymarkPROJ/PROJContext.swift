import CProj
import CProjFilePolicy
import WaymarkCore

/// Which files a PROJ context may open (see `Sources/CProjFilePolicy/file_policy.h`): in every
/// case regular files only, read-only, without blocking, and no network.
public enum PROJFileAccess: Sendable, BitwiseCopyable {
    /// Only files inside PROJ's resource directories (proj.db's directory, the
    /// user-writable directory, `PROJ_DATA`): grids are named, not located. The default,
    /// for CRS strings that may come from outside.
    case resourcesOnly
    /// Any regular file a CRS string names by path, for trusted callers.
    case allowPaths
}

/// A `PJ_CONTEXT` owned by one Waymark object, with PROJ's logging turned from stderr
/// into a remembered message, so failures reach callers as typed errors carrying
/// PROJ's own words, and with Waymark's file policy installed. One context per object:
/// PROJ contexts are single-thread.
final class PROJContext {
    let raw: OpaquePointer
    /// The file policy PROJ's file API reads (freed after the context).
    private let policy: UnsafeMutableRawPointer
    /// PROJ's last error log line (empty when it logged none).
    private(set) var lastMessage: String = ""

    /// A convenience initialiser throws before anything is allocated: in Embedded
    /// Swift the partly built object of a throwing designated initialiser is never freed.
    convenience init(files: PROJFileAccess = .resourcesOnly) throws(WaymarkError) {
        guard let raw = proj_context_create() else {
            throw .projFailure(code: -1, message: "proj_context_create failed")
        }
        proj_log_level(raw, PJ_LOG_NONE)   // until the logger that keeps messages is installed
        guard let policy = waymark_restrict_files(raw, files == .allowPaths ? WAYMARK_FILES_ALLOW_PATHS : WAYMARK_FILES_RESOURCES_ONLY) else {
            proj_context_destroy(raw)
            throw .projFailure(code: -1, message: "cannot install the file policy")
        }
        self.init(raw: raw, policy: policy)
    }

    private init(raw: OpaquePointer, policy: UnsafeMutableRawPointer) {
        self.raw = raw
        self.policy = policy
        proj_log_level(raw, PJ_LOG_ERROR)
        proj_log_func(raw, Unmanaged.passUnretained(self).toOpaque()) { data, level, text in
            guard let data, let text, level == Int32(PJ_LOG_ERROR.rawValue) else { return }
            Unmanaged<PROJContext>.fromOpaque(data).takeUnretainedValue().lastMessage = String(cString: text)
        }
    }

    /// Files that exist but the file policy kept PROJ from opening, since ``resetRefusals()``.
    var refusedFiles: Int32 { waymark_files_refused(policy) }

    func resetRefusals() { waymark_files_reset(policy) }

    /// The error for a definition that named a file the policy refused.
    func refusalFailure(_ files: PROJFileAccess) -> WaymarkError {
        .projFailure(code: PROJ_ERR_INVALID_OP_FILE_NOT_FOUND_OR_INVALID,
                     message: files == .allowPaths
                        ? "a file the definition names is not a regular readable file"
                        : "a file the definition names is outside PROJ's resource directories or not a regular file (name grids, or allow paths)")
    }

    deinit {
        proj_context_destroy(raw)
        free(policy)
    }

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

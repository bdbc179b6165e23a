/// The version of this copy of Waymark (semantic versioning).
///
/// The C library reports the same numbers through `wm_version()` and
/// `wm_version_string()`, and `waymark --version` prints ``string``. A test keeps
/// these in step with `include/waymark.h` and the newest release in `CHANGELOG.md`.
public enum WaymarkVersion {
    /// Incremented for changes that break the Swift API or the C ABI.
    public static let major = 0
    /// Incremented for additions that keep compatibility.
    public static let minor = 4
    /// Incremented for fixes only.
    public static let patch = 0
    /// `"major.minor.patch"`, NUL-terminated so the C ABI can hand it out as is.
    public static let cString: StaticString = "0.4.0"
    /// `"major.minor.patch"`, e.g. `"0.1.0"`.
    public static var string: String { cString.description }
}

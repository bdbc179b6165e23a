// Statuses as an enum and as exceptions: the idiomatic layer (Frame, Navigator) throws a
// WaymarkException carrying the C call's status and, for batch calls, the index of the
// first bad element.
using System;
using System.Runtime.InteropServices;

namespace Waymark
{
    /// <summary>wm_status values (waymark.h, "Status codes").</summary>
    public enum Status
    {
        /// <summary>WM_OK: success.</summary>
        Ok = NativeMethods.WM_OK,
        /// <summary>WM_ERROR_NULL_POINTER: a required pointer was NULL.</summary>
        NullPointer = NativeMethods.WM_ERROR_NULL_POINTER,
        /// <summary>WM_ERROR_INVALID_VALUE: NaN, ±Inf, |latitude| &gt; 90, an unknown enum, a value out of range.</summary>
        InvalidValue = NativeMethods.WM_ERROR_INVALID_VALUE,
        /// <summary>WM_ERROR_BAD_STRIDE: a stride is smaller than its element.</summary>
        BadStride = NativeMethods.WM_ERROR_BAD_STRIDE,
        /// <summary>WM_ERROR_BAD_COUNT: a count beyond a stated limit, or a capacity too small.</summary>
        BadCount = NativeMethods.WM_ERROR_BAD_COUNT,
        /// <summary>WM_ERROR_PROJ: PROJ failed.</summary>
        Proj = NativeMethods.WM_ERROR_PROJ,
        /// <summary>WM_ERROR_NO_CONVERGENCE: an iterative method did not converge.</summary>
        NoConvergence = NativeMethods.WM_ERROR_NO_CONVERGENCE,
        /// <summary>WM_ERROR_GRID_MISSING: a PROJ grid file is not installed.</summary>
        GridMissing = NativeMethods.WM_ERROR_GRID_MISSING,
        /// <summary>WM_ERROR_INVALID_FRAME: the frame was never initialised.</summary>
        InvalidFrame = NativeMethods.WM_ERROR_INVALID_FRAME,
        /// <summary>WM_ERROR_SINGULAR: a matrix has no inverse.</summary>
        Singular = NativeMethods.WM_ERROR_SINGULAR,
        /// <summary>WM_ERROR_NOT_AVAILABLE: nothing to report yet.</summary>
        NotAvailable = NativeMethods.WM_ERROR_NOT_AVAILABLE,
    }

    /// <summary>
    /// A Waymark call failed. Nothing was written and no state changed (the C library's
    /// promise on every error).
    /// </summary>
    public sealed class WaymarkException : Exception
    {
        /// <summary>The C call's status.</summary>
        public Status Status { get; }

        /// <summary>For batch calls: the index of the first bad element (relative to the
        /// first element passed), or -1 when the error is not about one element.</summary>
        public long FirstBad { get; }

        /// <summary>The C function that failed, e.g. "wm_frame_forward".</summary>
        public string Function { get; }

        /// <summary>For an INVALID_VALUE of a navigator's config or a fix: the fields found out
        /// of range ("ArrowSpacingM", "HorizontalAccuracyM"), each with its value in the
        /// message; else empty.</summary>
        public string[] Fields { get; }

        /// <summary>An exception for status <paramref name="status"/> from <paramref name="function"/>.</summary>
        public WaymarkException(Status status, string function, long firstBad = -1)
            : base(function + ": " + WaymarkLibrary.StatusString(status) + (firstBad >= 0 ? " (element " + firstBad + ")" : ""))
        {
            Status = status;
            Function = function;
            FirstBad = firstBad;
            Fields = new string[0];
        }

        /// <summary>An exception naming the fields found out of range, <paramref name="detail"/>
        /// giving each one's value ("HorizontalAccuracyM = 0 (&gt; 0 and finite)").</summary>
        public WaymarkException(Status status, string function, string[] fields, string detail)
            : base(function + ": " + WaymarkLibrary.StatusString(status) + ": " + detail)
        {
            Status = status;
            Function = function;
            FirstBad = -1;
            Fields = fields;
        }

        /// <summary>Throws for any status but WM_OK.</summary>
        public static void Check(int status, string function)
        {
            if (status != NativeMethods.WM_OK) throw new WaymarkException((Status)status, function);
        }

        /// <summary>Throws for any status but WM_OK; an INVALID_VALUE or NO_CONVERGENCE of a batch
        /// call carries the first bad element's index. Pass first_bad initialised to
        /// Frame.NotSet: the C calls leave it alone when the error is not about an element.</summary>
        public static void Check(int status, string function, UIntPtr firstBad)
        {
            if (status == NativeMethods.WM_OK) return;
            bool element = status == NativeMethods.WM_ERROR_INVALID_VALUE || status == NativeMethods.WM_ERROR_NO_CONVERGENCE;
            ulong index = firstBad.ToUInt64();
            throw new WaymarkException((Status)status, function, element && index <= long.MaxValue ? (long)index : -1);
        }
    }

    /// <summary>The linked library: its version and code path.</summary>
    public static class WaymarkLibrary
    {
        /// <summary>English text for a status ("ok", "null pointer", ...), from wm_status_string.</summary>
        public static string StatusString(Status status)
        {
            return Marshal.PtrToStringAnsi(NativeMethods.wm_status_string((int)status));
        }

        /// <summary>The linked library's version, "MAJOR.MINOR.PATCH" (wm_version_string).</summary>
        public static string Version
        {
            get { return Marshal.PtrToStringAnsi(NativeMethods.wm_version_string()); }
        }

        /// <summary>The linked library's MAJOR * 10000 + MINOR * 100 + PATCH (wm_version); compare
        /// with NativeMethods.WAYMARK_VERSION_NUMBER, the version these bindings were written for.</summary>
        public static int VersionNumber
        {
            get { return (int)NativeMethods.wm_version(); }
        }
    }
}

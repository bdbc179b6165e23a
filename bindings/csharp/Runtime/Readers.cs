// Tracks, routes and field logs read by the library's readers (wm_track_read,
// wm_field_log_read): the code the waymark CLI, Python and JavaScript run, so a file reads
// to the same points, or is refused at the same line for the same reason, in C# too.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Waymark
{
    /// <summary>A document or log the readers refuse: <see cref="Line"/> (1-based) holds the
    /// fault and <see cref="Reason"/> says what is wrong, word for word the CLI's
    /// "line N: reason" (exit 65).</summary>
    public sealed class WaymarkReadException : Exception
    {
        /// <summary>The fault's 1-based line.</summary>
        public long Line { get; }

        /// <summary>What is wrong there.</summary>
        public string Reason { get; }

        /// <summary>A refusal at <paramref name="line"/> for <paramref name="reason"/>.</summary>
        public WaymarkReadException(long line, string reason) : base("line " + line + ": " + reason)
        {
            Line = line;
            Reason = reason;
        }
    }

    /// <summary>A track read: its points in document order (NaN height or time where the
    /// document gives none), whether they are one route, and what was not read.</summary>
    public sealed class TrackRead
    {
        /// <summary>The points (wm_track_point: degrees, metres as the file states them, seconds since 1970 UTC, line).</summary>
        public TrackPoint[] Points { get; }
        /// <summary>The points are one route (one LineString, one GPX segment or route, a TCX activity, an NMEA log).</summary>
        public bool IsRoute { get; }
        /// <summary>The reader's warnings: what it left unread.</summary>
        public string[] Warnings { get; }

        internal TrackRead(TrackPoint[] points, bool isRoute, string[] warnings)
        {
            Points = points;
            IsRoute = isRoute;
            Warnings = warnings;
        }
    }

    /// <summary>The readers of the header's "Reading files" section.</summary>
    public static unsafe class Readers
    {
        /// <summary>The points of a GPX, KML, TCX, NMEA, GeoJSON, polyline or CSV document.</summary>
        /// <param name="text">The file's bytes.</param>
        /// <param name="format">NativeMethods.WM_TRACK_FORMAT_GPX, _KML, _TCX, _NMEA, _GEOJSON, _POLYLINE, _POLYLINE6 or _CSV.</param>
        /// <param name="gpxPart">NativeMethods.WM_GPX_PART_* (GPX only; default: the first track, else route, else the waypoints).</param>
        /// <param name="polygonRings">KML: read a Polygon's rings (default: skip it with a warning).</param>
        /// <exception cref="WaymarkReadException">The document is refused (its line and reason).</exception>
        /// <exception cref="WaymarkException">An argument the C call refuses (an unknown format or part).</exception>
        public static TrackRead ReadTrack(byte[] text, int format, uint gpxPart = NativeMethods.WM_GPX_PART_AUTO, bool polygonRings = false)
        {
            if (text == null) throw new ArgumentNullException(nameof(text));
            var options = new TrackOptions { Size = (uint)sizeof(TrackOptions), GpxPart = gpxPart, PolygonRings = polygonRings ? 1u : 0u };
            var report = NewReport();
            UIntPtr count;
            fixed (byte* t = text)
            {
                int status = NativeMethods.wm_track_read(t, (UIntPtr)text.Length, format, &options, null, UIntPtr.Zero, &count, &report);
                Refused(status, report, "wm_track_read");
                var points = new TrackPoint[(long)(ulong)count];
                fixed (TrackPoint* p = points)
                {
                    status = NativeMethods.wm_track_read(t, (UIntPtr)text.Length, format, &options, p, count, &count, &report);
                }
                WaymarkException.Check(status, "wm_track_read");
                string message = Message(report);
                return new TrackRead(points, report.IsRoute == 1, report.WarningCount == 0 ? new string[0] : message.Split('\n'));
            }
        }

        /// <summary>Every row of a field log (waymark replay's format, any of its three headers),
        /// each checked as the CLI checks it; fields that are not a row's event are NaN.</summary>
        /// <exception cref="WaymarkReadException">The log is refused (its line and reason).</exception>
        public static LogRow[] ReadFieldLog(byte[] text)
        {
            if (text == null) throw new ArgumentNullException(nameof(text));
            var report = NewReport();
            UIntPtr count;
            fixed (byte* t = text)
            {
                int status = NativeMethods.wm_field_log_read(t, (UIntPtr)text.Length, null, UIntPtr.Zero, &count, &report);
                Refused(status, report, "wm_field_log_read");
                var rows = new LogRow[(long)(ulong)count];
                fixed (LogRow* r = rows)
                {
                    status = NativeMethods.wm_field_log_read(t, (UIntPtr)text.Length, r, count, &count, &report);
                }
                WaymarkException.Check(status, "wm_field_log_read");
                return rows;
            }
        }

        static ReadReport NewReport()
        {
            return new ReadReport { Size = (uint)sizeof(ReadReport) };
        }

        /// <summary>Throws for a refusal; BAD_COUNT (the size query's answer) and OK go on.</summary>
        static void Refused(int status, ReadReport report, string function)
        {
            if (status == NativeMethods.WM_ERROR_INVALID_VALUE && report.Line > 0) throw new WaymarkReadException((long)report.Line, Message(report));
            if (status != NativeMethods.WM_ERROR_BAD_COUNT) WaymarkException.Check(status, function);
        }

        static string Message(ReadReport report)
        {
            byte* m = report.Message;
            int n = 0;
            // The message runs to the struct's end (its size less the fields before it).
            int capacity = sizeof(ReadReport) - (int)Marshal.OffsetOf(typeof(ReadReport), "Message");
            while (n < capacity && m[n] != 0) n++;
            return Encoding.UTF8.GetString(m, n);
        }
    }
}

// The navigator (wm_navigator): one AR walking-navigation session. Feed it fixes (and
// compass readings, tracking states), call Update once per rendered frame with the
// camera, draw what the result says. Dispose it (or let the finalizer) to free it.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Reflection;

namespace Waymark
{
    /// <summary>
    /// An AR navigation session along a route (waymark.h, "Navigator"). Use from one thread
    /// at a time. AddFix, AddHeading, Tracking, Update and Legs allocate nothing, in C or here
    /// (pass your own arrow and leg arrays).
    /// </summary>
    public sealed unsafe class Navigator : IDisposable
    {
        IntPtr handle;

        /// <summary>The defaults of every setting (wm_navigator_config_init with this struct's
        /// size): axes EUS, the filter estimator (a bank of Kalman filters), ellipsoidal heights,
        /// route evidence off. Set Axes to WM_AXES_EUN for Unity.</summary>
        public static NavigatorConfig DefaultConfig()
        {
            NavigatorConfig config;
            // The exported wm_navigator_config_default fills only the 0.3 layout, for callers
            // built against it.
            WaymarkException.Check(NativeMethods.wm_navigator_config_init(&config, new UIntPtr((uint)sizeof(NavigatorConfig))),
                                   "wm_navigator_config_init");
            return config;
        }

        /// <summary>A navigator along route[offset .. offset + count) (count &gt;= 2), copied.</summary>
        /// <exception cref="WaymarkException">INVALID_VALUE (a setting out of range, or a bad
        /// route point: FirstBad), BAD_COUNT, GRID_MISSING (orthometric heights without the
        /// geoid grid).</exception>
        public Navigator(NavigatorConfig config, Geodetic[] route, int offset, int count)
        {
            Frame.CheckRange(route, offset, count, "route");
            if (count == 0) throw new WaymarkException(Status.BadCount, "wm_navigator_create");
            fixed (Geodetic* r = &route[offset])
                Create(config, r, sizeof(Geodetic), count);
        }

        /// <summary>A navigator along the whole route.</summary>
        public Navigator(NavigatorConfig config, Geodetic[] route)
            : this(config, route, 0, route == null ? 0 : route.Length)
        {
        }

        /// <summary>A navigator along count route points every stride bytes (raw memory).</summary>
        public Navigator(NavigatorConfig config, Geodetic* route, long stride, long count)
        {
            Create(config, route, stride, count);
        }

        void Create(NavigatorConfig config, Geodetic* route, long stride, long count)
        {
            if (config.Size == 0) config.Size = (uint)sizeof(NavigatorConfig);
            IntPtr made;
            var bad = Frame.NotSet;
            int status = NativeMethods.wm_navigator_create(&config, route, Frame.Size(stride), Frame.Size(count), &made, &bad);
            if (status == NativeMethods.WM_ERROR_INVALID_VALUE && bad == Frame.NotSet)
                ThrowNamed(status, "wm_navigator_create", ConfigProblems(config));   // which setting
            WaymarkException.Check(status, "wm_navigator_create", bad);
            handle = made;
        }

        static void ThrowNamed(int status, string function, List<KeyValuePair<string, string>> problems)
        {
            if (problems.Count == 0) return;
            var names = new string[problems.Count];
            var texts = new string[problems.Count];
            for (int i = 0; i < problems.Count; i++)
            {
                names[i] = problems[i].Key;
                texts[i] = problems[i].Value;
            }
            throw new WaymarkException((Status)status, function, names, string.Join("; ", texts));
        }

        static string Show(object value)
        {
            return Convert.ToString(value, CultureInfo.InvariantCulture);
        }

        static bool Accepted(NavigatorConfig trial, Geodetic* route)
        {
            IntPtr made;
            if (NativeMethods.wm_navigator_create(&trial, route, new UIntPtr((uint)sizeof(Geodetic)), new UIntPtr(2), &made, null) != NativeMethods.WM_OK)
                return false;
            NativeMethods.wm_navigator_destroy(made);
            return true;
        }

        /// <summary>The settings wm_navigator_create refused with INVALID_VALUE, found with the
        /// library's own rules (none copied here): each field that differs from the default is
        /// tried alone on the defaults, on a two-point route; when none fails alone (a
        /// combination, such as FinishMinPt above FinishMaxPt), each is put back to its default
        /// in a copy instead.</summary>
        static List<KeyValuePair<string, string>> ConfigProblems(NavigatorConfig config)
        {
            var problems = new List<KeyValuePair<string, string>>();
            if (config.Size != (uint)sizeof(NavigatorConfig) && config.Size != NativeMethods.WM_NAVIGATOR_CONFIG_SIZE_0_3)
            {
                problems.Add(new KeyValuePair<string, string>("Size", "Size = " + config.Size + " (WM_NAVIGATOR_CONFIG_SIZE or WM_NAVIGATOR_CONFIG_SIZE_0_3)"));
                return problems;
            }
            NavigatorConfig defaults;
            NativeMethods.wm_navigator_config_init(&defaults, new UIntPtr(config.Size));
            Geodetic* route = stackalloc Geodetic[2];
            route[0] = new Geodetic(55.7339, 37.5886, 0);
            route[1] = new Geodetic(55.7352473, 37.5886, 0);
            var changed = new List<FieldInfo>();
            foreach (var field in typeof(NavigatorConfig).GetFields(BindingFlags.Public | BindingFlags.Instance))
            {
                if (field.Name == "Size" || field.Name.StartsWith("Reserved", StringComparison.Ordinal)) continue;
                if (!Equals(field.GetValue(config), field.GetValue(defaults))) changed.Add(field);
            }
            var bad = new List<FieldInfo>();
            foreach (var field in changed)
            {
                object trial = defaults;   // boxed: SetValue changes this copy
                field.SetValue(trial, field.GetValue(config));
                if (!Accepted((NavigatorConfig)trial, route)) bad.Add(field);
            }
            if (bad.Count == 0)
            {
                foreach (var field in changed)
                {
                    object trial = config;
                    field.SetValue(trial, field.GetValue(defaults));
                    if (Accepted((NavigatorConfig)trial, route)) bad.Add(field);
                }
            }
            foreach (var field in bad)
                problems.Add(new KeyValuePair<string, string>(field.Name,
                    field.Name + " = " + Show(field.GetValue(config)) + " (default " + Show(field.GetValue(defaults)) + ")"));
            return problems;
        }

        static bool Bad(double x, double limit = double.PositiveInfinity)
        {
            return double.IsNaN(x) || double.IsInfinity(x) || Math.Abs(x) > limit;
        }

        /// <summary>The fields of a refused fix that break wm_navigator_add_fix's documented
        /// rules (asked only after the library refused it).</summary>
        static List<KeyValuePair<string, string>> FixProblems(Fix fix, GpsVelocity* velocity)
        {
            var p = new List<KeyValuePair<string, string>>();
            Action<string, string> add = (name, text) => p.Add(new KeyValuePair<string, string>(name, name + " = " + text));
            if (Bad(fix.Position.LatDeg, 90)) add("Position.LatDeg", Show(fix.Position.LatDeg) + " (finite, |lat| <= 90)");
            if (Bad(fix.Position.LonDeg)) add("Position.LonDeg", Show(fix.Position.LonDeg) + " (finite)");
            if (fix.HasHeight != 0 && fix.HasHeight != 1) add("HasHeight", fix.HasHeight + " (0 or 1)");
            if (fix.HasHeight == 1 && Bad(fix.Position.HeightM)) add("Position.HeightM", Show(fix.Position.HeightM) + " (finite)");
            if (Bad(fix.HorizontalAccuracyM, 1e12) || fix.HorizontalAccuracyM <= 0)
                add("HorizontalAccuracyM", Show(fix.HorizontalAccuracyM) + " (> 0 and finite)");
            if (fix.HasHeight == 1 && (Bad(fix.VerticalAccuracyM, 1e12) || fix.VerticalAccuracyM <= 0))
                add("VerticalAccuracyM", Show(fix.VerticalAccuracyM) + " (> 0 and finite when HasHeight is 1)");
            if (Bad(fix.TimeS)) add("TimeS", Show(fix.TimeS) + " (finite)");
            if (Bad(fix.ScenePosition.X, 1e12) || Bad(fix.ScenePosition.Y, 1e12) || Bad(fix.ScenePosition.Z, 1e12))
                add("ScenePosition", Show(fix.ScenePosition.X) + ", " + Show(fix.ScenePosition.Y) + ", " + Show(fix.ScenePosition.Z) + " (finite)");
            if (velocity != null)
            {
                if (Bad(velocity->CourseDeg)) add("CourseDeg", Show(velocity->CourseDeg) + " (a number; -1 for none)");
                if (Bad(velocity->CourseAccuracyDeg)) add("CourseAccuracyDeg", Show(velocity->CourseAccuracyDeg) + " (a number; -1 for none)");
                if (Bad(velocity->SpeedMps)) add("SpeedMps", Show(velocity->SpeedMps) + " (a number; -1 for none)");
                if (Bad(velocity->SpeedAccuracyMps)) add("SpeedAccuracyMps", Show(velocity->SpeedAccuracyMps) + " (a number; -1 for none)");
            }
            return p;
        }

        /// <summary>The native handle, for NativeMethods calls (IntPtr.Zero once disposed).</summary>
        public IntPtr Handle
        {
            get { return handle; }
        }

        IntPtr Live
        {
            get
            {
                if (handle == IntPtr.Zero) throw new ObjectDisposedException("Navigator");
                return handle;
            }
        }

        /// <summary>Feeds a location fix with the device's scene position when it was taken.</summary>
        /// <exception cref="WaymarkException">INVALID_VALUE naming the fields out of range
        /// (<see cref="WaymarkException.Fields"/>).</exception>
        public void AddFix(Fix fix)
        {
            int status = NativeMethods.wm_navigator_add_fix(Live, &fix);
            if (status == NativeMethods.WM_ERROR_INVALID_VALUE) ThrowNamed(status, "wm_navigator_add_fix", FixProblems(fix, null));
            WaymarkException.Check(status, "wm_navigator_add_fix");
        }

        /// <summary>Feeds a location fix with the GPS velocity measured with it
        /// (wm_navigator_add_fix_velocity; Size is filled in when 0). Values out of range (a
        /// phone's -1) are none; NaN or infinity throws InvalidValue.</summary>
        public void AddFix(Fix fix, GpsVelocity velocity)
        {
            if (velocity.Size == 0) velocity.Size = (uint)sizeof(GpsVelocity);
            int status = NativeMethods.wm_navigator_add_fix_velocity(Live, &fix, &velocity);
            if (status == NativeMethods.WM_ERROR_INVALID_VALUE)
                ThrowNamed(status, "wm_navigator_add_fix_velocity", FixProblems(fix, &velocity));
            WaymarkException.Check(status, "wm_navigator_add_fix_velocity");
        }

        /// <summary>Feeds a compass reading (Size is filled in when 0).</summary>
        public void AddHeading(CompassReading reading)
        {
            if (reading.Size == 0) reading.Size = (uint)sizeof(CompassReading);
            WaymarkException.Check(NativeMethods.wm_navigator_add_heading(Live, &reading), "wm_navigator_add_heading");
        }

        /// <summary>Reports the AR session's tracking state at timeS.</summary>
        public void Tracking(double timeS, TrackingState state)
        {
            WaymarkException.Check(NativeMethods.wm_navigator_tracking(Live, timeS, (int)state), "wm_navigator_tracking");
        }

        /// <summary>One rendered frame: everything to draw, and up to arrows.Length arrows
        /// (nearest first) written to arrows; arrowCount receives how many.</summary>
        public NavigatorResult Update(double timeS, Camera camera, Arrow[] arrows, out int arrowCount)
        {
            var result = new NavigatorResult();
            result.Size = (uint)sizeof(NavigatorResult);
            UIntPtr written;
            int capacity = arrows == null ? 0 : arrows.Length;
            fixed (Arrow* a = arrows)
                WaymarkException.Check(NativeMethods.wm_navigator_update(Live, timeS, &camera, &result, capacity == 0 ? null : a,
                                                                         new UIntPtr((uint)capacity), &written), "wm_navigator_update");
            arrowCount = (int)written.ToUInt64();
            return result;
        }

        /// <summary>One rendered frame without arrows.</summary>
        public NavigatorResult Update(double timeS, Camera camera)
        {
            int ignored;
            return Update(timeS, camera, null, out ignored);
        }

        /// <summary>Shifts the scene's zero by shift (scene units and axes) after your engine moved
        /// its world origin there itself: every scene position after this call, in and out, is
        /// the old one minus shift; nothing moves in the world (wm_navigator_shift_origin).</summary>
        public void ShiftOrigin(Vec3 shift)
        {
            WaymarkException.Check(NativeMethods.wm_navigator_shift_origin(Live, shift), "wm_navigator_shift_origin");
        }

        /// <summary>Origin shifting by the navigator: 0 never; else an update whose camera is
        /// farther than distanceM (horizontally, metres) from the scene's zero shifts the zero to
        /// the camera and reports it in NavigatorResult.OriginShift / OriginShifted
        /// (wm_navigator_set_origin_shift). Throws for a negative or non-finite distance.</summary>
        public void SetOriginShift(double distanceM)
        {
            WaymarkException.Check(NativeMethods.wm_navigator_set_origin_shift(Live, distanceM), "wm_navigator_set_origin_shift");
        }

        /// <summary>The most arrows an update can return with this config.</summary>
        public static int ArrowCapacity(NavigatorConfig config)
        {
            if (config.Size == 0) config.Size = (uint)sizeof(NavigatorConfig);
            return (int)NativeMethods.wm_navigator_arrow_capacity(&config).ToUInt64();
        }

        /// <summary>The finish mark's label for the last update's camera, height (in
        /// heightUnit, NativeMethods.WM_LABEL_*) above the mark.</summary>
        public Label FinishLabel(int heightUnit, double height)
        {
            Label label;
            WaymarkException.Check(NativeMethods.wm_navigator_finish_label(Live, heightUnit, height, &label), "wm_navigator_finish_label");
            return label;
        }

        /// <summary>The animation legs of arrow <paramref name="arrowIndex"/> of the last
        /// update, written to legs; returns how many.</summary>
        public int Legs(int arrowIndex, ArrowLeg[] legs)
        {
            if (arrowIndex < 0) throw new ArgumentOutOfRangeException("arrowIndex");
            UIntPtr count;
            int capacity = legs == null ? 0 : legs.Length;
            fixed (ArrowLeg* l = legs)
                WaymarkException.Check(NativeMethods.wm_navigator_legs(Live, new UIntPtr((uint)arrowIndex), capacity == 0 ? null : l,
                                                                       new UIntPtr((uint)capacity), &count), "wm_navigator_legs");
            return (int)count.ToUInt64();
        }

        /// <summary>Frees the native navigator (wm_navigator_destroy). Safe to call twice.</summary>
        public void Dispose()
        {
            Free();
            GC.SuppressFinalize(this);
        }

        /// <summary>Frees the native navigator if Dispose was not called.</summary>
        ~Navigator()
        {
            Free();
        }

        void Free()
        {
            IntPtr h = handle;
            handle = IntPtr.Zero;
            if (h != IntPtr.Zero) NativeMethods.wm_navigator_destroy(h);
        }
    }
}

// The navigator (wm_navigator): one AR walking-navigation session. Feed it fixes (and
// compass readings, tracking states), call Update once per rendered frame with the
// camera, draw what the result says. Dispose it (or let the finalizer) to free it.
using System;

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
            WaymarkException.Check(NativeMethods.wm_navigator_create(&config, route, Frame.Size(stride), Frame.Size(count), &made, &bad),
                                   "wm_navigator_create", bad);
            handle = made;
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
        public void AddFix(Fix fix)
        {
            WaymarkException.Check(NativeMethods.wm_navigator_add_fix(Live, &fix), "wm_navigator_add_fix");
        }

        /// <summary>Feeds a location fix with the GPS velocity measured with it
        /// (wm_navigator_add_fix_velocity; Size is filled in when 0). Values out of range (a
        /// phone's -1) are none; NaN or infinity throws InvalidValue.</summary>
        public void AddFix(Fix fix, GpsVelocity velocity)
        {
            if (velocity.Size == 0) velocity.Size = (uint)sizeof(GpsVelocity);
            WaymarkException.Check(NativeMethods.wm_navigator_add_fix_velocity(Live, &fix, &velocity), "wm_navigator_add_fix_velocity");
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

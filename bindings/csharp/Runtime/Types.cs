// Constructors, accessors and enums for the plain data types of Waymark.cs.
using System;
using System.Globalization;
using System.Text;

namespace Waymark
{
    /// <summary>Scene axis conventions (wm_axes). Values the library adds later can be cast
    /// from their NativeMethods.WM_AXES_* constant.</summary>
    public enum Axes
    {
        /// <summary>x east, y north, z up.</summary>
        Enu = NativeMethods.WM_AXES_ENU,
        /// <summary>x east, y up, z south: ARKit, ARCore, SceneKit, RealityKit (100 m north is z = -100).</summary>
        Eus = NativeMethods.WM_AXES_EUS,
        /// <summary>x east, y up, z north: Unity.</summary>
        Eun = NativeMethods.WM_AXES_EUN,
        /// <summary>ARKit, RealityKit, SceneKit: EUS (right-handed, y up, -z forward, metres).</summary>
        Arkit = NativeMethods.WM_AXES_ARKIT,
        /// <summary>ARCore's C and Java API (OpenGL conventions): EUS.</summary>
        Arcore = NativeMethods.WM_AXES_ARCORE,
        /// <summary>ARCore through Unity's AR Foundation: EUN.</summary>
        ArcoreUnity = NativeMethods.WM_AXES_ARCORE_UNITY,
        /// <summary>Unity: EUN (left-handed, y up, +z forward, metres).</summary>
        Unity = NativeMethods.WM_AXES_UNITY,
        /// <summary>Godot: EUS (right-handed, y up, -z forward, metres).</summary>
        Godot = NativeMethods.WM_AXES_GODOT,
        /// <summary>three.js and WebXR: EUS.</summary>
        Threejs = NativeMethods.WM_AXES_THREEJS,
        /// <summary>Bevy: EUS (Transform::forward() is -z).</summary>
        Bevy = NativeMethods.WM_AXES_BEVY,
        /// <summary>Unreal as Cesium for Unreal: x east, y south, z up, left-handed, +x forward, centimetres.</summary>
        Unreal = NativeMethods.WM_AXES_UNREAL,
    }

    /// <summary>What a scene axes value means (wm_axes_describe), and conventions of your own.</summary>
    public static unsafe class AxesConvention
    {
        /// <summary>A convention of your own (WM_AXES_CUSTOM): the direction of x, y and z
        /// (NativeMethods.WM_DIR_*), the model's forward axis (WM_FORWARD_*) and the unit of scene
        /// lengths (WM_UNIT_*). Checked by the library where it is used.</summary>
        public static Axes Custom(int x, int y, int z, int forward, int unit)
        {
            return (Axes)NativeMethods.WM_AXES_CUSTOM(x, y, z, forward, unit);
        }

        /// <summary>Whether x cross y = z (right-handed) and how many scene units make a metre.</summary>
        /// <exception cref="WaymarkException">INVALID_VALUE: not a convention.</exception>
        public static void Describe(Axes axes, out bool rightHanded, out double unitsPerMetre)
        {
            int right;
            double units;
            WaymarkException.Check(NativeMethods.wm_axes_describe((int)axes, &right, &units), "wm_axes_describe");
            rightHanded = right == 1;
            unitsPerMetre = units;
        }
    }

    /// <summary>Device interface orientations for Camera.FromArkit (UIInterfaceOrientation's raw values).</summary>
    public enum InterfaceOrientation
    {
        /// <summary>WM_ORIENTATION_PORTRAIT.</summary>
        Portrait = NativeMethods.WM_ORIENTATION_PORTRAIT,
        /// <summary>WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN.</summary>
        PortraitUpsideDown = NativeMethods.WM_ORIENTATION_PORTRAIT_UPSIDE_DOWN,
        /// <summary>WM_ORIENTATION_LANDSCAPE_RIGHT.</summary>
        LandscapeRight = NativeMethods.WM_ORIENTATION_LANDSCAPE_RIGHT,
        /// <summary>WM_ORIENTATION_LANDSCAPE_LEFT.</summary>
        LandscapeLeft = NativeMethods.WM_ORIENTATION_LANDSCAPE_LEFT,
    }

    public unsafe partial struct Camera
    {
        /// <summary>A navigator camera from a view matrix (scene to camera) and a projection:
        /// ARCore's view and projection matrices, ARKit's viewMatrix(for:), WebXR's view
        /// (wm_camera_from_view).</summary>
        /// <exception cref="WaymarkException">INVALID_VALUE, SINGULAR.</exception>
        public static Camera FromView(Mat4f view, Mat4f projection, Viewport viewport)
        {
            Camera c;
            WaymarkException.Check(NativeMethods.wm_camera_from_view(&view, &projection, viewport, &c), "wm_camera_from_view");
            return c;
        }

        /// <summary>From ARKit's ARCamera.transform, the projection for the interface orientation
        /// and that orientation (wm_camera_from_arkit).</summary>
        public static Camera FromArkit(Mat4f cameraTransform, Mat4f projection, Viewport viewport, InterfaceOrientation orientation)
        {
            Camera c;
            WaymarkException.Check(NativeMethods.wm_camera_from_arkit(&cameraTransform, &projection, viewport, (int)orientation, &c),
                                   "wm_camera_from_arkit");
            return c;
        }

        /// <summary>From Unity's Camera.cameraToWorldMatrix and Camera.projectionMatrix, for a
        /// navigator whose axes are Axes.Unity (wm_camera_from_unity).</summary>
        public static Camera FromUnity(Mat4f cameraToWorld, Mat4f projection, Viewport viewport)
        {
            Camera c;
            WaymarkException.Check(NativeMethods.wm_camera_from_unity(&cameraToWorld, &projection, viewport, &c), "wm_camera_from_unity");
            return c;
        }

#if UNITY_5_3_OR_NEWER
        /// <summary>From a Unity camera: its cameraToWorldMatrix, projectionMatrix and pixel
        /// size as the viewport.</summary>
        public static Camera FromUnity(UnityEngine.Camera camera)
        {
            return FromUnity(Mat4f.FromMatrix4x4(camera.cameraToWorldMatrix), Mat4f.FromMatrix4x4(camera.projectionMatrix),
                             new Viewport(0, 0, camera.pixelWidth, camera.pixelHeight));
        }
#endif
    }

    /// <summary>AR tracking states for Navigator.Tracking (WM_TRACKING_*).</summary>
    public enum TrackingState
    {
        /// <summary>WM_TRACKING_NORMAL.</summary>
        Normal = NativeMethods.WM_TRACKING_NORMAL,
        /// <summary>WM_TRACKING_LIMITED: fixes inform the anchor only.</summary>
        Limited = NativeMethods.WM_TRACKING_LIMITED,
        /// <summary>WM_TRACKING_RESET: the scene restarted.</summary>
        Reset = NativeMethods.WM_TRACKING_RESET,
    }

    public partial struct Geodetic
    {
        /// <summary>A point: latitude and longitude in degrees, height in metres above the WGS-84 ellipsoid.</summary>
        public Geodetic(double latDeg, double lonDeg, double heightM = 0)
        {
            LatDeg = latDeg;
            LonDeg = lonDeg;
            HeightM = heightM;
        }

        /// <summary>"lat, lon, h" with round-trip precision.</summary>
        public override string ToString()
        {
            return LatDeg.ToString("R") + ", " + LonDeg.ToString("R") + ", " + HeightM.ToString("R");
        }
    }

    public unsafe partial struct GpsVelocity
    {
        /// <summary>A phone's GPS velocity (CoreLocation course, courseAccuracy, speed,
        /// speedAccuracy): degrees clockwise from true north, its 1-sigma, m/s and its 1-sigma;
        /// pass -1 for a value the phone does not have. Size is set.</summary>
        public GpsVelocity(double courseDeg, double courseAccuracyDeg, double speedMps, double speedAccuracyMps)
        {
            Size = (uint)sizeof(GpsVelocity);
            Reserved = 0;
            CourseDeg = courseDeg;
            CourseAccuracyDeg = courseAccuracyDeg;
            SpeedMps = speedMps;
            SpeedAccuracyMps = speedAccuracyMps;
        }
    }

    /// <summary>wm_navigator_result.route_evidence (WM_ROUTE_EVIDENCE_*).</summary>
    public enum RouteEvidence
    {
        /// <summary>WM_ROUTE_EVIDENCE_DISABLED: not used (off in the config, or a window-fit estimator).</summary>
        Disabled = NativeMethods.WM_ROUTE_EVIDENCE_DISABLED,
        /// <summary>WM_ROUTE_EVIDENCE_ON: the user is taken to be on the route.</summary>
        On = NativeMethods.WM_ROUTE_EVIDENCE_ON,
        /// <summary>WM_ROUTE_EVIDENCE_OFF: the user is taken to be off it; the route waits for them to rejoin.</summary>
        Off = NativeMethods.WM_ROUTE_EVIDENCE_OFF,
    }

    public partial struct Vec3
    {
        /// <summary>A scene or local vector, metres.</summary>
        public Vec3(double x, double y, double z)
        {
            X = x;
            Y = y;
            Z = z;
        }

        /// <summary>"x, y, z" with round-trip precision.</summary>
        public override string ToString()
        {
            return X.ToString("R") + ", " + Y.ToString("R") + ", " + Z.ToString("R");
        }
    }

    public unsafe partial struct Mat4f
    {
        /// <summary>Element i of the column-major array (row r, column c is 4 * c + r; the
        /// translation is 12, 13, 14).</summary>
        public float this[int index]
        {
            get
            {
                if ((uint)index >= 16) throw new ArgumentOutOfRangeException("index");
                fixed (float* m = M) return m[index];
            }
            set
            {
                if ((uint)index >= 16) throw new ArgumentOutOfRangeException("index");
                fixed (float* m = M) m[index] = value;
            }
        }

        /// <summary>Element (row, column).</summary>
        public float this[int row, int column]
        {
            get
            {
                if ((uint)row >= 4 || (uint)column >= 4) throw new ArgumentOutOfRangeException("row/column");
                return this[4 * column + row];
            }
            set
            {
                if ((uint)row >= 4 || (uint)column >= 4) throw new ArgumentOutOfRangeException("row/column");
                this[4 * column + row] = value;
            }
        }

        /// <summary>The identity matrix.</summary>
        public static Mat4f Identity
        {
            get
            {
                var m = new Mat4f();
                m[0] = m[5] = m[10] = m[15] = 1;
                return m;
            }
        }

        /// <summary>The translation column (elements 12, 13, 14).</summary>
        public Vec3 Translation
        {
            get { return new Vec3(this[12], this[13], this[14]); }
        }

        /// <summary>The sixteen values as four rows, "[m00, m01, m02, m03; m10, …; m30, m31,
        /// m32, m33]" (row r, column c is element 4 * c + r: the translation is the last
        /// column), each with round-trip precision and '.' as the decimal point whatever the
        /// culture, so a logged matrix reads back exactly.</summary>
        public override string ToString()
        {
            var s = new StringBuilder("[");
            for (int r = 0; r < 4; r++)
            {
                for (int c = 0; c < 4; c++)
                {
                    if (c > 0) s.Append(", ");
                    s.Append(this[4 * c + r].ToString("R", CultureInfo.InvariantCulture));
                }
                s.Append(r < 3 ? "; " : "]");
            }
            return s.ToString();
        }

#if UNITY_5_3_OR_NEWER
        /// <summary>Unity's Matrix4x4 (also column-major: m[4c + r] is (r, c)). The values are
        /// copied as they are: the axes are the frame's (Axes.Eun for Unity).</summary>
        public UnityEngine.Matrix4x4 ToMatrix4x4()
        {
            var u = new UnityEngine.Matrix4x4();
            for (int i = 0; i < 16; i++) u[i % 4, i / 4] = this[i];
            return u;
        }

        /// <summary>From Unity's Matrix4x4 (element (r, c) to m[4c + r]).</summary>
        public static Mat4f FromMatrix4x4(UnityEngine.Matrix4x4 u)
        {
            var m = new Mat4f();
            for (int i = 0; i < 16; i++) m[i] = u[i % 4, i / 4];
            return m;
        }
#endif
    }

    public partial struct Viewport
    {
        /// <summary>A viewport in points, y down.</summary>
        public Viewport(double x, double y, double width, double height)
        {
            X = x;
            Y = y;
            Width = width;
            Height = height;
        }
    }
}

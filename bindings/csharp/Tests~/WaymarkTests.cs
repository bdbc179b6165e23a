// The C# bindings against the built libwaymark.so (run by scripts/test-csharp under Mono):
//   1. the bindings match include/waymark.h: every struct's size and every field's offset
//      and size (as the C compiler lays them out, from header_manifest.py's program), every
//      WM_API function bound with its parameter count and nothing bound that the header
//      lacks, every numeric macro with its value;
//   2. the C consumer's checks (Tests/CABI/c_abi_test.c) through C#: the 2,000 ENU and
//      3,000 geodesic reference rows at its tolerances, axes and estimate, China's datums,
//      a CRS transform, anchor transforms, statuses as WaymarkException with the status and
//      the first bad element, outputs untouched on error;
//   3. the navigator over a short field log (Tests/Data/cli_golden/replay_walk.csv, the
//      robust window fit) against the CLI's replay of it (replay_walk_robust.out).
// Usage: mono WaymarkTests.exe MANIFEST TESTDATA. Prints "N passed, N failed"; exit 1 on failure.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Waymark;

static unsafe class WaymarkTests
{
    static int passed, failed;

    static void Check(bool ok, string what, [CallerLineNumber] int line = 0)
    {
        if (ok) { passed++; return; }
        failed++;
        if (failed <= 40) Console.Error.WriteLine("WaymarkTests.cs:" + line + ": failed: " + what);
    }

    static Status? Throws(Action action)
    {
        try { action(); } catch (WaymarkException e) { return e.Status; }
        return null;
    }

    static WaymarkException Caught(Action action)
    {
        try { action(); } catch (WaymarkException e) { return e; }
        return null;
    }

    static double D(string s) { return s.Length == 0 ? double.NaN : double.Parse(s, CultureInfo.InvariantCulture); }

    static double AngleDiff(double a, double b) { return Math.Abs(Math.IEEERemainder(a - b, 360.0)); }

    // ---- 1. The bindings against the header ------------------------------------------

    static string Pascal(string snake)
    {
        return string.Concat(snake.Trim('_').Split('_').Select(p => p.Length == 0 ? "" : char.ToUpperInvariant(p[0]) + p.Substring(1)));
    }

    static Type StructType(string cName)
    {
        string name = cName == "wm_frame" ? "FrameStorage" : Pascal(cName.Substring(3));
        return typeof(NativeMethods).Assembly.GetType("Waymark." + name);
    }

    static int FieldSize(FieldInfo f)
    {
        var fixedBuffer = f.GetCustomAttribute<FixedBufferAttribute>();
        if (fixedBuffer != null) return fixedBuffer.Length * Marshal.SizeOf(fixedBuffer.ElementType);
        if (f.FieldType.IsPointer || f.FieldType == typeof(IntPtr) || f.FieldType == typeof(UIntPtr)) return IntPtr.Size;
        return Marshal.SizeOf(f.FieldType);
    }

    // What a C# parameter or return type is to the ABI: p pointer (pointers, handles as
    // IntPtr, strings), f floating point, s struct by value, i integer (UIntPtr is size_t),
    // v void; and its size.
    static int ManagedShape(Type t, out string kind)
    {
        if (t == typeof(void)) { kind = "v"; return 0; }
        if (t.IsPointer || t == typeof(IntPtr) || t == typeof(string)) { kind = "p"; return IntPtr.Size; }
        if (t == typeof(double) || t == typeof(float)) { kind = "f"; return Marshal.SizeOf(t); }
        if (t == typeof(UIntPtr)) { kind = "i"; return UIntPtr.Size; }
        if (t.IsPrimitive || t.IsEnum) { kind = "i"; return Marshal.SizeOf(t.IsEnum ? Enum.GetUnderlyingType(t) : t); }
        kind = "s";
        return Marshal.SizeOf(t);
    }

    static void Abi(string manifestPath)
    {
        var lines = File.ReadAllLines(manifestPath).Select(l => l.Split(' ')).ToList();
        var bound = typeof(NativeMethods).GetMethods(BindingFlags.Public | BindingFlags.Static)
            .Where(m => m.GetCustomAttribute<DllImportAttribute>() != null)
            .ToDictionary(m => m.GetCustomAttribute<DllImportAttribute>().EntryPoint ?? m.Name, m => m);
        var constants = typeof(NativeMethods).GetFields(BindingFlags.Public | BindingFlags.Static)
            .Where(f => f.IsLiteral).ToDictionary(f => f.Name, f => f);
        var structsSeen = new HashSet<Type>();
        int structs = 0, fields = 0, functions = 0, macros = 0, parameters = 0;
        var declared = new HashSet<string>();
        var macrosDeclared = new HashSet<string>();
        foreach (var line in lines)
        {
            var l = line;
            switch (l[0])
            {
                case "S":
                {
                    var t = StructType(l[1]);
                    Check(t != null, "a C# struct for " + l[1]);
                    if (t == null) break;
                    structsSeen.Add(t);
                    var layout = t.StructLayoutAttribute;
                    Check(layout != null && layout.Value == LayoutKind.Sequential, l[1] + ": StructLayout(Sequential)");
                    Check(Marshal.SizeOf(t) == int.Parse(l[2]), l[1] + ": sizeof " + l[2] + ", C# " + Marshal.SizeOf(t));
                    int cFields = lines.Count(x => x[0] == "F" && x[1] == l[1]);
                    int csFields = t.GetFields(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance).Length;
                    Check(cFields == csFields, l[1] + ": " + cFields + " fields in C, " + csFields + " in C#");
                    structs++;
                    break;
                }
                case "F":
                {
                    var t = StructType(l[1]);
                    if (t == null) break;
                    var f = t.GetField(Pascal(l[2]), BindingFlags.Public | BindingFlags.Instance);
                    Check(f != null, l[1] + "." + l[2] + ": a field " + Pascal(l[2]));
                    if (f == null) break;
                    long offset = (long)Marshal.OffsetOf(t, f.Name);
                    Check(offset == long.Parse(l[3]), l[1] + "." + l[2] + ": offset " + l[3] + ", C# " + offset);
                    Check(FieldSize(f) == int.Parse(l[4]), l[1] + "." + l[2] + ": size " + l[4] + ", C# " + FieldSize(f));
                    fields++;
                    break;
                }
                case "C":
                {
                    macrosDeclared.Add(l[1]);
                    FieldInfo c;
                    Check(constants.TryGetValue(l[1], out c), "a constant NativeMethods." + l[1]);
                    if (c != null) Check(Convert.ToInt64(c.GetRawConstantValue()) == long.Parse(l[2]), l[1] + " = " + l[2]);
                    macros++;
                    break;
                }
                case "A":
                case "R":
                {
                    MethodInfo m;
                    if (!bound.TryGetValue(l[1], out m)) break;
                    Type t;
                    string where;
                    if (l[0] == "A")
                    {
                        int index = int.Parse(l[2]);
                        var ps = m.GetParameters();
                        if (index >= ps.Length) break;   // the count check reports it
                        t = ps[index].ParameterType;
                        where = l[1] + " parameter " + index + " (" + ps[index].Name + ")";
                        l = new[] { l[0], l[1], l[3], l[4] };
                    }
                    else
                    {
                        t = m.ReturnType;
                        where = l[1] + " return";
                        l = new[] { l[0], l[1], l[2], l[3] };
                    }
                    string kind;
                    int size = ManagedShape(t, out kind);
                    Check(kind == l[2] && size == int.Parse(l[3]), where + ": C " + l[2] + " " + l[3] + " bytes, C# " + t.Name + " (" + kind + " " + size + ")");
                    parameters++;
                    break;
                }
                case "P":
                {
                    declared.Add(l[1]);
                    MethodInfo m;
                    Check(bound.TryGetValue(l[1], out m), "a DllImport for " + l[1]);
                    if (m != null)
                    {
                        Check(m.GetParameters().Length == int.Parse(l[2]), l[1] + ": " + l[2] + " parameters, C# " + m.GetParameters().Length);
                        var import = m.GetCustomAttribute<DllImportAttribute>();
                        Check(import.Value == NativeMethods.Library && import.CallingConvention == CallingConvention.Cdecl, l[1] + ": library and Cdecl");
                    }
                    functions++;
                    break;
                }
            }
        }
        foreach (var name in bound.Keys) Check(declared.Contains(name), "DllImport " + name + " is in the header");
        foreach (var name in constants.Keys.Where(n => n.StartsWith("WM_") || n.StartsWith("WAYMARK_")))
            Check(macrosDeclared.Contains(name), "constant " + name + " is in the header");
        Check(NativeMethods.Library == "waymark", "DllImport library \"waymark\" off iOS");
        Check(structs >= 20 && functions >= 71 && macros >= 60, "the manifest is complete");
        Check(parameters > functions, "parameter and return types were compared");
        Console.WriteLine("abi: " + structs + " structs (" + fields + " fields), " + functions + " functions (" + parameters + " parameter and return types), " + macros
                          + " constants checked against include/waymark.h");
    }

    // ---- 2. The C consumer's checks ---------------------------------------------------

    static void Version()
    {
        Check(WaymarkLibrary.VersionNumber == NativeMethods.WAYMARK_VERSION_NUMBER, "wm_version == the bindings' version");
        Check(WaymarkLibrary.Version == NativeMethods.WAYMARK_VERSION_MAJOR + "." + NativeMethods.WAYMARK_VERSION_MINOR + "."
              + NativeMethods.WAYMARK_VERSION_PATCH, "wm_version_string");
        Check(WaymarkLibrary.StatusString(Status.Ok) == "ok" && WaymarkLibrary.StatusString(Status.NullPointer) == "null pointer", "status strings");
        int path = NativeMethods.wm_cpu_path();
        Check(path == NativeMethods.WM_CPU_PATH_BASELINE || path == NativeMethods.WM_CPU_PATH_AVX2_FMA
              || path == NativeMethods.WM_CPU_PATH_AVX512, "wm_cpu_path");
        if (Environment.GetEnvironmentVariable("WAYMARK_CPU") == "baseline") Check(path == NativeMethods.WM_CPU_PATH_BASELINE, "forced baseline");
    }

    static void EnuVectors(string dir)
    {
        int rows = 0;
        double worst = 0, worstRound = 0;
        foreach (var line in File.ReadLines(Path.Combine(dir, "enu_wgs84.csv")).Skip(1))
        {
            var v = line.Split(',').Select(D).ToArray();
            var frame = new Frame(new Geodetic(v[0], v[1], v[2]), Axes.Enu);
            var point = new Geodetic(v[3], v[4], v[5]);
            var enu = frame.Forward(point);
            double err = Math.Sqrt((enu.X - v[6]) * (enu.X - v[6]) + (enu.Y - v[7]) * (enu.Y - v[7]) + (enu.Z - v[8]) * (enu.Z - v[8]));
            Check(err <= 1e-6, "enu row " + rows + ": " + err + " m");
            worst = Math.Max(worst, err);
            var back = frame.Reverse(enu);
            Check(Math.Abs(back.LatDeg - point.LatDeg) <= 1e-12
                  && AngleDiff(back.LonDeg, point.LonDeg) * Math.Cos(point.LatDeg * Math.PI / 180) <= 1e-12, "enu round trip angles");
            Check(Math.Abs(back.HeightM - point.HeightM) <= 1e-6, "enu round trip height");
            worstRound = Math.Max(worstRound, Math.Abs(back.HeightM - point.HeightM));
            rows++;
        }
        Check(rows == 2000, "2000 enu rows");
        Console.WriteLine("enu_wgs84: " + rows + " rows, worst " + worst.ToString("G3") + " m, round trip height " + worstRound.ToString("G3") + " m");
    }

    // As c_abi_test.c: where a half-quantum change of the printed inputs moves the azimuth
    // by more than 1e-9 degree, the row is checked by position instead.
    static double RoundingSensitivityDeg(double s12)
    {
        double quantum = 0.5e-12 * Math.PI / 180 * 6378137.0;
        return 2 * Math.Sqrt(2.0) * quantum / (s12 > 1e-12 ? s12 : 1e-12) * 180 / Math.PI;
    }

    static void GeodesicVectors(string dir)
    {
        int rows = 0;
        double worst = 0;
        foreach (var line in File.ReadLines(Path.Combine(dir, "geodesic_wgs84.csv")).Skip(1))
        {
            var f = line.Split(',');
            var v = f.Select(x => { double d; return double.TryParse(x, NumberStyles.Float, CultureInfo.InvariantCulture, out d) ? d : double.NaN; }).ToArray();
            var a = new Geodetic(v[1], v[2]);
            var b = new Geodetic(v[3], v[4]);
            double s12, azi1, azi2;
            Check(NativeMethods.wm_geodesic_inverse(a, b, &s12, &azi1, &azi2) == NativeMethods.WM_OK, "wm_geodesic_inverse");
            Check(Math.Abs(s12 - v[5]) <= 1e-6, "geodesic distance row " + rows);
            worst = Math.Max(worst, Math.Abs(s12 - v[5]));
            if (!f[0].StartsWith("antipodal") && RoundingSensitivityDeg(s12) <= 1e-9)
            {
                Check(AngleDiff(azi1, v[6]) <= 1e-9 && AngleDiff(azi2, v[7]) <= 1e-9, "geodesic azimuths row " + rows);
            }
            else
            {
                Geodetic reached;
                double back;
                Check(NativeMethods.wm_geodesic_direct(a, azi1, s12, &reached, null) == NativeMethods.WM_OK, "wm_geodesic_direct");
                Check(NativeMethods.wm_geodesic_inverse(reached, b, &back, null, null) == NativeMethods.WM_OK && back <= 1e-6, "position reached");
            }
            rows++;
        }
        Check(rows == 3000, "3000 geodesic rows");
        Console.WriteLine("geodesic_wgs84: " + rows + " rows, worst distance " + worst.ToString("G3") + " m");
    }

    static Geodetic Direct(Geodetic start, double azimuth, double distance)
    {
        Geodetic end;
        WaymarkException.Check(NativeMethods.wm_geodesic_direct(start, azimuth, distance, &end, null), "wm_geodesic_direct");
        return end;
    }

    static void AxesAndEstimate()
    {
        var origin = new Geodetic(0, 0, 0);
        var north = Direct(origin, 0, 100);
        var p = new Frame(origin, Axes.Eus).Forward(north);
        Check(Math.Abs(p.Z + 100) < 1e-6 && Math.Abs(p.X) < 1e-9, "EUS: north is -z");
        p = new Frame(origin, Axes.Eun).Forward(north);
        Check(Math.Abs(p.Z - 100) < 1e-6, "EUN (Unity): north is +z");
        var frame = new Frame(origin, Axes.Eus);
        frame.SetEstimate(new Vec3(10, 0, 0), 90);
        p = frame.Forward(north);
        Check(Math.Abs(p.X - (10 - 100)) < 1e-6 && Math.Abs(p.Z) < 1e-6, "heading correction 90: north at scene west");

        // Batches: arrays with offsets, spans, raw strides, all the same numbers.
        var route = new[] { new Geodetic(55.73397, 37.58864, 158), Direct(new Geodetic(55.73397, 37.58864, 158), 30, 50),
                            Direct(new Geodetic(55.73397, 37.58864, 158), 60, 120) };
        var moscow = new Frame(route[0], Axes.Eun);
        var viaArrays = new Vec3[5];
        moscow.Forward(route, 0, viaArrays, 2, 3);
        var viaSpans = new Vec3[3];
        moscow.Forward(new ReadOnlySpan<Geodetic>(route), new Span<Vec3>(viaSpans));
        bool same = true;
        for (int i = 0; i < 3; i++)
        {
            var single = moscow.Forward(route[i]);
            same &= single.X == viaArrays[2 + i].X && single.Y == viaArrays[2 + i].Y && single.Z == viaArrays[2 + i].Z;
            same &= single.X == viaSpans[i].X && single.Z == viaSpans[i].Z;
        }
        Check(same, "single, array and span batches agree bit for bit");
        var anchors = new Mat4f[3];
        moscow.AnchorTransforms(route, 0, anchors, 0, 3);
        Check(Math.Abs(anchors[1][12] - viaSpans[1].X) < 1e-4 && Math.Abs(anchors[1][14] - viaSpans[1].Z) < 1e-4 && anchors[1][15] == 1,
              "anchor translation = the point's scene position (float)");
        // Unity's forward is +Z in EUN: the first anchor's +Z column faces the second point.
        double h = Math.Sqrt(viaSpans[1].X * viaSpans[1].X + viaSpans[1].Z * viaSpans[1].Z);
        Check(Math.Abs(anchors[0][8] - viaSpans[1].X / h) < 1e-6 && Math.Abs(anchors[0][10] - viaSpans[1].Z / h) < 1e-6, "EUN anchor faces +Z to the next point");
        var back = new Geodetic[3];
        moscow.Reverse(new ReadOnlySpan<Vec3>(viaSpans), new Span<Geodetic>(back));
        Check(Math.Abs(back[2].LatDeg - route[2].LatDeg) < 1e-12 && Math.Abs(back[2].HeightM - route[2].HeightM) < 1e-6, "span reverse");

        // Baselines (raw): haversine x = d sin b.
        var east = Direct(origin, 90, 100);
        var storage = new Frame(origin, Axes.Eus).Storage;
        Vec3 q;
        double d, b;
        Check(NativeMethods.wm_baseline_forward(NativeMethods.WM_BASELINE_HAVERSINE, &storage, &east, (UIntPtr)24, &q, (UIntPtr)24, (UIntPtr)1, null) == 0, "baseline");
        Check(NativeMethods.wm_haversine_inverse(6371008.8, origin, east, &d, &b) == 0 && Math.Abs(q.X - d) < 1e-9 && Math.Abs(b - 90) < 1e-12, "haversine");
    }

    // The engine presets (waymark.h "Engine presets"): a point 100 m north and 2 m up where
    // each engine's documentation puts it; handedness and units; anchor transforms into
    // strided records; the camera helpers.
    static void EnginePresets()
    {
        var origin = new Geodetic(48.0, 11.0, 500);
        var north = Direct(origin, 0, 100);
        north.HeightM += 2;
        var enu = new Frame(origin, Axes.Enu).Forward(north);
        var unity = new Frame(origin, Axes.Unity).Forward(north);
        var unreal = new Frame(origin, Axes.Unreal).Forward(north);
        var arkit = new Frame(origin, Axes.Arkit).Forward(north);
        Check(Math.Abs(unity.X - enu.X) < 1e-9 && Math.Abs(unity.Y - enu.Z) < 1e-9 && Math.Abs(unity.Z - enu.Y) < 1e-9, "Unity: x east, y up, z north");
        Check(Math.Abs(arkit.Y - enu.Z) < 1e-9 && Math.Abs(arkit.Z + enu.Y) < 1e-9, "ARKit: y up, z south");
        Check(Math.Abs(unreal.X - 100 * enu.X) < 1e-6 && Math.Abs(unreal.Y + 100 * enu.Y) < 1e-6 && Math.Abs(unreal.Z - 100 * enu.Z) < 1e-6,
              "Unreal: x east, y south, z up, centimetres");
        Check(Math.Abs(unreal.Y + 10000) < 1 && Math.Abs(unreal.Z - 200) < 1 && Math.Abs(unity.Z - 100) < 0.01 && Math.Abs(unity.Y - 2) < 0.01,
              "100 m north, 2 m up: Unreal (0, -10000, 200) cm, Unity (0, 2, 100) m");
        var back = new Frame(origin, Axes.Unreal).Reverse(unreal);
        Check(Math.Abs(back.LatDeg - north.LatDeg) < 1e-12 && Math.Abs(back.HeightM - north.HeightM) < 1e-6, "Unreal round trip");
        bool right;
        double units;
        AxesConvention.Describe(Axes.Unreal, out right, out units);
        Check(!right && units == 100, "Unreal: left-handed, 100 units per metre");
        AxesConvention.Describe(Axes.Eus, out right, out units);
        Check(right && units == 1, "EUS: right-handed, metres");
        AxesConvention.Describe(Axes.Unity, out right, out units);
        Check(!right && units == 1, "Unity: left-handed, metres");
        Check(AxesConvention.Custom(NativeMethods.WM_DIR_EAST, NativeMethods.WM_DIR_SOUTH, NativeMethods.WM_DIR_UP, NativeMethods.WM_FORWARD_POS_X,
                                    NativeMethods.WM_UNIT_CENTIMETRE) == Axes.Unreal, "WM_AXES_CUSTOM builds WM_AXES_UNREAL");
        var twice = AxesConvention.Custom(NativeMethods.WM_DIR_EAST, NativeMethods.WM_DIR_EAST, NativeMethods.WM_DIR_UP, NativeMethods.WM_FORWARD_POS_X,
                                          NativeMethods.WM_UNIT_METRE);
        Check(Throws(() => AxesConvention.Describe(twice, out right, out units)) == Status.InvalidValue, "x and y both east: InvalidValue");
        Check(Throws(() => new Frame(origin, twice)) == Status.InvalidValue, "a frame refuses it too");

        // Anchor transforms into 80-byte records at an odd offset: the same matrices bit for bit.
        var route = new[] { origin, north, Direct(origin, 45, 80) };
        var frame = new Frame(origin, Axes.Unreal);
        var dense = new Mat4f[3];
        frame.AnchorTransforms(route, 0, dense, 0, 3);
        var records = new byte[3 * 80 + 3];
        fixed (Geodetic* r = route)
        fixed (byte* o = records)
            frame.AnchorTransforms(r, sizeof(Geodetic), o + 3, 80, 3);
        bool same = true;
        for (int i = 0; i < 3; i++)
            for (int k = 0; k < 16; k++)
                same &= BitConverter.ToSingle(records, 3 + 80 * i + 4 * k) == dense[i][k];
        Check(same, "wm_frame_anchor_transforms_ex with stride 80 = wm_frame_anchor_transforms");
        // +X (Unreal's forward) of anchor 0 faces point 1, due north: -y in Unreal.
        Check(Math.Abs(dense[0][0]) < 1e-6 && Math.Abs(dense[0][1] + 1) < 1e-6, "Unreal anchor: +X faces the next point");
        fixed (Geodetic* r = route)
        fixed (byte* o = records)
        {
            Status? stride = null;
            try { frame.AnchorTransforms(r, sizeof(Geodetic), o, 32, 3); } catch (WaymarkException x) { stride = x.Status; }
            Check(stride == Status.BadStride, "output stride 32: BadStride");
        }

        // Camera helpers: Unity's cameraToWorld is the transform; a view's inverse is.
        var toWorld = Mat4f.Identity;
        toWorld[10] = -1;                        // Unity's camera space to its left-handed world: det -1
        toWorld[12] = 1; toWorld[13] = 1.5f; toWorld[14] = -2;
        var projection = CameraOf(new Vec3(0, 0, 0), 0, 0, 0).Projection;
        var viewport = new Viewport(0, 0, 390, 844);
        var fromUnity = Camera.FromUnity(toWorld, projection, viewport);
        bool copied = true;
        for (int k = 0; k < 16; k++) copied &= fromUnity.Transform[k] == toWorld[k] && fromUnity.Projection[k] == projection[k];
        Check(copied && fromUnity.Viewport.Width == 390 && fromUnity.HasGround == 0, "wm_camera_from_unity keeps cameraToWorldMatrix");
        var view = Mat4f.Identity;
        view[12] = -1; view[13] = -2; view[14] = -3;
        var fromView = Camera.FromView(view, projection, viewport);
        Check(Math.Abs(fromView.Transform[12] - 1) < 1e-6 && Math.Abs(fromView.Transform[13] - 2) < 1e-6 && Math.Abs(fromView.Transform[14] - 3) < 1e-6,
              "wm_camera_from_view: transform = the view's inverse");
        Check(Throws(() => Camera.FromView(new Mat4f(), projection, viewport)) == Status.Singular, "a singular view: Singular");
        Check(Throws(() => Camera.FromArkit(Mat4f.Identity, projection, viewport, (InterfaceOrientation)9)) == Status.InvalidValue, "unknown orientation");
        var portrait = Camera.FromArkit(Mat4f.Identity, projection, viewport, InterfaceOrientation.Portrait);
        Check(Math.Abs(portrait.Transform[0]) < 1e-6 && Math.Abs(Math.Abs(portrait.Transform[1]) - 1) < 1e-6, "ARKit portrait: x turned by 90 degrees");
        Console.WriteLine("engine presets: Unreal 100 m north, 2 m up at (" + unreal.X.ToString("F3") + ", " + unreal.Y.ToString("F3") + ", "
                          + unreal.Z.ToString("F3") + ") cm, Unity (" + unity.X.ToString("F4") + ", " + unity.Y.ToString("F4") + ", " + unity.Z.ToString("F4") + ") m");
    }

    static void StatusPaths()
    {
        var good = new Geodetic(48.0, 11.0, 500);
        Check(Throws(() => new Frame(new Geodetic(91, 11, 500), Axes.Eus)) == Status.InvalidValue, "lat 91: InvalidValue");
        Check(Throws(() => new Frame(new Geodetic(double.NaN, 11, 500), Axes.Eus)) == Status.InvalidValue, "NaN origin");
        Check(Throws(() => new Frame(good, (Axes)99)) == Status.InvalidValue, "unknown axes");
        Check(Throws(() => new Frame(0, 0, good, Axes.Eus)) == Status.InvalidValue, "a = 0");
        var frame = new Frame(good, Axes.Eus);
        Check(Throws(() => frame.SetEstimate(new Vec3(0, 0, 0), double.PositiveInfinity)) == Status.InvalidValue, "infinite correction");
        var e = Caught(() => frame.SetEstimate(new Vec3(0, 0, 0), double.NaN));
        Check(e != null && e.Function == "wm_frame_set_estimate" && e.FirstBad == -1 && e.Message.Contains("invalid"), "exception text: " + (e == null ? "" : e.Message));

        // A bad element: the status, its index (from the offset), nothing written.
        var input = new[] { good, new Geodetic(48.1, 11.1, 500), new Geodetic(48.2, double.NaN, 500), good };
        var output = new Vec3[4];
        for (int i = 0; i < 4; i++) output[i] = new Vec3(7, 7, 7);
        e = Caught(() => frame.Forward(input, 0, output, 0, 4));
        Check(e != null && e.Status == Status.InvalidValue && e.FirstBad == 2, "first bad = 2");
        e = Caught(() => frame.Forward(input, 1, output, 0, 3));
        Check(e != null && e.FirstBad == 1, "first bad counted from the offset");
        Check(output.All(v => v.X == 7 && v.Y == 7 && v.Z == 7), "nothing written on error");
        var anchors = new Mat4f[4];
        e = Caught(() => frame.AnchorTransforms(input, 0, anchors, 0, 4));
        Check(e != null && e.Status == Status.InvalidValue && e.FirstBad == 2 && anchors[0][15] == 0, "anchor transforms: first bad, untouched");
        bool range = false;
        try { frame.Forward(input, 2, output, 0, 3); } catch (ArgumentOutOfRangeException) { range = true; }
        Check(range, "an offset and count past the array: ArgumentOutOfRangeException, before any native call");

        // The raw layer: NULL, strides, counts, an uninitialised frame.
        fixed (Geodetic* i = input)
        fixed (Vec3* o = output)
        {
            var storage = frame.Storage;
            var zeroed = new FrameStorage();
            UIntPtr bad = (UIntPtr)77;
            Check(NativeMethods.wm_frame_forward(null, i, (UIntPtr)24, o, (UIntPtr)24, (UIntPtr)1, null) == NativeMethods.WM_ERROR_NULL_POINTER, "NULL frame");
            Check(NativeMethods.wm_frame_forward(&storage, i, (UIntPtr)8, o, (UIntPtr)24, (UIntPtr)1, null) == NativeMethods.WM_ERROR_BAD_STRIDE, "stride 8");
            Check(NativeMethods.wm_frame_forward(&storage, i, (UIntPtr)24, o, (UIntPtr)24, new UIntPtr(ulong.MaxValue), null) == NativeMethods.WM_ERROR_BAD_COUNT, "count 2^64-1");
            Check(NativeMethods.wm_frame_forward(&zeroed, i, (UIntPtr)24, o, (UIntPtr)24, (UIntPtr)1, null) == NativeMethods.WM_ERROR_INVALID_FRAME, "uninitialised frame");
            Check(NativeMethods.wm_frame_forward(&storage, null, (UIntPtr)24, null, (UIntPtr)24, UIntPtr.Zero, &bad) == 0 && bad == (UIntPtr)77, "count 0");
            Status? stride = null;
            try { frame.Forward(i, 16, o, 24, 1); } catch (WaymarkException x) { stride = x.Status; Check(x.FirstBad == -1, "no first bad for a stride"); }
            Check(stride == Status.BadStride, "BadStride through the pointer overload");
        }

        // Matrices.
        var m = Mat4f.Identity;
        m[12] = 1; m[13] = 2; m[14] = 3;
        Mat4f inv, prod, singular = new Mat4f();
        Check(NativeMethods.wm_mat4f_inverse_rigid(&m, &inv) == 0 && inv[12] == -1 && inv[14] == -3, "rigid inverse");
        Check(NativeMethods.wm_mat4f_multiply(&m, &inv, &prod) == 0 && prod[12] == 0 && prod[0] == 1, "m * m^-1");
        Check(NativeMethods.wm_mat4f_inverse(&singular, &inv) == NativeMethods.WM_ERROR_SINGULAR, "singular");
        Check(m[2, 3] == 3 && m[3, 3] == 1, "Mat4f (row, column)");
        // ToString: its values, row by row, round-trip and culture-free.
        Check(m.ToString() == "[1, 0, 0, 1; 0, 1, 0, 2; 0, 0, 1, 3; 0, 0, 0, 1]", "Mat4f.ToString: " + m);
        var previous = System.Threading.Thread.CurrentThread.CurrentCulture;
        try
        {
            System.Threading.Thread.CurrentThread.CurrentCulture = new System.Globalization.CultureInfo("de-DE");
            var fine = new Mat4f();
            fine[4] = 0.1f; fine[15] = -2.5e-7f;
            Check(fine.ToString() == "[0, 0.1, 0, 0; 0, 0, 0, 0; 0, 0, 0, 0; 0, 0, 0, -2.5E-07]", "Mat4f.ToString under de-DE: " + fine);
            Check(float.Parse(fine.ToString().Split(',', ';')[1].Trim(), System.Globalization.CultureInfo.InvariantCulture) == 0.1f,
                  "Mat4f.ToString reads back");
        }
        finally { System.Threading.Thread.CurrentThread.CurrentCulture = previous; }
    }

    static void ChinaDatums()
    {
        var wgs = new[] { new Geodetic(31.1774276, 121.5272106, 7), new Geodetic(22.543847, 113.912316), new Geodetic(39.911954, 116.377817) };
        var expected = new[] { new Geodetic(31.17530398364597, 121.531541859215, 7), new Geodetic(22.540796131694766, 113.9171764808363),
                               new Geodetic(39.91334545536069, 116.38404722455657) };
        var gcj = new Geodetic[3];
        var back = new Geodetic[3];
        fixed (Geodetic* w = wgs)
        fixed (Geodetic* g = gcj)
        fixed (Geodetic* r = back)
        {
            UIntPtr bad;
            Check(NativeMethods.wm_gcj02_from_wgs84(null, w, (UIntPtr)24, g, (UIntPtr)24, (UIntPtr)3, &bad) == 0, "gcj02 from wgs84");
            Check(NativeMethods.wm_wgs84_from_gcj02(null, g, (UIntPtr)24, r, (UIntPtr)24, (UIntPtr)3, &bad) == 0, "wgs84 from gcj02");
            var ring = new[] { new Geodetic(20, 100), new Geodetic(20, 125), new Geodetic(45, 125), new Geodetic(45, 100) };
            fixed (Geodetic* v = ring)
            {
                var region = new Region { Kind = NativeMethods.WM_REGION_POLYGON, Polygon = v, PolygonCount = (UIntPtr)4 };
                var bd = new Geodetic[3];
                fixed (Geodetic* bp = bd)
                {
                    Check(NativeMethods.wm_bd09_from_gcj02(&region, g, (UIntPtr)24, bp, (UIntPtr)24, (UIntPtr)3, &bad) == 0, "bd09 (polygon region)");
                    Check(Math.Abs(bd[0].LatDeg - gcj[0].LatDeg) > 1e-4, "bd09 moved the point");
                }
                region.PolygonCount = (UIntPtr)2;
                Check(NativeMethods.wm_bd09_from_gcj02(&region, g, (UIntPtr)24, r, (UIntPtr)24, (UIntPtr)3, &bad) == NativeMethods.WM_ERROR_INVALID_VALUE, "2-vertex polygon");
            }
        }
        for (int i = 0; i < 3; i++)
        {
            Check(Math.Abs(gcj[i].LatDeg - expected[i].LatDeg) <= 1e-12 && Math.Abs(gcj[i].LonDeg - expected[i].LonDeg) <= 1e-12, "eviltransform vector " + i);
            Check(gcj[i].HeightM == wgs[i].HeightM, "height passes through");
            Check(Math.Abs(back[i].LatDeg - wgs[i].LatDeg) < 1e-10 && Math.Abs(back[i].LonDeg - wgs[i].LonDeg) < 1e-10, "exact inverse " + i);
        }
    }

    static void CrsTransform()
    {
        IntPtr t;
        var input = new[] { new Vec3(116.4, 39.9, 0), new Vec3(117, 40, 5) };
        var output = new Vec3[2];
        Check(NativeMethods.wm_transform_create("EPSG:4326", "EPSG:32650", &t) == 0 && t != IntPtr.Zero, "wm_transform_create");
        fixed (Vec3* i = input)
        fixed (Vec3* o = output)
            Check(NativeMethods.wm_transform_apply(t, i, (UIntPtr)24, o, (UIntPtr)24, (UIntPtr)2, null) == 0, "wm_transform_apply");
        Check(Math.Abs(output[0].X - 448709.380192) < 1e-5 && Math.Abs(output[0].Y - 4416830.562172) < 1e-5, "UTM 50N vector");
        Check(Math.Abs(output[1].X - 500000) < 1e-6 && output[1].Z == 5, "central meridian");
        NativeMethods.wm_transform_destroy(t);
        var message = new byte[256];
        IntPtr untouched = (IntPtr)1234;
        fixed (byte* m = message)
            Check(NativeMethods.wm_transform_create_with_message("EPSG:999999", "EPSG:4326", &untouched, m, (UIntPtr)256) == NativeMethods.WM_ERROR_PROJ, "unknown CRS: PROJ");
        string text = System.Text.Encoding.UTF8.GetString(message, 0, Array.IndexOf(message, (byte)0));
        Check(untouched == (IntPtr)1234 && text.Contains("crs not found"), "PROJ's reason: " + text);
    }

    static void Navigation()
    {
        // The route pieces (raw) as c_abi_test.c's navigation().
        var pts = new[] { new Vec3(0, 0, 0), new Vec3(0, 0, -30), new Vec3(12, 0, -30) };
        IntPtr route;
        RoutePosition at;
        var arrows = new Arrow[16];
        UIntPtr n;
        fixed (Vec3* p = pts)
            Check(NativeMethods.wm_route_create(p, (UIntPtr)24, (UIntPtr)3, NativeMethods.WM_AXES_EUS, &route) == 0, "wm_route_create");
        Check(NativeMethods.wm_route_project(route, new Vec3(2, 1.5, -20), &at) == 0, "wm_route_project");
        Check(at.Segment == 0 && Math.Abs(at.OffsetM - 2) < 1e-12 && Math.Abs(at.DistanceAlongM - 20) < 1e-12 && Math.Abs(at.RemainingM - 22) < 1e-12, "projection");
        fixed (Arrow* a = arrows)
        {
            Check(NativeMethods.wm_route_arrows(route, &at, 3, 100, a, (UIntPtr)4, &n) == NativeMethods.WM_ERROR_BAD_COUNT && n == (UIntPtr)8, "arrows: capacity");
            Check(NativeMethods.wm_route_arrows(route, &at, 3, 100, a, (UIntPtr)16, &n) == 0 && n == (UIntPtr)8, "arrows");
        }
        Check(arrows[0].YawDeg == 0 && arrows[0].DistanceAlongM == 21 && Math.Abs(arrows[4].YawDeg + 90) < 1e-12 && arrows[4].Position.X == 3, "arrow yaw and place");
        NativeMethods.wm_route_destroy(route);

        // The simulator and the proximity gate (plain data through pointers).
        Simulation sim;
        NativeMethods.wm_simulation_default(&sim);
        Check(sim.GpsSigmaM == 5 && sim.HeadingErrorDeg == 15 && sim.SpeedMS == 1.4 && sim.Corrector.BufferCount == 10, "wm_simulation_default");
        Proximity gate;
        int inside;
        Check(NativeMethods.wm_proximity_init(&gate, 40, 50) == 0 && NativeMethods.wm_proximity_update(&gate, 39, &inside) == 0 && inside == 1, "proximity");
        Check(NativeMethods.wm_proximity_update(&gate, 48, &inside) == 0 && inside == 1 && NativeMethods.wm_proximity_update(&gate, 51, &inside) == 0 && inside == 0, "hysteresis");
    }

    // ---- 3. The navigator over a field log ---------------------------------------------

    // The camera transform of a field log's yaw/pitch/roll in EUS (as CameraPose.transform
    // and navigator_test.c's camera_at): columns right, up, -forward, position.
    static Mat4f CameraTransform(Vec3 p, double yaw, double pitch, double roll)
    {
        double r = Math.PI / 180;
        double[] f = { Math.Sin(yaw * r) * Math.Cos(pitch * r), Math.Sin(pitch * r), -Math.Cos(yaw * r) * Math.Cos(pitch * r) };
        double[] r0 = { Math.Cos(yaw * r), 0, Math.Sin(yaw * r) };
        double[] u0 = { r0[1] * f[2] - r0[2] * f[1], r0[2] * f[0] - r0[0] * f[2], r0[0] * f[1] - r0[1] * f[0] };
        double cr = Math.Cos(roll * r), sr = Math.Sin(roll * r);
        var m = new Mat4f();
        for (int i = 0; i < 3; i++)
        {
            m[i] = (float)(cr * r0[i] - sr * u0[i]);
            m[4 + i] = (float)(cr * u0[i] + sr * r0[i]);
            m[8 + i] = (float)-f[i];
        }
        m[12] = (float)p.X; m[13] = (float)p.Y; m[14] = (float)p.Z; m[15] = 1;
        return m;
    }

    static Camera CameraOf(Vec3 p, double yaw, double pitch, double roll)
    {
        double near = 0.05, far = 10000, t = 1 / Math.Tan(30 * Math.PI / 180);
        var c = new Camera();
        c.Transform = CameraTransform(p, yaw, pitch, roll);
        var proj = new Mat4f();
        proj[0] = (float)(t * 844 / 390);
        proj[5] = (float)t;
        proj[10] = (float)((far + near) / (near - far));
        proj[11] = -1;
        proj[14] = (float)(2 * far * near / (near - far));
        c.Projection = proj;
        c.Viewport = new Viewport(0, 0, 390, 844);
        return c;
    }

    static void NavigatorLog(string dir)
    {
        var config = Navigator.DefaultConfig();
        Check(config.Size == NativeMethods.WM_NAVIGATOR_CONFIG_SIZE && config.Axes == NativeMethods.WM_AXES_EUS, "default config");
        config.Estimator = NativeMethods.WM_ESTIMATOR_ROBUST;
        config.Heights = NativeMethods.WM_HEIGHTS_NONE;
        // NavigatorCLITests.turn: 150 m north, then 150 m east.
        var route = new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7352473, 37.5886), new Geodetic(55.7352473, 37.5910) };
        var golden = File.ReadAllLines(Path.Combine(dir, "cli_golden", "replay_walk_robust.out")).Skip(1).Select(l => l.Split(',')).ToList();
        var arrows = new Arrow[Navigator.ArrowCapacity(config)];
        var legs = new ArrowLeg[8];
        int frames = 0, fixes = 0, states = 0;
        double worstPlace = 0, worstScreen = 0, worstAngle = 0;
        using (var nav = new Navigator(config, route))
        {
            foreach (var line in File.ReadLines(Path.Combine(dir, "cli_golden", "replay_walk.csv")).Skip(1))
            {
                var f = line.Split(',');
                double t = D(f[0]);
                var scene = new Vec3(D(f[6]), D(f[7]), D(f[8]));
                if (f[1] == "fix")
                {
                    nav.AddFix(new Fix { Position = new Geodetic(D(f[2]), D(f[3]), D(f[4])), HasHeight = 1, HorizontalAccuracyM = D(f[5]),
                                         VerticalAccuracyM = 10, TimeS = t, ScenePosition = scene });
                    fixes++;
                    continue;
                }
                int count;
                var r = nav.Update(t, CameraOf(scene, D(f[9]), D(f[10]), D(f[11])), arrows, out count);
                if (frames >= golden.Count) { Check(false, "more frames than the golden replay"); break; }
                var g = golden[frames++];
                Func<int, double, double, bool> near = (col, value, tol) =>
                    g[col].Length == 0 ? double.IsNaN(value) : Math.Abs(value - D(g[col])) <= tol;
                string[] stateNames = { "none", "estimating", "applied" };
                Check(D(g[0]) == t, "frame time");
                Check(near(1, r.ProgressM, 1e-3) && near(2, r.RemainingM, 1e-3) && near(3, r.OffRouteM, 1e-3), "progress, remaining, off route at t = " + t);
                Check(near(4, r.CorrectionDeg, 1e-6) && near(5, r.CorrectionSigmaDeg, 1e-6), "correction at t = " + t);
                bool sameState = stateNames[r.CorrectionState] == g[6];
                Check(sameState, "correction state at t = " + t + ": " + stateNames[r.CorrectionState] + ", CLI " + g[6]);
                if (sameState) states++;
                Check(near(7, r.User.LatDeg, 1e-9) && near(8, r.User.LonDeg, 1e-9), "user position at t = " + t);
                Check(near(9, r.Finish.X, 1e-3) && near(10, r.Finish.Y, 1e-3) && near(11, r.Finish.Z, 1e-3), "finish at t = " + t);
                Check(g[12] == r.FinishVisible.ToString(), "finish visible at t = " + t);
                // The CLI hands the navigator a double camera, C a float one (wm_mat4f): a
                // finish almost abeam projects to 1e4..1e6 pt, where the float rotation's
                // rounding moves it by up to 1e-4 of its value.
                Func<int, double, bool> screen = (col, value) => near(col, value, 0.05 + 1e-4 * Math.Abs(value));
                Check(screen(13, r.FinishScreenX) && screen(14, r.FinishScreenY) && near(15, r.FinishDiameterPt, 1e-3), "finish on screen at t = " + t);
                if (g[16].Length == 0) Check(r.HintNeeded == 0, "no hint at t = " + t);
                else Check(r.HintNeeded == 1 && near(16, r.HintX, 0.05) && near(17, r.HintY, 0.05) && near(18, r.HintTurnDeg, 1e-3), "hint at t = " + t);
                Check(near(19, r.LabelRollDeg, 1e-3), "label roll at t = " + t);
                Check(g[20] == count.ToString() && (long)r.ArrowTotal.ToUInt64() == count, "arrow count at t = " + t);
                if (count > 0)
                {
                    Check(near(21, arrows[0].DistanceAlongM, 1e-3) && near(22, arrows[0].Position.X, 1e-3) && near(23, arrows[0].Position.Y, 1e-3)
                          && near(24, arrows[0].Position.Z, 1e-3), "first arrow at t = " + t);
                    Check(nav.Legs(0, legs) >= 1, "legs of the first arrow");
                    worstPlace = Math.Max(worstPlace, Math.Abs(arrows[0].Position.Z - D(g[24])));
                }
                if (g[1].Length > 0) worstPlace = Math.Max(worstPlace, Math.Abs(r.RemainingM - D(g[2])));
                if (g[13].Length > 0 && r.FinishVisible == 1) worstScreen = Math.Max(worstScreen, Math.Abs(r.FinishScreenX - D(g[13])));
                if (g[4].Length > 0) worstAngle = Math.Max(worstAngle, Math.Abs(r.CorrectionDeg - D(g[4])));
            }
            Check(frames == 150 && fixes == 151 && states == 150, "150 frames and 151 fixes replayed");
            // Errors as exceptions carrying the status; the navigator is unchanged after them.
            Check(Throws(() => nav.AddFix(new Fix { Position = new Geodetic(91, 0), HorizontalAccuracyM = 5, VerticalAccuracyM = 10, TimeS = 200 })) == Status.InvalidValue, "fix at lat 91");
            // A fix without a height: VerticalAccuracyM left at 0 is not read (issue 36).
            using (var plain = new Navigator(Navigator.DefaultConfig(), new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7366, 37.5886) }))
                Check(Throws(() => plain.AddFix(new Fix { Position = new Geodetic(55.7339, 37.5886), HorizontalAccuracyM = 5, TimeS = 0 })) == null,
                      "a fix with HasHeight = 0 and VerticalAccuracyM = 0 is taken");
            // A refused fix or setting names its field (Fields, and the value in the message).
            var named = Caught(() => nav.AddFix(new Fix { Position = new Geodetic(55.7339, 37.5886), HorizontalAccuracyM = 0, TimeS = 200 }));
            Check(named != null && named.Fields.Length == 1 && named.Fields[0] == "HorizontalAccuracyM"
                  && named.Message.Contains("HorizontalAccuracyM = 0"), "a zero accuracy names HorizontalAccuracyM");
            named = Caught(() => nav.AddFix(new Fix { Position = new Geodetic(55.7339, 37.5886, 150), HasHeight = 1, HorizontalAccuracyM = 5, TimeS = 200 }));
            Check(named != null && named.Fields.Length == 1 && named.Fields[0] == "VerticalAccuracyM", "a height without its accuracy names VerticalAccuracyM");
            var spaced = Navigator.DefaultConfig();
            spaced.ArrowSpacingM = -3;
            named = Caught(() => new Navigator(spaced, new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7366, 37.5886) }));
            Check(named != null && named.Fields.Length == 1 && named.Fields[0] == "ArrowSpacingM" && named.Message.Contains("ArrowSpacingM = -3 (default 3)"),
                  "a negative arrow spacing names ArrowSpacingM");
            var finish = Navigator.DefaultConfig();
            finish.FinishMinPt = 500;   // only wrong beside FinishMaxPt
            named = Caught(() => new Navigator(finish, new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7366, 37.5886) }));
            Check(named != null && named.Fields.Length == 1 && named.Fields[0] == "FinishMinPt", "a finish minimum above the maximum names FinishMinPt");
            named = Caught(() => new Navigator(Navigator.DefaultConfig(), new[] { new Geodetic(55.7339, 37.5886), new Geodetic(95, 37.5886) }));
            Check(named != null && named.FirstBad == 1 && named.Fields.Length == 0, "a bad route point is an index, not a field");
            Check(Throws(() => nav.Update(double.NaN, CameraOf(new Vec3(0, 1.4, 0), 0, 0, 0))) == Status.InvalidValue, "NaN time");
            var flat = CameraOf(new Vec3(0, 1.4, 0), 0, 0, 0);
            flat.Viewport = new Viewport(0, 0, 0, 844);
            Check(Throws(() => nav.Update(200, flat)) == Status.InvalidValue, "zero-width viewport");
            Check(Throws(() => nav.Legs(10000, legs)) == Status.NotAvailable, "legs of a missing arrow");
            Check(Throws(() => nav.Tracking(200, (TrackingState)7)) == Status.InvalidValue, "unknown tracking state");
            var label = nav.FinishLabel(NativeMethods.WM_LABEL_METRES, 2);
            Check(!double.IsNaN(label.Anchor.X) && label.Transform[15] == 1, "finish label");
        }
        // Unity: axes EUN and Camera.FromUnity. One exact fix at the start of a 300 m route due
        // north, the camera 1.4 m up looking north (Unity's cameraToWorldMatrix maps the
        // camera's -z to world +z: determinant -1): the finish is straight ahead, 300 m up +z.
        var unityConfig = Navigator.DefaultConfig();
        unityConfig.Axes = (int)Axes.Unity;
        var start = new Geodetic(55.7339, 37.5886, 150);
        var straight = new[] { start, Direct(start, 0, 300) };
        using (var nav = new Navigator(unityConfig, straight))
        {
            nav.AddFix(new Fix { Position = start, HasHeight = 1, HorizontalAccuracyM = 3, VerticalAccuracyM = 5, TimeS = 0,
                                 ScenePosition = new Vec3(0, 1.4, 0) });
            var toWorld = Mat4f.Identity;
            toWorld[10] = -1;
            toWorld[13] = 1.4f;
            var camera = Camera.FromUnity(toWorld, CameraOf(new Vec3(0, 0, 0), 0, 0, 0).Projection, new Viewport(0, 0, 390, 844));
            var r = nav.Update(0.1, camera, arrows, out int n);
            Check(Math.Abs(r.Finish.X) < 0.5 && Math.Abs(r.Finish.Z - 300) < 0.5 && r.FinishVisible == 1 && Math.Abs(r.FinishScreenX - 195) < 1,
                  "Unity axes: the finish 300 m up +z, straight ahead on screen (" + r.Finish + "; x " + r.FinishScreenX + " pt)");
            Check(n > 1 && Math.Abs(arrows[n - 1].Position.X) < 0.5 && arrows[n - 1].Position.Z > arrows[0].Position.Z + 50, "Unity axes: arrows ahead, up +z (" + n + " arrows, first z " + arrows[0].Position.Z + ", last z " + arrows[n - 1].Position.Z + ")");
            // The engine moved its origin 100 m north: every scene position is 100 m less in z.
            nav.ShiftOrigin(new Vec3(0, 0, 100));
            toWorld[14] = -100;
            var shifted = nav.Update(0.2, Camera.FromUnity(toWorld, camera.Projection, camera.Viewport), arrows, out n);
            Check(Math.Abs(shifted.Finish.Z - (r.Finish.Z - 100)) < 1e-6 && Math.Abs(shifted.Finish.X - r.Finish.X) < 1e-6,
                  "ShiftOrigin: the finish 100 m less in z (" + shifted.Finish + ")");
            Check(Throws(() => nav.ShiftOrigin(new Vec3(double.NaN, 0, 0))) == Status.InvalidValue, "ShiftOrigin(NaN): InvalidValue");
            Check(Throws(() => nav.SetOriginShift(-1)) == Status.InvalidValue, "SetOriginShift(-1): InvalidValue");
            nav.SetOriginShift(500);
        }

        Check(Throws(() => new Navigator(config, new[] { route[0] })) == Status.BadCount, "a one-point route: BadCount");
        var badRoute = new[] { route[0], new Geodetic(double.NaN, 0), route[2] };
        var ex = Caught(() => new Navigator(config, badRoute));
        Check(ex != null && ex.Status == Status.InvalidValue && ex.FirstBad == 1, "a NaN route point: InvalidValue, FirstBad 1");
        var wrong = config;
        wrong.ArrowSpacingM = -1;
        ex = Caught(() => new Navigator(wrong, route));
        Check(ex != null && ex.Status == Status.InvalidValue && ex.FirstBad == -1, "a bad setting: InvalidValue, no first bad element");
        var disposed = new Navigator(config, route);
        disposed.Dispose();
        disposed.Dispose();
        bool objectDisposed = false;
        try { disposed.Update(0, CameraOf(new Vec3(0, 1.4, 0), 0, 0, 0)); } catch (ObjectDisposedException) { objectDisposed = true; }
        Check(objectDisposed, "a disposed navigator throws ObjectDisposedException");
        Console.WriteLine("navigator over replay_walk.csv (robust): " + frames + " frames, " + fixes + " fixes; against the CLI's replay: worst place "
                          + worstPlace.ToString("G3") + " m, visible finish on screen " + worstScreen.ToString("G3") + " pt, correction "
                          + worstAngle.ToString("G3") + " deg; correction state equal on " + states + " frames");
    }

    // GPS velocity (wm_navigator_add_fix_velocity) and route evidence: a walk north at
    // 1.4 m/s with the session's north 15 degrees off and white 3 m GPS, the same fixes to
    // every navigator. The velocity applies the heading within 10 s, the fixes alone do not;
    // -1 values are a plain fix to the bit; bad velocities throw and change nothing.
    static NavigatorResult WalkNorth(Navigator nav, int seconds, int seed, bool velocity, bool missing = false)
    {
        var rng = new Random(seed);
        Func<double> noise = () => 2 * rng.NextDouble() - 1;
        double a = 15 * Math.PI / 180;
        var r = new NavigatorResult();
        for (int i = 0; i < seconds; i++)
        {
            double north = 1.4 * i;
            var scene = new Vec3(-north * Math.Sin(a), 1.4, -north * Math.Cos(a));
            var fix = new Fix { Position = new Geodetic(55.7339 + (north + 3 * noise()) / 111320, 37.5886 + 3 * noise() / (111320 * Math.Cos(55.7339 * Math.PI / 180))),
                                HorizontalAccuracyM = 3, VerticalAccuracyM = 10, TimeS = i, ScenePosition = scene };
            double course = (360 + 3 * noise()) % 360;
            if (missing) nav.AddFix(fix, new GpsVelocity(-1, -1, -1, -1));
            else if (velocity) nav.AddFix(fix, new GpsVelocity(course, 3, 1.4, 0.1));
            else nav.AddFix(fix);
            r = nav.Update(i + 0.5, CameraOf(scene, -15, 0, 0));
        }
        return r;
    }

    static void NavigatorVelocity()
    {
        var config = Navigator.DefaultConfig();
        Check(config.RouteEvidence == 0 && config.RouteOffsetSigmaM == 2 && config.RouteSideOffsetM == 4 && config.RouteOffsetDistanceM == 1000
              && config.VelocityCorrelatedShare == 0.5 && config.VelocityCorrelationS == 10, "the 0.4 settings' defaults");
        config.Heights = NativeMethods.WM_HEIGHTS_NONE;
        config.AccuracyConfidence = 1 - Math.Exp(-0.5);
        config.GpsCorrelatedShare = 0;
        var route = new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7366, 37.5886) };
        NavigatorResult plain, missing, fast;
        using (var nav = new Navigator(config, route)) plain = WalkNorth(nav, 10, 7, false);
        using (var nav = new Navigator(config, route)) missing = WalkNorth(nav, 10, 7, false, true);
        using (var nav = new Navigator(config, route))
        {
            fast = WalkNorth(nav, 10, 7, true);
            var fix = new Fix { Position = new Geodetic(55.7340, 37.5886), HorizontalAccuracyM = 3, VerticalAccuracyM = 10, TimeS = 10 };
            Check(Throws(() => nav.AddFix(fix, new GpsVelocity(double.NaN, 3, 1.4, 0.1))) == Status.InvalidValue, "a NaN course: InvalidValue");
            var wrongSize = new GpsVelocity(0, 3, 1.4, 0.1);
            wrongSize.Size += 8;
            Check(Throws(() => nav.AddFix(fix, wrongSize)) == Status.InvalidValue, "a velocity of another size: InvalidValue");
            var again = nav.Update(9.5, CameraOf(new Vec3(0, 1.4, 0), -15, 0, 0));
            Check(again.CorrectionDeg == fast.CorrectionDeg && again.CorrectionSigmaDeg == fast.CorrectionSigmaDeg, "refused velocities change nothing");
        }
        Check(missing.CorrectionDeg == plain.CorrectionDeg && missing.CorrectionSigmaDeg == plain.CorrectionSigmaDeg, "-1 velocity values: a plain fix");
        Check(fast.CorrectionState == NativeMethods.WM_CORRECTION_APPLIED && plain.CorrectionState != NativeMethods.WM_CORRECTION_APPLIED,
              "the velocity applies the heading within 10 s (states " + fast.CorrectionState + ", " + plain.CorrectionState + " without)");
        Check(fast.CorrectionSigmaDeg < 0.5 * plain.CorrectionSigmaDeg && Math.Abs(fast.CorrectionDeg - 15) < 3 * fast.CorrectionSigmaDeg,
              "sigma " + fast.CorrectionSigmaDeg + " with the velocity, " + plain.CorrectionSigmaDeg + " without; correction " + fast.CorrectionDeg);
        Check(fast.RouteEvidence == (int)RouteEvidence.Disabled, "route evidence off by default");
        config.RouteEvidence = 1;
        using (var nav = new Navigator(config, route))
            Check(WalkNorth(nav, 30, 8, true).RouteEvidence == (int)RouteEvidence.On, "route evidence on while walking the route");
        config.RouteEvidence = 2;
        Check(Throws(() => new Navigator(config, route)) == Status.InvalidValue, "route evidence 2: InvalidValue");
        Console.WriteLine("GPS velocity: correction sigma after 10 s " + fast.CorrectionSigmaDeg.ToString("G3") + " deg (fixes alone "
                          + plain.CorrectionSigmaDeg.ToString("G3") + ")");
    }

    // The readers: every file of Tests/Data/readers and the track files of cli_inputs, read
    // through Readers (wm_track_read / wm_field_log_read), give what `waymark read` prints
    // (WAYMARK_TEST_CLI, as scripts/test sets it), or the same refusal; known cases always.
    static void ReaderCases(string dir)
    {
        var nul = Throws<WaymarkReadException>(() => Readers.ReadTrack(File.ReadAllBytes(Path.Combine(dir, "readers", "nul_in_lat.gpx")),
                                                                   NativeMethods.WM_TRACK_FORMAT_GPX));
        Check(nul != null && nul.Line == 3 && nul.Reason == "a NUL byte in the document", "a NUL in a GPX latitude: line 3");
        var strava = Readers.ReadTrack(File.ReadAllBytes(Path.Combine(dir, "cli_inputs", "walk_strava.gpx")), NativeMethods.WM_TRACK_FORMAT_GPX);
        Check(strava.Points.Length == 121 && strava.IsRoute && strava.Warnings.Length == 0, "walk_strava.gpx: 121 points, one route");
        var log = Readers.ReadFieldLog(File.ReadAllBytes(Path.Combine(dir, "readers", "velocity.log")));
        Check(log.Length == 4 && log[0].Event == NativeMethods.WM_LOG_FIX && log[0].CourseDeg == 90 && double.IsNaN(log[0].SpeedAccuracyMps)
              && log[3].Tracking == NativeMethods.WM_TRACKING_LIMITED, "velocity.log: four rows, the velocity columns");
        Check(Throws(() => Readers.ReadTrack(new byte[1], 9)) == Status.InvalidValue, "format 9: InvalidValue");

        string cli = Environment.GetEnvironmentVariable("WAYMARK_TEST_CLI");
        if (string.IsNullOrEmpty(cli) || !File.Exists(cli)) { Console.WriteLine("readers: no WAYMARK_TEST_CLI, the CLI comparison skipped"); return; }
        var formats = new Dictionary<string, int> { { ".gpx", NativeMethods.WM_TRACK_FORMAT_GPX }, { ".kml", NativeMethods.WM_TRACK_FORMAT_KML },
                                                    { ".tcx", NativeMethods.WM_TRACK_FORMAT_TCX }, { ".nmea", NativeMethods.WM_TRACK_FORMAT_NMEA },
                                                    { ".geojson", NativeMethods.WM_TRACK_FORMAT_GEOJSON }, { ".json", NativeMethods.WM_TRACK_FORMAT_GEOJSON },
                                                    { ".polyline", NativeMethods.WM_TRACK_FORMAT_POLYLINE },
                                                    { ".polyline6", NativeMethods.WM_TRACK_FORMAT_POLYLINE6 },
                                                    { ".csv", NativeMethods.WM_TRACK_FORMAT_CSV } };
        var files = Directory.GetFiles(Path.Combine(dir, "readers")).OrderBy(f => f, StringComparer.Ordinal).ToList();
        foreach (var n in new[] { "walk_strava.gpx", "walk_osmand.gpx", "walk_gpx10.gpx", "walk_track.kml", "walk_places.kml", "walk_garmin.tcx", "walk_logger.nmea",
                                   "geojson_io.geojson", "osrm_geojson.json", "osrm_polyline.json", "osrm_polyline6.json", "valhalla_route.json" })
            files.Add(Path.Combine(dir, "cli_inputs", n));
        int compared = 0;
        foreach (var path in files)
        {
            var run = new System.Diagnostics.Process();
            run.StartInfo = new System.Diagnostics.ProcessStartInfo(cli, "read \"" + path + "\"")
                { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true,
                  StandardOutputEncoding = System.Text.Encoding.UTF8, StandardErrorEncoding = System.Text.Encoding.UTF8 };
            run.Start();
            string output = run.StandardOutput.ReadToEnd(), errors = run.StandardError.ReadToEnd();
            run.WaitForExit();
            string name = Path.GetFileName(path);
            var rows = output.Split(new[] { '\n' }, StringSplitOptions.RemoveEmptyEntries).Skip(1).Select(l => l.Split(',')).ToList();
            string got;
            try
            {
                var bytes = File.ReadAllBytes(path);
                if (path.EndsWith(".log"))
                {
                    var r = Readers.ReadFieldLog(bytes);
                    got = string.Join("\n", r.Select(x => x.Line + "," + R(x.TimeS) + "," + (x.Event == NativeMethods.WM_LOG_FIX ? R(x.LatitudeDeg) + "," + R(x.LongitudeDeg) : "")));
                    Check(run.ExitCode == 0, name + ": the CLI reads it too");
                    Check(got == string.Join("\n", rows.Select(x => x[0] + "," + R(Num(x[1])) + "," + (x[2] == "fix" ? R(Num(x[3])) + "," + R(Num(x[4])) : ""))),
                          name + ": the same rows as waymark read");
                }
                else
                {
                    var t = Readers.ReadTrack(bytes, formats[Path.GetExtension(path)]);
                    got = string.Join("\n", t.Points.Select(p => p.Line + "," + R(p.LatitudeDeg) + "," + R(p.LongitudeDeg) + "," + R(p.HeightM) + "," + R(p.TimeS)));
                    Check(run.ExitCode == 0, name + ": the CLI reads it too");
                    Check(got == string.Join("\n", rows.Select(x => x[0] + "," + R(Num(x[1])) + "," + R(Num(x[2])) + "," + R(Num(x[3])) + "," + R(Num(x[4])))),
                          name + ": the same points as waymark read");
                }
            }
            catch (WaymarkReadException e)
            {
                Check(run.ExitCode == 65 && errors == "waymark: line " + e.Line + ": " + e.Reason + "\n", name + ": the same refusal as waymark read (" + e.Message + ")");
            }
            compared++;
        }
        Console.WriteLine("readers: " + compared + " files read as waymark read reads them");
    }

    // ---- Hostile callers (issue 52): readers, navigator, frames -------------------------

    static void HostileReaders(string dir)
    {
        // Broken documents: refused with their line and reason, never read short.
        var broken = new[] {
            Tuple.Create("cut_after_two_trkpt.gpx", NativeMethods.WM_TRACK_FORMAT_GPX, 6L, "the document ends inside <trkseg>, opened at line 3 (3 elements not closed: cut short?)"),
            Tuple.Create("swapped_end_tags.gpx", NativeMethods.WM_TRACK_FORMAT_GPX, 4L, "</trk> closes <trkseg>, opened at line 2: elements must close in the order they opened"),
            Tuple.Create("second_root.gpx", NativeMethods.WM_TRACK_FORMAT_GPX, 4L, "a second root element <gpx> (the first closed at line 3): a document has one"),
            Tuple.Create("duplicate_lat.gpx", NativeMethods.WM_TRACK_FORMAT_GPX, 2L, "<wpt> has the attribute 'lat' twice"),
            Tuple.Create("cut_after_linestring.kml", NativeMethods.WM_TRACK_FORMAT_KML, 3L, "the document ends inside <Placemark>, opened at line 1 (3 elements not closed: cut short?)"),
            Tuple.Create("cut_after_trackpoint.tcx", NativeMethods.WM_TRACK_FORMAT_TCX, 3L, "the document ends inside <Track>, opened at line 1 (5 elements not closed: cut short?)"),
            Tuple.Create("nul_in_comment.polyline6", NativeMethods.WM_TRACK_FORMAT_POLYLINE6, 1L, "a NUL byte in a comment (character 11)"),
        };
        foreach (var c in broken)
        {
            var e = Throws<WaymarkReadException>(() => Readers.ReadTrack(File.ReadAllBytes(Path.Combine(dir, "readers", c.Item1)), c.Item2));
            Check(e != null && e.Line == c.Item3 && e.Reason == c.Item4, c.Item1 + ": " + (e == null ? "read" : e.Line + ": " + e.Reason));
        }
        // A NUL inserted before every byte of a GPX, and written over every byte: refused.
        var gpx = System.Text.Encoding.UTF8.GetBytes("<?xml version=\"1.0\"?>\n<gpx><trk><trkseg>\n<trkpt lat=\"55.7\" lon=\"37.6\"><ele>1</ele></trkpt>\n"
                                                    + "<trkpt lat=\"55.8\" lon=\"37.6\"/>\n</trkseg></trk></gpx>\n");
        Check(Readers.ReadTrack(gpx, NativeMethods.WM_TRACK_FORMAT_GPX).Points.Length == 2, "the GPX itself reads");
        int read = 0;
        for (int k = 0; k <= gpx.Length; k++)
        {
            var inserted = new byte[gpx.Length + 1];
            Array.Copy(gpx, 0, inserted, 0, k);
            Array.Copy(gpx, k, inserted, k + 1, gpx.Length - k);
            if (Throws<WaymarkReadException>(() => Readers.ReadTrack(inserted, NativeMethods.WM_TRACK_FORMAT_GPX)) == null) read++;
            if (k == gpx.Length) break;
            var written = (byte[])gpx.Clone();
            written[k] = 0;
            if (Throws<WaymarkReadException>(() => Readers.ReadTrack(written, NativeMethods.WM_TRACK_FORMAT_GPX)) == null) read++;
        }
        Check(read == 0, "a NUL anywhere in a GPX refused (" + read + " placements read)");
        // Empty and binary input: refusals, not crashes.
        Check(Throws<WaymarkReadException>(() => Readers.ReadTrack(new byte[0], NativeMethods.WM_TRACK_FORMAT_KML)) != null, "an empty KML refused");
        var noise = new byte[4096];
        new Random(52).NextBytes(noise);
        for (int f = NativeMethods.WM_TRACK_FORMAT_GPX; f <= NativeMethods.WM_TRACK_FORMAT_CSV; f++)
        {
            int format = f;
            Check(Throws<WaymarkReadException>(() => Readers.ReadTrack(noise, format)) != null, "random bytes refused as format " + f);
        }
        Check(Throws<WaymarkReadException>(() => Readers.ReadFieldLog(noise)) != null, "random bytes refused as a field log");
        // A 64 MiB polyline cut short: refused at its end, in memory bounded by the text.
        var big = new byte[64 << 20];
        for (int i = 0; i < big.Length; i++) big[i] = (byte)'?';
        big[big.Length - 1] = (byte)'_';
        long before = System.Diagnostics.Process.GetCurrentProcess().PeakWorkingSet64;
        var cut = Throws<WaymarkReadException>(() => Readers.ReadTrack(big, NativeMethods.WM_TRACK_FORMAT_POLYLINE));
        long grown = System.Diagnostics.Process.GetCurrentProcess().PeakWorkingSet64 - before;
        Check(cut != null && cut.Line == 1 && cut.Reason == "the polyline ends inside a number (cut short?)", "a 64 MiB polyline cut short: refused");
        Check(grown <= (8L << 20), "the refusal added " + (grown >> 20) + " MiB resident (bound 8 MiB beyond the text)");
    }

    static void HostileNavigator()
    {
        var config = Navigator.DefaultConfig();
        config.Heights = NativeMethods.WM_HEIGHTS_NONE;
        var route = new[] { new Geodetic(55.7339, 37.5886), new Geodetic(55.7366, 37.5886) };
        Check(Throws(() => new Navigator(config, new[] { new Geodetic(55.7339, 37.5886), new Geodetic(double.NaN, 37.5886) })) == Status.InvalidValue,
              "a NaN route vertex: InvalidValue");
        Check(Throws(() => new Navigator(config, new[] { new Geodetic(91, 37.5886), new Geodetic(55.7366, 37.5886) })) == Status.InvalidValue,
              "latitude 91: InvalidValue");
        using (var nav = new Navigator(config, route))
        using (var twin = new Navigator(config, route))
        {
            nav.SetOriginShift(3);
            twin.SetOriginShift(3);
            Check(Throws(() => nav.SetOriginShift(double.NaN)) == Status.InvalidValue && Throws(() => nav.SetOriginShift(-1)) == Status.InvalidValue,
                  "origin shift NaN or negative: InvalidValue");
            var kept = new List<NavigatorResult>();
            var shifts = new List<Vec3>();
            var shift = new Vec3(0, 0, 0);
            int shifted = 0;
            for (int i = 0; i < 40; i++)
            {
                var scene = new Vec3(-shift.X, 1.4 - shift.Y, -1.4 * i - shift.Z);
                var fix = new Fix { Position = new Geodetic(55.7339 + 1.4 * i / 111320, 37.5886), HorizontalAccuracyM = 3, VerticalAccuracyM = 10,
                                    TimeS = i, ScenePosition = scene };
                nav.AddFix(fix);
                twin.AddFix(fix);
                // Refused fixes change nothing: the twin never sees them.
                var bad = fix;
                bad.HorizontalAccuracyM = double.NaN;
                Check(Throws(() => nav.AddFix(bad)) == Status.InvalidValue, "a NaN accuracy: InvalidValue");
                bad = fix;
                bad.TimeS = double.PositiveInfinity;
                Check(Throws(() => nav.AddFix(bad)) == Status.InvalidValue, "an infinite time: InvalidValue");
                var camera = CameraOf(scene, 0, 0, 0);
                var r = nav.Update(i + 0.5, camera);
                var t = twin.Update(i + 0.5, camera);
                Check(r.ProgressM.Equals(t.ProgressM) && r.CorrectionDeg.Equals(t.CorrectionDeg) && r.OriginShift.X.Equals(t.OriginShift.X),
                      "update " + i + ": the same as the twin that saw no refused fix");
                if (r.OriginShifted == 1) { shifted++; shift = new Vec3(shift.X + r.OriginShift.X, shift.Y + r.OriginShift.Y, shift.Z + r.OriginShift.Z); }
                kept.Add(r);
                shifts.Add(r.OriginShift);
            }
            Check(shifted >= 3, "the walk shifted the origin " + shifted + " times");
            bool same = true;
            for (int i = 0; i < kept.Count; i++)
                same &= kept[i].OriginShift.X.Equals(shifts[i].X) && kept[i].OriginShift.Y.Equals(shifts[i].Y) && kept[i].OriginShift.Z.Equals(shifts[i].Z);
            Check(same, "every kept result's OriginShift as it was returned (a struct by value: no view into a reused buffer)");
            var noViewport = CameraOf(new Vec3(0, 1.4, 0), 0, 0, 0);
            noViewport.Viewport = new Viewport(0, 0, 0, 844);
            Check(Throws(() => nav.Update(41, noViewport)) == Status.InvalidValue, "a viewport of width 0: InvalidValue");
        }
        var gone = new Navigator(config, route);
        gone.Dispose();
        bool disposed = false;
        try { gone.Update(0, CameraOf(new Vec3(0, 1.4, 0), 0, 0, 0)); } catch (ObjectDisposedException) { disposed = true; }
        Check(disposed, "a disposed navigator: ObjectDisposedException, not a call on a freed handle");
    }

    static void HostileFrames()
    {
        var frame = new Frame(new Geodetic(55.7339, 37.5886, 150), Axes.Enu);
        foreach (var bad in new[] { new Geodetic(double.NaN, 37.6, 0), new Geodetic(91, 37.6, 0), new Geodetic(55.7, double.PositiveInfinity, 0),
                                    new Geodetic(55.7, 37.6, 1.0000001e12), new Geodetic(55.7, 37.6, double.NaN) })
        {
            var g = bad;
            Check(Throws(() => frame.Forward(g)) == Status.InvalidValue, "forward of " + g.LatDeg + ", " + g.LonDeg + ", " + g.HeightM + ": InvalidValue");
        }
        // The reverse takes up to 3e12 + 2e7 m (the farthest a forward result lies): beyond is refused.
        foreach (var bad in new[] { new Vec3(double.NaN, 0, 0), new Vec3(0, 3.0001e12, 0), new Vec3(0, 0, double.NegativeInfinity) })
        {
            var v = bad;
            Check(Throws(() => frame.Reverse(v)) == Status.InvalidValue, "reverse of " + v.X + ", " + v.Y + ", " + v.Z + ": InvalidValue");
        }
        // A batch with one bad point: nothing written, FirstBad names it.
        var input = new[] { new Geodetic(55.7, 37.6, 0), new Geodetic(55.8, 37.6, 0), new Geodetic(95, 37.6, 0) };
        var output = new Vec3[3];
        output[0] = new Vec3(7, 7, 7);
        var e = Caught(() => frame.Forward(input, 0, output, 0, 3));
        Check(e != null && e.Status == Status.InvalidValue && e.FirstBad == 2 && output[0].X == 7, "a batch refused whole, first bad 2, nothing written");
        Check(Throws<ArgumentOutOfRangeException>(() => frame.Forward(input, 0, output, 1, 3)) != null, "an output range past the array: ArgumentOutOfRangeException");
        // Every forward result reads back: a point 1e12 m below the ellipsoid about an
        // origin 1e12 m up, with a scene origin at the corner of +-1e12 m.
        var far = new Frame(new Geodetic(55.7339, 37.5886, 1e12), Axes.Eus);
        far.SetEstimate(new Vec3(1e12, -1e12, 1e12), 37);
        var deep = far.Forward(new Geodetic(55.7339, 37.5886, -1e12));   // 2e12 m below the origin, the scene origin 1e12 m lower: y near -3e12
        Check(deep.Y < -2.9e12 && Caught(() => far.Reverse(deep)) == null, "a forward result near -3e12 m reads back (y " + deep.Y + ")");
        var near = frame.Forward(new Geodetic(55.74, 37.59, 10));
        var back = frame.Reverse(near);
        Check(Math.Abs(back.LatDeg - 55.74) < 1e-12 && Math.Abs(back.LonDeg - 37.59) < 1e-12 && Math.Abs(back.HeightM - 10) < 1e-6, "a point reads back");
    }

    static double Num(string s) { return s.Length == 0 ? double.NaN : double.Parse(s, CultureInfo.InvariantCulture); }
    static string R(double v) { return double.IsNaN(v) ? "" : v.ToString("R", CultureInfo.InvariantCulture); }

    static T Throws<T>(Action action) where T : Exception
    {
        try { action(); } catch (T e) { return e; }
        return null;
    }

    static int Main(string[] args)
    {
        if (args.Length != 2)
        {
            Console.Error.WriteLine("usage: WaymarkTests.exe MANIFEST TESTDATA");
            return 2;
        }
        Abi(args[0]);
        Version();
        EnuVectors(args[1]);
        GeodesicVectors(args[1]);
        AxesAndEstimate();
        EnginePresets();
        StatusPaths();
        ChinaDatums();
        CrsTransform();
        Navigation();
        NavigatorLog(args[1]);
        NavigatorVelocity();
        ReaderCases(args[1]);
        HostileReaders(args[1]);
        HostileNavigator();
        HostileFrames();
        Console.WriteLine(passed + " passed, " + failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}

// A scene frame: geodetic <-> scene conversions and anchor transforms, checked, throwing
// WaymarkException on error. Batches come in three shapes: arrays with offsets (every
// C# version), spans (where System.Span exists: Unity 2021.2+, .NET Core, Mono 6) and raw
// pointers with byte strides (Unity's NativeArray through
// NativeArrayUnsafeUtility.GetUnsafePtr, or your own structs), plus NativeArray
// overloads inside Unity.
using System;
using System.Runtime.InteropServices;
#if UNITY_5_3_OR_NEWER
using Unity.Collections;
using Unity.Collections.LowLevel.Unsafe;
#endif

namespace Waymark
{
    /// <summary>
    /// A scene frame at a geographic origin (wm_frame): 512 bytes of numbers, no native
    /// resources, so nothing to dispose. Share one between threads for reading; do not call
    /// SetEstimate while another thread converts through it.
    /// </summary>
    public sealed unsafe class Frame
    {
        FrameStorage storage;

        /// <summary>A frame at <paramref name="origin"/> on WGS-84, the origin at scene (0, 0, 0)
        /// and no heading correction (wm_frame_init).</summary>
        /// <exception cref="WaymarkException">INVALID_VALUE: a non-finite origin, |lat| &gt; 90,
        /// |height| &gt; 1e12 m, unknown axes.</exception>
        public Frame(Geodetic origin, Axes axes)
        {
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_init(f, origin, (int)axes), "wm_frame_init");
        }

        /// <summary>A frame on another ellipsoid: equatorial radius 1 &lt;= a_m &lt;= 1e10 metres,
        /// flattening -1 &lt;= f &lt; 1 (wm_frame_init_ellipsoid).</summary>
        public Frame(double aM, double f, Geodetic origin, Axes axes)
        {
            fixed (FrameStorage* p = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_init_ellipsoid(p, aM, f, origin, (int)axes), "wm_frame_init_ellipsoid");
        }

        /// <summary>A copy of the frame's bytes, for the NativeMethods calls that take a wm_frame.</summary>
        public FrameStorage Storage
        {
            get { return storage; }
        }

        /// <summary>Sets where the geographic origin is in the scene (metres, scene axes, each
        /// within ±1e12) and the heading correction (true azimuth = scene azimuth + correction,
        /// degrees) (wm_frame_set_estimate).</summary>
        public void SetEstimate(Vec3 sceneOrigin, double headingCorrectionDeg)
        {
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_set_estimate(f, sceneOrigin, headingCorrectionDeg), "wm_frame_set_estimate");
        }

        /// <summary>One point, geodetic to scene (metres, the frame's axes).</summary>
        public Vec3 Forward(Geodetic point)
        {
            Vec3 result;
            Forward(&point, sizeof(Geodetic), &result, sizeof(Vec3), 1);
            return result;
        }

        /// <summary>One point, scene to geodetic (the exact inverse of Forward).</summary>
        public Geodetic Reverse(Vec3 point)
        {
            Geodetic result;
            Reverse(&point, sizeof(Vec3), &result, sizeof(Geodetic), 1);
            return result;
        }

        /// <summary>input[inputOffset ..] to output[outputOffset ..], count points. On error
        /// nothing is written; the exception's FirstBad counts from inputOffset.</summary>
        public void Forward(Geodetic[] input, int inputOffset, Vec3[] output, int outputOffset, int count)
        {
            CheckRange(input, inputOffset, count, "input");
            CheckRange(output, outputOffset, count, "output");
            if (count == 0) return;
            fixed (Geodetic* i = &input[inputOffset])
            fixed (Vec3* o = &output[outputOffset])
                Forward(i, sizeof(Geodetic), o, sizeof(Vec3), count);
        }

        /// <summary>input[inputOffset ..] to output[outputOffset ..], count points, scene to geodetic.</summary>
        public void Reverse(Vec3[] input, int inputOffset, Geodetic[] output, int outputOffset, int count)
        {
            CheckRange(input, inputOffset, count, "input");
            CheckRange(output, outputOffset, count, "output");
            if (count == 0) return;
            fixed (Vec3* i = &input[inputOffset])
            fixed (Geodetic* o = &output[outputOffset])
                Reverse(i, sizeof(Vec3), o, sizeof(Geodetic), count);
        }

        /// <summary>One anchor transform per route point (translation: the point's scene
        /// position; rotation about the scene's up axis towards the next point), see
        /// wm_frame_anchor_transforms.</summary>
        public void AnchorTransforms(Geodetic[] input, int inputOffset, Mat4f[] output, int outputOffset, int count)
        {
            CheckRange(input, inputOffset, count, "input");
            CheckRange(output, outputOffset, count, "output");
            if (count == 0) return;
            fixed (Geodetic* i = &input[inputOffset])
            fixed (Mat4f* o = &output[outputOffset])
                AnchorTransforms(i, sizeof(Geodetic), o, count);
        }

        /// <summary>Geodetic to scene through raw memory: count points, input every inputStride
        /// bytes, output every outputStride bytes (both &gt;= 24; the same buffer and stride
        /// for in place).</summary>
        public void Forward(Geodetic* input, long inputStride, Vec3* output, long outputStride, long count)
        {
            var bad = NotSet;
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_forward(f, input, Size(inputStride), output, Size(outputStride),
                                                                      Size(count), &bad), "wm_frame_forward", bad);
        }

        /// <summary>Scene to geodetic through raw memory (strides in bytes, &gt;= 24).</summary>
        public void Reverse(Vec3* input, long inputStride, Geodetic* output, long outputStride, long count)
        {
            var bad = NotSet;
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_reverse(f, input, Size(inputStride), output, Size(outputStride),
                                                                      Size(count), &bad), "wm_frame_reverse", bad);
        }

        /// <summary>Anchor transforms through raw memory: input every inputStride bytes, output
        /// contiguous (64 bytes each).</summary>
        public void AnchorTransforms(Geodetic* input, long inputStride, Mat4f* output, long count)
        {
            var bad = NotSet;
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_anchor_transforms(f, input, Size(inputStride), output, Size(count), &bad),
                                       "wm_frame_anchor_transforms", bad);
        }

        /// <summary>Anchor transforms into an engine's own records: a matrix every outputStride
        /// bytes (&gt;= 64, any alignment), the same matrices as AnchorTransforms bit for bit
        /// (wm_frame_anchor_transforms_ex). output must not overlap input.</summary>
        public void AnchorTransforms(Geodetic* input, long inputStride, void* output, long outputStride, long count)
        {
            var bad = NotSet;
            fixed (FrameStorage* f = &storage)
                WaymarkException.Check(NativeMethods.wm_frame_anchor_transforms_ex(f, input, Size(inputStride), output, Size(outputStride),
                                                                                   Size(count), &bad), "wm_frame_anchor_transforms_ex", bad);
        }

#if !UNITY_5_3_OR_NEWER || UNITY_2021_2_OR_NEWER
        /// <summary>input to output (the same length), geodetic to scene.</summary>
        public void Forward(ReadOnlySpan<Geodetic> input, Span<Vec3> output)
        {
            if (output.Length != input.Length) throw new ArgumentException("output and input differ in length");
            if (input.Length == 0) return;
            fixed (Geodetic* i = &MemoryMarshal.GetReference(input))
            fixed (Vec3* o = &MemoryMarshal.GetReference(output))
                Forward(i, sizeof(Geodetic), o, sizeof(Vec3), input.Length);
        }

        /// <summary>input to output (the same length), scene to geodetic.</summary>
        public void Reverse(ReadOnlySpan<Vec3> input, Span<Geodetic> output)
        {
            if (output.Length != input.Length) throw new ArgumentException("output and input differ in length");
            if (input.Length == 0) return;
            fixed (Vec3* i = &MemoryMarshal.GetReference(input))
            fixed (Geodetic* o = &MemoryMarshal.GetReference(output))
                Reverse(i, sizeof(Vec3), o, sizeof(Geodetic), input.Length);
        }

        /// <summary>One anchor transform per route point (the same length).</summary>
        public void AnchorTransforms(ReadOnlySpan<Geodetic> input, Span<Mat4f> output)
        {
            if (output.Length != input.Length) throw new ArgumentException("output and input differ in length");
            if (input.Length == 0) return;
            fixed (Geodetic* i = &MemoryMarshal.GetReference(input))
            fixed (Mat4f* o = &MemoryMarshal.GetReference(output))
                AnchorTransforms(i, sizeof(Geodetic), o, input.Length);
        }
#endif

#if UNITY_5_3_OR_NEWER
        /// <summary>input to output (the same length), geodetic to scene, without a copy.</summary>
        public void Forward(NativeArray<Geodetic> input, NativeArray<Vec3> output)
        {
            if (output.Length != input.Length) throw new ArgumentException("output and input differ in length");
            Forward((Geodetic*)NativeArrayUnsafeUtility.GetUnsafeReadOnlyPtr(input), sizeof(Geodetic),
                    (Vec3*)NativeArrayUnsafeUtility.GetUnsafePtr(output), sizeof(Vec3), input.Length);
        }

        /// <summary>One anchor transform per route point (the same length), without a copy.</summary>
        public void AnchorTransforms(NativeArray<Geodetic> input, NativeArray<Mat4f> output)
        {
            if (output.Length != input.Length) throw new ArgumentException("output and input differ in length");
            AnchorTransforms((Geodetic*)NativeArrayUnsafeUtility.GetUnsafeReadOnlyPtr(input), sizeof(Geodetic),
                             (Mat4f*)NativeArrayUnsafeUtility.GetUnsafePtr(output), input.Length);
        }
#endif

        /// <summary>A first_bad value no call writes (SIZE_MAX): still there after an error, the
        /// error was not about one element.</summary>
        public static readonly UIntPtr NotSet = new UIntPtr(ulong.MaxValue);

        internal static UIntPtr Size(long value)
        {
            if (value < 0) throw new ArgumentOutOfRangeException("value", "negative stride or count");
            return new UIntPtr((ulong)value);
        }

        internal static void CheckRange<T>(T[] array, int offset, int count, string name)
        {
            if (array == null) throw new ArgumentNullException(name);
            if (offset < 0 || count < 0 || offset > array.Length - count)
                throw new ArgumentOutOfRangeException(name, "offset and count outside the array");
        }
    }
}

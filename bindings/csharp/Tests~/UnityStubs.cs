// Compile-only stand-ins for the Unity APIs the bindings use inside #if UNITY_...
// (Matrix4x4, Camera, NativeArray and NativeArrayUnsafeUtility), with the members and
// signatures of Unity's documentation, so scripts/test-csharp can compile those branches
// with mcs (with UNITY_5_3_OR_NEWER, UNITY_2021_2_OR_NEWER and UNITY_IOS defined). They
// prove that the Unity code compiles against these shapes, not that it runs in Unity.
namespace UnityEngine
{
    public struct Matrix4x4
    {
        float[] m;
        public float this[int row, int column]
        {
            get { return m == null ? 0 : m[row + 4 * column]; }
            set { if (m == null) m = new float[16]; m[row + 4 * column] = value; }
        }
    }

    public class Camera
    {
        public Matrix4x4 cameraToWorldMatrix { get; set; }
        public Matrix4x4 projectionMatrix { get; set; }
        public int pixelWidth { get; set; }
        public int pixelHeight { get; set; }
    }
}

namespace Unity.Collections
{
    public struct NativeArray<T> where T : struct
    {
        public int Length { get; set; }
    }
}

namespace Unity.Collections.LowLevel.Unsafe
{
    public static unsafe class NativeArrayUnsafeUtility
    {
        public static void* GetUnsafePtr<T>(this NativeArray<T> nativeArray) where T : struct { return null; }
        public static void* GetUnsafeReadOnlyPtr<T>(this NativeArray<T> nativeArray) where T : struct { return null; }
    }
}

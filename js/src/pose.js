/** The pose of matrix `index` of `matrices` (16 floats each, column-major, a rotation
 * and a translation — Frame.anchorTransforms' output) as WebXR wants it:
 * `new XRRigidTransform(pose.position, pose.orientation)`. */
export function rigidPose(matrices, index = 0) {
  const m = matrices.subarray(16 * index, 16 * index + 16);
  // Row r, column c is m[4c + r]; the quaternion by the largest of its four squares.
  const m00 = m[0], m11 = m[5], m22 = m[10], trace = m00 + m11 + m22;
  let x, y, z, w;
  if (trace > 0) {
    const s = 2 * Math.sqrt(1 + trace);
    w = s / 4; x = (m[6] - m[9]) / s; y = (m[8] - m[2]) / s; z = (m[1] - m[4]) / s;
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    w = (m[6] - m[9]) / s; x = s / 4; y = (m[4] + m[1]) / s; z = (m[8] + m[2]) / s;
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    w = (m[8] - m[2]) / s; x = (m[4] + m[1]) / s; y = s / 4; z = (m[9] + m[6]) / s;
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    w = (m[1] - m[4]) / s; x = (m[8] + m[2]) / s; y = (m[9] + m[6]) / s; z = s / 4;
  }
  return { position: { x: m[12], y: m[13], z: m[14], w: 1 }, orientation: { x, y, z, w } };
}

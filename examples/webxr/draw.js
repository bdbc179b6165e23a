// Draws one navigator frame on a 2-D canvas laid over the camera view (WebXR's DOM
// overlay, or the page itself without WebXR): an arrow per route arrow, the finish mark
// at the size the navigator gives, the off-screen hint. Returns what it drew, in CSS
// pixels, so a test can check the pixels against the navigator's numbers.

export const COLOURS = { arrow: "#13c26b", finish: "#e0245e", hint: "#ff9f1a" };
const ARROW_LENGTH_M = 0.8;

/** Draws `result` (Navigator.update's) for `camera` ({transform, projection, viewport}). */
export function drawFrame(wm, context, camera, result) {
  const { width, height } = context.canvas;
  const scale = width / camera.viewport[2];   // device pixels per CSS pixel
  context.clearRect(0, 0, width, height);
  const drawn = { arrows: [], finish: null, hint: null };
  const arrows = result.arrows, count = arrows.length / 5;
  if (count > 0) {
    // Each arrow's base and its tip ARROW_LENGTH_M along its yaw (a right-handed turn
    // about up of the model's forward, -Z in EUS: (-sin yaw, 0, -cos yaw)).
    const ends = new Float64Array(6 * count);
    for (let i = 0; i < count; i++) {
      const [x, y, z, yaw] = arrows.subarray(5 * i, 5 * i + 4), r = (yaw * Math.PI) / 180;
      ends.set([x, y, z, x - ARROW_LENGTH_M * Math.sin(r), y, z - ARROW_LENGTH_M * Math.cos(r)], 6 * i);
    }
    const screen = wm.screenProject(camera, ends);
    context.fillStyle = COLOURS.arrow;
    for (let i = count - 1; i >= 0; i--) {   // far ones first: near arrows on top
      const [bx, by, bv, tx, ty, tv] = screen.subarray(6 * i, 6 * i + 6);
      if (!bv || !tv) continue;
      const dx = tx - bx, dy = ty - by, length = Math.hypot(dx, dy);
      if (length < 1) continue;
      const nx = -dy / length, ny = dx / length, half = Math.max(3, length * 0.45);
      context.beginPath();
      context.moveTo(tx * scale, ty * scale);
      context.lineTo((bx + nx * half) * scale, (by + ny * half) * scale);
      context.lineTo((bx - nx * half) * scale, (by - ny * half) * scale);
      context.closePath();
      context.fill();
      drawn.arrows.push({ index: i, x: (bx + tx) / 2, y: (by + ty) / 2, base: [bx, by], tip: [tx, ty] });
    }
  }
  if (result.finishVisible) {
    const radius = result.finishDiameterPt / 2;
    context.fillStyle = COLOURS.finish;
    context.beginPath();
    context.arc(result.finishScreenX * scale, result.finishScreenY * scale, radius * scale, 0, 2 * Math.PI);
    context.fill();
    drawn.finish = { x: result.finishScreenX, y: result.finishScreenY, diameter: result.finishDiameterPt };
  } else if (result.hintNeeded) {
    context.fillStyle = COLOURS.hint;
    context.beginPath();
    context.arc(result.hintX * scale, result.hintY * scale, 14 * scale, 0, 2 * Math.PI);
    context.fill();
    drawn.hint = { x: result.hintX, y: result.hintY, turn: result.hintTurnDeg };
  }
  return drawn;
}

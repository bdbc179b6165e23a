// Compiled by scripts/test-wasm with `tsc --noEmit` against ../index.d.ts: the README's
// example, typed.
import { loadWaymark, Axes, WaymarkError, rigidPose, perspective, type NavigatorResult } from "waymark-geo";

async function main(): Promise<void> {
  const wm = await loadWaymark();
  const route = new Float64Array([55.7339, 37.5886, 150, 55.7366, 37.5886, 150]);
  const frame = wm.createFrame({ lat: 55.7339, lon: 37.5886, height: 150 }, "EUS");
  frame.setEstimate([0, 0, 0], 12.5);
  const scene: Float64Array = frame.forward(route);
  const anchors: Float32Array = frame.anchorTransforms(route);
  const pose = rigidPose(anchors, 1);
  const buffer = wm.allocPoints(2);
  buffer.array.set(route);
  frame.forward(buffer, buffer);
  const gcj: Float64Array = wm.gcj02FromWgs84(route, { region: "EVERYWHERE" });
  const nav = wm.createNavigator(route, { alignment: "GRAVITY", arrowSpacingM: 2, axes: Axes.EUS });
  nav.addFix({ lat: 55.7339, lon: 37.5886, accuracy: 5, time: 0, scene: [0, 1.4, 0] });
  const result: NavigatorResult = nav.update(0.1, {
    transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1.4, 0, 1], projection: perspective(60, 0.5), viewport: [0, 0, 390, 844],
  });
  const firstArrowYaw: number = result.arrows[3];
  try { frame.forward([NaN, 0, 0]); } catch (e) { if (e instanceof WaymarkError) console.log(e.statusName, e.firstBad); }
  console.log(scene, pose.orientation.w, gcj, result.correctionState, firstArrowYaw, wm.haversineInverse([0, 0], [0, 1]).distanceM);
  // Preset names in the header's spelling, lower case or hyphenated; a misspelt one is a type error.
  wm.createFrame([55.7339, 37.5886], "arcore-unity").dispose();
  wm.createFrame([55.7339, 37.5886], "unreal").dispose();
  // @ts-expect-error: no such preset
  wm.createFrame([55.7339, 37.5886], "UNITYY");
  nav.dispose(); buffer.dispose(); frame.dispose();
}
void main();

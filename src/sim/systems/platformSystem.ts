// Moving platforms: each tick every platform moves a constant distance along its path, turning
// back at the ends (ping-pong) or going on from the last point to the first (loop); a platform with
// a wait stands still for its waitTicks on reaching an end (ping-pong) or its first point (loop),
// so players can step on and off a ferry at its stops. The system only
// sets the platform's velocity to reach this tick's point; the substeps move it there, so players,
// ropes and boxes see it move smoothly inside the tick. Anchors riding it are moved to match.

import { TICK_HZ, DT } from '../constants';
import type { SimWorld } from '../worldState';

export function platformSystem(world: SimWorld): void {
  const { body, platform, paths, anchor } = world;
  const platforms = world.queries.platforms.dense;
  for (let k = 0; k < platforms.length; k++) {
    const e = platforms[k];
    if (platform.waitLeft[e] > 0) platform.waitLeft[e]--;
    else advance(world, e);
    // Where the platform must be at the end of the tick.
    const first = platform.pathFirst[e];
    const count = platform.pathCount[e];
    const seg = platform.segment[e];
    const next = seg + 1 < count ? seg + 1 : 0;
    const t = platform.along[e] / paths.segmentLength[first + seg];
    const x = paths.x[first + seg] + (paths.x[first + next] - paths.x[first + seg]) * t;
    const y = paths.y[first + seg] + (paths.y[first + next] - paths.y[first + seg]) * t;
    body.vx[e] = (x - body.x[e]) * TICK_HZ;
    body.vy[e] = (y - body.y[e]) * TICK_HZ;
  }
  // An anchor riding a platform is drawn where the platform takes it this tick (ropes tied to it
  // are tied to the platform itself, so they follow it through every substep).
  const anchors = world.queries.anchors.dense;
  for (let k = 0; k < anchors.length; k++) {
    const a = anchors[k];
    const p = anchor.platform[a];
    if (p === 0) continue;
    body.lastX[a] = body.x[a];
    body.lastY[a] = body.y[a];
    body.x[a] = body.prevX[a] = body.x[p] + body.vx[p] * DT + anchor.offsetX[a];
    body.y[a] = body.prevY[a] = body.y[p] + body.vy[p] * DT + anchor.offsetY[a];
  }
}

/**
 * Moves platform e's place on its path one tick's travel on (speed x DT), in its current direction.
 * (The distance is worked out here, not passed: a fractional number handed to a call V8 does not
 * inline is a heap allocation, 11 B a tick on the finale once compiled, tick-cost.)
 */
function advance(world: SimWorld, e: number): void {
  const { platform, paths } = world;
  const distance = platform.speed[e] * DT;
  const first = platform.pathFirst[e];
  const count = platform.pathCount[e];
  const isLoop = platform.isLoop[e] === 1;
  const lastSegment = isLoop ? count - 1 : count - 2;
  let seg = platform.segment[e];
  let along = platform.along[e];
  let dir = platform.direction[e];
  let left = distance;
  // A waiting platform stops exactly at the end it reached; the rest of this tick's distance is lost.
  const wait = platform.waitTicks[e];
  let isStopped = false;
  // Each pass ends a segment or the distance; a tick never crosses more than every segment twice.
  for (let guard = 0; left > 0 && guard < 2 * count + 2; guard++) {
    const length = paths.segmentLength[first + seg];
    if (dir > 0) {
      const room = length - along;
      if (left < room) { along += left; left = 0; break; }
      left -= room;
      along = length;
      if (seg < lastSegment) { seg++; along = 0; }
      else if (isLoop) { seg = 0; along = 0; if (wait > 0) { isStopped = true; break; } }
      else { dir = -1; if (wait > 0) { isStopped = true; break; } }
    } else {
      if (left < along) { along -= left; left = 0; break; }
      left -= along;
      along = 0;
      if (seg > 0) { seg--; along = paths.segmentLength[first + seg]; }
      else { dir = 1; if (wait > 0) { isStopped = true; break; } }
    }
  }
  if (isStopped) platform.waitLeft[e] = wait;
  platform.segment[e] = seg;
  platform.along[e] = along;
  platform.direction[e] = dir;
}

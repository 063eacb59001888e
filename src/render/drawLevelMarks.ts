// Level marks that are not tiles: the paths moving platforms follow (drawn once per level, faint,
// so players can read where a platform will go) and the checkpoint flags (redrawn only when the
// last checkpoint reached changes: grey before, sky blue from then on) and the gems not yet collected.

import type { Graphics } from 'pixi.js';
import type { SimWorld } from '../sim';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

const PATH_LINE = { width: 0.06 * U, color: palette.platformPath, cap: 'round' } as const;

/** The line each platform's centre follows, with a dot at every point of its path. */
export function drawPlatformPaths(g: Graphics, world: SimWorld): void {
  g.clear();
  const { platform, paths } = world;
  const platforms = world.queries.platforms.dense;
  for (let k = 0; k < platforms.length; k++) {
    const e = platforms[k];
    const first = platform.pathFirst[e];
    const count = platform.pathCount[e];
    g.moveTo(paths.x[first] * U, paths.y[first] * U);
    for (let i = 1; i < count; i++) g.lineTo(paths.x[first + i] * U, paths.y[first + i] * U);
    if (platform.isLoop[e] === 1) g.lineTo(paths.x[first] * U, paths.y[first] * U);
    g.stroke(PATH_LINE);
    for (let i = 0; i < count; i++) g.circle(paths.x[first + i] * U, paths.y[first + i] * U, 0.09 * U);
    g.fill(palette.platformPath);
  }
}

/** Height of a checkpoint's pole above the lower respawn point: its lamp sits on top, m. */
export const CHECKPOINT_POLE_M = 1.6;

/**
 * A flag on a pole where each checkpoint's players respawn. Reached ones are lit: a sky-blue flag
 * and a glowing lamp on the pole's top; the others are grey with the lamp dark, so "lit" reads by
 * brightness and shape (the halo), not only by hue.
 */
export function drawCheckpoints(g: Graphics, world: SimWorld): void {
  g.clear();
  const reached = world.rules.checkpoint[0];
  world.checkpoints.forEach((cp, k) => {
    const isLit = k <= reached;
    const color = isLit ? palette.checkpoint : palette.checkpointIdle;
    const [a, b] = cp.spawns;
    const x = (a.x + b.x) / 2;
    const bottom = Math.max(a.y, b.y);
    const top = bottom - CHECKPOINT_POLE_M;
    if (isLit) g.circle(x * U, top * U, 0.4 * U).fill({ color: palette.checkpoint, alpha: 0.25 });
    g.rect((x - 0.035) * U, top * U, 0.07 * U, (bottom - top) * U).fill(palette.flagPole);
    g.poly([x + 0.035, top + 0.1, x + 0.7, top + 0.32, x + 0.035, top + 0.54].map((v) => v * U)).fill(color);
    g.circle(x * U, top * U, 0.11 * U).fill(isLit ? palette.checkpointLamp : palette.checkpointLampOff);
    g.roundRect((x - 0.25) * U, (bottom - 0.1) * U, 0.5 * U, 0.1 * U, 0.04 * U).fill(color);
  });
}

/** Half the height of a gem as drawn, m (a little more than its reach, GEM_RADIUS: it must read at a glance). */
const GEM_HALF_M = 0.42;

/**
 * The gems not yet collected: a cut stone (a kite, its lower facets darker) with a glint, centred on
 * the gem's point. Redrawn only when a gem is collected or the level changes.
 */
export function drawGems(g: Graphics, world: SimWorld): void {
  g.clear();
  const taken = world.rules.gems[0];
  world.gems.forEach((gem, k) => {
    if ((taken >>> k) & 1) return;
    const x = gem.x * U;
    const y = gem.y * U;
    const h = GEM_HALF_M * U;
    const w = 0.75 * h;
    const waist = y - 0.3 * h; // the widest row, above the middle like a cut stone's girdle
    g.poly([x, y - h, x + w, waist, x, y + h, x - w, waist]).fill(palette.gem);
    g.poly([x - w, waist, x + w, waist, x, y + h]).fill(palette.gemDark);
    g.poly([x, y - h, x + w, waist, x, y + h, x - w, waist]).stroke({ width: 0.05 * U, color: palette.gemRim });
    g.poly([x - 0.35 * w, y - 0.62 * h, x - 0.05 * w, y - 0.9 * h, x + 0.05 * w, y - 0.55 * h]).fill(palette.gemShine);
  });
}

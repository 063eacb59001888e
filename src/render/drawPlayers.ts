// The two players, redrawn every frame into one Graphics at their interpolated positions: a rounded
// body in the player's colour, eyes that look where the player last moved, and, while anchored, a
// dark outline and a stake driven into the ground under the feet.

import type { Graphics } from 'pixi.js';
import { PLAYER_COUNT } from '../sim/constants';
import type { SimWorld } from '../sim/world';
import { palette } from './palette';
import { CM_PER_M as U } from './units';

// Outline styles per slot, built once so drawing allocates no style objects per frame.
const OUTLINE = [0, 1].map((slot) => ({ width: 0.05 * U, color: palette.playerOutline[slot], alignment: 1 }));
const ANCHORED_OUTLINE = [0, 1].map((slot) => ({ width: 0.12 * U, color: palette.anchoredOutline[slot], alignment: 1 }));

/**
 * Draws both players centred at (cx[slot], cy[slot]) m. `facing` (+1 right, -1 left per slot) is
 * render state owned by the caller: updated here from velocity, never read by the sim.
 */
export function drawPlayers(
  g: Graphics, world: SimWorld, cx: Float64Array, cy: Float64Array, facing: Int8Array,
): void {
  g.clear();
  const { body, player } = world;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    const hw = body.halfW[eid] * U;
    const hh = body.halfH[eid] * U;
    const x = cx[slot] * U;
    const y = cy[slot] * U;
    const isAnchored = player.isAnchored[eid] === 1;
    const vx = body.vx[eid];
    if (vx > 0.3) facing[slot] = 1;
    else if (vx < -0.3) facing[slot] = -1;

    if (isAnchored) drawStake(g, x, y + hh);
    const corner = Math.min(hw, hh) * 0.5;
    g.roundRect(x - hw, y - hh, hw * 2, hh * 2, corner).fill(palette.player[slot]);
    g.roundRect(x - hw, y - hh, hw * 2, hh * 2, corner).stroke((isAnchored ? ANCHORED_OUTLINE : OUTLINE)[slot]);

    // Eyes in the upper third, shifted toward the facing side.
    const f = facing[slot];
    const eyeY = y - hh * 0.45;
    const eyeX = x + f * hw * 0.25;
    const gap = hw * 0.32;
    g.circle(eyeX - gap, eyeY, 0.11 * U).circle(eyeX + gap, eyeY, 0.11 * U).fill(palette.eye);
    const look = f * 0.04 * U;
    g.circle(eyeX - gap + look, eyeY, 0.055 * U).circle(eyeX + gap + look, eyeY, 0.055 * U).fill(palette.pupil);
  }
}

/** An anchor stake (drawing units): a post from the feet into the ground with a crossbar at the surface. */
function drawStake(g: Graphics, x: number, feetY: number): void {
  const w = 0.05 * U;
  g.rect(x - w, feetY - 0.15 * U, 2 * w, 0.5 * U)
    .poly([x - w, feetY + 0.35 * U, x + w, feetY + 0.35 * U, x, feetY + 0.5 * U])
    .fill(palette.stake);
  g.roundRect(x - 0.45 * U, feetY - 0.06 * U, 0.9 * U, 0.12 * U, 0.06 * U).fill(palette.stake);
}

// The two players, redrawn every frame into one Graphics at their interpolated positions: a rounded
// body in the player's colour, eyes that look where the player last moved, and, while anchored, a
// dark outline and a stake driven into the ground under the feet.

import type { Graphics } from 'pixi.js';
import { PLAYER_COUNT } from '../sim/constants';
import type { SimWorld } from '../sim/world';
import { palette } from './palette';

/**
 * Draws both players centred at (cx[slot], cy[slot]). `facing` (+1 right, -1 left per slot) is
 * render state owned by the caller: updated here from velocity, never read by the sim.
 */
export function drawPlayers(
  g: Graphics, world: SimWorld, cx: Float64Array, cy: Float64Array, facing: Int8Array,
): void {
  g.clear();
  const { body, player } = world;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    const hw = body.halfW[eid];
    const hh = body.halfH[eid];
    const x = cx[slot];
    const y = cy[slot];
    const isAnchored = player.isAnchored[eid] === 1;
    const vx = body.vx[eid];
    if (vx > 0.3) facing[slot] = 1;
    else if (vx < -0.3) facing[slot] = -1;

    if (isAnchored) drawStake(g, x, y + hh);
    g.roundRect(x - hw, y - hh, hw * 2, hh * 2, Math.min(hw, hh) * 0.5).fill(palette.player[slot]);
    g.roundRect(x - hw, y - hh, hw * 2, hh * 2, Math.min(hw, hh) * 0.5).stroke({
      width: isAnchored ? 0.12 : 0.05,
      color: isAnchored ? palette.anchoredOutline[slot] : palette.playerOutline[slot],
      alignment: 1,
    });

    // Eyes in the upper third, shifted toward the facing side.
    const f = facing[slot];
    const eyeY = y - hh * 0.45;
    const eyeX = x + f * hw * 0.25;
    g.circle(eyeX - hw * 0.32, eyeY, 0.11).circle(eyeX + hw * 0.32, eyeY, 0.11).fill(palette.eye);
    g.circle(eyeX - hw * 0.32 + f * 0.04, eyeY, 0.055).circle(eyeX + hw * 0.32 + f * 0.04, eyeY, 0.055)
      .fill(palette.pupil);
  }
}

/** An anchor stake: a post from the feet into the ground with a crossbar at the surface. */
function drawStake(g: Graphics, x: number, feetY: number): void {
  g.rect(x - 0.05, feetY - 0.15, 0.1, 0.5)
    .poly([x - 0.05, feetY + 0.35, x + 0.05, feetY + 0.35, x, feetY + 0.5])
    .fill(palette.stake);
  g.roundRect(x - 0.45, feetY - 0.06, 0.9, 0.12, 0.06).fill(palette.stake);
}

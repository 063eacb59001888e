// The player-player tether: a mass-weighted max-distance constraint |A - B| <= L, solved before the
// rope itself. Players weigh ~1000x a rope particle, so the rope's own segments could never carry
// the pull between them; this constraint does, and the rope particles just follow (PHYSICS.md #4).

import type { SimWorld } from '../world';
import { moveBody } from '../physics/moveBody';

/**
 * Projects the two players back to at most `length` apart, each by its share of 1/mass (an anchored
 * player has 1/mass = 0 and does not move). Corrections go through tile collision; if a wall stops
 * one player's share, the other (when free to move) takes the rest. Returns the distance before
 * the correction, m.
 */
export function solveTether(world: SimWorld, a: number, b: number, length: number): number {
  const { body } = world;
  const dx = body.x[b] - body.x[a];
  const dy = body.y[b] - body.y[a];
  const d = Math.sqrt(dx * dx + dy * dy);
  if (d <= length || d < 1e-12) return d;
  const wa = body.invMass[a];
  const wb = body.invMass[b];
  const wsum = wa + wb;
  if (wsum === 0) return d;
  const nx = dx / d;
  const ny = dy / d;
  const c = d - length;
  const shareA = (c * wa) / wsum;
  const shareB = (c * wb) / wsum;
  const movedA = shareA > 0 ? pull(world, a, nx, ny, shareA) : 0;
  const movedB = shareB > 0 ? pull(world, b, -nx, -ny, shareB) : 0;

  const rx = body.x[b] - body.x[a];
  const ry = body.y[b] - body.y[a];
  const r = Math.sqrt(rx * rx + ry * ry);
  const residual = r - length;
  if (residual <= 1e-9 || r < 1e-12) return d;
  // A wall kept one player from taking its share: the other one takes the rest.
  const aBlocked = movedA < shareA - 1e-12;
  const bBlocked = movedB < shareB - 1e-12;
  if (aBlocked && !bBlocked && wb > 0) pull(world, b, -rx / r, -ry / r, residual);
  else if (bBlocked && !aBlocked && wa > 0) pull(world, a, rx / r, ry / r, residual);
  return d;
}

/** Moves player `eid` by `amount` along (nx, ny) through the tiles; returns how far it got along it. */
function pull(world: SimWorld, eid: number, nx: number, ny: number, amount: number): number {
  const { body } = world;
  const x0 = body.x[eid];
  const y0 = body.y[eid];
  moveBody(world.grid, body, eid, nx * amount, ny * amount, world.player.dropTicks[eid] > 0);
  return (body.x[eid] - x0) * nx + (body.y[eid] - y0) * ny;
}

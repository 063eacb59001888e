// A player walking into a ledge whose top is a hair above its feet steps up onto it (moveBody's
// STEP_UP, 5 cm). A plank or crate hanging from ropes sags a little under a player, and the ledge
// beside it was then a wall: a bot on Frayed Crossing stood stuck on a plank 0.7 mm below the ledge.
// A lip higher than that stays a wall, and in the air even a small lip is a wall.
import { describe, expect, it } from 'vitest';
import { Button, Tile, createSimWorld, createTileGrid, playerEntity, step, type SimWorld } from '../../src/sim';

/** A floor at y 22, a ledge (top y 21) from x 12 on, and a crate `height` tall on the floor under x 10.1..11.9. */
function world(height: number): SimWorld {
  const grid = createTileGrid(30, 24);
  for (let c = 0; c < 30; c++) grid.cells[22 * 30 + c] = Tile.Solid;
  for (let c = 12; c < 30; c++) grid.cells[21 * 30 + c] = Tile.Solid;
  return createSimWorld({
    grid,
    spawns: [{ x: 11.4, y: 22 - height }, { x: 3, y: 22 }],
    goal: { x: 28, y: 18, w: 1, h: 1 },
    tether: { length: 20, segments: 8 },
    boxes: [{ x: 11, y: 22 - height / 2, w: 1.8, h: height, mass: 200 }],
  });
}

function walkRight(w: SimWorld, ticks: number, jumpAt = -1): void {
  for (let t = 0; t < ticks; t++) step(w, [Button.Right | (t === jumpAt ? Button.Jump : 0), 0]);
}

describe('stepping up a lip', () => {
  it('from a crate 2 cm lower, walking right steps onto the ledge', () => {
    const w = world(0.98);
    const p1 = playerEntity(w, 0);
    for (let t = 0; t < 20; t++) step(w, [0, 0]);
    expect(w.player.isGrounded[p1]).toBe(1);
    walkRight(w, 60);
    expect(w.body.x[p1]).toBeGreaterThan(14);
    expect(w.body.y[p1] + w.body.halfH[p1]).toBeCloseTo(21, 6); // standing on the ledge
  });

  it('a 10 cm lip is a wall', () => {
    const w = world(0.9);
    const p1 = playerEntity(w, 0);
    for (let t = 0; t < 20; t++) step(w, [0, 0]);
    walkRight(w, 60);
    expect(w.body.x[p1]).toBeLessThan(12);
  });
});

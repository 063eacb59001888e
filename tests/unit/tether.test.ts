import { describe, expect, it } from 'vitest';
import { bodyOverlapsSolid, Button, hashHex, step, playerEntity } from '../../src/sim';
import { flatWorld, ledgeWorld } from '../../tools/scenarios/worlds';
import { run, separation } from './measure';
import { createRandom } from '../../tools/scenarios/random';

describe('tether between the players', () => {
  it('walking away from an anchored partner stops at the rope length (never more than 1 % over)', () => {
    const w = flatWorld(5, 6, 8);
    const [a, b] = w.queries.players.dense;
    run(w, 5, 0, 0);
    let worst = 0;
    for (let t = 0; t < 240; t++) {
      step(w, [Button.Right, Button.Anchor]);
      worst = Math.max(worst, separation(w));
    }
    expect(w.player.isAnchored[b]).toBe(1);
    expect(w.body.x[b]).toBeCloseTo(6, 6); // the anchored partner did not move
    expect(worst).toBeLessThanOrEqual(8 * 1.01);
    expect(separation(w)).toBeGreaterThan(8 * 0.98); // and the walker really got to the end
    expect(w.body.x[a]).toBeGreaterThan(13.5);
  });

  it('a player at the end of the rope drags a partner who is not anchored', () => {
    const w = flatWorld(5, 6, 4);
    const [a, b] = w.queries.players.dense;
    run(w, 5, 0, 0);
    run(w, 120, Button.Right, 0);
    expect(w.body.x[b]).toBeGreaterThan(10); // dragged well to the right
    expect(separation(w)).toBeLessThanOrEqual(4 * 1.01);
    expect(w.body.x[a]).toBeGreaterThan(w.body.x[b]);
  });

  it('walking off a ledge leaves a player hanging and swinging below an anchored partner', () => {
    // P2 anchors at the ledge edge (x = 11.6); P1 runs past and off the ledge.
    const w = ledgeWorld(9, 11.6, 6);
    const [a, b] = w.queries.players.dense;
    run(w, 5, 0, 0);
    const xs: number[] = [];
    for (let t = 0; t < 300; t++) {
      step(w, [t < 40 ? Button.Right : 0, Button.Anchor]);
      if (t > 60) xs.push(w.body.x[a]);
      expect(separation(w)).toBeLessThanOrEqual(6 * 1.01);
    }
    expect(w.player.isAnchored[b]).toBe(1);
    expect(w.player.isGrounded[a]).toBe(0);
    expect(w.body.y[a]).toBeGreaterThan(w.body.y[b] + 3); // hanging well below
    // Swinging: it moves back and forth around the pivot instead of resting against the wall.
    const swingRange = Math.max(...xs) - Math.min(...xs);
    expect(swingRange).toBeGreaterThan(2);
    expect(Math.max(...xs)).toBeGreaterThan(w.body.x[b] + 1);
  });

  it('pumping left/right while hanging makes the swing grow', () => {
    const hangAndSwing = (pump: boolean): number => {
      const w = ledgeWorld(9, 11.6, 6);
      const a = playerEntity(w, 0);
      run(w, 5, 0, 0);
      for (let t = 0; t < 120; t++) step(w, [t < 40 ? Button.Right : 0, Button.Anchor]);
      let widest = 0;
      for (let t = 0; t < 240; t++) {
        const push = pump ? (w.body.vx[a] >= 0 ? Button.Right : Button.Left) : 0;
        step(w, [push, Button.Anchor]);
        if (t > 120) widest = Math.max(widest, Math.abs(w.body.x[a] - 11.6));
      }
      return widest;
    };
    expect(hangAndSwing(true)).toBeGreaterThan(hangAndSwing(false) + 0.5);
  });
});

describe('determinism and robustness', () => {
  function randomRun(seed: number, ticks: number): { hash: string; worstGap: number; finite: boolean; inWall: boolean } {
    const w = ledgeWorld(5, 8, 6);
    const rnd = createRandom(seed);
    const inputs = [0, 0];
    let worstGap = 0;
    let finite = true;
    let inWall = false;
    for (let t = 0; t < ticks; t++) {
      if (t % 8 === 0) { inputs[0] = Math.floor(rnd() * 32); inputs[1] = Math.floor(rnd() * 32); }
      step(w, inputs);
      worstGap = Math.max(worstGap, separation(w) - 6);
      for (const e of w.queries.players.dense) {
        if (!Number.isFinite(w.body.x[e] + w.body.y[e] + w.body.vx[e] + w.body.vy[e])) finite = false;
        if (bodyOverlapsSolid(w.grid, w.body, e)) inWall = true;
      }
    }
    for (const i of w.queries.particles.dense) if (!Number.isFinite(w.particle.x[i] + w.particle.y[i])) finite = false;
    return { hash: hashHex(w), worstGap, finite, inWall };
  }

  it('the same inputs give the same hash, and different inputs a different one', () => {
    expect(randomRun(7, 600).hash).toBe(randomRun(7, 600).hash);
    expect(randomRun(7, 600).hash).not.toBe(randomRun(8, 600).hash);
  });

  it('10,000 ticks of random inputs: no NaN, nobody inside a wall, tether never over 1 %', () => {
    const result = randomRun(1234, 10_000);
    expect(result.finite).toBe(true);
    expect(result.inWall).toBe(false);
    expect(result.worstGap).toBeLessThanOrEqual(6 * 0.01);
  });
});

// Boxes as rigid bodies: bumps exchange momentum by both masses, impulses obey dv = J/m and
// dw = (r x J)/I, boxes rest on the floor without jitter or sinking and slide with Coulomb friction,
// players push, stand on and ride boxes, spiked boxes kill, and ropes drape over boxes.
import { describe, expect, it } from 'vitest';
import { Button, DEATH_TICKS, DeathCause, SimEvent, applyImpulse, readEvents, step, playerEntity, boxEntity, ropeEntity } from '../../src/sim';
import { idle, isAllFinite, ropeRange } from './measure';
import { labWorld } from '../../tools/scenarios/worlds';
import { parseLevel } from '../../src/level/parseLevel';
import { createSimWorld } from '../../src/sim';

/** labWorld's floor surface (its default height is 40 tiles). */
const FLOOR = 39;
/** A standing player's centre height above the floor (default half height 0.7 m). */
const PLAYER_HALF_H = 0.7;

describe('player bumps a hanging box: momentum by both masses', () => {
  /** Player 1 (70 kg) runs 6 m at a 1 x 1 box hanging on a 4 m rope at chest height, and lets go of the key when it hits. */
  function bump(boxMass: number) {
    const L = 4;
    const boxX = 12;
    const centreY = FLOOR - PLAYER_HALF_H;
    const w = labWorld({
      spawnX: [6, 2], tetherLength: 30, // a long slack tether: the partner stays out of it
      anchors: [{ x: boxX, y: centreY - 0.5 - L }],
      boxes: [{ x: boxX, y: centreY, w: 1, h: 1, mass: boxMass }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.5 }, length: L, segments: 10 }],
    });
    const p = playerEntity(w, 0);
    const b = boxEntity(w, 0);
    const playerMass = 1 / w.body.invMass[p];
    idle(w, 10);
    const restY = w.body.y[b];
    let cursor = w.events.count;
    let hit: { vp0: number; vp1: number; vb0: number; vb1: number; reported: number } | null = null;
    let peak = 0;
    for (let t = 0; t < 180; t++) {
      const vp0 = w.body.vx[p];
      const vb0 = w.body.vx[b];
      step(w, [hit ? 0 : Button.Right, 0]);
      cursor = readEvents(w.events, cursor, (type, _tick, _slot, value, entity) => {
        if (type === SimEvent.Bumped && entity === b && !hit) hit = { vp0, vp1: w.body.vx[p], vb0, vb1: w.body.vx[b], reported: value };
      });
      if (hit) peak = Math.max(peak, restY - w.body.y[b]);
    }
    if (!hit) throw new Error('the player never bumped the box');
    const h = hit as { vp0: number; vp1: number; vb0: number; vb1: number; reported: number };
    return { ...h, playerMass, peak, dPlayer: playerMass * (h.vp1 - h.vp0), dBox: boxMass * (h.vb1 - h.vb0) };
  }

  it('a 7 kg box flies, a 700 kg box barely moves; m_p dv_p = -m_b dv_b (within 10 %)', () => {
    const light = bump(7);
    const heavy = bump(700);
    for (const [name, m] of [['7 kg', light], ['700 kg', heavy]] as const) {
      console.log(
        `bump ${name}: player ${m.vp0.toFixed(3)} -> ${m.vp1.toFixed(3)} m/s, box ${m.vb0.toFixed(3)} -> ${m.vb1.toFixed(3)} m/s; ` +
        `m_p dv_p = ${m.dPlayer.toFixed(3)}, m_b dv_b = ${m.dBox.toFixed(3)} N s (error ${((m.dBox / -m.dPlayer - 1) * 100).toFixed(4)} %), ` +
        `Bumped event ${m.reported.toFixed(3)} N s; peak swing height ${m.peak.toFixed(4)} m`,
      );
      expect(m.vp0).toBeGreaterThan(6.5); // a real run-up
      expect(Math.abs(m.dBox / -m.dPlayer - 1)).toBeLessThan(0.1);
      expect(Math.abs(m.reported / m.dBox - 1)).toBeLessThan(0.1); // the event reports the impulse exchanged
      // Head-on with restitution e: dv_box = (1 + e) m_p v / (m_p + m_b).
      const predicted = ((1 + 0.3) * m.playerMass * m.vp0) / (m.playerMass + (m === light ? 7 : 700));
      expect(m.vb1 / predicted).toBeCloseTo(1, 1);
    }
    expect(light.peak).toBeGreaterThan(20 * heavy.peak);
    expect(light.peak).toBeGreaterThan(0.5);
    // A light box barely slows the player; a heavy one stops it and bounces it back.
    expect(Math.abs(light.vp1 - light.vp0)).toBeLessThan(0.15 * light.vp0);
    expect(heavy.vp1).toBeLessThan(0);
    expect(heavy.vb1).toBeLessThan(0.15 * heavy.vp0);
  });
});

describe('applyImpulse on a free box', () => {
  it('dv = J/m exactly, dw = (r x J)/I, and free flight keeps both', () => {
    const m = 12;
    const bw = 1.5;
    const bh = 0.5;
    const w = labWorld({ boxes: [{ x: 40, y: 10, w: bw, h: bh, mass: m }], physics: { gravity: 0 } });
    const b = boxEntity(w, 0);
    const inertia = (m * (bw * bw + bh * bh)) / 12;
    const [jx, jy, rx, ry] = [6, -3, 0.75, 0.25];
    applyImpulse(w, b, jx, jy, rx, ry);
    expect(w.body.vx[b]).toBe(jx / m);
    expect(w.body.vy[b]).toBe(jy / m);
    const omega = (rx * jy - ry * jx) / inertia;
    expect(w.body.omega[b]).toBeCloseTo(omega, 14);
    idle(w, 30);
    expect(w.body.vx[b]).toBeCloseTo(jx / m, 12);
    expect(w.body.vy[b]).toBeCloseTo(jy / m, 12);
    expect(w.body.omega[b]).toBeCloseTo(omega, 10);
    expect(w.body.x[b]).toBeCloseTo(40 + (30 / 60) * (jx / m), 9);
  });
});

describe('boxes on the floor', () => {
  it.each([0, 3, -7])('a box dropped with spin %i rad/s comes to rest without jitter and does not sink', (spin) => {
    const w = labWorld({ boxes: [{ x: 40, y: 34, w: 1, h: 1, mass: 20 }] });
    const b = boxEntity(w, 0);
    w.body.omega[b] = spin;
    idle(w, 60); // lands after ~0.5 s
    idle(w, 120);
    let motion = 0;
    let turn = 0;
    for (let t = 0; t < 60; t++) {
      const [x, y, c, s] = [w.body.x[b], w.body.y[b], w.body.rotC[b], w.body.rotS[b]];
      step(w, [0, 0]);
      motion = Math.max(motion, Math.sqrt((w.body.x[b] - x) ** 2 + (w.body.y[b] - y) ** 2));
      turn = Math.max(turn, Math.abs(c * w.body.rotS[b] - s * w.body.rotC[b]));
    }
    const bottom = w.body.y[b] + 0.5 * Math.abs(w.body.rotS[b]) + 0.5 * Math.abs(w.body.rotC[b]);
    console.log(`drop, spin ${spin}: per-tick motion ${motion.toExponential(2)} m, turn ${turn.toExponential(2)} rad, bottom - floor ${(bottom - FLOOR).toExponential(2)} m`);
    expect(isAllFinite(w)).toBe(true);
    expect(motion).toBeLessThan(1e-4);
    expect(turn).toBeLessThan(1e-4);
    expect(Math.abs(bottom - FLOOR)).toBeLessThan(1e-3);
  });

  it.each([
    [5, 0.6, 40],
    [3, 0.3, 9.81],
  ])('a box sliding at %i m/s (mu %s, g %s) stops after v^2 / (2 mu g) (within 20 %) and stays stopped', (v, mu, g) => {
    const m = 20;
    const w = labWorld({ boxes: [{ x: 20, y: FLOOR - 0.5, w: 1, h: 1, mass: m }], physics: { gravity: g, boxFriction: mu } });
    const b = boxEntity(w, 0);
    idle(w, 30);
    const x0 = w.body.x[b];
    applyImpulse(w, b, m * v, 0, 0, 0);
    const stopTicks = Math.ceil((v / (mu * g)) * 60);
    idle(w, 2 * stopTicks + 30);
    const distance = w.body.x[b] - x0;
    const xStopped = w.body.x[b];
    idle(w, 60);
    const creep = Math.abs(w.body.x[b] - xStopped);
    const expected = (v * v) / (2 * mu * g);
    console.log(`slide v=${v} mu=${mu} g=${g}: ${distance.toFixed(4)} m, Coulomb ${expected.toFixed(4)} m (ratio ${(distance / expected).toFixed(4)}), creep over 1 s after ${creep.toExponential(2)} m`);
    expect(Math.abs(distance / expected - 1)).toBeLessThan(0.2);
    expect(creep).toBeLessThan(1e-6);
  });
});

describe('players and boxes', () => {
  it('a player pushes a box along the floor', () => {
    const w = labWorld({ spawnX: [6, 2], tetherLength: 30, boxes: [{ x: 8, y: FLOOR - 0.5, w: 1, h: 1, mass: 20 }] });
    const p = playerEntity(w, 0);
    const b = boxEntity(w, 0);
    idle(w, 10);
    const x0 = w.body.x[b];
    for (let t = 0; t < 120; t++) step(w, [Button.Right, 0]);
    console.log(`push: the box moved ${(w.body.x[b] - x0).toFixed(3)} m in 2 s`);
    expect(w.body.x[b] - x0).toBeGreaterThan(2);
    expect(w.body.x[p]).toBeLessThan(w.body.x[b]); // still behind it, pushing
    expect(w.body.y[b]).toBeCloseTo(FLOOR - 0.5, 2); // slid, did not hop or sink
  });

  it('a player stands on a box (grounded) and can jump from it', () => {
    const top = FLOOR - 1;
    const w = labWorld({ spawnX: [20, 2], tetherLength: 30, boxes: [{ x: 20, y: FLOOR - 0.5, w: 1, h: 1, mass: 20 }] });
    const p = playerEntity(w, 0);
    const b = boxEntity(w, 0);
    // Spawn the player's feet on the box top.
    w.body.y[p] = w.body.prevY[p] = w.body.lastY[p] = top - PLAYER_HALF_H;
    idle(w, 20);
    expect(w.player.isGrounded[p]).toBe(1);
    expect(w.player.groundBox[p]).toBe(b);
    expect(w.body.y[p] + PLAYER_HALF_H).toBeCloseTo(top, 2);
    let cursor = w.events.count;
    let jumped = false;
    let highest = w.body.y[p];
    for (let t = 0; t < 40; t++) {
      step(w, [Button.Jump, 0]);
      highest = Math.min(highest, w.body.y[p]);
      cursor = readEvents(w.events, cursor, (type, _tick, slot) => { if (type === SimEvent.Jumped && slot === 0) jumped = true; });
    }
    expect(jumped).toBe(true);
    expect(top - PLAYER_HALF_H - highest).toBeGreaterThan(1.5);
  });

  it('a player rides a swinging box for a second and moves with it', () => {
    // A 4 x 0.5 m platform on two parallel 4 m ropes, released from 30 degrees: a swing seat.
    const L = 4;
    const theta = Math.PI / 6;
    const pivotY = 30;
    const offX = L * Math.sin(theta);
    const topY = pivotY + L * Math.cos(theta);
    const w = labWorld({
      spawnX: [40 + offX, 2], tetherLength: 60,
      anchors: [{ x: 38, y: pivotY }, { x: 42, y: pivotY }],
      boxes: [{ x: 40 + offX, y: topY + 0.25, w: 4, h: 0.5, mass: 60 }],
      ropes: [
        { a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: -2, y: -0.25 }, length: L, segments: 8 },
        { a: { kind: 'anchor', anchor: 1 }, b: { kind: 'box', box: 0, x: 2, y: -0.25 }, length: L, segments: 8 },
      ],
    });
    const p = playerEntity(w, 0);
    const b = boxEntity(w, 0);
    w.body.y[p] = w.body.prevY[p] = w.body.lastY[p] = topY - PLAYER_HALF_H; // feet on the platform
    let onTicks = 0;
    let worstOffset = 0;
    let minX = Infinity;
    let maxX = -Infinity;
    for (let t = 0; t < 60; t++) {
      step(w, [0, 0]);
      if (w.player.groundBox[p] === b) onTicks++;
      worstOffset = Math.max(worstOffset, Math.abs(w.body.x[p] - w.body.x[b]));
      minX = Math.min(minX, w.body.x[p]);
      maxX = Math.max(maxX, w.body.x[p]);
      // Feet stay on the platform's top face.
      const boxTop = w.body.y[b] - 0.25;
      expect(Math.abs(w.body.y[p] + PLAYER_HALF_H - boxTop)).toBeLessThan(0.05);
    }
    console.log(`ride: on the box ${onTicks}/60 ticks, travelled ${(maxX - minX).toFixed(3)} m, largest offset from the box centre ${worstOffset.toFixed(3)} m`);
    expect(onTicks).toBeGreaterThanOrEqual(58);
    expect(maxX - minX).toBeGreaterThan(2); // really swung
    expect(worstOffset).toBeLessThan(2); // never off the 4 m wide platform
  });

  it('touching a spiked box kills: Died, a pause without control, then Respawned with the level as built', () => {
    const w = labWorld({
      spawnX: [6, 3], tetherLength: 30,
      boxes: [{ x: 10, y: FLOOR - 0.5, w: 1, h: 1, mass: 10, isSpiked: true }, { x: 30, y: 30, w: 1, h: 1, mass: 10 }],
    });
    const [p1, p2] = w.queries.players.dense;
    const spiked = boxEntity(w, 0);
    const falling = boxEntity(w, 1);
    idle(w, 5);
    const spawn1 = [w.body.x[p1], w.body.y[p1]];
    const spawn2 = [w.body.x[p2], w.body.y[p2]];
    let cursor = w.events.count;
    let died: { tick: number; slot: number; entity: number; cause: number } | null = null;
    let respawnedAt = -1;
    for (let t = 0; t < 240 && respawnedAt < 0; t++) {
      step(w, [Button.Right, 0]);
      cursor = readEvents(w.events, cursor, (type, tick, slot, value, entity) => {
        if (type === SimEvent.Died) died = { tick, slot, entity, cause: value };
        if (type === SimEvent.Respawned) respawnedAt = tick;
      });
      if (died && respawnedAt < 0) expect(w.rules.dyingTicks[0]).toBeGreaterThan(0);
    }
    expect(died).toEqual({ tick: expect.any(Number), slot: 0, entity: spiked, cause: DeathCause.SpikedBox });
    expect(respawnedAt - died!.tick).toBe(DEATH_TICKS);
    expect(w.rules.deaths[0]).toBe(1);
    expect([w.body.x[p1], w.body.y[p1]]).toEqual(spawn1);
    expect([w.body.x[p2], w.body.y[p2]]).toEqual(spawn2);
    expect(w.body.vx[p1]).toBe(0);
    expect(w.body.y[falling]).toBe(30); // boxes go back too
  });
});

describe('ropes and boxes', () => {
  it('a player standing on a hanging crate loads its rope: tension = (crate + player) weight', () => {
    // A 40 kg crate on a 5 m rope; player 1 starts standing on it (player 2 far off, tether slack).
    const tiles = Array.from({ length: 14 }, (_, r) => (r >= 12 ? '#'.repeat(20) : '.'.repeat(20)));
    const parsed = parseLevel(JSON.stringify({
      format: 'ropebound-level', version: 2, id: 'loaded', name: 'Loaded', tiles,
      spawns: [{ id: 'p1', player: 1, x: 10, y: 6.9 }, { id: 'p2', player: 2, x: 3, y: 12 }],
      goal: { id: 'goal', x: 17, y: 8, w: 2, h: 4 }, tether: { length: 12, segments: 24 },
      anchors: [{ id: 'a', x: 10, y: 2 }], boxes: [{ id: 'b', x: 10, y: 7.5, w: 2, h: 1, mass: 40 }],
      ropes: [{ id: 'r', a: { anchor: 'a' }, b: { box: 'b' }, length: 5, segments: 10 }],
    }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const w = createSimWorld(parsed.def);
    const g = w.settings.gravity;
    idle(w, 120);
    let sum = 0;
    for (let t = 0; t < 120; t++) { step(w, [0, 0]); sum += w.rope.tension[ropeEntity(w, 0)]; }
    expect(w.player.groundBox[playerEntity(w, 0)]).toBe(boxEntity(w, 0));
    // Before the chain solve counted the load it carries at a box end, this read 40 g (1604 N).
    // The rope's own weight (9 inner particles of 70 g, hanging straight) loads its anchor too.
    expect(sum / 120 / ((40 + 70 + 9 * w.settings.ropeParticleMass) * g)).toBeCloseTo(1, 2);
  });

  it('a rope dropped onto a box drapes over it: no particle inside the box', () => {
    const w = labWorld({ boxes: [{ x: 40, y: FLOOR - 1, w: 2, h: 2, mass: 30 }], ropes: [{ a: { kind: 'free' }, b: { kind: 'free' }, length: 4, segments: 20 }] });
    const b = boxEntity(w, 0);
    const r = ropeEntity(w, 0);
    const [first, last] = ropeRange(w, r);
    // Lay it out level, 2 m above the box, centred on it.
    for (let i = first; i <= last; i++) {
      const x = 38 + (4 * (i - first)) / (last - first);
      w.particle.x[i] = w.particle.prevX[i] = x;
      w.particle.y[i] = w.particle.prevY[i] = FLOOR - 4;
    }
    const top = FLOOR - 2;
    let deepest = 0;
    for (let t = 0; t < 180; t++) {
      step(w, [0, 0]);
      const bx = w.body.x[b];
      const by = w.body.y[b];
      for (let i = first; i <= last; i++) {
        const inside = Math.min(1 - Math.abs(w.particle.x[i] - bx), 1 - Math.abs(w.particle.y[i] - by));
        deepest = Math.max(deepest, inside);
      }
    }
    const mid = Math.floor((first + last) / 2);
    console.log(
      `drape: deepest particle inside the box over 3 s ${deepest.toFixed(4)} m; middle at y ${w.particle.y[mid].toFixed(4)} (box top ${top}), ` +
      `ends at y ${w.particle.y[first].toFixed(3)} and ${w.particle.y[last].toFixed(3)}`,
    );
    expect(isAllFinite(w)).toBe(true);
    expect(deepest).toBeLessThan(0.05); // never more than a little into it during a substep
    expect(w.particle.y[mid]).toBeLessThan(top); // the middle rests on the top face
    expect(w.particle.y[mid]).toBeGreaterThan(top - 0.2);
    // Both ends hang down the sides, below the top.
    expect(w.particle.y[first]).toBeGreaterThan(top + 0.5);
    expect(w.particle.y[last]).toBeGreaterThan(top + 0.5);
    expect(w.particle.x[first]).toBeLessThan(39);
    expect(w.particle.x[last]).toBeGreaterThan(41);
  });
});

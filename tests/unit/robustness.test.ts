// Robustness against the failure modes PHYSICS.md lists: tunnelling through thin tiles, ropes
// snagged on corners, ropes sliding and resting on floors, jitter at rest, degenerate geometry, NaN,
// and frame-time spikes. Worlds are the named builders of robustScenarios.ts.
import { describe, expect, it } from 'vitest';
import { FixedStep } from '../../src/app/fixedStep';
import { PARTICLE_RADIUS, rectOverlapsSolid, Button, DT, SimEvent, applyImpulse, applyParticleImpulse, createSimWorld, readEvents, step, type SimWorld, playerEntity, boxEntity, ropeEntity, levelRopes } from '../../src/sim';
import { degenerateDef, drapesDef, floorSlideDef, ledgeSnagDef, ropeYardDef, shelfSnagDef, shelfSnagPath, thinFloorDef, thinWallDef } from '../../tools/scenarios/worlds';
import { isSolidPoint } from '../../tools/scenarios/grids';
import { isStateFinite } from '../../tools/scenarios/invariants';
import { layRopeAlong, pileRopeAt, ropeDeviationFromChord, ropeTickMove } from './measure';
import { createRandom } from '../../tools/scenarios/random';

function particles(world: SimWorld, r: number): number[] {
  const out: number[] = [];
  for (let i = world.rope.first[r]; i < world.rope.first[r] + world.rope.count[r]; i++) out.push(i);
  return out;
}

function idle(world: SimWorld, ticks: number): void {
  for (let t = 0; t < ticks; t++) step(world, [0, 0]);
}

describe('tunnelling', () => {
  it('a rope whipped at full speed above a one-tile floor never gets below it', () => {
    // Thin floor: surface y = 12, underside y = 13, open air below. Every 20 ticks each particle of
    // the free-ended rope gets a random impulse of up to 25 N s down and 20 N s sideways (a 0.07 kg
    // particle: up to ~500 m/s, clamped by maxParticleStep to 0.3 m per substep = 144 m/s).
    const world = createSimWorld(thinFloorDef());
    const rope = particles(world, ropeEntity(world, 0));
    const rnd = createRandom(5);
    let lowest = 0;
    let fastest = 0;
    for (let t = 0; t < 1200; t++) {
      if (t % 20 === 0) for (const i of rope) applyParticleImpulse(world, i, (rnd() - 0.5) * 40, 5 + rnd() * 20);
      step(world, [0, 0]);
      for (const i of rope) {
        lowest = Math.max(lowest, world.particle.y[i]);
        fastest = Math.max(fastest, Math.hypot(world.particle.x[i] - world.particle.drawX[i], world.particle.y[i] - world.particle.drawY[i]) / DT);
      }
    }
    console.log(`whip: fastest particle ${fastest.toFixed(1)} m/s, lowest particle y ${lowest.toFixed(4)} (floor 12..13)`);
    expect(fastest).toBeGreaterThan(100); // it really was whipped
    // No particle ever below the underside, so no segment ever joins the two sides either.
    expect(lowest).toBeLessThan(13);
  });

  it('a box whirled fast on a rope above a one-tile floor keeps the rope and itself above it', () => {
    // Box 0 hangs 3 m below anchor 1 at (30, 7); a 150 N s kick sends the 5 kg box off at 30 m/s.
    const world = createSimWorld(thinFloorDef());
    const box = boxEntity(world, 0);
    const rope = particles(world, ropeEntity(world, 1));
    idle(world, 10);
    applyImpulse(world, box, 150, 0, 0, 0);
    let lowestParticle = 0;
    let lowestBox = 0;
    let fastest = 0;
    for (let t = 0; t < 600; t++) {
      if (t % 60 === 59) applyImpulse(world, box, world.body.vx[box] >= 0 ? 100 : -100, 0, 0, 0); // keep it whirling
      step(world, [0, 0]);
      fastest = Math.max(fastest, Math.hypot(world.body.vx[box], world.body.vy[box]));
      lowestBox = Math.max(lowestBox, world.body.y[box]);
      for (const i of rope) lowestParticle = Math.max(lowestParticle, world.particle.y[i]);
    }
    console.log(`whirl: fastest box ${fastest.toFixed(1)} m/s, lowest box centre ${lowestBox.toFixed(3)}, lowest particle ${lowestParticle.toFixed(3)}`);
    expect(fastest).toBeGreaterThan(20);
    expect(lowestParticle).toBeLessThan(13);
    expect(lowestBox).toBeLessThan(12);
  });

  it.each([
    ['right, into the wall', 12, 18, 100, 0],
    ['left, into the wall', 28, 18, -100, 0],
    ['down, into the floor', 12, 14, 0, 100],
    ['diagonally down into the wall', 14, 14, 71, 71],
  ])('a box thrown at 100 m/s %s does not pass the one-tile wall or floor', (_name, x0, y0, vx, vy) => {
    // Thin wall: column 20 (x 20..21), rows 0..21; thin floor: row 22 (y 22..23), open below.
    const world = createSimWorld(thinWallDef({ x: x0, y: y0 }));
    const box = boxEntity(world, 0);
    applyImpulse(world, box, 20 * vx, 20 * vy, 0, 0);
    for (let t = 0; t < 180; t++) {
      step(world, [0, 0]);
      const x = world.body.x[box];
      const y = world.body.y[box];
      if (x0 < 20) expect(x).toBeLessThan(20);
      else expect(x).toBeGreaterThan(21);
      expect(y).toBeLessThan(22);
    }
  });
});

describe('snagging', () => {
  it('a rope dragged over a shelf by a falling heavy box ends straight between anchor and box', () => {
    // The rope starts laid over the shelf (anchor -> shelf top -> right corner -> box); the 50 kg
    // box falls, drags it over the corner and settles hanging below the anchor (air drag 1.5/s).
    const world = createSimWorld(shelfSnagDef());
    const r = ropeEntity(world, 0);
    const box = boxEntity(world, 0);
    layRopeAlong(world, r, shelfSnagPath);
    idle(world, 600);
    const deviation = ropeDeviationFromChord(world, r);
    console.log(`shelf snag: box at (${world.body.x[box].toFixed(3)}, ${world.body.y[box].toFixed(3)}), rope off its chord by ${deviation.toFixed(5)} m`);
    expect(world.body.x[box]).toBeCloseTo(10, 1); // hangs below the anchor: pulled straight
    expect(world.body.y[box]).toBeGreaterThan(13.2);
    expect(deviation).toBeLessThan(0.1);
  });

  it('a tether draped over a ledge corner comes off it once the players pull it straight', () => {
    // Player 1 holds Anchor at the ledge's edge; player 2 walks away below and keeps pulling.
    // "Pulled straight": the players within 0.1 mm of the tether's length (with 1 mm of slack a
    // 10 m rope may sag 7 cm, so the sim's 1 mm isTaut is not a straight rope).
    const world = createSimWorld(ledgeSnagDef());
    const r = world.tetherRope;
    const [a, b] = world.queries.players.dense;
    let startDeviation = 0;
    let worstStraight = 0;
    let straightTicks = 0;
    let worstTaut = 0;
    for (let t = 0; t < 300; t++) {
      step(world, [Button.Anchor, t >= 30 ? Button.Right : 0]);
      if (t === 29) startDeviation = ropeDeviationFromChord(world, r);
      const deviation = ropeDeviationFromChord(world, r);
      if (world.player.isTaut[a]) worstTaut = Math.max(worstTaut, deviation);
      const gap = Math.hypot(world.body.x[a] - world.body.x[b], world.body.y[a] - world.body.y[b]);
      if (gap > world.tetherLength - 1e-4) {
        straightTicks++;
        worstStraight = Math.max(worstStraight, deviation);
      }
    }
    console.log(`ledge snag: rope off its chord by ${startDeviation.toFixed(3)} m while draped; pulled straight on ${straightTicks} ticks, off by at most ${worstStraight.toFixed(5)} m (${worstTaut.toFixed(4)} m over all isTaut ticks)`);
    expect(startDeviation).toBeGreaterThan(1); // really draped over the corner at first
    expect(straightTicks).toBeGreaterThan(60);
    expect(worstStraight).toBeLessThan(0.1);
  });
});

describe('floors and rest', () => {
  it('a rope dropped sliding onto the floor comes to rest on top of it', () => {
    // Both ends free, dropped from 2 m above the floor (surface y = 22) sliding right at 6 m/s.
    const world = createSimWorld(floorSlideDef());
    const r = ropeEntity(world, 0);
    const rope = particles(world, r);
    layRopeAlong(world, r, [[10, 20], [14, 20]]);
    const h = DT / world.settings.substeps;
    for (const i of rope) world.particle.prevX[i] = world.particle.x[i] - 6 * h;
    let deepest = -Infinity;
    for (let t = 0; t < 180; t++) {
      step(world, [0, 0]);
      for (const i of rope) deepest = Math.max(deepest, world.particle.y[i]);
    }
    const speed = ropeTickMove(world, r) / DT;
    const slid = world.particle.x[rope[0]] - 10;
    console.log(`floor slide: slid ${slid.toFixed(3)} m, speed after 3 s ${speed.toExponential(2)} m/s, lowest centre ${deepest.toFixed(6)} (rests at ${22 - PARTICLE_RADIUS})`);
    expect(slid).toBeGreaterThan(0.1); // it did slide before friction stopped it
    expect(speed).toBeLessThan(1e-3);
    expect(deepest).toBeLessThan(22); // never below the surface
    for (const i of rope) expect(world.particle.y[i]).toBeCloseTo(22 - PARTICLE_RADIUS, 6);
  });

  it('a rope draped over a ledge and a rope lying on a block settle: < 1e-4 m per tick after 3 s', () => {
    const world = createSimWorld(drapesDef());
    const [over, onBlock] = levelRopes(world);
    layRopeAlong(world, over, [[30, 9.94], [23, 9.94]]); // 2 m past the ledge's edge at x = 25
    idle(world, 180);
    let worstOver = 0;
    let worstBlock = 0;
    for (let t = 0; t < 60; t++) {
      step(world, [0, 0]);
      worstOver = Math.max(worstOver, ropeTickMove(world, over));
      worstBlock = Math.max(worstBlock, ropeTickMove(world, onBlock));
    }
    const lowestOver = Math.max(...particles(world, over).map((i) => world.particle.y[i]));
    console.log(`rest jitter after 3 s: over the ledge ${worstOver.toExponential(2)} m/tick (hangs to y ${lowestOver.toFixed(3)}), on the block ${worstBlock.toExponential(2)} m/tick`);
    expect(lowestOver).toBeGreaterThan(11.5); // it really hangs over the edge
    expect(worstOver).toBeLessThan(1e-4);
    expect(worstBlock).toBeLessThan(1e-4);
    for (const r of [over, onBlock]) {
      for (const i of particles(world, r)) expect(isSolidPoint(world.grid, world.particle.x[i], world.particle.y[i])).toBe(false);
    }
  });
});

describe('degenerate geometry', () => {
  it('coincident particles, one-segment ropes, an anchor and boxes inside walls: no NaN, nothing left in a wall', () => {
    let world: SimWorld | undefined;
    expect(() => {
      world = createSimWorld(degenerateDef());
    }).not.toThrow();
    const w = world as SimWorld;
    const [piled, oneFree, oneBox, walled, piledFree] = levelRopes(w);
    pileRopeAt(w, piled, 10, 10);
    pileRopeAt(w, piledFree, 16, 12);
    for (let t = 0; t < 600; t++) {
      step(w, [0, 0]);
      expect(isStateFinite(w)).toBe(true);
    }
    // Free particles end outside the walls, except on the rope whose anchor is inside the 3 x 3
    // block: there, particles closer along the rope than the 1.5 m from the anchor to the block's
    // faces cannot get out (they count as pinned there).
    const inWall = (i: number) => isSolidPoint(w.grid, w.particle.x[i], w.particle.y[i]);
    for (const r of [piled, oneFree, oneBox, piledFree]) {
      for (const i of particles(w, r)) if (w.particle.invMass[i] > 0) expect(inWall(i)).toBe(false);
    }
    const segment = 4 / 12;
    particles(w, walled).forEach((i, k) => {
      if (k * segment > 1.5 + segment) expect(inWall(i), `walled rope particle ${k}`).toBe(false);
    });
    // One-segment ropes keep their length.
    const [a1, b1] = particles(w, oneFree);
    expect(Math.hypot(w.particle.x[b1] - w.particle.x[a1], w.particle.y[b1] - w.particle.y[a1])).toBeLessThan(1.01);
    const box2 = boxEntity(w, 2);
    expect(Math.hypot(w.body.x[box2] - 14, w.body.y[box2] - 10)).toBeLessThan(2 * 1.01);
    // Boxes made inside walls were pushed out (centre and outline, within 1 cm).
    for (const e of w.queries.boxes.dense) {
      const x = w.body.x[e];
      const y = w.body.y[e];
      const hw = w.body.halfW[e] - 0.01;
      const hh = w.body.halfH[e] - 0.01;
      expect(isSolidPoint(w.grid, x, y)).toBe(false);
      expect(Math.abs(w.body.rotS[e] * w.body.rotC[e])).toBeLessThan(1e-3); // resting on a side: the outline is the AABB
      expect(rectOverlapsSolid(w.grid, x - hw, y - hh, x + hw, y + hh)).toBe(false);
    }
  });
});

describe('NaN quarantine', () => {
  type Poison = (w: SimWorld) => void;
  const cases: Array<[string, Poison]> = [
    ['a particle of a rope to a box (x)', (w) => { w.particle.x[w.rope.first[ropeEntity(w, 0)] + 3] = Number.NaN; }],
    ['a particle of a free-ended rope (y)', (w) => { w.particle.y[w.rope.first[ropeEntity(w, 4)] + 2] = Number.NaN; }],
    ['a tether particle (prevX)', (w) => { w.particle.prevX[w.rope.first[w.tetherRope] + 5] = Number.NaN; }],
    // Pinned to its anchor: no substep reads or writes it, so only the check after the substeps sees it.
    ['the anchored end particle of a rope (prevY)', (w) => { w.particle.prevY[w.rope.first[ropeEntity(w, 3)]] = Number.NaN; }],
    ['a box velocity (vx)', (w) => { w.body.vx[boxEntity(w, 0)] = Number.NaN; }],
    ['a box spin (omega = Infinity)', (w) => { w.body.omega[boxEntity(w, 2)] = Number.POSITIVE_INFINITY; }],
    ['a player velocity (vy)', (w) => { w.body.vy[playerEntity(w, 0)] = Number.NaN; }],
  ];
  it.each(cases)('NaN written into %s is quarantined on the next tick and never spreads', (_name, poison) => {
    const world = createSimWorld(ropeYardDef());
    for (let t = 0; t < 90; t++) step(world, [Button.Right, 0]);
    poison(world);
    const tick = world.tick;
    const quarantined: number[] = [];
    let cursor = world.events.count;
    step(world, [Button.Right, 0]);
    cursor = readEvents(world.events, cursor, (type, at) => { if (type === SimEvent.NaNQuarantined) quarantined.push(at); });
    expect(quarantined).toEqual([tick]);
    expect(isStateFinite(world)).toBe(true);
    for (let t = 0; t < 120; t++) {
      step(world, [t % 40 < 20 ? Button.Right : Button.Left, Button.Jump]);
      expect(isStateFinite(world)).toBe(true);
    }
    cursor = readEvents(world.events, cursor, (type) => { if (type === SimEvent.NaNQuarantined) quarantined.push(-1); });
    expect(quarantined).toEqual([tick]); // once, and never again
  });
});

describe('frame-time guards (beyond tests/unit/loop.test.ts)', () => {
  it('with the default settings a 10 s frame runs 0.25 s of ticks (15) and nothing is banked', () => {
    const clock = new FixedStep();
    expect(clock.advance(10)).toBe(15);
    expect(clock.advance(DT)).toBe(1);
  });

  it('a stream of garbage frame times never runs more than the cap in a frame, nor more than real time allows', () => {
    const clock = new FixedStep();
    const rnd = createRandom(11);
    const garbage = [0, -1, -1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 10, 1e9, 1e-12, Number.MIN_VALUE, Number.MAX_VALUE];
    let ticks = 0;
    let validSec = 0;
    for (let n = 0; n < 5000; n++) {
      const frame = rnd() < 0.5 ? garbage[Math.floor(rnd() * garbage.length)] : rnd() * 0.05;
      const run = clock.advance(frame);
      expect(run).toBeGreaterThanOrEqual(0);
      expect(run).toBeLessThanOrEqual(clock.maxTicksPerFrame);
      expect(clock.alpha).toBeGreaterThanOrEqual(0);
      expect(clock.alpha).toBeLessThan(1);
      if (frame > 0 && Number.isFinite(frame)) validSec += Math.min(frame, clock.maxFrameSec);
      ticks += run;
    }
    expect(ticks).toBeLessThanOrEqual(Math.floor(validSec / clock.dtSec) + 1);
  });
});

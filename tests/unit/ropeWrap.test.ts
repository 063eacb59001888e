// Ropes bending around tile corners (issue 14; src/sim/physics/ropeWraps.ts, wrappedLength.ts),
// against ground truths computed here with our own parameters (g = 9.81, no damping or drag):
// - an Atwood machine over a frictionless block: a = g (m1 - m2) / (m1 + m2), T = 2 m1 m2 g / (m1 + m2);
// - the capstan: over corners turning the rope through theta, with friction mu, the rope holds while
//   m1 / m2 <= e^(mu theta) and slides beyond it with a = g (m1 - E m2) / (m1 + E m2), E = e^(mu theta);
// - the length along the bent path stays the rope's length; a rope unwraps when its end swings back;
// - a crate whipped around a pillar winds its rope round it, never through it.
import { describe, expect, it } from 'vitest';
import {
  Button, MAX_WRAPS, Tile, boxEntity, createSimWorld, endPosition, levelRopes, ropePathLength, step, tileAt, type SimWorld,
} from '../../src/sim';
import { labDef, worldFromMap, type LabOptions } from '../../tools/scenarios/worlds';
import { wrapRopes } from '../../src/sim/physics/ropeWraps';
import { loadBuiltInLevel } from '../../tools/scenarios/levels';

const G = 9.81;
// The truths are for a massless rope: 1 g particles (the sim adds a light rope's weight to its
// tension, ropeMass.ts, which the default 70 g ones would make 4-7 % of these loads).
const TRUTH = { gravity: G, ropeDamping: 0, airDrag: 0, ropeWrap: true, ropeParticleMass: 0.001 } as const;

/** Puts body e at (x, y) with velocity (vx, vy), as it was at the tick a fuzz failure came from. */
function place(world: SimWorld, e: number, x: number, y: number, vx: number, vy: number): void {
  const { body } = world;
  body.x[e] = body.prevX[e] = body.lastX[e] = x;
  body.y[e] = body.prevY[e] = body.lastY[e] = y;
  body.vx[e] = vx;
  body.vy[e] = vy;
}

function lab(opts: LabOptions): SimWorld {
  return createSimWorld(labDef({ width: 40, height: 30, ...opts, physics: { ...TRUTH, ...opts.physics } }));
}

function idle(world: SimWorld, ticks: number): void {
  for (let t = 0; t < ticks; t++) step(world, [0, 0]);
}

/**
 * Rope r as a fuzz failure's tick left it: its particles on `heap` ([x, y, dx, dy]: position and
 * last substep's move), its wrap sweep starting from where bodies a and b are now. Its pivots are
 * the caller's.
 */
function layFuzzState(world: SimWorld, r: number, heap: ReadonlyArray<readonly number[]>, a: number, b: number): void {
  const { particle, wrap, body } = world;
  const first = world.rope.first[r];
  heap.forEach(([x, y, dx, dy], k) => {
    particle.x[first + k] = x;
    particle.y[first + k] = y;
    particle.prevX[first + k] = x - dx;
    particle.prevY[first + k] = y - dy;
  });
  wrap.fromAX[r] = body.x[a];
  wrap.fromAY[r] = body.y[a];
  wrap.fromBX[r] = body.x[b];
  wrap.fromBY[r] = body.y[b];
}

/** The pivots of rope r as [x, y] pairs. */
function pivots(world: SimWorld, r: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k < world.wrap.count[r]; k++) out.push([world.wrap.x[r * MAX_WRAPS + k], world.wrap.y[r * MAX_WRAPS + k]]);
  return out;
}

/** Deepest a point of the segment (x0, y0)-(x1, y1) gets inside a solid tile, m (0: never inside). */
function depthInStone(world: SimWorld, x0: number, y0: number, x1: number, y1: number): number {
  const n = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 0.01));
  let worst = 0;
  for (let k = 0; k <= n; k++) {
    const x = x0 + ((x1 - x0) * k) / n;
    const y = y0 + ((y1 - y0) * k) / n;
    const col = Math.floor(x);
    const row = Math.floor(y);
    if (tileAt(world.grid, col, row) !== Tile.Solid) continue;
    // Depth: distance to the nearest side of the cell that opens onto air.
    let d = Infinity;
    if (tileAt(world.grid, col - 1, row) !== Tile.Solid) d = Math.min(d, x - col);
    if (tileAt(world.grid, col + 1, row) !== Tile.Solid) d = Math.min(d, col + 1 - x);
    if (tileAt(world.grid, col, row - 1) !== Tile.Solid) d = Math.min(d, y - row);
    if (tileAt(world.grid, col, row + 1) !== Tile.Solid) d = Math.min(d, row + 1 - y);
    if (d !== Infinity) worst = Math.max(worst, d);
  }
  return worst;
}

/** Deepest the bent path of rope r (its ends through its pivots) gets inside a solid tile, m. */
function pathDepth(world: SimWorld, r: number): number {
  const end = { x: 0, y: 0 };
  endPosition(world, r, 0, end);
  const a: [number, number] = [end.x, end.y];
  endPosition(world, r, 1, end);
  const pts = [a, ...pivots(world, r), [end.x, end.y] as [number, number]];
  let worst = 0;
  for (let k = 0; k + 1 < pts.length; k++) worst = Math.max(worst, depthInStone(world, pts[k][0], pts[k][1], pts[k + 1][0], pts[k + 1][1]));
  return worst;
}

/** Deepest a particle of rope r sits inside a solid tile, m. */
function particleDepth(world: SimWorld, r: number): number {
  const first = world.rope.first[r];
  let worst = 0;
  for (let i = first; i < first + world.rope.count[r]; i++) {
    worst = Math.max(worst, depthInStone(world, world.particle.x[i], world.particle.y[i], world.particle.x[i], world.particle.y[i]));
  }
  return worst;
}

/**
 * Two 0.6 m crates (m1 left, m2 right) hanging 3.7 m under the top corners of a one-tile block at
 * (14, 6), on one 8.4 m rope slung over it: taut from the start.
 */
function atwood(m1: number, m2: number, mu = 0): { world: SimWorld; r: number; b1: number; b2: number } {
  const world = lab({
    solids: [[14, 6]],
    boxes: [{ x: 14, y: 10, w: 0.6, h: 0.6, mass: m1 }, { x: 15, y: 10, w: 0.6, h: 0.6, mass: m2 }],
    ropes: [{
      a: { kind: 'box', box: 0, x: 0, y: -0.3 }, b: { kind: 'box', box: 1, x: 0, y: -0.3 },
      length: 8.4, segments: 28, over: [{ x: 14, y: 6 }, { x: 15, y: 6 }],
    }],
    physics: { edgeFriction: mu },
  });
  return { world, r: levelRopes(world)[0], b1: boxEntity(world, 0), b2: boxEntity(world, 1) };
}

describe('an Atwood machine over a frictionless block', () => {
  it.each([[30, 20], [20, 30], [50, 10], [12, 11]])('m1 %i kg, m2 %i kg: acceleration and tension as g (m1 - m2) / (m1 + m2)', (m1, m2) => {
    const { world, r, b1, b2 } = atwood(m1, m2);
    expect(pivots(world, r)).toEqual([[14, 6], [15, 6]]);
    idle(world, 6);
    const v0 = world.body.vy[b1];
    idle(world, 24);
    const a = (world.body.vy[b1] - v0) / (24 / 60);
    const truth = (G * (m1 - m2)) / (m1 + m2);
    const tension = world.rope.tension[r];
    const truthT = (2 * m1 * m2 * G) / (m1 + m2);
    console.log(`Atwood ${m1}/${m2} kg: a ${a.toFixed(5)} m/s² (truth ${truth.toFixed(5)}), T ${tension.toFixed(3)} N (truth ${truthT.toFixed(3)})`);
    expect(Math.abs(a - truth)).toBeLessThan(0.002 * G);
    expect(Math.abs(tension / truthT - 1)).toBeLessThan(0.002);
    // The other crate rises as fast, straight up under its corner; the rope keeps its length.
    expect(world.body.vy[b2]).toBeCloseTo(-world.body.vy[b1], 6);
    expect(world.body.x[b1]).toBeCloseTo(14, 6);
    expect(world.body.x[b2]).toBeCloseTo(15, 6);
    expect(Math.abs(ropePathLength(world, r) / 8.4 - 1)).toBeLessThan(1e-6);
    expect(pivots(world, r)).toEqual([[14, 6], [15, 6]]);
  });
});

describe('the capstan: a rope with friction over the corners', () => {
  // Over the block's two right-angled corners the rope turns through pi.
  const MU = 0.3;
  const E = Math.exp(MU * Math.PI); // 2.566

  it('holds a load up to e^(mu theta) times the other side (2.5 : 1 does not move)', () => {
    const { world, b1, b2 } = atwood(25, 10, MU);
    const [y1, y2] = [world.body.y[b1], world.body.y[b2]];
    idle(world, 120);
    console.log(`capstan 25/10 kg (E ${E.toFixed(4)}): moved ${(world.body.y[b1] - y1).toExponential(2)} m, ${(world.body.y[b2] - y2).toExponential(2)} m in 2 s`);
    expect(Math.abs(world.body.y[b1] - y1)).toBeLessThan(1e-3);
    expect(Math.abs(world.body.y[b2] - y2)).toBeLessThan(1e-3);
  });

  it.each([[30, 10], [45, 10]])('slips beyond it (%i : %i) with a = g (m1 - E m2) / (m1 + E m2)', (m1, m2) => {
    const { world, b1 } = atwood(m1, m2, MU);
    idle(world, 6);
    const v0 = world.body.vy[b1];
    idle(world, 24);
    const a = (world.body.vy[b1] - v0) / (24 / 60);
    const truth = (G * (m1 - E * m2)) / (m1 + E * m2);
    console.log(`capstan ${m1}/${m2} kg: a ${a.toFixed(5)} m/s² (truth ${truth.toFixed(5)})`);
    expect(Math.abs(a / truth - 1)).toBeLessThan(0.005);
  });

  it('without friction the same 2.5 : 1 load runs away', () => {
    const { world, b1 } = atwood(25, 10, 0);
    const y1 = world.body.y[b1];
    idle(world, 30);
    expect(world.body.y[b1] - y1).toBeGreaterThan(0.5);
  });
});

describe('a rope slung over a ledge', () => {
  /** A slab (row 6, x 0..12) with nothing under it; an anchor on it, a crate hanging past its end. */
  function slab(boxX: number, boxY: number, length: number): { world: SimWorld; r: number; box: number } {
    const world = lab({
      solids: Array.from({ length: 12 }, (_, c) => [c, 6] as [number, number]),
      anchors: [{ x: 10, y: 5.5 }],
      boxes: [{ x: boxX, y: boxY, w: 0.6, h: 0.6, mass: 20 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length, segments: 24 }],
      physics: { airDrag: 1 }, // so the swing it starts with dies down
    });
    return { world, r: levelRopes(world)[0], box: boxEntity(world, 0) };
  }

  it('starts draped over the edge when the straight line between its ends crosses the slab, and hangs from the corner', () => {
    const { world, r, box } = slab(12.6, 9, 5.5);
    expect(pivots(world, r)).toEqual([[12, 6]]);
    idle(world, 600);
    // At rest under the corner: the crate's tie point straight below (12, 6), the path at its length.
    expect(world.body.x[box]).toBeCloseTo(12, 2);
    expect(Math.abs(ropePathLength(world, r) / 5.5 - 1)).toBeLessThan(1e-4);
    expect(Math.abs(world.rope.tension[r] / (20 * G) - 1)).toBeLessThan(0.01);
    expect(pathDepth(world, r)).toBe(0);
    expect(particleDepth(world, r)).toBeLessThan(0.06);
  });

  it('snapped, each half loses its corners (a free end bends round nothing) and the near half drapes over the edge', () => {
    const world = lab({
      solids: Array.from({ length: 12 }, (_, c) => [c, 6] as [number, number]),
      anchors: [{ x: 10, y: 5.5 }],
      boxes: [{ x: 12.6, y: 9, w: 0.6, h: 0.6, mass: 20 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length: 5.5, segments: 24, breakTension: 0.5 * 20 * G }],
      physics: { airDrag: 1 },
    });
    const r = levelRopes(world)[0];
    const spare = world.rope.spare[r];
    expect(pivots(world, r)).toEqual([[12, 6]]);
    idle(world, 180);
    expect(world.rope.bodyB[r]).toBe(0); // snapped: the near half's far end is free
    expect(world.wrap.count[r]).toBe(0);
    expect(world.wrap.count[spare]).toBe(0);
    // The near half (2.75 m from the anchor 2 m back from the edge) hangs over the edge, its free
    // end below the corner, no particle in the slab beyond the rope's radius.
    const last = world.rope.first[r] + world.rope.count[r] - 1;
    expect(world.particle.y[last]).toBeGreaterThan(6);
    expect(Math.abs(world.particle.x[last] - 12)).toBeLessThan(0.3);
    expect(particleDepth(world, r)).toBeLessThan(0.06);
  });

  it('without ropeWrap the same rope hangs from the anchor, straight through the slab', () => {
    const world = createSimWorld(labDef({
      width: 40, height: 30, solids: Array.from({ length: 12 }, (_, c) => [c, 6] as [number, number]),
      anchors: [{ x: 10, y: 5.5 }], boxes: [{ x: 12.6, y: 9, w: 0.6, h: 0.6, mass: 20 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.3 }, length: 5.5, segments: 24 }],
      physics: { gravity: G, ropeDamping: 0, airDrag: 1 },
    }));
    const r = levelRopes(world)[0];
    idle(world, 600);
    expect(world.wrap.count[r]).toBe(0);
    expect(world.body.x[boxEntity(world, 0)]).toBeLessThan(11.5); // swung in under the slab, towards x 10
  });
});

describe('wrapping and unwrapping as the ends move', () => {
  it('a pendulum swinging past a corner wraps on it, keeps its length along the bent path, and unwraps on the way back', () => {
    // Galileo's peg: an anchor at (10, 2) and a one-tile peg (cell 10, 5) whose left side is on the
    // vertical under the anchor. The crate is let go 45° out to the left on a 6 m rope: past the
    // vertical the rope catches the peg's lower-left corner (10, 6), the crate swings up on the 2 m
    // left below it, and on the way back the rope leaves the corner again.
    const th = Math.PI / 4;
    const world = lab({
      solids: [[10, 5]],
      anchors: [{ x: 10, y: 2 }],
      boxes: [{ x: 10 - 6 * Math.sin(th), y: 2 + 6 * Math.cos(th) + 0.2, w: 0.4, h: 0.4, mass: 10 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.2 }, length: 6, segments: 24 }],
    });
    const r = levelRopes(world)[0];
    let maxWraps = 0;
    let worstLength = 0;
    let worstDepth = 0;
    let unwrapX = Number.NaN;
    let mostRight = 0;
    const tie = { x: 0, y: 0 };
    for (let t = 0; t < 400; t++) {
      step(world, [0, 0]);
      endPosition(world, r, 1, tie);
      const count = world.wrap.count[r];
      if (count < maxWraps && Number.isNaN(unwrapX)) unwrapX = tie.x;
      if (count === 1) expect(pivots(world, r)).toEqual([[10, 6]]);
      maxWraps = Math.max(maxWraps, count);
      mostRight = Math.max(mostRight, tie.x);
      worstLength = Math.max(worstLength, ropePathLength(world, r) / 6 - 1);
      worstDepth = Math.max(worstDepth, pathDepth(world, r));
    }
    console.log(`Galileo's peg: most pivots ${maxWraps}, rightmost x ${mostRight.toFixed(3)}, unwrapped at x ${unwrapX.toFixed(3)}, worst path overshoot ${(worstLength * 100).toFixed(5)} %, deepest in stone ${worstDepth} m`);
    expect(maxWraps).toBe(1);
    // On the 2 m below the peg the crate rises back to its starting height: its tie point 83° out,
    // x = 10 + 2 sin 83° (less a little: the crate turns, and some of its energy is its spin).
    const rise = 2 * Math.sin(Math.acos(1 - (6 * (1 - Math.cos(th))) / 2));
    expect(Math.abs(mostRight - (10 + rise))).toBeLessThan(0.03);
    // It left the corner as it swung back past the vertical.
    expect(Math.abs(unwrapX - 10)).toBeLessThan(0.15);
    expect(worstLength).toBeLessThan(1e-4);
    expect(worstDepth).toBeLessThan(1e-9);
  });

  it('a crate whipped around a pillar at full speed winds its rope round it, never through it, and keeps its length', () => {
    // A 2 x 2 pillar (cells 19..20, rows 10..11); an anchor 0.5 m above-left of its top-left
    // corner; a crate on a 12 m rope, no gravity, pushed at 25 m/s so it whirls round the pillar,
    // the rope catching corner after corner (its radius shrinking each time) until it hits.
    const world = lab({
      solids: [[19, 10], [20, 10], [19, 11], [20, 11]],
      anchors: [{ x: 18.5, y: 9.5 }],
      boxes: [{ x: 30.4, y: 9.5, w: 0.4, h: 0.4, mass: 5, vx: 0, vy: 25 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: 0 }, length: 12, segments: 40 }],
      physics: { gravity: 0 },
    });
    const r = levelRopes(world)[0];
    let maxWraps = 0;
    let worstDepth = 0;
    let worstLength = 0;
    let worstParticle = 0;
    for (let t = 0; t < 300; t++) {
      step(world, [0, 0]);
      maxWraps = Math.max(maxWraps, world.wrap.count[r]);
      worstDepth = Math.max(worstDepth, pathDepth(world, r));
      worstLength = Math.max(worstLength, ropePathLength(world, r) / 12 - 1);
      worstParticle = Math.max(worstParticle, particleDepth(world, r));
    }
    console.log(`whip round a pillar: most pivots ${maxWraps}, path deepest in stone ${worstDepth} m, worst overshoot ${(worstLength * 100).toFixed(5)} %, deepest particle ${worstParticle.toFixed(3)} m`);
    expect(maxWraps).toBeGreaterThanOrEqual(4); // round the pillar's four corners at least once
    expect(worstDepth).toBeLessThan(1e-9);
    expect(worstLength).toBeLessThan(1e-3);
    expect(worstParticle).toBeLessThan(0.06);
  });
});

describe('the tether over a cliff edge is a pulley', () => {
  /** A plateau (x < 12, top y 10) above a floor at y 20; P1 on the plateau 1 m from the edge, P2
   *  at the foot of the cliff, on an 11 m tether that starts draped over the edge (12, 10). */
  function cliff(): SimWorld {
    const rows: string[] = [];
    for (let r = 0; r < 24; r++) rows.push(r >= 20 ? '#'.repeat(30) : r >= 10 ? '#'.repeat(12) + '.'.repeat(18) : '.'.repeat(30));
    return worldFromMap(rows, { x: 11, y: 10 }, { x: 12.5, y: 20 }, 11, { ropeWrap: true });
  }

  it('a player walking away from the edge hauls its partner straight up the face, metre for metre, and the partner climbs over', () => {
    const world = cliff();
    const [a, b] = world.queries.players.dense;
    const tether = world.tetherRope;
    expect(pivots(world, tether)).toEqual([[12, 10]]);
    idle(world, 20);
    // P1 walks left until P2 hangs taut, then on: every metre P1 walks lifts P2 a metre.
    let taut = -1;
    let from = { x1: 0, y2: 0 };
    let worstDepth = 0;
    let t = 0;
    let climbed = false;
    for (; t < 400 && !climbed; t++) {
      step(world, [Button.Left, world.body.y[b] < 10.6 ? Button.Left : 0]);
      worstDepth = Math.max(worstDepth, pathDepth(world, tether));
      if (taut < 0 && world.player.isTaut[a] && world.body.y[b] < 18.5) taut = t;
      if (t === taut) from = { x1: world.body.x[a], y2: world.body.y[b] };
      if (taut >= 0 && t === taut + 40) {
        const walked = from.x1 - world.body.x[a];
        const rose = from.y2 - world.body.y[b];
        console.log(`haul over the edge: P1 walked ${walked.toFixed(3)} m, P2 rose ${rose.toFixed(3)} m, at x ${world.body.x[b].toFixed(3)}`);
        expect(walked).toBeGreaterThan(3);
        expect(Math.abs(rose / walked - 1)).toBeLessThan(0.03);
        expect(world.body.x[b]).toBeCloseTo(12 + world.settings.playerHalfWidth, 3); // up along the face
      }
      climbed = world.player.isGrounded[b] === 1 && world.body.y[b] < 10;
    }
    expect(climbed).toBe(true);
    expect(world.body.x[b]).toBeLessThan(12); // on the plateau
    expect(worstDepth).toBe(0);
    idle(world, 10);
    expect(world.wrap.count[tether]).toBe(0); // both on top: the rope left the edge
  });

  it('holds its length over the edge to 1e-10 of it every tick of the haul, though the floor stops part of the hauler\'s share', () => {
    // The same cliff. P1's tie point (its centre) is above the plateau, so the rope to the edge
    // pulls it down as well as along: the floor takes the downward part of each correction, and
    // taken as a whole share each pass closed in on the length by a fixed factor (four passes
    // left the path up to 4.9e-7 m over the 11 m tether; secant steps: 4.5e-10 m).
    const world = cliff();
    const [a, b] = world.queries.players.dense;
    const tether = world.tetherRope;
    idle(world, 20);
    let worstOver = 0;
    let hauled = 0;
    for (let t = 0; t < 300; t++) {
      const yBefore = world.body.y[b];
      step(world, [Button.Left, 0]);
      if (world.wrap.count[tether] !== 1 || world.player.isGrounded[a] !== 1 || world.player.isGrounded[b] === 1) continue;
      if (world.body.y[b] >= yBefore) continue; // hauled up this tick: the rope is taut over the edge
      hauled++;
      worstOver = Math.max(worstOver, ropePathLength(world, tether) - world.rope.length[tether]);
    }
    console.log(`haul: ${hauled} ticks taut over the edge, path at most ${worstOver.toExponential(2)} m over the 11 m tether`);
    expect(hauled).toBeGreaterThan(60);
    expect(worstOver).toBeLessThan(1.2e-9);
  });
});

describe('a ledge climb', () => {
  // A climb moves a player up to 1.57 m at once (its width across, its height up), and the wraps
  // took any move over 1 m for a respawn and dropped every corner: the tether then ran straight
  // through the stone (in the long fuzz a taut one cut a ledge's corner 8.9 cm deep, Over the Pits).
  it('keeps the corners the rope still bends round: the tether over a cliff edge stays a pulley', () => {
    // The plateau and cliff above, with a 1-tile block on the plateau at x 8-9; P1 on the plateau
    // climbs the block, then walks back left, hauling P2 up the face.
    const rows: string[] = [];
    for (let r = 0; r < 24; r++) rows.push(r >= 20 ? '#'.repeat(30) : r >= 10 ? '#'.repeat(12) + '.'.repeat(18) : r === 9 ? '.'.repeat(8) + '#' + '.'.repeat(21) : '.'.repeat(30));
    const world = worldFromMap(rows, { x: 6, y: 10 }, { x: 12.5, y: 20 }, 16, { ropeWrap: true });
    const [a, b] = world.queries.players.dense;
    const tether = world.tetherRope;
    expect(pivots(world, tether)).toContainEqual([12, 10]); // and the block's top corners, the rope laid over them
    idle(world, 60);
    let climbed = false;
    for (let t = 0; t < 60 && !climbed; t++) {
      step(world, [Button.Right | (world.body.x[a] + world.body.halfW[a] > 7.99 ? Button.Jump : 0), 0]);
      climbed = world.body.y[a] < 9 - world.body.halfH[a] + 1e-6 && world.player.isGrounded[a] === 1;
    }
    expect(climbed).toBe(true); // on top of the block
    step(world, [0, 0]);
    expect(pivots(world, tether)).toEqual([[12, 10]]);
    let worstDepth = 0;
    for (let t = 0; t < 160; t++) {
      step(world, [Button.Left, 0]);
      worstDepth = Math.max(worstDepth, pathDepth(world, tether));
    }
    expect(worstDepth).toBe(0);
    expect(world.body.y[b]).toBeLessThan(18.5); // hauled up the face (it stood at 19.3)
    expect(world.body.x[b]).toBeCloseTo(12 + world.body.halfW[b], 3);
  });
});

describe('a tie point grazing a corner', () => {
  // A crate's rope hangs from a hook left of a pillar (x 16-17, foot at y 14); the crate is knocked
  // up and right under the pillar's foot, its tie point (the middle of its top) passing the foot's
  // corner 1.3 mm inside it, from (15.9867, 13.9944) to (16.0062, 14.0007) in one substep (the long
  // fuzz's Timber Mine, to 0.1 mm). The span from the hook swept a triangle that ends short of the
  // corner, so no corner was caught, and the rope cut 12.9 cm into the pillar for ten ticks.
  it('catches the corner the end passed within a centimetre of', () => {
    const solids: Array<[number, number]> = [];
    for (let row = 8; row <= 13; row++) solids.push([16, row]);
    const world = lab({
      solids, anchors: [{ x: 14.7, y: 6 }], boxes: [{ x: 16.0062, y: 14.6007, w: 1, h: 1.2, mass: 20 }],
      ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: 0, y: -0.6 }, length: 8.4, segments: 8 }],
    });
    const r = levelRopes(world)[0];
    const tie = { x: 0, y: 0 };
    endPosition(world, r, 1, tie);
    expect(tie.x).toBeCloseTo(16.0062, 9);
    expect(tie.y).toBeCloseTo(14.0007, 9);
    expect(pivots(world, r)).toEqual([]); // laid out straight: the line from the hook misses the corner
    world.wrap.fromBX[r] = 15.9867;
    world.wrap.fromBY[r] = 13.9944;
    wrapRopes(world);
    expect(pivots(world, r)).toEqual([[16, 14]]);
  });
});

describe('a ledge climb the tether cannot follow', () => {
  // A one-tile shelf (x < 6, y 10-12); P1 hangs at its right face, P2 stands below, left of the
  // face, the tether straight between them (9.10 m). On top of the shelf P1 would be 10.02 m from
  // P2 in a straight line, but the rope then runs over the shelf's two right corners: 10.16 m.
  // A tether of 10.08 m let the climb through (the straight line fits) and the next substep pulled
  // the missing 8 cm back at once: P2 yanked off the floor at 30 m/s (the long fuzz: 86.9 m/s in
  // Tied Together, 74.5 m/s in the finale).
  const shelf: string[] = [];
  for (let r = 0; r < 24; r++) shelf.push(r >= 20 ? '#'.repeat(20) : r === 10 || r === 11 ? '######' + '.'.repeat(14) : '.'.repeat(20));

  it('is refused when the path over the corners it would catch is longer than the tether', () => {
    const world = worldFromMap(shelf, { x: 6.35, y: 11 }, { x: 5, y: 20 }, 10.08, { ropeWrap: true });
    const [a, b] = world.queries.players.dense;
    let fastest = 0;
    for (let t = 0; t < 20; t++) {
      step(world, [Button.Left, 0]);
      expect(world.body.x[a]).toBeGreaterThan(6); // never up on the shelf
      expect(world.body.y[b]).toBeCloseTo(19.3, 6); // P2 never pulled off the floor
      fastest = Math.max(fastest, Math.hypot(world.body.vx[b], world.body.vy[b]));
    }
    expect(fastest).toBeLessThan(1e-6);
  });

  it('is made when the tether reaches over the corners', () => {
    const world = worldFromMap(shelf, { x: 6.35, y: 11 }, { x: 5, y: 20 }, 10.3, { ropeWrap: true });
    const [a, b] = world.queries.players.dense;
    step(world, [Button.Left, 0]);
    expect(world.body.y[a]).toBeCloseTo(10 - world.body.halfH[a], 6); // on the shelf
    step(world, [Button.Left, 0]);
    expect(pivots(world, world.tetherRope)).toEqual([[6, 10], [6, 12]]);
    expect(ropePathLength(world, world.tetherRope)).toBeLessThanOrEqual(10.3 + 1e-9);
    expect(world.body.y[b]).toBeCloseTo(19.3, 6);
  });
});

describe('a slack rope catching a second corner', () => {
  // A slack tether over a one-tile block, end B falling past the block's far corner: the corner was
  // added at end B with spanA (the rope up to the first corner) kept, so the rope between the two
  // corners was at once only their 1 m distance. The particles heaped on the block were pulled
  // straight across it and those beyond onto the new corner: one segment 78 % long at the end of
  // the tick (the long fuzz, Breaking Point; this is its state a tick before, to 0.1 mm).
  it('puts the new corner at the arc of the rope nearest it: no particle thrown, no segment stretched', () => {
    const rows: string[] = [];
    for (let r = 0; r < 18; r++) {
      const solid = (c: number) => (r === 13 && c === 11) || ((r === 14 || r === 15) && ((c >= 5 && c <= 7) || (c >= 11 && c <= 15))) || (r >= 16 && c >= 5 && c <= 15);
      rows.push(Array.from({ length: 20 }, (_, c) => (solid(c) ? '#' : '.')).join(''));
    }
    const grid = worldFromMap(rows, { x: 9.8, y: 15.3 }, { x: 13.3, y: 13.5 }).grid;
    const world = createSimWorld({ grid, spawns: [{ x: 9.8, y: 15.3 }, { x: 13.3, y: 13.5 }], goal: { x: 0, y: 0, w: 1, h: 1 }, tether: { length: 6, segments: 20 }, physics: { ropeWrap: true } });
    const { particle, wrap } = world;
    const [a, b] = world.queries.players.dense;
    const r = world.tetherRope;
    place(world, a, 9.7826, 14.5833, -1.3333, 3.1912);
    place(world, b, 13.3184, 12.8205, -0.9014, 11.0659);
    // Particles: position and last substep's move.
    const heap = [
      [9.7826, 14.5833, 0, 0], [9.9974, 14.3738, -0.0079, 0.0012], [10.2963, 14.3487, -0.0085, -0.0068],
      [10.5935, 14.3076, -0.0063, 0.0068], [10.7424, 14.0471, -0.0005, 0.01], [10.7571, 13.7475, -0.0007, 0.01],
      [10.5404, 13.5401, 0.0024, 0.0067], [10.7911, 13.3754, -0.0027, -0.0015], [10.9401, 13.115, 0.0001, 0.0001],
      [11.0385, 12.8317, -0.0014, -0.0004], [10.9047, 13.1001, 0.0001, 0.0003], [11.09, 12.8642, -0.0006, -0.0002],
      [11.3803, 12.9401, -0.0003, 0.0001], [11.6495, 12.8079, -0.0005, 0], [11.9184, 12.9405, 0, 0.0005],
      [12.1039, 12.7048, 0.0057, 0.0036], [12.2285, 12.4324, 0.0051, 0.0027], [12.5232, 12.4881, 0.0025, 0.0186],
      [12.7346, 12.701, -0.001, 0.0222], [13.0335, 12.7265, -0.0008, 0.0198], [13.3184, 12.8205, 0, 0],
    ];
    const first = world.rope.first[r];
    layFuzzState(world, r, heap, a, b);
    // Bent round the block's near corner, 2.53 m of rope up to it.
    const base = r * MAX_WRAPS;
    wrap.count[r] = 1;
    wrap.x[base] = 11;
    wrap.y[base] = 13;
    wrap.turn[base] = (11 - 9.7826) * (12.8205 - 13) - (13 - 14.5833) * (13.3184 - 11) > 0 ? 1 : -1;
    wrap.spanA[r] = 2.5286;

    step(world, [0, 0]);
    expect(pivots(world, r)).toEqual([[11, 13], [12, 13]]);
    let worst = 0;
    for (let k = 0; k < 20; k++) {
      const i = first + k;
      worst = Math.max(worst, Math.hypot(particle.x[i + 1] - particle.x[i], particle.y[i + 1] - particle.y[i]) / particle.rest[i] - 1);
    }
    console.log(`slack rope catching a second corner: worst segment ${(worst * 100).toFixed(1)} % over its length`);
    expect(worst).toBeLessThan(0.1);
  });
});

describe('a slack tether over a hanging crate catching the corner under it', () => {
  // Only tile corners bend a rope, not boxes: a slack tether lying over a swinging crate caught the
  // corner of the pit under it, its particles were drawn through the crate towards the corner and
  // the crate pushed them out by its top, half a metre back, and the chain's one backward sweep
  // left a segment 62 % long (the long fuzz, Timber Mine; this is its state a tick before).
  it('ends the tick with its chain whole', () => {
    const def = loadBuiltInLevel('levels/16-timber-mine.json');
    const world = createSimWorld(def);
    const { body, particle, wrap, rope } = world;
    const [a, b] = world.queries.players.dense;
    const r = world.tetherRope;
    place(world, a, 15.65, 16.3, 0, 0);
    place(world, b, 10.2583, 15.3, -7, 0);
    const crate = boxEntity(world, 0); // swing-crate-1, on its rope from hook-1 at (14.7, 6)
    place(world, crate, 14.520054, 14.995246, 1.210711, 0.156084);
    body.rotC[crate] = body.lastRotC[crate] = 0.993289;
    body.rotS[crate] = body.lastRotS[crate] = 0.115659;
    body.omega[crate] = -2.226849;
    const hang = [[14.7, 6], [14.6862, 7.0499], [14.6724, 8.0998], [14.6585, 9.1497], [14.6447, 10.1996], [14.6309, 11.2495], [14.6171, 12.2995], [14.6033, 13.3494], [14.5894, 14.3993]];
    const crateRope = levelRopes(world).find((q) => rope.bodyB[q] === crate)!;
    hang.forEach(([x, y], k) => {
      particle.x[rope.first[crateRope] + k] = particle.prevX[rope.first[crateRope] + k] = x;
      particle.y[rope.first[crateRope] + k] = particle.prevY[rope.first[crateRope] + k] = y;
    });
    // The tether: from P1 in the pit up over the crate's top and down to P2 on the floor (position
    // and last substep's move).
    const heap = [
      [15.65, 16.3, 0, 0], [15.252, 16.2604, 0.0003, -0.0036], [15.2764, 15.8611, 0.0071, -0.0032],
      [15.248, 15.4621, 0.0069, -0.0032], [15.2852, 15.0638, 0.0034, -0.0036], [15.3227, 14.6654, 0.0011, -0.0038],
      [15.0314, 14.391, -0.0005, -0.0021], [14.6333, 14.344, -0.0007, -0.0002], [14.2358, 14.2978, -0.0009, 0.0016],
      [13.8356, 14.3099, -0.0008, 0.0044], [13.6366, 14.6573, -0.0027, 0.0032], [13.4386, 15.0045, 0.0023, 0.0062],
      [13.1582, 15.2898, -0.0012, 0.0028], [12.8309, 15.5198, -0.0045, -0.0018], [12.4508, 15.6443, -0.0022, 0.0054],
      [12.0761, 15.7844, -0.002, 0.0061], [11.6914, 15.8939, -0.0038, -0.0001], [11.2916, 15.9048, -0.0044, -0.0134],
      [10.9292, 15.7355, -0.0021, -0.0183], [10.5886, 15.5257, -0.021, 0.0096], [10.2583, 15.3, 0, 0],
    ];
    const first = rope.first[r];
    layFuzzState(world, r, heap, a, b);
    wrap.count[r] = 0;

    step(world, [Button.Right, Button.Left | Button.Down]);
    expect(pivots(world, r)).toEqual([[14, 16]]); // the pit's corner under the crate
    let worst = 0;
    for (let k = 0; k < rope.count[r] - 1; k++) {
      const i = first + k;
      worst = Math.max(worst, Math.hypot(particle.x[i + 1] - particle.x[i], particle.y[i + 1] - particle.y[i]) / particle.rest[i] - 1);
    }
    console.log(`slack tether over a crate catching the corner under it: worst segment ${(worst * 100).toFixed(1)} % over its length`);
    expect(worst).toBeLessThan(0.05);
  });
});

describe('a slack tether heaped over a one-tile block catching both its top corners in one tick', () => {
  // The tether ran from P1 over the block's top, down into a heap beside it and back up to P2,
  // who fell past the block's left top corner just after its line had swept the right one: the
  // second corner went in at the arc of the particle nearest it, 7 m of rope on from the first,
  // which moved the first along the rope with it, and the particles then on the straight run
  // across the block's top were thrown up to 1.5 m to it, through the stone: 16.8 cm deep at the
  // end of the tick, segments 40 % long (the long fuzz, Over the Pits; this is its state a tick
  // before, to 0.1 mm).
  it('keeps the first corner where it was along the rope: the run across the block takes the particles already on it', () => {
    const rows = [
      '#.............',
      '#.............',
      '#.............',
      '#.............',
      '#.............',
      '#.....#.......',
      '############..',
      '#.............',
      '##############',
    ];
    const grid = worldFromMap(rows, { x: 10, y: 5.3 }, { x: 5.4, y: 4.8 }).grid;
    const world = createSimWorld({ grid, spawns: [{ x: 10, y: 5.3 }, { x: 5.4, y: 4.8 }], goal: { x: 0, y: 0, w: 1, h: 1 }, tether: { length: 12, segments: 24 }, physics: { ropeWrap: true } });
    const { particle, wrap } = world;
    const [a, b] = world.queries.players.dense;
    const r = world.tetherRope;
    place(world, a, 9.995, 5.3, 0, 0);
    place(world, b, 5.3811, 4.7886, -4.8333, 12.5245);
    // Particles: position and last substep's move.
    const heap = [
      [9.995, 5.3, 0, 0], [9.8714, 5.7845, 0.0061, 0.0016], [9.3976, 5.9429, 0.002, 0.0029], [9.1516, 5.5079, 0.007, -0.0029],
      [8.6775, 5.3557, -0.0008, 0.016], [8.194, 5.2284, -0.0009, 0.0167], [7.9094, 4.8173, 0.0103, 0.0087], [7.4275, 4.9507, 0.0103, 0.0084],
      [6.9381, 4.848, 0.012, -0.0004], [6.6019, 4.478, 0.0038, 0.0069], [6.1872, 4.7574, 0.0013, 0.0033], [5.8064, 5.0814, -0.0059, -0.0051],
      [5.6594, 5.5593, 0.0108, 0.0004], [5.2494, 5.2732, 0.0157, -0.0066], [4.8044, 5.501, 0.0135, -0.0108], [5.0632, 5.9288, -0.001, -0.0016],
      [5.5631, 5.9402, -0.0005, 0.0002], [5.9273, 5.5977, -0.0011, -0.0001], [5.4639, 5.786, 0.0037, 0.0122], [5.1749, 5.3779, -0.0017, 0.016],
      [5.5467, 5.7123, 0.0083, 0.0051], [5.7547, 5.2576, -0.0003, 0.0011], [6.0886, 4.8855, -0.0013, 0.0002], [5.7824, 4.4902, -0.0192, 0.0135],
      [5.3811, 4.7886, 0, 0],
    ];
    const first = world.rope.first[r];
    layFuzzState(world, r, heap, a, b);
    wrap.count[r] = 0;

    step(world, [Button.Left | Button.Right | Button.Jump | Button.Down, Button.Down | Button.Jump | Button.Anchor]);
    let worst = 0;
    let deepest = 0;
    for (let k = 0; k < 24; k++) {
      const i = first + k;
      worst = Math.max(worst, Math.hypot(particle.x[i + 1] - particle.x[i], particle.y[i + 1] - particle.y[i]) / particle.rest[i] - 1);
      deepest = Math.max(deepest, depthInStone(world, particle.x[i], particle.y[i], particle.x[i + 1], particle.y[i + 1]));
    }
    console.log(`slack tether catching both corners of a block: worst segment ${(worst * 100).toFixed(1)} % over its length, deepest segment ${(deepest * 100).toFixed(1)} cm in the stone`);
    expect(worst).toBeLessThan(0.1);
    expect(deepest).toBeLessThan(0.01);
    expect(pivots(world, r)).toEqual([[7, 5], [6, 5]]);
    // The first corner at the arc of the particle on it (particle 8, 4 m from P1), the second 1 m on.
    expect(world.wrap.spanA[r]).toBeCloseTo(4, 1);
  });
});

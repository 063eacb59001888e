// Our own sim as a bench engine: the scenario becomes a WorldDef (src/sim), built directly. The
// world's tile grid is empty and big enough; the two players (every world has them) stand on a
// small floor far to the right with a short tether, except in scenario E where player 1 is the
// runner. Ropes are tied to 'point' ends (a pinned particle; moving it = updating the point) or
// are free at the far end; a heavy end is a small box of the end mass (our sim gives every rope
// particle the same mass, settings.ropeParticleMass), tied at its centre.
// Quality: substeps -> physics.substeps; our solver does one exact chain solve per substep, so
// `iterations` has no effect (projections are counted as segments x substeps).

import { Tile, applyParticleImpulse, createSimWorld, createTileGrid, step, type BoxDef, type RopeDef, type SimWorld, type WorldDef, playerEntity, boxEntity, ropeEntity } from '../../src/sim';
import type { EngineAdapter, EngineWorld, Quality, Scenario } from '../engine';

const NO_INPUT = [0, 0] as const;
/** Size of the heavy-end box of a rope whose end mass differs from its particles', m. */
const END_BOX = 0.05;

export interface RopeboundWorld extends EngineWorld {
  /** The underlying sim world (tests read it). */
  sim: SimWorld;
}

export function buildRopebound(sc: Scenario, quality: Quality): RopeboundWorld {
  // Bounds of everything that can move: a disc of the rope's length (plus half again for B's
  // moving ends) around each rope's first particle, the box, and the runner's flight.
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const grow = (x0: number, y0: number, x1: number, y1: number) => {
    minX = Math.min(minX, x0); minY = Math.min(minY, y0); maxX = Math.max(maxX, x1); maxY = Math.max(maxY, y1);
  };
  for (const r of sc.ropes) {
    const L = r.segments * r.segmentLength * 1.6;
    grow(r.x - L, r.y - L, r.x + L, r.y + L);
  }
  if (sc.box) grow(sc.box.x - 5, sc.box.y - 5, sc.box.x + 20, sc.box.y + 20);
  if (sc.runner) grow(sc.runner.x - 5, sc.runner.y - 5, sc.runner.x + 25, sc.runner.y + 25);
  if (!Number.isFinite(minX)) grow(0, 0, 1, 1); // nothing in the scenario
  const margin = 4;
  const ox = margin - Math.floor(minX);
  const oy = margin - Math.floor(minY);
  // Players' floor: right of everything (or, in E, left of the runner).
  const floorW = 6;
  const width = Math.ceil(maxX - minX) + 2 * margin + floorW + 4;
  const height = Math.ceil(maxY - minY) + 2 * margin;
  const grid = createTileGrid(width, height);
  const runner = sc.runner;
  let floorCol: number;
  let floorRow: number;
  if (runner) {
    floorCol = Math.floor(runner.x + ox) - 6 - floorW;
    floorRow = Math.floor(runner.y + oy);
  } else {
    floorCol = width - floorW - 2;
    floorRow = margin;
  }
  for (let c = floorCol; c < floorCol + floorW; c++) grid.cells[floorRow * width + c] = Tile.Solid;

  const particleMass = sc.ropes[0]?.particleMass ?? 0.1;
  const boxes: BoxDef[] = [];
  const ropes: RopeDef[] = [];
  const boxOfRope: number[] = [];
  sc.ropes.forEach((r, k) => {
    const L = r.segments * r.segmentLength;
    const ax = r.x + ox;
    const ay = r.y + oy;
    const bx = ax + r.dirX * L;
    const by = ay + r.dirY * L;
    let b: RopeDef['b'];
    boxOfRope[k] = -1;
    if (k === 0 && sc.box) {
      const box = sc.box;
      boxes.push({ x: box.x + ox, y: box.y + oy, w: box.w, h: box.h, mass: box.mass });
      boxOfRope[k] = boxes.length - 1;
      // Tied where the rope's last particle is laid out, in the box's frame.
      b = { kind: 'box', box: boxes.length - 1, x: bx - (box.x + ox), y: by - (box.y + oy) };
    } else if (r.pinLast) {
      b = { kind: 'point', x: bx, y: by };
    } else if (Math.abs(r.endMass - r.particleMass) > 1e-12 * r.particleMass) {
      boxes.push({ x: bx, y: by, w: END_BOX, h: END_BOX, mass: r.endMass });
      boxOfRope[k] = boxes.length - 1;
      b = { kind: 'box', box: boxes.length - 1, x: 0, y: 0 };
    } else {
      b = { kind: 'free' };
    }
    const a: RopeDef['a'] = r.pinFirst ? { kind: 'point', x: ax, y: ay } : { kind: 'free' };
    ropes.push({ a, b, length: L, segments: r.segments });
  });

  const feetY = floorRow; // top of the floor row
  const p2x = floorCol + floorW / 2 + 0.4;
  const spawns: WorldDef['spawns'] = runner
    ? [{ x: runner.x + ox, y: runner.y + oy + runner.h / 2 }, { x: p2x, y: feetY }]
    : [{ x: p2x - 0.8, y: feetY }, { x: p2x, y: feetY }];
  const def: WorldDef = {
    grid,
    spawns,
    goal: { x: -1000, y: -1000, w: 1, h: 1 },
    tether: runner ? { length: 30, segments: 8 } : { length: 1, segments: 2 },
    boxes,
    ropes,
    physics: {
      gravity: sc.gravity,
      substeps: quality.substeps,
      ropeParticleMass: particleMass,
      ropeDamping: 0,
      airDrag: 0,
      // Not a speed limit in these scenarios (the sim's guard against blow-ups stays on).
      maxFallSpeed: 1e6,
      ...(runner ? { playerMass: runner.mass, playerHalfWidth: runner.w / 2, playerHalfHeight: runner.h / 2 } : {}),
    },
  };
  const sim = createSimWorld(def);
  // Ropes are laid out slack between their ends by the sim; lay them out straight as the spec says.
  sc.ropes.forEach((r, k) => {
    const e = ropeEntity(sim, k);
    const first = sim.rope.first[e];
    for (let i = 0; i <= r.segments; i++) {
      const px = r.x + ox + r.dirX * r.segmentLength * i;
      const py = r.y + oy + r.dirY * r.segmentLength * i;
      sim.particle.x[first + i] = sim.particle.prevX[first + i] = sim.particle.drawX[first + i] = px;
      sim.particle.y[first + i] = sim.particle.prevY[first + i] = sim.particle.drawY[first + i] = py;
    }
  });
  const runnerEid = playerEntity(sim, 0);
  if (runner) {
    sim.body.vx[runnerEid] = runner.vx;
    sim.body.vy[runnerEid] = runner.vy;
  }
  const boxEid = sc.box ? boxEntity(sim, 0) : 0;
  let segmentsTotal = 0;
  for (const r of sc.ropes) segmentsTotal += r.segments;

  return {
    sim,
    step() { step(sim, NO_INPUT); },
    readRope(r, out) {
      const e = ropeEntity(sim, r);
      const first = sim.rope.first[e];
      const n = sim.rope.count[e];
      const { x, y } = sim.particle;
      for (let i = 0; i < n; i++) {
        out[2 * i] = x[first + i] - ox;
        out[2 * i + 1] = y[first + i] - oy;
      }
    },
    moveFirst(r, x, y) {
      const e = ropeEntity(sim, r);
      if (sim.rope.bodyA[e] !== sim.ground) throw new Error('rope end A is not pinned');
      sim.rope.localAX[e] = x + ox; // a pinned end is tied to the ground body at that point
      sim.rope.localAY[e] = y + oy;
    },
    moveLast(r, x, y) {
      const e = ropeEntity(sim, r);
      if (sim.rope.bodyB[e] !== sim.ground) throw new Error('rope end B is not pinned');
      sim.rope.localBX[e] = x + ox;
      sim.rope.localBY[e] = y + oy;
    },
    applyImpulse(r, i, jx, jy) {
      const e = ropeEntity(sim, r);
      const k = boxOfRope[r];
      if (k >= 0 && i === sim.rope.count[e] - 1) {
        // The heavy end is a box: dv = J / m.
        const b = boxEntity(sim, k);
        sim.body.vx[b] += jx * sim.body.invMass[b];
        sim.body.vy[b] += jy * sim.body.invMass[b];
        return;
      }
      applyParticleImpulse(sim, sim.rope.first[e] + i, jx, jy);
    },
    readBox(out) {
      out[0] = sim.body.x[boxEid] - ox;
      out[1] = sim.body.y[boxEid] - oy;
    },
    readRunner(out) {
      out[0] = sim.body.x[runnerEid] - ox;
      out[1] = sim.body.y[runnerEid] - oy;
    },
    projectionsPerTick() { return segmentsTotal * quality.substeps; },
  };
}

const adapter: EngineAdapter = {
  name: 'ropebound',
  version: 'src/sim (this repo)',
  defaults: { substeps: 8, iterations: 1 },
  usesIterations: false,
  build: buildRopebound,
};

export default adapter;

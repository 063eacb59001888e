// A box swinging on an inextensible rope keeps its energy wherever the rope is tied to it (issue 14:
// "no energy from nowhere", and none lost either). The ground truth is conservation itself: with no
// air drag an undriven pendulum's energy (translation + rotation + height) stays constant. A box tied
// at the middle of its top side used to lose ~19 % of its swing energy in 50 s at the game's 8
// substeps, first order in the substep (16 substeps: half), while one tied at its centre kept it: the
// rope's force turned the box about its arm after the free flight, not its arm at the start of the
// substep (ropeLength.ts, shakeTurning).
import { describe, expect, it } from 'vitest';
import { boxEntity, createSimWorld, isHeavyRope, levelRopes, step } from '../../src/sim';
import { labDef } from '../../tools/scenarios/worlds';

/**
 * A w x h box of `mass` kg on a `length` m rope from an anchor at (20, 4), tied at (tieX, tieY) from
 * its centre, started `degrees` out with the rope straight through its centre. Returns the energy
 * lost between 10 s (after the start settles) and `seconds`, as a fraction of the swing's energy.
 */
function swingLoss(opts: { tieX?: number; tieY: number; degrees: number; mass?: number; substeps?: number; seconds?: number }): number {
  const { tieX = 0, tieY, degrees, mass = 20, substeps = 8, seconds = 60 } = opts;
  const length = 3;
  const th = (degrees * Math.PI) / 180;
  const reach = length - tieY; // anchor to box centre
  const ax = 20;
  const ay = 4;
  const [c, s] = [Math.cos(-th), Math.sin(-th)];
  const world = createSimWorld(labDef({
    width: 40, height: 24, anchors: [{ x: ax, y: ay }],
    boxes: [{ x: ax + Math.sin(th) * reach, y: ay + Math.cos(th) * reach, w: 1, h: 1, mass, rotC: c, rotS: s }],
    ropes: [{ a: { kind: 'anchor', anchor: 0 }, b: { kind: 'box', box: 0, x: tieX, y: tieY }, length, segments: 12 }],
    physics: { substeps, airDrag: 0 },
  }));
  const b = boxEntity(world, 0);
  const { body } = world;
  const g = world.settings.gravity;
  const inertia = (mass * 2) / 12; // 1 x 1 solid square
  // A rope 5 % of its box's mass or more carries its own weight (ropeMass.ts) and swings with the
  // box, so its particles' energy (Verlet velocity over the last substep) counts too.
  const { particle, rope } = world;
  const r = levelRopes(world)[0];
  const pm = world.settings.ropeParticleMass;
  const hs = 1 / 60 / world.settings.substeps;
  const ropeEnergy = (): number => {
    let e = 0;
    for (let i = rope.first[r] + 1; i < rope.first[r] + rope.count[r] - 1; i++) {
      const vx = (particle.x[i] - particle.prevX[i]) / hs;
      const vy = (particle.y[i] - particle.prevY[i]) / hs;
      e += 0.5 * pm * (vx * vx + vy * vy) - pm * g * particle.y[i];
    }
    return e;
  };
  const isHeavy = isHeavyRope(world, r);
  const energy = (): number =>
    0.5 * mass * (body.vx[b] ** 2 + body.vy[b] ** 2) + 0.5 * inertia * body.omega[b] ** 2 - mass * g * body.y[b] + (isHeavy ? ropeEnergy() : 0);
  const swing = mass * g * (ay + reach - body.y[b]); // above the rest position, at the start
  let settled = 0;
  for (let t = 0; t < seconds * 60; t++) {
    step(world, [0, 0]);
    if (t === 600) settled = energy();
  }
  return (settled - energy()) / swing;
}

describe('a box swinging on a rope keeps its energy', () => {
  it('tied at the middle of its top side: under 0.3 % of the swing lost in 50 s (was 19 %)', () => {
    for (const substeps of [8, 16]) {
      const loss = swingLoss({ tieY: -0.5, degrees: 30, substeps });
      expect(loss).toBeLessThan(0.003);
      expect(loss).toBeGreaterThan(-0.001); // and nothing gained
    }
  });

  it('tied at its centre (no arm): as before, nothing lost or gained', () => {
    const loss = swingLoss({ tieY: 0, degrees: 30 });
    expect(Math.abs(loss)).toBeLessThan(0.003);
  });

  it('a wide swing (80 degrees) and a light box (2 kg, on a rope of 0.77 kg: box and rope together) keep it too; nothing gains energy', () => {
    for (const loss of [swingLoss({ tieY: -0.5, degrees: 80 }), swingLoss({ tieY: -0.5, degrees: 30, mass: 2 })]) {
      expect(loss).toBeLessThan(0.005);
      expect(loss).toBeGreaterThan(-0.001);
    }
  });
});

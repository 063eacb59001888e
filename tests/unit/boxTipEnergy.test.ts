// A crate tipping over on one corner of its bottom is a pendulum pivoting on the stone: until its
// face lands, the corner's push and friction do no work, and its energy (kinetic, linear and
// rotational, plus potential) must not rise. With the push applied at the point's arm at the end
// of the substep, it rose by up to 2.9 J (48 kg, 1 m, from 40 degrees; first order in the
// substep); with the push at the arm at the substep's start (src/sim/physics/boxes.ts) by at most
// 0.15 J, under one substep's gravity sag of the crate (0.17 J), the contact noise a resting crate
// has. (Its friction at the arm halfway through the turn too left 0 but pushed a crate dragged into
// another too deep: see applyFriction.)
import { describe, expect, it } from 'vitest';
import { DT, boxEntity, step, type SimWorld } from '../../src/sim';
import { labWorld } from '../../tools/scenarios/worlds';

/** labWorld's floor surface (its default height is 40 tiles). */
const FLOOR = 39;
const MASS = 48;

/**
 * Energy of box 0, J (y down): the sim's velocity is the mean over the last substep, half a
 * substep behind its position, so gravity's g h / 2 is added to it (as the energy in
 * tests/unit/boxInvariants.property.test.ts; without it a free fall reads a loss of m g^2 h^2 / 2
 * a substep).
 */
function energy(w: SimWorld): number {
  const { body } = w;
  const e = boxEntity(w, 0);
  const g = w.settings.gravity;
  const h = DT / w.settings.substeps;
  const m = 1 / body.invMass[e];
  const vy = body.vy[e] + (g * h) / 2;
  return 0.5 * m * (body.vx[e] ** 2 + vy * vy) + (0.5 * body.omega[e] ** 2) / body.invInertia[e] - m * g * body.y[e];
}

describe('a crate tipping over on a corner', () => {
  for (const degrees of [20, 40]) {
    it(`released at rest ${degrees} degrees from flat: its energy rises by less than one substep's sag until its face lands`, () => {
      const a = (degrees * Math.PI) / 180;
      const c = Math.cos(a);
      const s = Math.sin(a);
      // A 1 m crate on its lowest corner, 0.1 mm above the floor.
      const w = labWorld({ boxes: [{ x: 20, y: FLOOR - (c + s) / 2 - 1e-4, w: 1, h: 1, mass: MASS, rotC: c, rotS: s }] });
      const e = boxEntity(w, 0);
      const g = w.settings.gravity;
      const h = DT / w.settings.substeps;
      const e0 = energy(w);
      let rise = -Infinity;
      for (let t = 0; t < 60; t++) {
        step(w, [0, 0]);
        rise = Math.max(rise, energy(w) - e0);
      }
      // It did tip over (onto the face nearer the ground, under 20 degrees; onto the next one
      // from 40): it lies flat.
      const tilt = Math.abs(w.body.rotS[e] * w.body.rotC[e]);
      // One substep's gravity sag of the crate, J: the contact noise a resting crate has.
      const sag = 0.5 * MASS * g * g * h * h;
      console.log(`tipping from ${degrees} degrees: energy rose at most ${rise.toFixed(4)} J (one substep's sag ${sag.toFixed(4)} J), tilt at the end ${tilt.toExponential(2)}`);
      expect(tilt).toBeLessThan(1e-3);
      expect(rise).toBeLessThan(sag);
    });
  }
});

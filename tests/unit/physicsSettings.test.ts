// A world's physics settings: the defaults with the level's overrides written over them
// (resolvePhysicsSettings). Every world's settings have the same keys in the same order whatever
// the level overrode and in what order, so V8 gives them one hidden class: built by spreading the
// overrides, each order and set of keys made another one, and the sim's hot loops, which read the
// settings every substep, were thrown out of optimized code whenever a world of a new shape came.
import { describe, expect, it } from 'vitest';
import { createSimWorld, defaultPhysicsSettings, resolvePhysicsSettings, step, type PhysicsSettings } from '../../src/sim';
import { labDef } from '../../tools/scenarios/worlds';

describe('physics settings', () => {
  it('are the defaults with the overrides written over them, keys in the defaults\' order whatever the overrides\' order', () => {
    const defaults = defaultPhysicsSettings();
    const a = resolvePhysicsSettings({ substeps: 2, gravity: 9.81, playerMass: 90 });
    const b = resolvePhysicsSettings({ playerMass: 90, gravity: 9.81, substeps: 2 });
    expect(Object.keys(a)).toEqual(Object.keys(defaults));
    expect(Object.keys(b)).toEqual(Object.keys(defaults));
    expect(a).toEqual(b);
    expect(a).toEqual({ ...defaults, substeps: 2, gravity: 9.81, playerMass: 90 });
    expect(resolvePhysicsSettings(undefined)).toEqual(defaults);
  });

  it('ignore a key no setting has and an override left undefined', () => {
    const odd = { gravity: 12, noSuchSetting: 3, airDrag: undefined } as unknown as Partial<PhysicsSettings>;
    const s = resolvePhysicsSettings(odd);
    expect(Object.keys(s)).toEqual(Object.keys(defaultPhysicsSettings()));
    expect(s.gravity).toBe(12);
    expect(s.airDrag).toBe(defaultPhysicsSettings().airDrag);
  });

  it('a world built from them steps as one built from the same settings in another order', () => {
    const one = createSimWorld(labDef({ physics: { gravity: 30, substeps: 4, ropeDamping: 1 } }));
    const two = createSimWorld(labDef({ physics: { ropeDamping: 1, substeps: 4, gravity: 30 } }));
    expect(Object.keys(one.settings)).toEqual(Object.keys(two.settings));
    for (let t = 0; t < 120; t++) { step(one, [2, 1]); step(two, [2, 1]); }
    expect(one.body.x[1]).toBe(two.body.x[1]);
    expect(one.settings.gravity).toBe(30);
  });
});

// Determinism (DESIGN.md section 4): the same world definition and the same inputs give the same
// hash on every tick; a snapshot restored into the same or a fresh world continues identically.
// The world is the rope yard: the tether, four boxes (one spiked), anchor ropes, a box-to-box rope,
// a rope that snaps and a free-ended rope.
import { describe, expect, it } from 'vitest';
import {
  SimEvent, captureState, createSimWorld, hashHex, readEvents, restoreState, step, type SimWorld,
} from '../../src/sim';
import { createYardRunInputs } from '../../tools/scenarios/inputs';
import { ropeYardDef } from '../../tools/scenarios/worlds';

const TICKS = 1500;

/** Per-tick inputs of the yard run with `seed`, as [p1, p2] pairs. */
function yardInputs(seed: number, ticks = TICKS): Array<[number, number]> {
  const next = createYardRunInputs(seed);
  const masks = [0, 0];
  const out: Array<[number, number]> = [];
  for (let t = 0; t < ticks; t++) {
    next(masks, t);
    out.push([masks[0], masks[1]]);
  }
  return out;
}

/** Steps `world` through `inputs[from..to)` and returns the hash after every tick. */
function hashStream(world: SimWorld, inputs: ReadonlyArray<[number, number]>, from = 0, to = inputs.length): string[] {
  const out: string[] = [];
  for (let t = from; t < to; t++) {
    step(world, inputs[t]);
    out.push(hashHex(world));
  }
  return out;
}

// Each test hashes every tick of ~1500 ticks: seconds on a busy machine.
describe('same definition and inputs, same hashes', { timeout: 60_000 }, () => {
  it(`two worlds fed the same ${TICKS} ticks of inputs hash the same on every tick`, () => {
    const inputs = yardInputs(1);
    const first = createSimWorld(ropeYardDef());
    const seen = new Set<number>();
    let cursor = 0;
    const a: string[] = [];
    for (const masks of inputs) {
      step(first, masks);
      a.push(hashHex(first));
      cursor = readEvents(first.events, cursor, (type) => seen.add(type));
    }
    const b = hashStream(createSimWorld(ropeYardDef()), inputs);
    expect(b).toEqual(a);
    expect(new Set(a).size).toBeGreaterThan(TICKS * 0.9); // the state really changes tick to tick
    // The run covers what the yard is for: a bump, a snapped rope and a death on the spiked box.
    expect(seen.has(SimEvent.Bumped)).toBe(true);
    expect(seen.has(SimEvent.RopeSnapped)).toBe(true);
    expect(seen.has(SimEvent.Died)).toBe(true);
  });

  it('one different button on one tick changes the hash from that tick on', () => {
    const inputs = yardInputs(2);
    const changed = inputs.map((m) => [m[0], m[1]] as [number, number]);
    // The first tick from 400 on where nobody is dead (inputs during a death pause are ignored).
    const probe = createSimWorld(ropeYardDef());
    let at = 0;
    for (let t = 0; t < TICKS; t++) {
      // (and where no key is held through a respawn, which a toggle would only let go of)
      const [e1, e2] = probe.queries.players.dense;
      if (t >= 400 && probe.rules.dyingTicks[0] === 0 && (probe.player.heldThroughDeath[e1] | probe.player.heldThroughDeath[e2]) === 0) { at = t; break; }
      step(probe, inputs[t]);
    }
    changed[at][1] ^= 4; // player 2's Jump, toggled on a single tick
    const a = hashStream(createSimWorld(ropeYardDef()), inputs);
    const b = hashStream(createSimWorld(ropeYardDef()), changed);
    expect(b.slice(0, at)).toEqual(a.slice(0, at));
    // From that tick on (a later respawn may put both runs back in step: the level is reset).
    expect(b.findIndex((h, t) => h !== a[t])).toBe(at);
  });

  it('different input seeds give different hashes', () => {
    const a = hashStream(createSimWorld(ropeYardDef()), yardInputs(3, 600));
    const b = hashStream(createSimWorld(ropeYardDef()), yardInputs(4, 600));
    expect(b[599]).not.toBe(a[599]);
  });
});

describe('snapshot and restore', { timeout: 60_000 }, () => {
  const N = 700; // after the snap and a death: spare rope halves are active, the level was reset
  const M = 800;

  it('restoring a snapshot into the same world replays the same hash stream', () => {
    const inputs = yardInputs(5);
    const world = createSimWorld(ropeYardDef());
    const seen = new Set<number>();
    let cursor = 0;
    for (let t = 0; t < N; t++) {
      step(world, inputs[t]);
      cursor = readEvents(world.events, cursor, (type) => seen.add(type));
    }
    expect(seen.has(SimEvent.RopeSnapped) && seen.has(SimEvent.Died)).toBe(true);
    const snap = captureState(world);
    const hashAtSnap = hashHex(world);
    const original = hashStream(world, inputs, N, N + M);
    restoreState(world, snap);
    expect(hashHex(world)).toBe(hashAtSnap);
    expect(world.tick).toBe(N);
    expect(hashStream(world, inputs, N, N + M)).toEqual(original);
  });

  it('restoring a snapshot into a freshly built world of the same definition replays the same hash stream', () => {
    const inputs = yardInputs(5);
    const world = createSimWorld(ropeYardDef());
    hashStream(world, inputs, 0, N);
    const snap = captureState(world);
    const hashAtSnap = hashHex(world);
    const original = hashStream(world, inputs, N, N + M);
    const fresh = createSimWorld(ropeYardDef());
    restoreState(fresh, snap);
    expect(hashHex(fresh)).toBe(hashAtSnap);
    expect(hashStream(fresh, inputs, N, N + M)).toEqual(original);
  });

  it('a snapshot taken in the middle of a run does not change the run', () => {
    const inputs = yardInputs(6, 1000);
    const plain = hashStream(createSimWorld(ropeYardDef()), inputs);
    const world = createSimWorld(ropeYardDef());
    const withSnaps: string[] = [];
    for (let t = 0; t < inputs.length; t++) {
      if (t % 97 === 0) restoreState(world, captureState(world)); // round trip every 97 ticks
      step(world, inputs[t]);
      withSnaps.push(hashHex(world));
    }
    expect(withSnaps).toEqual(plain);
  });
});

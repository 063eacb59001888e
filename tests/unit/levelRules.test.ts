// The version 2 rules, through the whole path a level takes (text -> parseLevel -> world -> step):
// spike tiles, the death pause and respawn, ordered checkpoints, moving platforms carrying players
// and anchors, pendulum start angles and pushes, and version 1 files migrating.

import { describe, expect, it } from 'vitest';
import { parseLevel } from '../../src/level/parseLevel';
import { Button, DEATH_TICKS, DeathCause, SimEvent, createSimWorld, readEvents, ropeMaxStretch, sinCos, step, type SimWorld, playerEntity, boxEntity, anchorEntity, platformEntity, hashHex } from '../../src/sim';

type Level = Record<string, any>;

/** A 30 x 12 room with a floor at row 10 (y = 10), players at x 3 and 4.5. */
function room(change: (l: Level) => void = () => {}): Level {
  const tiles = Array.from({ length: 12 }, (_, r) => (r >= 10 ? '#'.repeat(30) : '.'.repeat(30)));
  const l: Level = {
    format: 'ropebound-level', version: 2, id: 'rules-room', name: 'Rules room', tiles,
    spawns: [{ id: 'p1', player: 1, x: 3, y: 10 }, { id: 'p2', player: 2, x: 4.5, y: 10 }],
    goal: { id: 'goal', x: 27, y: 5, w: 2, h: 5 },
    tether: { length: 4, segments: 12 },
  };
  change(l);
  return l;
}

function build(level: Level): { world: SimWorld; ids: Record<string, string[]> } {
  const result = parseLevel(JSON.stringify(level));
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { world: createSimWorld(result.def), ids: result.ids as unknown as Record<string, string[]> };
}

/** Steps with fixed masks, collecting [type, tick, slot, value] of every event. */
function run(world: SimWorld, ticks: number, masks: [number, number] | ((t: number) => [number, number])): number[][] {
  const events: number[][] = [];
  let cursor = world.events.count;
  for (let t = 0; t < ticks; t++) {
    step(world, typeof masks === 'function' ? masks(t) : masks);
    cursor = readEvents(world.events, cursor, (type, tick, slot, value) => { events.push([type, tick, slot, value]); });
  }
  return events;
}

const ofType = (events: number[][], type: number) => events.filter((e) => e[0] === type);

/** Platform `e` is at `point` (to 1e-9 m) and stays exactly there, unmoved, for `ticks` more ticks. */
function expectStillAt(world: SimWorld, e: number, point: readonly [number, number], ticks: number): void {
  const at = [world.body.x[e], world.body.y[e]];
  expect(at[0]).toBeCloseTo(point[0], 9);
  expect(at[1]).toBeCloseTo(point[1], 9);
  run(world, ticks, [0, 0]);
  expect([world.body.x[e], world.body.y[e]]).toEqual(at);
}

describe('spike tiles and the death pause', () => {
  const spiky = room((l) => { l.tiles[9] = '.'.repeat(10) + '^^^' + '.'.repeat(17); });

  it('walking into spikes kills: Died (spike tiles), 45 ticks without control, then Respawned at the spawns', () => {
    const { world } = build(spiky);
    const [p1, p2] = world.queries.players.dense;
    const spawn = [world.body.x[p1], world.body.y[p1], world.body.x[p2], world.body.y[p2]];
    const events = run(world, 200, [Button.Right | Button.Jump, Button.Right]);
    const died = ofType(events, SimEvent.Died);
    const respawned = ofType(events, SimEvent.Respawned);
    expect(died.length).toBeGreaterThanOrEqual(1);
    expect(died[0][3]).toBe(DeathCause.SpikeTiles);
    expect(died[0][2]).toBe(1); // player 2 starts ahead and walks in first
    expect(respawned[0][1] - died[0][1]).toBe(DEATH_TICKS);
    // No jump while dead, although Jump is held and both stand on the floor for part of the pause.
    const jumpsInPause = ofType(events, SimEvent.Jumped).filter((e) => e[1] > died[0][1] && e[1] <= respawned[0][1]);
    expect(jumpsInPause).toEqual([]);
    // Right after the respawn both stand where they spawned.
    const w2 = build(spiky).world;
    run(w2, respawned[0][1] + 1, [Button.Right | Button.Jump, Button.Right]);
    expect([w2.body.x[p1], w2.body.y[p1], w2.body.x[p2], w2.body.y[p2]]).toEqual(spawn);
    expect(w2.rules.deaths[0]).toBe(1);
  });

  it('the world holds still through the death pause: the players, a swinging box, the ropes and a platform keep their places', () => {
    const level = room((l) => {
      l.tiles[9] = '.'.repeat(10) + '^^^' + '.'.repeat(17);
      l.anchors = [{ id: 'hook', x: 20, y: 2 }];
      l.boxes = [{ id: 'crate', x: 23, y: 6, w: 0.8, h: 0.8, mass: 10 }];
      l.ropes = [{ id: 'hang', a: { anchor: 'hook' }, b: { box: 'crate' }, length: 5, segments: 10 }];
      l.platforms = [{ id: 'lift', w: 2, h: 0.5, path: [[6, 6], [6, 3]], speed: 1, mode: 'pingpong' }];
    });
    const { world } = build(level);
    const died = ofType(run(build(level).world, 200, [Button.Right, Button.Right]), SimEvent.Died)[0][1];
    run(world, died + 1, [Button.Right, Button.Right]); // up to and including the tick of the death
    const crate = boxEntity(world, 0);
    const lift = platformEntity(world, 0);
    const places = () => {
      const bodies = [...world.queries.players.dense, crate, lift];
      const particles = Array.from(world.queries.particles.dense);
      return [
        ...bodies.flatMap((e) => [world.body.x[e], world.body.y[e], world.body.rotC[e], world.body.lastX[e], world.body.lastY[e]]),
        ...particles.flatMap((i) => [world.particle.x[i], world.particle.y[i], world.particle.drawX[i]]),
      ];
    };
    // The crate is swinging (it started 3 m off the hook's vertical) and the lift moving.
    expect(Math.abs(world.body.vx[crate]) + Math.abs(world.body.vy[crate])).toBeGreaterThan(0.5);
    run(world, 1, [0, 0]); // the first paused tick: the places drawn from become the current ones
    const held = places();
    const events = run(world, DEATH_TICKS - 2, [Button.Right, Button.Right]);
    expect(places()).toEqual(held);
    expect(ofType(events, SimEvent.Respawned)).toEqual([]);
    expect(ofType(run(world, 1, [0, 0]), SimEvent.Respawned)).toHaveLength(1);
  });

  it('keys held through the respawn do nothing until let go: nobody walks back into the spikes or jumps; let go and pressed again, they act', () => {
    const { world } = build(spiky);
    const [p1, p2] = world.queries.players.dense;
    const spawnX = [world.body.x[p1], world.body.x[p2]];
    // Right (and P1's Jump) held from the start, through the death and the respawn, for 300 ticks.
    const held = run(world, 300, [Button.Right | Button.Jump, Button.Right]);
    const respawnTick = ofType(held, SimEvent.Respawned)[0][1];
    expect(ofType(held, SimEvent.Died)).toHaveLength(1); // without the rule: a death every ~80 ticks
    expect(ofType(held, SimEvent.Jumped).filter((e) => e[1] > respawnTick)).toEqual([]);
    expect([world.body.x[p1], world.body.x[p2]]).toEqual(spawnX); // still where they respawned
    // Let go for one tick, then Right again: now both walk (and P1's jump is a fresh press).
    const after = run(world, 20, (t) => (t === 0 ? [0, 0] : [Button.Right | Button.Jump, Button.Right]));
    expect(world.body.x[p1]).toBeGreaterThan(spawnX[0] + 0.5);
    expect(world.body.x[p2]).toBeGreaterThan(spawnX[1] + 0.5);
    expect(ofType(after, SimEvent.Jumped).filter((e) => e[2] === 0)).toHaveLength(1);
  });

  it('a key let go during the death pause and held again before the respawn still waits to be let go', () => {
    const probe = build(spiky).world;
    const died = ofType(run(probe, 200, [Button.Right, Button.Right]), SimEvent.Died)[0][1];
    const { world } = build(spiky);
    const [p1, p2] = world.queries.players.dense;
    const spawnX = [world.body.x[p1], world.body.x[p2]];
    // Right until the death, let go for 10 ticks of the pause, held again through the respawn.
    const gap = (t: number) => t > died + 5 && t < died + 15;
    const events = run(world, died + DEATH_TICKS + 60, (t) => (gap(t) ? [0, 0] : [Button.Right, Button.Right]));
    expect(ofType(events, SimEvent.Respawned)).toHaveLength(1);
    expect([world.body.x[p1], world.body.x[p2]]).toEqual(spawnX);
  });

  it('the spikes are not solid: a player dropped onto them sinks into the spike row and dies, a box rests on the floor under it', () => {
    // A level may not start a player above spikes (parseLevel's first-second check), so the world
    // is built from a valid level with player 2 moved into the air above them.
    const parsed = parseLevel(JSON.stringify(room((l) => {
      l.tiles[9] = '.'.repeat(10) + '^^^' + '.'.repeat(17);
      l.spawns[0] = { id: 'p1', player: 1, x: 9, y: 10 };
      l.spawns[1] = { id: 'p2', player: 2, x: 8, y: 10 };
    })));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const world = createSimWorld({ ...parsed.def, spawns: [parsed.def.spawns[0], { x: 11.5, y: 7 }] });
    const p2 = playerEntity(world, 1);
    let feetAtDeath = 0;
    let cursor = world.events.count;
    for (let t = 0; t < 120 && feetAtDeath === 0; t++) {
      step(world, [0, 0]);
      cursor = readEvents(world.events, cursor, (type, _tick, slot, value) => {
        if (type === SimEvent.Died && slot === 1 && value === DeathCause.SpikeTiles) feetAtDeath = world.body.y[p2] + world.body.halfH[p2];
      });
    }
    expect(feetAtDeath).toBeGreaterThan(9.5); // into the spike row (y 9.5..10), not standing on it at 9

    const boxRoom = build(room((l) => {
      l.tiles[9] = '.'.repeat(10) + '^^^' + '.'.repeat(17);
      l.boxes = [{ id: 'crate', x: 11.5, y: 6, w: 1, h: 1, mass: 10 }];
    })).world;
    run(boxRoom, 120, [0, 0]);
    expect(boxRoom.body.y[boxEntity(boxRoom, 0)]).toBeCloseTo(9.5, 3); // on the floor at y 10, through the spike row
  });

  it('falling out of the bottom of the level is a death too (cause: fell out)', () => {
    const { world } = build(room((l) => {
      l.tiles[10] = '#'.repeat(8) + '.'.repeat(22);
      l.tiles[11] = '#'.repeat(8) + '.'.repeat(22);
    }));
    const events = run(world, 240, [Button.Right, Button.Right]);
    const died = ofType(events, SimEvent.Died);
    expect(died.length).toBeGreaterThanOrEqual(1);
    expect(died[0][3]).toBe(DeathCause.FellOut);
  });
});

describe('checkpoints', () => {
  const level = room((l) => {
    l.tiles[9] = '.'.repeat(20) + '^^^' + '.'.repeat(7);
    l.checkpoints = [
      { id: 'cp-a', x: 8, y: 6, w: 2, h: 4, p1: [9, 10], p2: [8, 10] },
      { id: 'cp-b', x: 14, y: 6, w: 2, h: 4, p1: [15, 10], p2: [13.5, 10] },
    ];
  });

  it('are reached in order by either player, and a death respawns both at the last one with the tether slack', () => {
    const { world } = build(level);
    const [p1, p2] = world.queries.players.dense;
    const events = run(world, 400, [Button.Right, Button.Right]);
    const reached = ofType(events, SimEvent.CheckpointReached).map((e) => [e[2], e[3]]);
    expect(reached).toEqual([[1, 0], [1, 1]]); // player 2 leads; cp-a then cp-b
    const died = ofType(events, SimEvent.Died);
    const respawned = ofType(events, SimEvent.Respawned);
    expect(died.length).toBeGreaterThanOrEqual(1);
    expect(respawned[0][3]).toBe(1); // at checkpoint 1
    // Replay to the tick of the respawn and look at the players and the tether.
    const w2 = build(level).world;
    run(w2, respawned[0][1] + 1, [Button.Right, Button.Right]);
    expect(w2.body.x[p1]).toBe(15);
    expect(w2.body.y[p1]).toBe(10 - w2.body.halfH[p1]);
    expect(w2.body.x[p2]).toBe(13.5);
    expect(w2.rules.checkpoint[0]).toBe(1);
    expect(ropeMaxStretch(w2, w2.tetherRope)).toBeLessThan(1e-9);
  });

  it('the slack tether starts folded between the players, not over their heads, at the spawn and at a respawn', () => {
    // Highest and lowest point of the tether, and the farthest its particles lie outside the
    // players' span (x), m.
    const tetherSpread = (w: SimWorld) => {
      const [a, b] = w.queries.players.dense;
      const first = w.rope.first[w.tetherRope];
      const last = first + w.rope.count[w.tetherRope] - 1;
      const [left, right] = [Math.min(w.body.x[a], w.body.x[b]), Math.max(w.body.x[a], w.body.x[b])];
      let top = Infinity;
      let bottom = -Infinity;
      let outside = 0;
      for (let i = first; i <= last; i++) {
        top = Math.min(top, w.particle.y[i]);
        bottom = Math.max(bottom, w.particle.y[i]);
        outside = Math.max(outside, left - w.particle.x[i], w.particle.x[i] - right);
      }
      return { top, bottom, outside, head: w.body.y[a] - w.body.halfH[a] };
    };
    const { world } = build(level); // a 4 m tether between players 1.5 m apart on the floor
    const start = tetherSpread(world);
    // Bent up, as before, its top was 1.15 m over the players' heads; folded, it stays within a
    // segment (1/3 m) of the line between their centres.
    expect(start.top).toBeGreaterThan(start.head);
    expect(start.bottom).toBeLessThan(10); // clear of the floor
    expect(start.outside).toBeLessThan(1e-9);
    run(world, 30, [0, 0]);
    const settled = tetherSpread(world);
    expect(settled.bottom).toBeGreaterThan(10 - 0.1); // lying on the floor (particle radius 0.06)
    expect(settled.top).toBeGreaterThan(settled.head);
    // The same after a death, at checkpoint cp-b.
    const events = run(build(level).world, 400, [Button.Right, Button.Right]);
    const respawnTick = ofType(events, SimEvent.Respawned)[0][1];
    const w2 = build(level).world;
    run(w2, respawnTick + 1, [Button.Right, Button.Right]);
    const respawned = tetherSpread(w2);
    expect(respawned.top).toBeGreaterThan(respawned.head);
    expect(respawned.outside).toBeLessThan(1e-9);
  });

  it('going back through an earlier checkpoint does not move the respawn point back', () => {
    const { world } = build(level);
    run(world, 150, (t) => (t < 100 ? [Button.Right, Button.Right] : [Button.Left, Button.Left]));
    expect(world.rules.checkpoint[0]).toBe(1);
    const events = run(world, 120, [Button.Left, Button.Left]);
    expect(ofType(events, SimEvent.CheckpointReached)).toEqual([]);
    expect(world.rules.checkpoint[0]).toBe(1);
  });
});

describe('moving platforms', () => {
  const lift = (mode: 'pingpong' | 'loop', change: (l: Level) => void = () => {}) => room((l) => {
    l.platforms = [{ id: 'lift', w: 3, h: 0.5, path: [[10, 6], [16, 6], [16, 3]], speed: 3, mode }];
    change(l);
  });

  it('ping-pong: follows the path at its speed, turns back at the end, returns to the start', () => {
    const { world } = build(lift('pingpong'));
    const e = platformEntity(world, 0);
    run(world, 60, [0, 0]); // 1 s at 3 m/s: 3 m along the first segment
    expect(world.body.x[e]).toBeCloseTo(13, 9);
    expect(world.body.y[e]).toBeCloseTo(6, 9);
    run(world, 60, [0, 0]); // 6 m: at the corner
    expect(world.body.x[e]).toBeCloseTo(16, 9);
    run(world, 60, [0, 0]); // 9 m: at the end (6 + 3), turning back
    expect(world.body.y[e]).toBeCloseTo(3, 9);
    run(world, 60, [0, 0]); // 12 m: back at the corner
    expect([world.body.x[e], world.body.y[e]].map((v) => Number(v.toFixed(9)))).toEqual([16, 6]);
    run(world, 120, [0, 0]); // 18 m: back at the start
    expect([world.body.x[e], world.body.y[e]].map((v) => Number(v.toFixed(9)))).toEqual([10, 6]);
  });

  it('loop: goes from the last point straight on to the first', () => {
    const { world } = build(lift('loop'));
    const e = platformEntity(world, 0);
    // Perimeter 6 + 3 + sqrt(36 + 9) = 15.708 m; at 3 m/s, 1 s after the last point (9 m) it is 3 m towards the first.
    run(world, 240, [0, 0]);
    const d = 3 / Math.sqrt(45);
    expect(world.body.x[e]).toBeCloseTo(16 - 6 * d, 6);
    expect(world.body.y[e]).toBeCloseTo(3 + 3 * d, 6);
  });

  it('wait: stands still for its wait at each end of a ping-pong path, exactly at the end, then goes on', () => {
    const { world } = build(lift('pingpong', (l) => { l.platforms![0].wait = 0.5; }));
    const e = platformEntity(world, 0);
    const at = (): number[] => [world.body.x[e], world.body.y[e]];
    // 9 m at 3 m/s: at the far end after 180 ticks (give or take one for rounding).
    run(world, 181, [0, 0]);
    const atEnd = at();
    expect(atEnd[0]).toBeCloseTo(16, 9);
    expect(atEnd[1]).toBeCloseTo(3, 9);
    for (let t = 0; t < 28; t++) {
      run(world, 1, [0, 0]);
      expect([...at(), world.body.vx[e], world.body.vy[e]]).toEqual([...atEnd, 0, 0]);
    }
    // 0.5 s = 30 ticks still, then back along the path: 1 s later it is 3 m back, at the corner.
    run(world, 2 + 60, [0, 0]);
    expect(world.body.x[e]).toBeCloseTo(16, 9);
    expect(world.body.y[e]).toBeGreaterThan(5.8);
    // Back at the start (9 m from the end, ~391 ticks in all) it waits again before setting out.
    run(world, 121, [0, 0]);
    expectStillAt(world, e, [10, 6], 25);
    run(world, 40, [0, 0]);
    expect(world.body.x[e]).toBeGreaterThan(10.4);
  });

  it('wait on a loop: only at the first point; a level without waits hashes as before waits existed', () => {
    const { world } = build(lift('loop', (l) => { l.platforms![0].wait = 1; }));
    const e = platformEntity(world, 0);
    // Through the last point (9 m, 180 ticks) without stopping.
    run(world, 200, [0, 0]);
    expect(world.body.y[e]).toBeGreaterThan(3.1);
    // Round the 15.708 m loop at 3 m/s: back at the first point after 314.2 ticks, then 60 ticks still.
    run(world, 116, [0, 0]);
    expectStillAt(world, e, [10, 6], 55);
    run(world, 60, [0, 0]);
    expect(world.body.x[e]).toBeGreaterThan(12);
    // wait: 0 is no wait, and such a level's hash leaves the (always 0) wait state out.
    const none = build(lift('pingpong')).world;
    const zero = build(lift('pingpong', (l) => { l.platforms![0].wait = 0; })).world;
    const waits = build(lift('pingpong', (l) => { l.platforms![0].wait = 2; })).world;
    expect(hashHex(zero)).toBe(hashHex(none));
    expect(hashHex(waits)).not.toBe(hashHex(none));
  });

  it('carries a player standing on it, and an anchored player rides it too', () => {
    const { world } = build(lift('pingpong', (l) => {
      l.tiles[5] = '.'.repeat(30); // nothing in the way
      l.platforms[0].path = [[4, 8], [12, 8]];
      l.platforms[0].speed = 2;
      l.spawns = [{ id: 'p1', player: 1, x: 4, y: 7.75 }, { id: 'p2', player: 2, x: 3, y: 10 }];
      l.tether.length = 8;
    }));
    const [p1] = world.queries.players.dense;
    const e = platformEntity(world, 0);
    run(world, 60, [0, 0]); // lands on the platform and comes to rest on it
    const x0 = world.body.x[p1] - world.body.x[e];
    run(world, 60, [Button.Anchor, 0]); // anchored for 1 s: 2 m to the right
    expect(world.player.isAnchored[p1]).toBe(1);
    expect(world.body.x[p1] - world.body.x[e]).toBeCloseTo(x0, 6);
    run(world, 60, [0, 0]); // standing, not anchored: still carried
    expect(world.body.x[p1] - world.body.x[e]).toBeCloseTo(x0, 2);
    expect(world.body.y[p1]).toBeCloseTo(world.body.y[e] - 0.25 - world.body.halfH[p1], 2);
  });

  it('an anchored rider carried away from an anchored partner is torn loose: the tether never over-stretches', () => {
    const { world } = build(lift('pingpong', (l) => {
      l.platforms[0].path = [[8, 9.25], [24, 9.25]];
      l.platforms[0].speed = 2.5;
      l.spawns = [{ id: 'p1', player: 1, x: 8, y: 9 }, { id: 'p2', player: 2, x: 5, y: 10 }];
      l.tether.length = 5;
    }));
    const [p1, p2] = world.queries.players.dense;
    let worst = 0;
    const events = run(world, 300, () => {
      worst = Math.max(worst, Math.hypot(world.body.x[p1] - world.body.x[p2], world.body.y[p1] - world.body.y[p2]));
      return [Button.Anchor, Button.Anchor]; // both hold anchor all along
    });
    const anchored = ofType(events, SimEvent.Anchored).map((e) => e[2]).sort();
    const tornLoose = ofType(events, SimEvent.Unanchored).filter((e) => e[3] === 1);
    expect(anchored).toEqual([0, 1]); // each anchored once: a torn anchor does not come back while held
    expect(tornLoose.map((e) => e[2])).toEqual([0]); // the rider, not the one on the ground
    expect(worst).toBeLessThan(5 * 1.01);
    expect(world.player.isAnchored[p2]).toBe(1);
  });

  // A platform pushing a player away from an anchored partner on a taut tether: the platform and
  // the anchor each held their place, the tether solve pulled the player back into the platform
  // and the platform pushed it out, so the tether stretched as far as the platform went (16 % here,
  // then the player was crushed; 1 % in the long fuzz, a ferry's side against a swinging player).
  it('a platform pushing a player against the taut tether tears the anchored partner loose and drags it', () => {
    const { world } = build(room((l) => {
      l.spawns = [{ id: 'p1', player: 1, x: 7, y: 10 }, { id: 'p2', player: 2, x: 3, y: 10 }];
      l.platforms = [{ id: 'beam', w: 1, h: 0.5, path: [[5, 9], [20, 9]], speed: 2.5 }]; // at P1's chest
    }));
    const [p1, p2] = world.queries.players.dense;
    let worst = 0;
    const events = run(world, 240, () => {
      worst = Math.max(worst, Math.hypot(world.body.x[p1] - world.body.x[p2], world.body.y[p1] - world.body.y[p2]));
      return [0, Button.Anchor]; // P2 holds anchor all along
    });
    expect(ofType(events, SimEvent.Unanchored).filter((e) => e[3] === 1).map((e) => e[2])).toEqual([1]);
    expect(ofType(events, SimEvent.Died)).toEqual([]);
    expect(worst).toBeLessThan(4 * 1.01);
    expect(world.body.x[p2]).toBeGreaterThan(9); // dragged 6 m and more along the floor
  });

  it('a lift carrying a player up from beside an anchored partner: the anchor holds, the player slides off', () => {
    const { world } = build(room((l) => {
      l.spawns = [{ id: 'p1', player: 1, x: 6, y: 9.5 }, { id: 'p2', player: 2, x: 3, y: 10 }];
      l.platforms = [{ id: 'lift', w: 2, h: 0.5, path: [[6.5, 9.75], [6.5, 3]], speed: 2.5 }];
    }));
    const [p1, p2] = world.queries.players.dense;
    let worst = 0;
    const events = run(world, 180, () => {
      worst = Math.max(worst, Math.hypot(world.body.x[p1] - world.body.x[p2], world.body.y[p1] - world.body.y[p2]));
      return [0, Button.Anchor];
    });
    expect(ofType(events, SimEvent.Unanchored)).toEqual([]);
    expect(worst).toBeLessThan(4 * 1.001);
    expect(world.body.x[p1]).toBeLessThan(5.5 - world.body.halfW[p1]); // off the lift's left edge, back by P2
    expect(world.body.x[p2]).toBe(3);
  });

  it('an anchored rider that a wall stops is torn loose instead of hovering off its platform', () => {
    const { world } = build(lift('pingpong', (l) => {
      l.tiles = l.tiles.map((row: string, r: number) => (r >= 7 && r <= 8 ? `${row.slice(0, 14)}#${row.slice(15)}` : row));
      l.platforms[0].path = [[8, 9.25], [20, 9.25]];
      l.platforms[0].speed = 2;
      l.spawns = [{ id: 'p1', player: 1, x: 8, y: 9 }, { id: 'p2', player: 2, x: 5, y: 10 }];
      l.tether.length = 12;
    }));
    const [p1] = world.queries.players.dense;
    const events = run(world, 240, [Button.Anchor, 0]);
    expect(ofType(events, SimEvent.Unanchored).filter((e) => e[3] === 1).map((e) => e[2])).toEqual([0]);
    expect(world.body.x[p1]).toBeLessThan(14); // held back by the wall at x 14
    expect(world.player.isAnchored[p1]).toBe(0);
  });

  it('an anchor on it moves with it, and a box hanging from that anchor follows', () => {
    const { world } = build(lift('pingpong', (l) => {
      l.platforms[0].path = [[10, 2], [20, 2]];
      l.platforms[0].speed = 1;
      l.anchors = [{ id: 'hook', x: 10, y: 2.25, platform: 'lift' }];
      l.boxes = [{ id: 'crate', x: 10, y: 5.5, w: 1, h: 1, mass: 20 }];
      l.ropes = [{ id: 'r', a: { anchor: 'hook' }, b: { box: 'crate' }, length: 2.75, segments: 8 }];
      l.physics = { airDrag: 0.5 };
    }));
    const hook = anchorEntity(world, 0);
    const crate = boxEntity(world, 0);
    run(world, 600, [0, 0]); // 10 s at 1 m/s: at the far end
    expect(world.body.x[hook]).toBeCloseTo(20, 6);
    expect(world.body.y[hook]).toBeCloseTo(2.25, 6);
    expect(Math.abs(world.body.x[crate] - 20)).toBeLessThan(1.0); // swinging under the hook
    const d = Math.hypot(world.body.x[crate] - world.body.x[hook], world.body.y[crate] - 0.5 - world.body.y[hook]);
    expect(d).toBeLessThan(2.75 * 1.001);
  });
});

describe('pendulum starts', () => {
  const pendulum = (startAngle: number, push?: [number, number]) => room((l) => {
    l.anchors = [{ id: 'pivot', x: 15, y: 1 }];
    l.boxes = [{ id: 'blade', x: 15, y: 5.5, w: 1, h: 1, mass: 30, spikes: true, startAngle, ...(push ? { push } : {}) }];
    l.ropes = [{ id: 'r', a: { anchor: 'pivot' }, b: { box: 'blade' }, length: 4, segments: 10 }];
  });

  it('startAngle swings the box out around the fixed end, turned with it, and it swings to the mirror angle', () => {
    const { world } = build(pendulum(40));
    const blade = boxEntity(world, 0);
    const r = 4.5; // pivot to the box centre
    const rad = (40 * Math.PI) / 180;
    expect(world.body.x[blade]).toBeCloseTo(15 + r * Math.sin(rad), 9);
    expect(world.body.y[blade]).toBeCloseTo(1 + r * Math.cos(rad), 9);
    expect(Math.atan2(world.body.rotS[blade], world.body.rotC[blade])).toBeCloseTo(-rad, 9);
    let minX = Infinity;
    for (let t = 0; t < 150; t++) { step(world, [0, 0]); minX = Math.min(minX, world.body.x[blade]); }
    // No drag: it reaches (nearly) the same angle on the left.
    expect(minX).toBeLessThan(15 - r * Math.sin(rad) * 0.97);
  });

  it('the start angle uses the sim\'s own sin and cos (the same bits in every engine), within 1e-14 of Math\'s', () => {
    let worst = 0;
    for (let deg = -170; deg <= 170; deg += 0.25) {
      const a = (deg * Math.PI) / 180;
      const { sin, cos } = sinCos(a);
      worst = Math.max(worst, Math.abs(sin - Math.sin(a)), Math.abs(cos - Math.cos(a)));
    }
    expect(worst).toBeLessThan(1e-14);
    expect(sinCos(0)).toEqual({ sin: 0, cos: 1 });
  });

  it('push gives the box its start velocity', () => {
    const { world } = build(pendulum(0, [6, 0]));
    const blade = boxEntity(world, 0);
    step(world, [0, 0]);
    expect(world.body.x[blade]).toBeGreaterThan(15 + 6 / 60 * 0.9);
  });
});

describe('version 1 files', () => {
  it('migrate to version 2 and build the same world as the same file written as version 2', () => {
    const v2 = room((l) => { l.boxes = [{ id: 'crate', x: 12, y: 9.5, w: 1, h: 1, mass: 5 }]; });
    const v1 = { ...v2, version: 1 };
    const a = parseLevel(JSON.stringify(v1));
    const b = parseLevel(JSON.stringify(v2));
    if (!a.ok || !b.ok) throw new Error('expected both to parse');
    expect(a.fileVersion).toBe(1);
    expect(b.fileVersion).toBe(2);
    expect(a.level.version).toBe(2);
    expect(a.def).toEqual(b.def);
  });
});

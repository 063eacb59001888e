// The headless runner's pure part: steps a parsed level with per-tick inputs and describes the
// result as plain JSON with entities named by their level ids. No files, no console: tools/sim.ts
// does the I/O. Angles are computed here (Math.atan2 is fine outside the sim; it never feeds back).

import type { LevelIds } from '../src/level/parseLevel';
import { SimEvent, createSimWorld, hashHex, readEvents, ropeMaxStretch, step, type SimWorld, type WorldDef, anchorEntity, levelRopes } from '../src/sim';
import { UsageError } from './simArgs';
import type { ReplayInputs } from './replayInputs';

/** Events kept in the output; later ones are only counted (a long run can bump boxes a lot). */
export const MAX_EVENTS = 10_000;

/** What the runner needs of a parsed level. */
export interface RunnerLevel {
  id: string;
  def: WorldDef;
  ids: LevelIds;
  /** Spawn ids by player slot: accepted by --trace as names of the players. */
  spawnIds?: readonly [string, string];
}

export interface RunOptions {
  ticks: number;
  /** Per-tick masks (see replayInputs.ts); ticks past its end press nothing. */
  inputs?: ReplayInputs;
  trace?: readonly string[];
  every?: number;
}

export type EntityState =
  | { type: 'player'; x: number; y: number; vx: number; vy: number; mass: number }
  | { type: 'box'; x: number; y: number; vx: number; vy: number; angle: number; omega: number; mass: number; spiked?: true }
  | { type: 'anchor'; x: number; y: number }
  | { type: 'platform'; x: number; y: number; vx: number; vy: number };

export interface RopePart {
  /** Particle positions from end A to end B, m. */
  points: Array<[number, number]>;
  /** Rest length, m. */
  length: number;
  /** Length of the polyline through the points, m. */
  currentLength: number;
}

export interface RopeState extends RopePart {
  /** The highest tension over the run (every tick, the snap's tick included), N, and the tick it
   *  happened in (as events count ticks): what a designer compares `breakTension` with. */
  peakTension: number;
  peakTensionTick: number;
  /** Worst segment stretch (0.001 = 0.1 %). */
  maxSegmentStretch: number;
  /** Tension during the last tick, N. */
  tension: number;
  snapped: boolean;
  /** After a snap: the half that fell away with end B (`points` is then the half still on end A). */
  far?: RopePart;
}

export interface EventRecord {
  tick: number;
  type: string;
  player?: string;
  entity?: string;
  closingSpeed?: number;
  impulse?: number;
  tension?: number;
}

export interface SimOutput {
  level: string;
  tick: number;
  hash: string;
  /** Tick during which both players reached the goal, or null. */
  completedTick: number | null;
  /** Deaths so far, and the id of the last checkpoint reached (null: none, respawns at the spawns). */
  deaths: number;
  checkpoint: string | null;
  entities: Record<string, EntityState>;
  ropes: Record<string, RopeState>;
  events: EventRecord[];
  /** Events past MAX_EVENTS that were counted but not listed. */
  eventsOmitted?: number;
  trace?: Record<string, TraceSample[]>;
}

/**
 * One --trace sample. Players, anchors and platforms: [tick, x, y]; boxes: [tick, x, y, angle, spin]
 * (rad, rad/s, clockwise on screen); ropes: the rope's tension, worst segment stretch and points.
 */
export type TraceSample =
  | [tick: number, x: number, y: number]
  | [tick: number, x: number, y: number, angle: number, omega: number]
  | RopeSample;

export interface RopeSample {
  tick: number;
  /** Tension during the tick, N. */
  tension: number;
  /** Worst segment stretch (0.001 = 0.1 %). */
  stretch: number;
  /** Particle positions from end A to end B (after a snap: the half still on end A). */
  points: Array<[number, number]>;
}

/** A map keyed by level ids: no prototype, so an id like '__proto__' is just a key. */
function record<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Output numbers are rounded to 1e-6 (µm, µs-level detail is noise) with -0 folded to 0. */
export function round6(v: number): number {
  const r = Math.round(v * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

const EVENT_NAMES: Record<number, string> = Object.fromEntries(Object.entries(SimEvent).map(([name, code]) => [code, name]));
/** What an event's value means, per event type (types not listed carry no value). */
const EVENT_VALUE: Record<number, 'closingSpeed' | 'impulse' | 'tension'> = {
  [SimEvent.RopeTaut]: 'closingSpeed',
  [SimEvent.Bumped]: 'impulse',
  [SimEvent.RopeSnapped]: 'tension',
};

/**
 * Built right after the world, before any step: level ids by entity (players p1/p2, the tether,
 * anchors, boxes, ropes and their spare halves) and each breakable rope's spare half (a snap
 * clears rope.spare, so it must be read up front).
 */
export interface WorldIndex {
  names: Map<number, string>;
  spareOf: Map<number, number>;
}

export function indexWorld(world: SimWorld, ids: LevelIds): WorldIndex {
  const names = new Map<number, string>();
  const spareOf = new Map<number, number>();
  world.queries.players.dense.forEach((e, slot) => names.set(e, `p${slot + 1}`));
  names.set(world.tetherRope, 'tether');
  world.queries.anchors.dense.forEach((e, k) => names.set(e, ids.anchors[k]));
  world.queries.boxes.dense.forEach((e, k) => names.set(e, boxId(ids, k)));
  levelRopes(world).forEach((e, k) => {
    names.set(e, ids.ropes[k]);
    const spare = world.rope.spare[e];
    if (spare !== 0) {
      names.set(spare, ids.ropes[k]);
      spareOf.set(e, spare);
    }
  });
  return { names, spareOf };
}

/** What a traced id names: a body (player, box, platform or anchor) or a rope. */
export interface Traced { id: string; entity: number; kind: 'body' | 'box' | 'rope' }

/** Entity ids --trace accepts, in the order given. Throws a UsageError for unknown ids. */
export function resolveTrace(world: SimWorld, level: RunnerLevel, trace: readonly string[]): Traced[] {
  const byId = new Map<string, number>();
  world.queries.players.dense.forEach((e, slot) => {
    byId.set(`p${slot + 1}`, e);
    const spawn = level.spawnIds?.[slot];
    if (spawn) byId.set(spawn, e);
  });
  level.ids.anchors.forEach((id, k) => byId.set(id, anchorEntity(world, k)));
  world.queries.boxes.dense.forEach((e, k) => byId.set(boxId(level.ids, k), e));
  const ropeById = new Map<string, number>([['tether', world.tetherRope]]);
  levelRopes(world).forEach((e, k) => ropeById.set(level.ids.ropes[k], e));
  return trace.map((id): Traced => {
    const e = byId.get(id);
    if (e !== undefined) {
      const isBox = world.box.isPlatform[e] === 0 && world.queries.boxes.dense.includes(e);
      return { id, entity: e, kind: isBox ? 'box' : 'body' };
    }
    const r = ropeById.get(id);
    if (r !== undefined) return { id, entity: r, kind: 'rope' };
    const known = ['p1', 'p2', ...level.ids.boxes, ...level.ids.platforms, ...level.ids.anchors, 'tether', ...level.ids.ropes].join(', ');
    throw new UsageError(`--trace: level '${level.id}' has no player, box, platform, anchor or rope with id '${id}' (ids: ${known})`);
  });
}

/** The level id of the boxes query's k-th entity: the level's boxes come first, then its platforms. */
function boxId(ids: LevelIds, k: number): string {
  return k < ids.boxes.length ? ids.boxes[k] : ids.platforms[k - ids.boxes.length];
}

/** Builds the world, steps it `ticks` times with the inputs and returns the final state. */
export function runSim(level: RunnerLevel, options: RunOptions): SimOutput {
  const world = createSimWorld(level.def);
  const traced = resolveTrace(world, level, options.trace ?? []);
  const every = options.every ?? 1;
  const index = indexWorld(world, level.ids);
  const events: EventRecord[] = [];
  let omitted = 0;
  const trace = record<TraceSample[]>();
  for (const { id } of traced) trace[id] = [];
  const sample = () => {
    for (const t of traced) trace[t.id].push(traceSample(world, t));
  };
  // Peak tension per rope (the tether and the level's ropes), read after every tick.
  const ropesWatched = [world.tetherRope, ...levelRopes(world)];
  const peak = ropesWatched.map(() => 0);
  const peakTick = ropesWatched.map(() => 0);
  const watchPeaks = () => {
    for (let k = 0; k < ropesWatched.length; k++) {
      const tension = world.rope.tension[ropesWatched[k]];
      if (tension > peak[k]) { peak[k] = tension; peakTick[k] = world.tick - 1; } // the tick it happened in, as events say
    }
  };
  const visit = (type: number, tick: number, slot: number, value: number, entity: number) => {
    if (events.length >= MAX_EVENTS) { omitted++; return; }
    events.push(describeEvent(index.names, type, tick, slot, value, entity));
  };

  sample();
  let cursor = readEvents(world.events, 0, visit);
  const inputs = options.inputs;
  const masks = [0, 0];
  for (let t = 0; t < options.ticks; t++) {
    const hasInput = inputs !== undefined && 2 * t + 1 < inputs.length;
    masks[0] = hasInput ? inputs[2 * t] : 0;
    masks[1] = hasInput ? inputs[2 * t + 1] : 0;
    step(world, masks);
    cursor = readEvents(world.events, cursor, visit);
    watchPeaks();
    if (world.tick % every === 0) sample();
  }

  const out = describeWorld(world, level, index);
  ropesWatched.forEach((r, k) => {
    const described = out.ropes[r === world.tetherRope ? 'tether' : level.ids.ropes[k - 1]];
    described.peakTension = round6(peak[k]);
    described.peakTensionTick = peakTick[k];
  });
  out.events = events;
  if (omitted > 0) out.eventsOmitted = omitted;
  if (traced.length > 0) out.trace = trace;
  return out;
}

/** The world's current state, entities and ropes named by level id (events left empty). */
export function describeWorld(world: SimWorld, level: RunnerLevel, index: WorldIndex): SimOutput {
  const { body } = world;
  const entities = record<EntityState>();
  world.queries.players.dense.forEach((e, slot) => {
    entities[`p${slot + 1}`] = {
      type: 'player', x: round6(body.x[e]), y: round6(body.y[e]), vx: round6(body.vx[e]), vy: round6(body.vy[e]),
      mass: round6(world.settings.playerMass),
    };
  });
  world.queries.anchors.dense.forEach((e, k) => {
    entities[level.ids.anchors[k]] = { type: 'anchor', x: round6(world.body.x[e]), y: round6(world.body.y[e]) };
  });
  world.queries.boxes.dense.forEach((e, k) => {
    if (world.box.isPlatform[e]) {
      entities[boxId(level.ids, k)] = { type: 'platform', x: round6(body.x[e]), y: round6(body.y[e]), vx: round6(body.vx[e]), vy: round6(body.vy[e]) };
      return;
    }
    const state: EntityState = {
      type: 'box', x: round6(body.x[e]), y: round6(body.y[e]), vx: round6(body.vx[e]), vy: round6(body.vy[e]),
      angle: round6(Math.atan2(body.rotS[e], body.rotC[e])), omega: round6(body.omega[e]),
      mass: round6(1 / body.invMass[e]),
    };
    if (world.box.isSpiked[e]) state.spiked = true;
    entities[level.ids.boxes[k]] = state;
  });
  const ropes = record<RopeState>();
  ropes.tether = describeRope(world, world.tetherRope, 0);
  levelRopes(world).forEach((e, k) => { ropes[level.ids.ropes[k]] = describeRope(world, e, index.spareOf.get(e) ?? 0); });
  return {
    level: level.id,
    tick: world.tick,
    hash: hashHex(world),
    completedTick: world.completedTick >= 0 ? world.completedTick : null,
    deaths: world.rules.deaths[0],
    checkpoint: world.rules.checkpoint[0] >= 0 ? level.ids.checkpoints[world.rules.checkpoint[0]] : null,
    entities,
    ropes,
    events: [],
  };
}

/** `spare`: the entity that becomes the rope's far half when it snaps (0 = cannot snap). */
function describeRope(world: SimWorld, r: number, spare: number): RopeState {
  const { rope } = world;
  const isSnapped = spare !== 0 && rope.isActive[spare] === 1;
  const state: RopeState = {
    ...ropePart(world, r),
    maxSegmentStretch: round6(ropeMaxStretch(world, r)),
    tension: round6(rope.tension[r]),
    // describeWorld alone (the app's debug handle) has no run to look back on: the tick's tension.
    peakTension: round6(rope.tension[r]),
    peakTensionTick: Math.max(0, world.tick - 1),
    snapped: isSnapped,
  };
  if (isSnapped) state.far = ropePart(world, spare);
  return state;
}

function ropePart(world: SimWorld, r: number): RopePart {
  const { rope, particle } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const points: Array<[number, number]> = [];
  let current = 0;
  for (let i = first; i < first + count; i++) {
    points.push([round6(particle.x[i]), round6(particle.y[i])]);
    if (i > first) current += Math.sqrt((particle.x[i] - particle.x[i - 1]) ** 2 + (particle.y[i] - particle.y[i - 1]) ** 2);
  }
  return { points, length: round6(rope.length[r]), currentLength: round6(current) };
}

function traceSample(world: SimWorld, t: Traced): TraceSample {
  const { body } = world;
  const e = t.entity;
  if (t.kind === 'rope') {
    return { tick: world.tick, tension: round6(world.rope.tension[e]), stretch: round6(ropeMaxStretch(world, e)), points: ropePart(world, e).points };
  }
  if (t.kind === 'box') {
    return [world.tick, round6(body.x[e]), round6(body.y[e]), round6(Math.atan2(body.rotS[e], body.rotC[e])), round6(body.omega[e])];
  }
  return [world.tick, round6(body.x[e]), round6(body.y[e])];
}

function describeEvent(names: Map<number, string>, type: number, tick: number, slot: number, value: number, entity: number): EventRecord {
  const event: EventRecord = { tick, type: EVENT_NAMES[type] ?? `Event${type}` };
  if (slot !== 255) event.player = `p${slot + 1}`;
  if (entity !== 0) event.entity = names.get(entity) ?? String(entity);
  const valueName = EVENT_VALUE[type];
  if (valueName) event[valueName] = round6(value);
  return event;
}

/** A few lines for people: tick, hash, one line per entity and rope, event counts. */
export function formatSummary(out: SimOutput): string {
  const f = (v: number, digits = 2) => v.toFixed(digits).padStart(7);
  const lines = [
    `level ${out.level}: tick ${out.tick} (${(out.tick / 60).toFixed(2)} s), hash ${out.hash}, ` +
      (out.completedTick === null ? 'not completed' : `completed at tick ${out.completedTick}`),
  ];
  const width = Math.max(6, ...Object.keys(out.entities).map((id) => id.length), ...Object.keys(out.ropes).map((id) => id.length));
  for (const [id, e] of Object.entries(out.entities)) {
    let line = `  ${id.padEnd(width)}  ${e.type.padEnd(6)}  x ${f(e.x)}  y ${f(e.y)}`;
    if (e.type !== 'anchor') line += `  vx ${f(e.vx)}  vy ${f(e.vy)}`;
    if (e.type === 'box') line += `  angle ${f(e.angle)} rad  ${e.mass} kg${e.spiked ? ', spiked' : ''}`;
    lines.push(line);
  }
  for (const [id, r] of Object.entries(out.ropes)) {
    lines.push(
      `  ${id.padEnd(width)}  rope    rest ${r.length.toFixed(2)} m, now ${r.currentLength.toFixed(2)} m, ` +
        `stretch ${(r.maxSegmentStretch * 100).toFixed(3)} %, tension ${r.tension.toFixed(0)} N ` +
        `(peak ${r.peakTension.toFixed(0)} N at tick ${r.peakTensionTick})${r.snapped ? ', SNAPPED' : ''}`,
    );
  }
  const counts = new Map<string, number>();
  for (const e of out.events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
  const total = out.events.length + (out.eventsOmitted ?? 0);
  lines.push(`  events: ${total}${counts.size ? ` (${[...counts].map(([t, n]) => `${t} ${n}`).join(', ')})` : ''}`);
  if (out.trace) lines.push(`  trace: ${Object.entries(out.trace).map(([id, s]) => `${id} ${s.length} samples`).join(', ')} (use --json to see them)`);
  return lines.join('\n');
}

// The shape of a sim world: a bitECS world whose context holds every component store, the queries
// systems find their entities with, the rules' state, the event ring and preallocated scratch.
// Types only: the builder is createWorld.ts, the reset resetLevel.ts.

import type { Query, World } from 'bitecs';
import type {
  AnchorComponent, BodyComponent, BoxComponent, PlatformComponent, PlayerComponent, RulesState,
} from './components';
import type { CueState } from './cueState';
import type { EventRing } from './events';
import type { ParticleComponent, RopeComponent, WrapState } from './ropeComponents';
import type { PhysicsSettings } from './settings';
import type { TileGrid } from './tileGrid';
import type { CheckpointDef, GemDef, Rect } from './worldDef';

/**
 * The registered queries (a query's `dense` lists its entities; registering them once keeps
 * query() and its term hashing out of the tick). Entities are created once, at build time, in the
 * order of the WorldDef's arrays and never removed, so every query lists its entities in creation
 * order: systems iterate in a fixed order, and the k-th box of the query is the WorldDef's k-th box.
 */
export interface SimQueries {
  /** Player 1, player 2 (slot order). */
  players: Query;
  /** Boxes players and ropes collide with: the level's crates in order, then its platforms. */
  boxes: Query;
  /** Moving platforms, in WorldDef order. */
  platforms: Query;
  /** Anchors, in WorldDef order. */
  anchors: Query;
  /** Every body (players, boxes, platforms, anchors, the ground): what the renderer interpolates. */
  bodies: Query;
  /** Every rope in solve order: the tether, the level's ropes, then spare halves. */
  ropes: Query;
  /** Every rope particle (reserved ones too), rope after rope. */
  particles: Query;
}

/** Contacts between players and boxes found during a substep (fixed size: no allocation per tick). */
export interface ContactScratch {
  capacity: number;
  count: number;
  player: Uint32Array;
  box: Uint32Array;
  /** Normal from player to box. */
  nx: Float64Array;
  ny: Float64Array;
  /** Contact point relative to the box centre, m. */
  rx: Float64Array;
  ry: Float64Array;
  /** Normal closing speed at the start of the substep, m/s (> 0: approaching). */
  closing: Float64Array;
}

/** Tile contacts of one box's outline points within a substep (scratch, sized for the largest box). */
export interface BoxTileScratch {
  /** Positional impulse that pushed outline point n out of a tile this substep, kg m (0 = none). */
  push: Float64Array;
  /** Its direction (unit, y down). */
  nx: Float64Array;
  ny: Float64Array;
  /** Outline point n in the box's frame, m. */
  lx: Float64Array;
  ly: Float64Array;
  /** Points per box in the accumulators below (the largest box's outline). */
  stride: number;
  /**
   * Per box (its index in the boxes query, times stride) and outline point, over the whole
   * substep (all of collideBoxes' rounds and friction passes): the push that point had, kg m, its
   * direction, and the friction impulse it has given so far, kg m (Coulomb clamps the sum).
   */
  load: Float64Array;
  loadNx: Float64Array;
  loadNy: Float64Array;
  held: Float64Array;
  /**
   * Per box (its index in the boxes query), this substep: 1 once it stands on stone (an outline
   * point pushed up out of a tile) or on a box that does (a box-box contact pushed it up); 2 when
   * it stands flat: two points or more pushed up, or two contact points on a box standing flat.
   */
  standing: Uint8Array;
}

/** Scratch for the chain solves of one rope (solveRope.ts, heavyChain.ts). */
export interface ChainScratch {
  /** Per segment and particle: directions, the elimination's coefficients, where each particle
   *  was before the solve moved it; chainSlots.ts's STRIDE numbers each, at its offsets. */
  seg: Float64Array;
}

/** What the substep stages of one tick share (set by physicsSystem; not state, never hashed). */
export interface SubstepState {
  /** Substep length, s. */
  h: number;
  /** End-to-end distance of the tether before this substep's length correction, m. */
  tetherDistance: number;
  /** Largest speed of the tether's overshoot beyond its length in this tick (overshoot / h), m/s
   *  (the RopeTaut event's value). */
  maxOvershoot: number;
  /** A heavy rope's chain solve left a segment off its length this substep (solveRope.ts): the
   *  tick's remaining substeps are split finer (physicsSystem). */
  isUnsolved: boolean;
}

/**
 * Times the tick's systems and the substep stages when set (the F3 overlay, `npm run tick-cost`).
 * The clock comes from outside: the sim never reads one itself.
 */
export interface StageProfiler {
  now(): number;
  /** Time spent in systems[i], summed, in the clock's unit. */
  systemTimes: Float64Array;
  /** Time spent in substepStages[i], summed over substeps. */
  stageTimes: Float64Array;
  /** Ticks profiled. */
  ticks: number;
}

type NumberArray = Float64Array | Uint32Array | Int32Array | Uint8Array | Int8Array;

/** A deep copy of a world's state (see snapshot.ts). */
export interface StateSnapshot {
  /** Copies of every state array, in the order of stateArrays. */
  arrays: NumberArray[];
  tick: number;
  completedTick: number;
  eventCount: number;
}

export interface SimState {
  tick: number;
  settings: PhysicsSettings;
  grid: TileGrid;
  /** buildRopeTileSums of the grid (fixed once the world is built; not state, never hashed). */
  ropeTileSums: Int32Array;
  /** buildConvexCornerSums of the grid (fixed once the world is built; not state, never hashed). */
  convexCornerSums: Int32Array;
  goal: Rect;
  // Components (registered with bitECS: the stores are the component references).
  body: BodyComponent;
  player: PlayerComponent;
  box: BoxComponent;
  platform: PlatformComponent;
  anchor: AnchorComponent;
  rope: RopeComponent;
  particle: ParticleComponent;
  /** Where ropes bend around tile corners (state: snapshot and hash; not a bitECS component). */
  wrap: WrapState;
  queries: SimQueries;
  /** Every entity id is below this; the component arrays have this length. */
  entityCapacity: number;
  /** The level's ground: a static body at the origin; a rope tied to a fixed point of the level is
   *  tied to it at that point. */
  ground: number;
  /** The rope between the players. */
  tetherRope: number;
  /** Full tether length, m. */
  tetherLength: number;
  /** Checkpoint, deaths and the death pause. */
  rules: RulesState;
  /**
   * Player assists, set by the game from the settings (not level data, not hashed state: a world
   * without assists hashes the same whatever this holds until an assist changes what happens).
   * isInvincible: spikes and spiked boxes do not kill; falling out of the level still does.
   */
  assists: { isInvincible: boolean };
  /** Points of every platform's path, m (read-only after building). */
  paths: { x: Float64Array; y: Float64Array; segmentLength: Float64Array };
  /** The level's checkpoints, in order (read-only). */
  checkpoints: readonly CheckpointDef[];
  /** The level's gems, in order (read-only); which are collected is rules.gems. */
  gems: readonly GemDef[];
  events: EventRing;
  /** When to report footsteps, box impacts and rope creaks (not state: never hashed or snapshotted). */
  cues: CueState;
  /** Held buttons of each player for the tick being stepped (written by `step`). */
  input: Uint8Array;
  /** Tick at which the level was completed, or -1. */
  completedTick: number;
  contacts: ContactScratch;
  chain: ChainScratch;
  boxTileContacts: BoxTileScratch;
  substep: SubstepState;
  /** Set from outside to time systems and substep stages; null in play. */
  profiler: StageProfiler | null;
  /** The state right after building: a respawn puts the whole level back to it. */
  initial: StateSnapshot;
}

export type SimWorld = World<SimState>;

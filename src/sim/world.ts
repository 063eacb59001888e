// The sim world: a bitECS world whose context holds every store the systems use. Built from a
// plain definition (src/level turns a level file into one), so the sim never reads files itself.
// Every entity is created here, at build time: a rope that can snap gets its far half as a spare
// entity up front, so the tick never creates entities and a snapshot is just the typed arrays.

import { addComponent, addEntity, createWorld, registerQuery, type Query } from 'bitecs';
import {
  createAnchorComponents, createBodyComponents, createBoxComponents, createPlatformComponents, createPlayerComponents,
  createRulesState,
  type AnchorComponents, type BodyComponents, type BoxComponents, type PlatformComponents, type PlayerComponents,
  type RulesState,
} from './components';
import { PLAYER_COUNT } from './constants';
import { createEventRing, type EventRing } from './events';
import { createCueState, type CueState } from './cueState';
import {
  EndKind, allocateParticles, createRopeComponents, createRopePool, layOutRope,
  type RopeComponents, type RopePool,
} from './ropePool';
import { defaultPhysicsSettings, type PhysicsSettings } from './settings';
import { buildRopeTileSums, type TileGrid } from './tileGrid';
import { rectOverlapsSolid } from './physics/moveBody';
import { outlinePointCount } from './physics/boxes';
import { captureState, restoreState, type StateSnapshot } from './snapshot';
import { endPosition } from './physics/ropeEnds';

/** Axis-aligned rectangle in metres (x, y = top-left). */
export interface Rect { x: number; y: number; w: number; h: number }

/** What one end of a rope is tied to. Indices refer to the WorldDef's own arrays. */
export type RopeEndDef =
  | { kind: 'point'; x: number; y: number }
  | { kind: 'anchor'; anchor: number }
  /** (x, y): the attachment point relative to the box's centre, in the box's frame, m. */
  | { kind: 'box'; box: number; x: number; y: number }
  /** slot 0 = player 1, 1 = player 2; attached at the player's centre. */
  | { kind: 'player'; slot: number }
  | { kind: 'free' };

export interface AnchorDef {
  /** Position at the start, m. */
  x: number;
  y: number;
  /** Index of the platform it rides (in WorldDef.platforms), if any: it keeps its offset from the
   *  platform's centre as the platform moves. */
  platform?: number;
}

/** A moving platform: a kinematic box that carries players, anchors and what hangs from them. */
export interface PlatformDef {
  /** Full width and height, m. */
  w: number;
  h: number;
  /** Positions of its centre, m; it starts at the first and moves along them at `speed`. At least 2
   *  points, no two consecutive ones equal (nor the last and first when looping). */
  path: ReadonlyArray<{ x: number; y: number }>;
  /** m/s. */
  speed: number;
  /** true: from the last point on to the first; false: back and forth (ping-pong). */
  isLoop: boolean;
}

/** A checkpoint: once either player's centre is inside `area`, deaths respawn both at `spawns`. */
export interface CheckpointDef {
  area: Rect;
  /** Feet positions (centre-bottom) of player 1 and player 2 when respawning here. */
  spawns: readonly [{ x: number; y: number }, { x: number; y: number }];
}

export interface BoxDef {
  /** Centre, m. */
  x: number;
  y: number;
  /** Full width and height, m. */
  w: number;
  h: number;
  /** kg. */
  mass: number;
  isSpiked?: boolean;
  /** Orientation at the start as (cos, sin) of its angle (y down: positive turns clockwise); default (1, 0). */
  rotC?: number;
  rotS?: number;
  /** Velocity at the start, m/s (a push). */
  vx?: number;
  vy?: number;
}

export interface RopeDef {
  a: RopeEndDef;
  b: RopeEndDef;
  /** Rest length, m. */
  length: number;
  segments: number;
  /** m/N; 0 or missing = inextensible. */
  compliance?: number;
  /** N; 0 or missing = never snaps. */
  breakTension?: number;
  /** Longest the rope may be reeled out to, m (default: its length; sets the particles reserved). */
  maxLength?: number;
}

/** Everything needed to build a world. Positions in metres, y down. */
export interface WorldDef {
  grid: TileGrid;
  /** Feet positions (centre-bottom) of player 1 and player 2. */
  spawns: readonly [{ x: number; y: number }, { x: number; y: number }];
  goal: Rect;
  /** Rope between the players: full length in m and number of segments. */
  tether: { length: number; segments: number };
  anchors?: readonly AnchorDef[];
  boxes?: readonly BoxDef[];
  ropes?: readonly RopeDef[];
  /** Ordered: reaching a later one (even skipping some) moves the respawn point there. */
  checkpoints?: readonly CheckpointDef[];
  platforms?: readonly PlatformDef[];
  physics?: Partial<PhysicsSettings>;
}

/** Scratch arrays for contacts found during a substep (fixed size: no allocation per tick). */
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
  /** Outline point n in the box's frame, m (handed over here, not as arguments V8 would box). */
  lx: Float64Array;
  ly: Float64Array;
}

/** Scratch for the direct chain solve: per segment direction and Thomas coefficients. */
export interface ChainScratch {
  nx: Float64Array;
  ny: Float64Array;
  cp: Float64Array;
  dp: Float64Array;
  /**
   * Numbers handed between solver functions. V8 boxes a double passed to or returned from a
   * function it does not inline (a heap allocation per call), so hot paths pass them here instead.
   * Who owns which slots (a new user takes free ones and adds itself here): solveRope 0..13
   * (ends, LRA radii, ALPHA 6, BOX 9..13), ropeLength 14..33 (ROPE_DISTANCE_SLOT 14, SUBSTEP_SLOT 15,
   * its ends and moves 16..33), ropeEnds' contact slots CORRECTION_SLOT 36..39 and INV_MASS_SLOT
   * 40..44, solveRope's STRETCH_SLOT 45, moveBody's BODY_MOVE_SLOT 46..47.
   */
  args: Float64Array;
}

export interface SimState {
  tick: number;
  settings: PhysicsSettings;
  grid: TileGrid;
  /** buildRopeTileSums of the grid (fixed once the world is built; not state, never hashed). */
  ropeTileSums: Int32Array;
  goal: Rect;
  body: BodyComponents;
  player: PlayerComponents;
  box: BoxComponents;
  anchor: AnchorComponents;
  platform: PlatformComponents;
  rope: RopeComponents;
  pool: RopePool;
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
  events: EventRing;
  /** When to report footsteps, box impacts and rope creaks (not state: never hashed or snapshotted). */
  cues: CueState;
  /** Held buttons of each player for the tick being stepped (written by `step`). */
  input: Uint8Array;
  /** Player entity ids by slot (fixed order: iteration never depends on query order). */
  players: Uint32Array;
  /** Anchor, box and rope entities in the order of the WorldDef's arrays (level ids map by index). */
  anchors: Uint32Array;
  /** Every rigid body that is not a player: the level's boxes in order, then its platforms. */
  boxes: Uint32Array;
  ropes: Uint32Array;
  /** Platform entities in the order of WorldDef.platforms (also at the end of `boxes`). */
  platforms: Uint32Array;
  /** Every rope the solver walks, in solve order: the tether, the level's ropes, then spare halves. */
  ropeOrder: Uint32Array;
  /** The rope between the players. */
  tetherRope: number;
  /** Full tether length, m. */
  tetherLength: number;
  /** Tick at which the level was completed, or -1. */
  completedTick: number;
  /** Largest segment stretch of any rope during the last tick (0.01 = 1 %). */
  maxStretch: number;
  /** One past the largest entity id (entity-indexed arrays are hashed up to here). */
  entityEnd: number;
  contacts: ContactScratch;
  chain: ChainScratch;
  boxTileContacts: BoxTileScratch;
  /** The state right after building: a respawn puts the whole level back to it. */
  initial: StateSnapshot;
  /** Registered queries (query() allocates per call; these are read as `.dense`). */
  queries: { players: Query };
  /** Tag components: membership only. */
  tags: { Player: object; Body: object; Rope: object; Box: object; Anchor: object; Platform: object };
}

export type SimWorld = ReturnType<typeof createWorld<SimState>>;

const CONTACT_CAPACITY = 64;

function createContacts(capacity: number): ContactScratch {
  const f = () => new Float64Array(capacity);
  return {
    capacity, count: 0, player: new Uint32Array(capacity), box: new Uint32Array(capacity),
    nx: f(), ny: f(), rx: f(), ry: f(), closing: f(),
  };
}

function createBoxTileScratch(boxDefs: readonly BoxDef[]): BoxTileScratch {
  let most = 0;
  for (const b of boxDefs) most = Math.max(most, outlinePointCount(b.w / 2, b.h / 2));
  const f = () => new Float64Array(most);
  return { push: f(), nx: f(), ny: f(), lx: f(), ly: f() };
}

function createChainScratch(particles: number): ChainScratch {
  const f = () => new Float64Array(particles);
  return { nx: f(), ny: f(), cp: f(), dp: f(), args: new Float64Array(48) };
}

/** Particles a rope reserves: enough to be reeled out to maxLength at its nominal segment length. */
function ropeCapacity(def: RopeDef): number {
  const nominal = def.length / def.segments;
  const longest = Math.max(def.length, def.maxLength ?? def.length);
  return Math.max(def.segments, Math.ceil(longest / nominal - 1e-9)) + 2;
}

export function createSimWorld(def: WorldDef): SimWorld {
  const settings = { ...defaultPhysicsSettings(), ...def.physics };
  const anchorDefs = def.anchors ?? [];
  const boxDefs = def.boxes ?? [];
  const ropeDefs = def.ropes ?? [];
  const platformDefs = def.platforms ?? [];
  const spareCount = ropeDefs.filter((r) => (r.breakTension ?? 0) > 0).length;
  const entityCapacity = 1 + PLAYER_COUNT + anchorDefs.length + boxDefs.length + platformDefs.length + 1 +
    ropeDefs.length + spareCount;
  const tetherDef: RopeDef = {
    a: { kind: 'player', slot: 0 }, b: { kind: 'player', slot: 1 },
    length: def.tether.length, segments: def.tether.segments,
  };
  let particleCapacity = ropeCapacity(tetherDef);
  for (const r of ropeDefs) particleCapacity += ropeCapacity(r);

  const body = createBodyComponents(entityCapacity);
  const player = createPlayerComponents(entityCapacity);
  const box = createBoxComponents(entityCapacity);
  const anchor = createAnchorComponents(entityCapacity);
  const rope = createRopeComponents(entityCapacity);
  const platform = createPlatformComponents(entityCapacity);
  const tags = { Player: player, Body: body, Rope: rope, Box: box, Anchor: anchor, Platform: platform };
  let pathPoints = 0;
  for (const p of platformDefs) pathPoints += p.path.length;
  const state: SimState = {
    tick: 0,
    settings,
    grid: def.grid,
    ropeTileSums: buildRopeTileSums(def.grid),
    goal: { ...def.goal },
    body,
    player,
    box,
    anchor,
    platform,
    rope,
    pool: createRopePool(particleCapacity),
    rules: createRulesState(),
    assists: { isInvincible: false },
    paths: { x: new Float64Array(pathPoints), y: new Float64Array(pathPoints), segmentLength: new Float64Array(pathPoints) },
    checkpoints: def.checkpoints ?? [],
    events: createEventRing(),
    cues: createCueState(entityCapacity),
    input: new Uint8Array(PLAYER_COUNT),
    players: new Uint32Array(PLAYER_COUNT),
    anchors: new Uint32Array(anchorDefs.length),
    boxes: new Uint32Array(boxDefs.length + platformDefs.length),
    ropes: new Uint32Array(ropeDefs.length),
    platforms: new Uint32Array(platformDefs.length),
    ropeOrder: new Uint32Array(1 + ropeDefs.length + spareCount),
    tetherRope: 0,
    tetherLength: def.tether.length,
    completedTick: -1,
    maxStretch: 0,
    entityEnd: 0,
    contacts: createContacts(CONTACT_CAPACITY),
    chain: createChainScratch(Math.max(ropeCapacity(tetherDef), ...ropeDefs.map(ropeCapacity))),
    boxTileContacts: createBoxTileScratch(boxDefs),
    initial: undefined as unknown as StateSnapshot,
    queries: { players: undefined as unknown as Query },
    tags,
  };
  const world = createWorld(state);
  world.queries.players = registerQuery(world, [tags.Player, tags.Body]);

  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = addEntity(world);
    addComponent(world, eid, tags.Body);
    addComponent(world, eid, tags.Player);
    world.players[slot] = eid;
    body.halfW[eid] = settings.playerHalfWidth;
    body.halfH[eid] = settings.playerHalfHeight;
    body.invMass[eid] = 1 / settings.playerMass;
    body.rotC[eid] = body.prevRotC[eid] = body.lastRotC[eid] = 1;
    player.slot[eid] = slot;
    player.gravityScale[eid] = 1;
    // Spawns are feet positions; bodies are centred. (A respawn restores the built state.)
    body.x[eid] = body.prevX[eid] = body.lastX[eid] = def.spawns[slot].x;
    body.y[eid] = body.prevY[eid] = body.lastY[eid] = def.spawns[slot].y - settings.playerHalfHeight;
  }

  boxDefs.forEach((b, k) => {
    const eid = addEntity(world);
    addComponent(world, eid, tags.Body);
    addComponent(world, eid, tags.Box);
    world.boxes[k] = eid;
    body.x[eid] = body.prevX[eid] = body.lastX[eid] = b.x;
    body.y[eid] = body.prevY[eid] = body.lastY[eid] = b.y;
    body.halfW[eid] = b.w / 2;
    body.halfH[eid] = b.h / 2;
    body.invMass[eid] = 1 / b.mass;
    body.invInertia[eid] = 12 / (b.mass * (b.w * b.w + b.h * b.h)); // solid rectangle
    body.rotC[eid] = body.prevRotC[eid] = body.lastRotC[eid] = b.rotC ?? 1;
    body.rotS[eid] = body.prevRotS[eid] = body.lastRotS[eid] = b.rotS ?? 0;
    body.vx[eid] = b.vx ?? 0;
    body.vy[eid] = b.vy ?? 0;
    box.isSpiked[eid] = b.isSpiked ? 1 : 0;
  });

  let pathAt = 0;
  platformDefs.forEach((p, k) => {
    const eid = addEntity(world);
    addComponent(world, eid, tags.Body);
    addComponent(world, eid, tags.Box);
    addComponent(world, eid, tags.Platform);
    world.platforms[k] = eid;
    world.boxes[boxDefs.length + k] = eid;
    body.x[eid] = body.prevX[eid] = body.lastX[eid] = p.path[0].x;
    body.y[eid] = body.prevY[eid] = body.lastY[eid] = p.path[0].y;
    body.halfW[eid] = p.w / 2;
    body.halfH[eid] = p.h / 2;
    body.rotC[eid] = body.prevRotC[eid] = body.lastRotC[eid] = 1; // invMass and invInertia stay 0
    box.isPlatform[eid] = 1;
    platform.pathFirst[eid] = pathAt;
    platform.pathCount[eid] = p.path.length;
    platform.speed[eid] = p.speed;
    platform.isLoop[eid] = p.isLoop ? 1 : 0;
    platform.direction[eid] = 1;
    const { paths } = world;
    p.path.forEach((q, i) => { paths.x[pathAt + i] = q.x; paths.y[pathAt + i] = q.y; });
    for (let i = 0; i < p.path.length; i++) {
      const next = p.path[(i + 1) % p.path.length];
      const dx = next.x - p.path[i].x;
      const dy = next.y - p.path[i].y;
      paths.segmentLength[pathAt + i] = Math.sqrt(dx * dx + dy * dy);
    }
    pathAt += p.path.length;
  });

  anchorDefs.forEach((a, k) => {
    const eid = addEntity(world);
    addComponent(world, eid, tags.Anchor);
    world.anchors[k] = eid;
    anchor.x[eid] = a.x;
    anchor.y[eid] = a.y;
    if (a.platform !== undefined) {
      const p = world.platforms[a.platform];
      anchor.platform[eid] = p;
      anchor.offsetX[eid] = a.x - body.x[p];
      anchor.offsetY[eid] = a.y - body.y[p];
    }
  });

  // The tether: a rope from player 1 to player 2, solved first (PHYSICS.md #4).
  const tether = addRope(world, tetherDef);
  world.tetherRope = tether;
  let order = 0;
  world.ropeOrder[order++] = tether;
  ropeDefs.forEach((r, k) => {
    const eid = addRope(world, r);
    world.ropes[k] = eid;
    world.ropeOrder[order++] = eid;
  });
  // Spare halves, inactive until their rope snaps; they take over part of its particle range.
  ropeDefs.forEach((r, k) => {
    if ((r.breakTension ?? 0) <= 0) return;
    const eid = addEntity(world);
    addComponent(world, eid, tags.Rope);
    rope.spare[world.ropes[k]] = eid;
    world.ropeOrder[order++] = eid;
  });
  world.entityEnd = entityCapacity;

  layOutFromEnds(world, tether);
  for (let k = 0; k < ropeDefs.length; k++) layOutFromEnds(world, world.ropes[k]);
  world.initial = captureState(world);
  return world;
}

function addRope(world: SimWorld, def: RopeDef): number {
  const { rope, pool } = world;
  const eid = addEntity(world);
  addComponent(world, eid, world.tags.Rope);
  const capacity = ropeCapacity(def);
  const count = def.segments + 1;
  const first = allocateParticles(pool, capacity);
  const seg = def.length / def.segments;
  rope.isActive[eid] = 1;
  rope.first[eid] = first;
  rope.count[eid] = count;
  rope.capacity[eid] = capacity;
  rope.length[eid] = def.length;
  rope.nominalSegment[eid] = seg;
  rope.compliance[eid] = def.compliance ?? 0;
  rope.breakTension[eid] = def.breakTension ?? 0;
  rope.reelTarget[eid] = def.length;
  for (let i = first; i < first + count - 1; i++) pool.rest[i] = seg;
  const particleInvMass = 1 / world.settings.ropeParticleMass;
  for (let i = first; i < first + count; i++) pool.invMass[i] = particleInvMass;
  setEnd(world, eid, 0, def.a);
  setEnd(world, eid, 1, def.b);
  return eid;
}

function setEnd(world: SimWorld, r: number, side: 0 | 1, end: RopeEndDef): void {
  const { rope } = world;
  let kind: number = EndKind.Free;
  let entity = 0;
  let px = 0;
  let py = 0;
  switch (end.kind) {
    case 'point': kind = EndKind.Point; px = end.x; py = end.y; break;
    case 'anchor': {
      const a = world.anchors[end.anchor];
      const p = world.anchor.platform[a];
      // An anchor on a platform is a point of that (immovable, 1/m = 0) body: the rope end then
      // moves with it through every substep, like a rope tied to a box.
      if (p !== 0) { kind = EndKind.Body; entity = p; px = world.anchor.offsetX[a]; py = world.anchor.offsetY[a]; }
      else { kind = EndKind.Anchor; entity = a; }
      break;
    }
    case 'box': kind = EndKind.Body; entity = world.boxes[end.box]; px = end.x; py = end.y; break;
    case 'player': kind = EndKind.Body; entity = world.players[end.slot]; break;
    case 'free': break;
  }
  if (side === 0) {
    rope.kindA[r] = kind; rope.entityA[r] = entity; rope.pointAX[r] = px; rope.pointAY[r] = py;
  } else {
    rope.kindB[r] = kind; rope.entityB[r] = entity; rope.pointBX[r] = px; rope.pointBY[r] = py;
  }
  // A tied end particle is carried by what it is tied to: 1/mass = 0 in the chain.
  const i = side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1;
  if (kind !== EndKind.Free) world.pool.invMass[i] = 0;
}

/** Lays rope `r` out slack between its ends (a free end hangs straight down from the other). */
export function layOutFromEnds(world: SimWorld, r: number): void {
  const { rope, pool } = world;
  const first = rope.first[r];
  const count = rope.count[r];
  const length = rope.length[r];
  const args = world.chain.args;
  endPosition(world, r, 0, args, 0);
  endPosition(world, r, 1, args, 2);
  let ax = args[0];
  let ay = args[1];
  let bx = args[2];
  let by = args[3];
  if (rope.kindA[r] === EndKind.Free) { ax = bx; ay = by + length; }
  if (rope.kindB[r] === EndKind.Free) { bx = ax; by = ay + length; }
  // Bend the slack rope down into open space, or up when the ground is in the way.
  const span = Math.sqrt((bx - ax) * (bx - ax) + (by - ay) * (by - ay));
  const midX = (ax + bx) / 2;
  const midY = (ay + by) / 2;
  const isGroundBelow = span < length - 1e-9 &&
    rectOverlapsSolid(world.grid, midX - 0.1, midY, midX + 0.1, midY + length / 2);
  layOutRope(pool, first, count, ax, ay, bx, by, isGroundBelow);
}

/**
 * Puts the whole level back as it was built (players, boxes, ropes, platforms), keeping the tick,
 * the events and the rules' state (checkpoint, deaths), then stands the players at the last
 * checkpoint reached, if any, with every rope tied to them laid out slack again.
 */
export function resetLevel(world: SimWorld): void {
  const { rules } = world;
  const checkpoint = rules.checkpoint[0];
  const deaths = rules.deaths[0];
  const deadSlot = rules.deadSlot[0];
  restoreState(world, world.initial, false);
  rules.checkpoint[0] = checkpoint;
  rules.deaths[0] = deaths;
  rules.deadSlot[0] = deadSlot;
  rules.dyingTicks[0] = 0;
  if (checkpoint < 0 || checkpoint >= world.checkpoints.length) return;
  const { body, rope } = world;
  const spawns = world.checkpoints[checkpoint].spawns;
  for (let slot = 0; slot < world.players.length; slot++) {
    const e = world.players[slot];
    body.x[e] = body.prevX[e] = body.lastX[e] = spawns[slot].x;
    body.y[e] = body.prevY[e] = body.lastY[e] = spawns[slot].y - body.halfH[e];
  }
  for (let k = 0; k < world.ropeOrder.length; k++) {
    const r = world.ropeOrder[k];
    if (rope.isActive[r] === 0) continue;
    const isTiedToPlayer = (rope.kindA[r] === EndKind.Body && isPlayer(world, rope.entityA[r])) ||
      (rope.kindB[r] === EndKind.Body && isPlayer(world, rope.entityB[r]));
    if (isTiedToPlayer) layOutFromEnds(world, r);
  }
}

function isPlayer(world: SimWorld, e: number): boolean {
  return e === world.players[0] || e === world.players[1];
}

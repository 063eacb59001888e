// The sim world: a bitECS world whose context holds every store the systems use. Built from a
// plain definition (src/level turns a level file into one), so the sim never reads files itself.

import { addComponent, addEntity, createWorld, registerQuery, type Query } from 'bitecs';
import { createBodyComponents, createPlayerComponents, type BodyComponents, type PlayerComponents } from './components';
import { PLAYER_COUNT } from './constants';
import { createEventRing, type EventRing } from './events';
import { allocateParticles, createRopeComponents, createRopePool, layOutRope, type RopeComponents, type RopePool } from './ropePool';
import { defaultPhysicsSettings, type PhysicsSettings } from './settings';
import type { TileGrid } from './tileGrid';
import { rectOverlapsSolid } from './physics/moveBody';

/** Axis-aligned rectangle in metres (x, y = top-left). */
export interface Rect { x: number; y: number; w: number; h: number }

/** Everything needed to build a world. Positions in metres, y down. */
export interface WorldDef {
  grid: TileGrid;
  /** Feet positions (centre-bottom) of player 1 and player 2. */
  spawns: readonly [{ x: number; y: number }, { x: number; y: number }];
  goal: Rect;
  /** Rope between the players: full length in m and number of segments. */
  tether: { length: number; segments: number };
  physics?: Partial<PhysicsSettings>;
}

export interface SimState {
  tick: number;
  settings: PhysicsSettings;
  grid: TileGrid;
  goal: Rect;
  body: BodyComponents;
  player: PlayerComponents;
  rope: RopeComponents;
  pool: RopePool;
  events: EventRing;
  /** Held buttons of each player for the tick being stepped (written by `step`). */
  input: Uint8Array;
  /** Player entity ids by slot (fixed order: iteration never depends on query order). */
  players: Uint32Array;
  /** The rope between the players. */
  tetherRope: number;
  /** Full tether length, m. */
  tetherLength: number;
  /** Tick at which the level was completed, or -1. */
  completedTick: number;
  /** Largest segment stretch of any rope during the last tick (0.01 = 1 %). */
  maxStretch: number;
  /** Registered queries (query() allocates per call; these are read as `.dense`). */
  queries: { players: Query };
  /** Tag components: membership only. */
  tags: { Player: object; Body: object; Rope: object };
}

export type SimWorld = ReturnType<typeof createWorld<SimState>>;

const ENTITY_CAPACITY = 64;
const PARTICLE_CAPACITY = 1024;

export function createSimWorld(def: WorldDef): SimWorld {
  const settings = { ...defaultPhysicsSettings(), ...def.physics };
  const body = createBodyComponents(ENTITY_CAPACITY);
  const player = createPlayerComponents(ENTITY_CAPACITY);
  const rope = createRopeComponents(ENTITY_CAPACITY);
  const tags = { Player: player, Body: body, Rope: rope };
  const state: SimState = {
    tick: 0,
    settings,
    grid: def.grid,
    goal: { ...def.goal },
    body,
    player,
    rope,
    pool: createRopePool(PARTICLE_CAPACITY),
    events: createEventRing(),
    input: new Uint8Array(PLAYER_COUNT),
    players: new Uint32Array(PLAYER_COUNT),
    tetherRope: 0,
    tetherLength: def.tether.length,
    completedTick: -1,
    maxStretch: 0,
    queries: { players: undefined as unknown as Query },
    tags,
  };
  const world = createWorld(state);
  world.queries.players = registerQuery(world, [tags.Player, tags.Body]);

  const mass = settings.playerMass;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = addEntity(world);
    addComponent(world, eid, tags.Body);
    addComponent(world, eid, tags.Player);
    world.players[slot] = eid;
    body.halfW[eid] = settings.playerHalfWidth;
    body.halfH[eid] = settings.playerHalfHeight;
    body.invMass[eid] = 1 / mass;
    player.slot[eid] = slot;
    player.spawnX[eid] = def.spawns[slot].x;
    player.spawnY[eid] = def.spawns[slot].y - settings.playerHalfHeight;
    player.gravityScale[eid] = 1;
  }

  const ropeEid = addEntity(world);
  addComponent(world, ropeEid, tags.Rope);
  const segments = def.tether.segments;
  rope.first[ropeEid] = allocateParticles(world.pool, segments + 1);
  rope.count[ropeEid] = segments + 1;
  rope.segmentLength[ropeEid] = def.tether.length / segments;
  rope.endA[ropeEid] = world.players[0];
  rope.endB[ropeEid] = world.players[1];
  world.tetherRope = ropeEid;

  placePlayersAtSpawns(world);
  return world;
}

/** Puts both players at their spawns, at rest, and lays the tether out slack between them. */
export function placePlayersAtSpawns(world: SimWorld): void {
  const { body, player, pool, rope } = world;
  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = world.players[slot];
    body.x[eid] = body.prevX[eid] = body.lastX[eid] = player.spawnX[eid];
    body.y[eid] = body.prevY[eid] = body.lastY[eid] = player.spawnY[eid];
    body.vx[eid] = body.vy[eid] = 0;
    body.invMass[eid] = 1 / world.settings.playerMass;
    player.isGrounded[eid] = 0;
    player.isAnchored[eid] = 0;
    player.isTaut[eid] = 0;
    player.isJumping[eid] = 0;
    player.coyoteTicks[eid] = 0;
    player.jumpBufferTicks[eid] = 0;
    player.dropTicks[eid] = 0;
  }
  const r = world.tetherRope;
  const a = rope.endA[r];
  const b = rope.endB[r];
  const first = rope.first[r];
  const count = rope.count[r];
  // Bend the slack rope down into open space, or up when the ground is in the way.
  const span = Math.sqrt((body.x[b] - body.x[a]) ** 2 + (body.y[b] - body.y[a]) ** 2);
  const sag = world.tetherLength / 2;
  const midX = (body.x[a] + body.x[b]) / 2;
  const midY = (body.y[a] + body.y[b]) / 2;
  const isGroundBelow = span < world.tetherLength &&
    rectOverlapsSolid(world.grid, midX - 0.1, midY, midX + 0.1, midY + sag);
  layOutRope(pool, first, count, rope.segmentLength[r], body.x[a], body.y[a], body.x[b], body.y[b], isGroundBelow);
  pool.invMass[first] = 0;
  pool.invMass[first + count - 1] = 0;
  for (let i = first + 1; i < first + count - 1; i++) pool.invMass[i] = 1 / world.settings.ropeParticleMass;
}

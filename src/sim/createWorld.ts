// Builds a sim world from a WorldDef. Every entity is created here, once, in the order of the def's
// arrays, and never removed: a rope gets its particles (room for reeling included) as one run of
// entity ids, and a rope that can snap gets its far half as a spare rope entity up front, so the
// tick never creates entities, every query lists its entities in creation order, and a snapshot is
// just the typed arrays.

import { addComponent, addEntity, createWorld, registerQuery } from 'bitecs';
import {
  createAnchorComponent, createBodyComponent, createBoxComponent, createPlatformComponent, createPlayerComponent,
  createRulesState,
} from './components';
import { DT, MAX_GEMS, PLAYER_COUNT } from './constants';
import { createCueState } from './cueState';
import { createEventRing } from './events';
import { layOutFromEnds } from './layOutRope';
import { slingOver } from './physics/ropeWraps';
import { outlinePointCount } from './physics/boxes';
import { STRIDE as CHAIN_STRIDE } from './physics/chainSlots';
import { createParticleComponent, createRopeComponent, createWrapState } from './ropeComponents';
import { resolvePhysicsSettings } from './settings';
import { captureState } from './snapshot';
import { buildConvexCornerSums, buildRopeTileSums } from './tileGrid';
import type { BoxDef, GemDef, RopeDef, RopeEndDef, WorldDef } from './worldDef';
import type { BoxTileScratch, ChainScratch, ContactScratch, SimState, SimWorld, StateSnapshot } from './worldState';

const CONTACT_CAPACITY = 64;

function createContacts(capacity: number): ContactScratch {
  const f = () => new Float64Array(capacity);
  return {
    capacity, count: 0, player: new Uint32Array(capacity), box: new Uint32Array(capacity),
    nx: f(), ny: f(), rx: f(), ry: f(), closing: f(),
  };
}

/** `bodies`: how many entities the boxes query holds (boxes and platforms). */
function createBoxTileScratch(boxDefs: readonly BoxDef[], bodies: number): BoxTileScratch {
  let most = 0;
  for (const b of boxDefs) most = Math.max(most, outlinePointCount(b.w / 2, b.h / 2));
  const f = () => new Float64Array(most);
  const g = () => new Float64Array(most * bodies);
  return { push: f(), nx: f(), ny: f(), lx: f(), ly: f(), stride: most, load: g(), loadNx: g(), loadNy: g(), held: g(), standing: new Uint8Array(bodies) };
}

function createChainScratch(particles: number): ChainScratch {
  return { seg: new Float64Array(particles * CHAIN_STRIDE) };
}

/** Particles a rope reserves: enough to be reeled out to maxLength at its nominal segment length. */
function ropeCapacity(def: RopeDef): number {
  const nominal = def.length / def.segments;
  const longest = Math.max(def.length, def.maxLength ?? def.length);
  return Math.max(def.segments, Math.ceil(longest / nominal - 1e-9)) + 2;
}

/** Entities of the def's arrays while building (lookups for rope ends; the world keeps queries). */
interface Built { players: number[]; boxes: number[]; anchors: number[] }

export function createSimWorld(def: WorldDef): SimWorld {
  const settings = resolvePhysicsSettings(def.physics);
  const anchorDefs = def.anchors ?? [];
  const boxDefs = def.boxes ?? [];
  const ropeDefs = def.ropes ?? [];
  const platformDefs = def.platforms ?? [];
  const spareCount = ropeDefs.filter((r) => (r.breakTension ?? 0) > 0).length;
  const tetherDef: RopeDef = {
    a: { kind: 'player', slot: 0 }, b: { kind: 'player', slot: 1 },
    length: def.tether.length, segments: def.tether.segments,
  };
  let particleCount = ropeCapacity(tetherDef);
  for (const r of ropeDefs) particleCount += ropeCapacity(r);
  // Id 0 means "none"; then the players, the ground, boxes, platforms, anchors, ropes with their
  // particles, and the spare halves.
  const entityCapacity = 1 + PLAYER_COUNT + 1 + boxDefs.length + platformDefs.length + anchorDefs.length +
    1 + ropeDefs.length + spareCount + particleCount;
  let pathPoints = 0;
  for (const p of platformDefs) pathPoints += p.path.length;
  const state: SimState = {
    tick: 0,
    settings,
    grid: def.grid,
    ropeTileSums: buildRopeTileSums(def.grid),
    convexCornerSums: buildConvexCornerSums(def.grid),
    goal: { ...def.goal },
    body: createBodyComponent(entityCapacity),
    player: createPlayerComponent(entityCapacity),
    box: createBoxComponent(entityCapacity),
    platform: createPlatformComponent(entityCapacity),
    anchor: createAnchorComponent(entityCapacity),
    rope: createRopeComponent(entityCapacity),
    particle: createParticleComponent(entityCapacity),
    wrap: createWrapState(entityCapacity),
    queries: undefined as unknown as SimState['queries'], // registered below, before any entity
    entityCapacity,
    ground: 0,
    tetherRope: 0,
    tetherLength: def.tether.length,
    rules: createRulesState(),
    assists: { isInvincible: false },
    paths: { x: new Float64Array(pathPoints), y: new Float64Array(pathPoints), segmentLength: new Float64Array(pathPoints) },
    checkpoints: def.checkpoints ?? [],
    gems: checkedGems(def.gems ?? []),
    events: createEventRing(),
    cues: createCueState(entityCapacity),
    input: new Uint8Array(PLAYER_COUNT),
    completedTick: -1,
    contacts: createContacts(CONTACT_CAPACITY),
    chain: createChainScratch(Math.max(ropeCapacity(tetherDef), ...ropeDefs.map(ropeCapacity))),
    boxTileContacts: createBoxTileScratch(boxDefs, boxDefs.length + platformDefs.length),
    substep: { h: DT / settings.substeps, tetherDistance: 0, maxOvershoot: 0, isUnsolved: false },
    profiler: null,
    initial: undefined as unknown as StateSnapshot, // captured at the end
  };
  const world = createWorld(state);
  world.queries = {
    players: registerQuery(world, [world.player]),
    boxes: registerQuery(world, [world.box]),
    platforms: registerQuery(world, [world.platform]),
    anchors: registerQuery(world, [world.anchor]),
    bodies: registerQuery(world, [world.body]),
    ropes: registerQuery(world, [world.rope]),
    particles: registerQuery(world, [world.particle]),
  };
  const built: Built = { players: [], boxes: [], anchors: [] };
  const { body, player, box, platform, anchor, rope } = world;

  for (let slot = 0; slot < PLAYER_COUNT; slot++) {
    const eid = newEntity(world);
    addComponent(world, eid, body);
    addComponent(world, eid, player);
    built.players.push(eid);
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

  world.ground = addStaticBody(world, 0, 0);

  for (const b of boxDefs) {
    const eid = newEntity(world);
    addComponent(world, eid, body);
    addComponent(world, eid, box);
    built.boxes.push(eid);
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
  }

  const platforms: number[] = [];
  let pathAt = 0;
  for (const p of platformDefs) {
    const eid = newEntity(world);
    addComponent(world, eid, body);
    addComponent(world, eid, box);
    addComponent(world, eid, platform);
    platforms.push(eid);
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
    platform.waitTicks[eid] = p.waitTicks ?? 0;
    const { paths } = world;
    p.path.forEach((q, i) => { paths.x[pathAt + i] = q.x; paths.y[pathAt + i] = q.y; });
    for (let i = 0; i < p.path.length; i++) {
      const next = p.path[(i + 1) % p.path.length];
      const dx = next.x - p.path[i].x;
      const dy = next.y - p.path[i].y;
      paths.segmentLength[pathAt + i] = Math.sqrt(dx * dx + dy * dy);
    }
    pathAt += p.path.length;
  }

  for (const a of anchorDefs) {
    const eid = addStaticBody(world, a.x, a.y);
    addComponent(world, eid, anchor);
    built.anchors.push(eid);
    if (a.platform !== undefined) {
      const p = platforms[a.platform];
      anchor.platform[eid] = p;
      anchor.offsetX[eid] = a.x - body.x[p];
      anchor.offsetY[eid] = a.y - body.y[p];
    }
  }

  // The tether: a rope from player 1 to player 2, solved first (PHYSICS.md #4).
  world.tetherRope = addRope(world, built, tetherDef);
  const levelRopes = ropeDefs.map((r) => addRope(world, built, r));
  // Spare halves, inactive until their rope snaps; they take over part of its particle range.
  ropeDefs.forEach((r, k) => {
    if ((r.breakTension ?? 0) <= 0) return;
    const eid = newEntity(world);
    addComponent(world, eid, rope);
    rope.spare[levelRopes[k]] = eid;
    rope.halfOf[eid] = levelRopes[k];
  });

  layOutFromEnds(world, world.tetherRope);
  ropeDefs.forEach((def, k) => {
    if (settings.ropeWrap && def.over !== undefined) slingOver(world, levelRopes[k], def.over);
    layOutFromEnds(world, levelRopes[k]);
  });
  world.initial = captureState(world);
  return world;
}

/** The gems, refused past MAX_GEMS (one bit each in rules.gems). */
function checkedGems(gems: readonly GemDef[]): readonly GemDef[] {
  if (gems.length > MAX_GEMS) throw new Error(`a level has at most ${MAX_GEMS} gems, not ${gems.length}`);
  return gems.map((g) => ({ x: g.x, y: g.y }));
}

/** addEntity, checked against the component arrays' length (they cannot grow). */
function newEntity(world: SimWorld): number {
  const eid = addEntity(world);
  if (eid >= world.entityCapacity) throw new Error(`entity ${eid} does not fit the world's ${world.entityCapacity} entity slots`);
  return eid;
}

/** A body that never moves by itself (1/m = 0, no turning) at (x, y): the ground or an anchor. */
function addStaticBody(world: SimWorld, x: number, y: number): number {
  const { body } = world;
  const eid = newEntity(world);
  addComponent(world, eid, body);
  body.x[eid] = body.prevX[eid] = body.lastX[eid] = x;
  body.y[eid] = body.prevY[eid] = body.lastY[eid] = y;
  body.rotC[eid] = body.prevRotC[eid] = body.lastRotC[eid] = 1;
  return eid;
}

/** A rope entity and its particle entities (one contiguous run of ids). */
function addRope(world: SimWorld, built: Built, def: RopeDef): number {
  const { rope, particle } = world;
  const eid = newEntity(world);
  addComponent(world, eid, rope);
  const capacity = ropeCapacity(def);
  const count = def.segments + 1;
  let first = 0;
  for (let k = 0; k < capacity; k++) {
    const i = newEntity(world);
    addComponent(world, i, particle);
    if (k === 0) first = i;
    else if (i !== first + k) throw new Error(`rope particles must be contiguous: ${i} after ${first + k - 1}`);
  }
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
  for (let i = first; i < first + count - 1; i++) particle.rest[i] = seg;
  const particleInvMass = 1 / world.settings.ropeParticleMass;
  for (let i = first; i < first + count; i++) particle.invMass[i] = particleInvMass;
  tieEnd(world, built, eid, 0, def.a);
  tieEnd(world, built, eid, 1, def.b);
  return eid;
}

/** Ties end `side` of rope `r` as `end` says: to a body at a point in its frame, or free. */
function tieEnd(world: SimWorld, built: Built, r: number, side: 0 | 1, end: RopeEndDef): void {
  const { rope } = world;
  let e = 0;
  let lx = 0;
  let ly = 0;
  switch (end.kind) {
    case 'point': e = world.ground; lx = end.x; ly = end.y; break;
    case 'anchor': {
      const a = built.anchors[end.anchor];
      const p = world.anchor.platform[a];
      // An anchor on a platform is a point of that (immovable, 1/m = 0) body: the rope end then
      // moves with it through every substep, like a rope tied to a box.
      if (p !== 0) { e = p; lx = world.anchor.offsetX[a]; ly = world.anchor.offsetY[a]; }
      else e = a;
      break;
    }
    case 'box': e = built.boxes[end.box]; lx = end.x; ly = end.y; break;
    case 'player': e = built.players[end.slot]; break;
    case 'free': break;
  }
  if (side === 0) {
    rope.bodyA[r] = e; rope.localAX[r] = lx; rope.localAY[r] = ly;
  } else {
    rope.bodyB[r] = e; rope.localBX[r] = lx; rope.localBY[r] = ly;
  }
  // A tied end particle is carried by what it is tied to: 1/mass = 0 in the chain.
  const i = side === 0 ? rope.first[r] : rope.first[r] + rope.count[r] - 1;
  if (e !== 0) world.particle.invMass[i] = 0;
}

// Finding the entity of a level's thing for code outside the systems (tests, tools, the game's
// debug handle), through the queries: entities are created in the order of the WorldDef's arrays
// and never removed, so the k-th entity of a query is the def's k-th thing of that kind.

import type { SimWorld } from './worldState';

/** Player `slot`'s entity (0 = player 1). */
export function playerEntity(world: SimWorld, slot: number): number {
  return world.queries.players.dense[slot];
}

/** The entity of WorldDef.boxes[k] (the boxes query lists the crates first, then the platforms). */
export function boxEntity(world: SimWorld, k: number): number {
  return world.queries.boxes.dense[k];
}

/** The entity of WorldDef.platforms[k]. */
export function platformEntity(world: SimWorld, k: number): number {
  return world.queries.platforms.dense[k];
}

/** The entity of WorldDef.anchors[k]. */
export function anchorEntity(world: SimWorld, k: number): number {
  return world.queries.anchors.dense[k];
}

/** The entity of WorldDef.ropes[k] (the ropes query lists the tether first). */
export function ropeEntity(world: SimWorld, k: number): number {
  return world.queries.ropes.dense[1 + k];
}

/** The level's rope entities in WorldDef order: no tether, no spare halves (allocates: for tools and tests). */
export function levelRopes(world: SimWorld): number[] {
  const out: number[] = [];
  const ropes = world.queries.ropes.dense;
  for (let k = 0; k < ropes.length; k++) {
    const r = ropes[k];
    if (r !== world.tetherRope && world.rope.halfOf[r] === 0) out.push(r);
  }
  return out;
}

/** How many crates the level has (the boxes query's platforms not counted). */
export function crateCount(world: SimWorld): number {
  return world.queries.boxes.dense.length - world.queries.platforms.dense.length;
}

/** True if `e` is one of the players. */
export function isPlayerEntity(world: SimWorld, e: number): boolean {
  const players = world.queries.players.dense;
  return e !== 0 && (e === players[0] || e === players[1]);
}

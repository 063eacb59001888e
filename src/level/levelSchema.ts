// The level file format, version 1, as a valibot schema: the one description of a level that the
// game validates with (and that a JSON Schema for editors can be generated from later).
// Units: metres = tiles (1 tile = 1 m), x to the right, y down, (0, 0) = top-left of the grid.

import * as v from 'valibot';

export const LEVEL_FORMAT = 'ropebound-level';
export const LEVEL_VERSION = 1;
/** Largest grid, in tiles. */
export const MAX_WIDTH = 512;
export const MAX_HEIGHT = 256;

/** A finite number within [min, max]: JSON's 1e309 parses to Infinity, and that must not pass. */
const bounded = (min: number, max: number) =>
  v.pipe(v.number(), v.finite('must be a finite number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));
const boundedInt = (min: number, max: number) =>
  v.pipe(bounded(min, max), v.integer('must be a whole number'));

const entityId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, _ or -'));

const spawnSchema = v.strictObject({
  id: entityId,
  /** Which player starts here: 1 or 2. */
  player: v.picklist([1, 2], 'must be 1 or 2'),
  /** Feet position (centre-bottom of the player), m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
});

const goalSchema = v.strictObject({
  id: entityId,
  /** Top-left corner and size of the goal area, m. Both players' centres must be inside. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
  w: bounded(0.5, MAX_WIDTH),
  h: bounded(0.5, MAX_HEIGHT),
});

const tetherSchema = v.strictObject({
  /** Rope length between the players, m. */
  length: bounded(1, 40),
  /** Rope segments drawn and simulated. */
  segments: boundedInt(2, 128),
});

const physicsSchema = v.strictObject({
  gravity: v.optional(bounded(0, 200)),
  substeps: v.optional(boundedInt(1, 64)),
  runSpeed: v.optional(bounded(0.5, 40)),
  jumpSpeed: v.optional(bounded(0, 60)),
  ropeDamping: v.optional(bounded(0, 50)),
});

export const levelSchema = v.strictObject({
  $schema: v.optional(v.string()),
  format: v.literal(LEVEL_FORMAT, `must be "${LEVEL_FORMAT}"`),
  version: v.literal(LEVEL_VERSION),
  id: entityId,
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(80, 'must be at most 80 characters')),
  author: v.optional(v.pipe(v.string(), v.maxLength(80))),
  description: v.optional(v.pipe(v.string(), v.maxLength(500))),
  /** Rows of the grid, top first: '#' solid, '=' one-way platform, '.' empty. */
  tiles: v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^[#=.]*$/, "may only contain '#' (solid), '=' (one-way platform) and '.' (empty)"))),
    v.minLength(2, 'needs at least 2 rows'),
    v.maxLength(MAX_HEIGHT, `may have at most ${MAX_HEIGHT} rows`),
  ),
  spawns: v.pipe(v.array(spawnSchema), v.maxLength(2, 'must list exactly 2 spawns'), v.minLength(2, 'must list exactly 2 spawns')),
  goal: goalSchema,
  tether: tetherSchema,
  physics: v.optional(physicsSchema),
});

export type LevelFile = v.InferOutput<typeof levelSchema>;

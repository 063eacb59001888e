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
  /** Air drag on boxes and rope particles, 1/s (0 = a pendulum swings forever). */
  airDrag: v.optional(bounded(0, 50)),
});

/** Largest box side, m, and largest rope length, m (reeled out: MAX_ROPE_REEL). */
export const MAX_BOX_SIZE = 8;
export const MAX_ROPE_LENGTH = 60;
export const MAX_ROPE_REEL = 120;

const anchorSchema = v.strictObject({
  id: entityId,
  /** A fixed point ropes hang from, m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
});

const boxSchema = v.strictObject({
  id: entityId,
  /** Centre, m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
  /** Full width and height, m. */
  w: bounded(0.2, MAX_BOX_SIZE),
  h: bounded(0.2, MAX_BOX_SIZE),
  /** kg. */
  mass: bounded(0.1, 10000),
  /** true: touching it kills a player (the level restarts). */
  spikes: v.optional(v.boolean()),
});

const pointSchema = v.strictTuple([bounded(0, MAX_WIDTH), bounded(0, MAX_HEIGHT)], 'must be [x, y]');
const offsetSchema = v.strictTuple([bounded(-MAX_BOX_SIZE, MAX_BOX_SIZE), bounded(-MAX_BOX_SIZE, MAX_BOX_SIZE)], 'must be [x, y]');

/**
 * What a rope end is tied to: exactly one of an anchor, a box (at a point relative to its centre,
 * default the middle of its top side), a player (at the centre), or a fixed point in the level.
 * Rejected alternative: a valibot union of four objects, whose errors say only "invalid type".
 */
const ropeEndSchema = v.pipe(
  v.strictObject({
    anchor: v.optional(entityId),
    box: v.optional(entityId),
    /** With `box`: attachment point relative to the box's centre, in the box's frame, m. */
    at: v.optional(offsetSchema),
    player: v.optional(v.picklist([1, 2], 'must be 1 or 2')),
    point: v.optional(pointSchema),
  }),
  v.check(
    (end) => [end.anchor, end.box, end.player, end.point].filter((x) => x !== undefined).length === 1,
    'must name exactly one of "anchor", "box", "player" or "point"',
  ),
  v.check((end) => end.at === undefined || end.box !== undefined, '"at" only goes with "box"'),
);

const ropeSchema = v.strictObject({
  id: entityId,
  a: ropeEndSchema,
  b: ropeEndSchema,
  /** Rest length, m. */
  length: bounded(0.2, MAX_ROPE_LENGTH),
  /** Segments simulated and drawn. */
  segments: boundedInt(1, 128),
  /** Stretchiness, m/N (0 = inextensible). */
  compliance: v.optional(bounded(0, 1)),
  /** Tension at which the rope snaps, N (0 = never). */
  breakTension: v.optional(bounded(0, 1e7)),
  /** Longest the rope may be reeled out to, m (at least `length`). */
  maxLength: v.optional(bounded(0.2, MAX_ROPE_REEL)),
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
  anchors: v.optional(v.pipe(v.array(anchorSchema), v.maxLength(256, 'may list at most 256 anchors'))),
  boxes: v.optional(v.pipe(v.array(boxSchema), v.maxLength(256, 'may list at most 256 boxes'))),
  ropes: v.optional(v.pipe(v.array(ropeSchema), v.maxLength(256, 'may list at most 256 ropes'))),
  physics: v.optional(physicsSchema),
});

export type LevelFile = v.InferOutput<typeof levelSchema>;
export type LevelRopeEnd = v.InferOutput<typeof ropeEndSchema>;

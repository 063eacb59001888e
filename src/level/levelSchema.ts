// The level file format as valibot schemas: the one description of a level that the game validates
// with and that levels/level.schema.json is generated from (npm run schema). Version 2 is current;
// version 1 is kept frozen so old files are checked against the rules they were written for, then
// migrated (src/level/migrateLevel.ts).
// Units: metres = tiles (1 tile = 1 m), x to the right, y down, (0, 0) = top-left of the grid.

import * as v from 'valibot';
import { MAX_GEMS, MAX_WRAPS } from '../sim';

export const LEVEL_FORMAT = 'ropebound-level';
/** The version this game writes and the JSON Schema describes. */
export const LEVEL_VERSION = 2;
/** Every version this game reads (older ones are migrated on load). */
export const READABLE_VERSIONS: readonly number[] = [1, 2];
/** Largest grid, in tiles. */
export const MAX_WIDTH = 512;
export const MAX_HEIGHT = 256;

/** A finite number within [min, max]: JSON's 1e309 parses to Infinity, and that must not pass. */
const bounded = (min: number, max: number) =>
  v.pipe(v.number(), v.finite('must be a finite number'), v.minValue(min, `must be at least ${min}`), v.maxValue(max, `must be at most ${max}`));
const boundedInt = (min: number, max: number) =>
  v.pipe(bounded(min, max), v.integer('must be a whole number'));

const entityId = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, _ or -'));

/** Longest name and author, in characters as a person sees them, and in UTF-8 bytes. */
export const MAX_NAME_CHARS = 80;
export const MAX_NAME_BYTES = 4096;
/** Longest description, in characters as a person sees them, and in UTF-8 bytes. */
export const MAX_DESCRIPTION_CHARS = 500;
export const MAX_DESCRIPTION_BYTES = 16384;

let segmenter: Intl.Segmenter | null = null;

/**
 * How many characters a person sees in `text` (grapheme clusters: 👨‍👩‍👧 or é written as e + ◌́
 * is one), counted no further than `limit`. Intl.Segmenter's time grows with the square of the
 * text it walks (16,000 characters took 160 ms here), so callers cap the bytes first and the count
 * stops at the limit.
 */
export function countGraphemes(text: string, limit = Infinity): number {
  segmenter ??= new Intl.Segmenter();
  let n = 0;
  for (const _ of segmenter.segment(text)) if (++n >= limit) break;
  return n;
}

/**
 * Text shown to players: at most `maxChars` characters as a person sees them (an emoji counts as
 * one; UTF-16 units counted an 80-emoji name as 160) and at most `maxBytes` bytes of UTF-8, a cap
 * for safety (one character may carry any number of combining marks). The characters are counted
 * only within the byte cap (a longer text has its byte error already).
 */
const shownText = (maxChars: number, maxBytes: number) => [
  v.maxBytes(maxBytes, `must be at most ${maxBytes} bytes (UTF-8)`),
  v.check(
    (text: string) => text.length <= maxChars || text.length > maxBytes || countGraphemes(text, maxChars + 1) <= maxChars,
    `must be at most ${maxChars} characters`,
  ),
] as const;

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
  /** Ropes bend around the corners of solid tiles instead of passing through them when taut. */
  ropeWrap: v.optional(v.boolean()),
  /** Friction between a rope and the corners it bends around (capstan mu; 0 = a pulley). */
  edgeFriction: v.optional(bounded(0, 2)),
});

/** Largest box side, m, and largest rope length, m (reeled out: MAX_ROPE_REEL). */
export const MAX_BOX_SIZE = 8;
export const MAX_ROPE_LENGTH = 60;
export const MAX_ROPE_REEL = 120;

const anchorSchemaV1 = v.strictObject({
  id: entityId,
  /** A fixed point ropes hang from, m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
});

const anchorSchema = v.strictObject({
  ...anchorSchemaV1.entries,
  /** Id of a platform this anchor rides: (x, y) is where it is when the level starts. */
  platform: v.optional(entityId),
});

const boxSchemaV1 = v.strictObject({
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

/** Largest start speed of a box, m/s. */
export const MAX_PUSH = 50;

const boxSchema = v.strictObject({
  ...boxSchemaV1.entries,
  /** Pendulums: swing the box out by this angle around the fixed end of the one rope it hangs
   *  from, degrees (positive = to the right, i.e. counter-clockwise on screen when hanging). */
  startAngle: v.optional(bounded(-170, 170)),
  /** Velocity at the start, [vx, vy] m/s. */
  push: v.optional(v.strictTuple([bounded(-MAX_PUSH, MAX_PUSH), bounded(-MAX_PUSH, MAX_PUSH)], 'must be [vx, vy]')),
});

const pointSchema = v.strictTuple([bounded(0, MAX_WIDTH), bounded(0, MAX_HEIGHT)], 'must be [x, y]');
const offsetSchema = v.strictTuple([bounded(-MAX_BOX_SIZE, MAX_BOX_SIZE), bounded(-MAX_BOX_SIZE, MAX_BOX_SIZE)], 'must be [x, y]');

/**
 * What a rope end is tied to: exactly one of an anchor, a box (at a point relative to its centre,
 * default the middle of its top side), a player (at the centre), a fixed point in the level, or
 * nothing (`"free": true`: a loose end that starts hanging straight down from the rope's other end).
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
    free: v.optional(v.literal(true, 'must be true (a loose end)')),
  }),
  v.check(
    (end) => [end.anchor, end.box, end.player, end.point, end.free].filter((x) => x !== undefined).length === 1,
    'must name exactly one of "anchor", "box", "player", "point" or "free"',
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
  /** With physics.ropeWrap: tile corners [x, y] the rope starts slung over, from end a to end b. */
  over: v.optional(v.pipe(v.array(pointSchema), v.maxLength(MAX_WRAPS, `must list at most ${MAX_WRAPS} corners`))),
});

/** Most points in a platform's path. */
export const MAX_PATH_POINTS = 64;

const platformSchema = v.strictObject({
  id: entityId,
  /** Full width and height, m. */
  w: bounded(0.5, 16),
  h: bounded(0.2, 4),
  /** Positions of its centre, m: it starts at the first and moves along the others in order. */
  path: v.pipe(v.array(pointSchema), v.minLength(2, 'needs at least 2 points'), v.maxLength(MAX_PATH_POINTS, `may have at most ${MAX_PATH_POINTS} points`)),
  /** m/s along the path. */
  speed: bounded(0.1, 20),
  /** "pingpong" (default): back and forth; "loop": from the last point on to the first. */
  mode: v.optional(v.picklist(['pingpong', 'loop'], 'must be "pingpong" or "loop"')),
  /** Seconds it stands still at each end (pingpong) or at its first point (loop); default 0. */
  wait: v.optional(bounded(0, 10)),
});

const checkpointSchema = v.strictObject({
  id: entityId,
  /** Top-left corner and size of the area; a player's centre inside it reaches the checkpoint, m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
  w: bounded(0.5, MAX_WIDTH),
  h: bounded(0.5, MAX_HEIGHT),
  /** Where player 1 and player 2 respawn: feet positions [x, y], m. */
  p1: pointSchema,
  p2: pointSchema,
});

const gemSchema = v.strictObject({
  id: entityId,
  /** Centre of the gem, m: a player touching it collects it. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
});

/** The verbs a teaching hint can teach, in the order players meet them. */
export const HINT_VERBS = ['walk', 'jump', 'anchor', 'swing', 'pump', 'rappel', 'haul', 'climb', 'bump', 'ride'] as const;
export type HintVerb = (typeof HINT_VERBS)[number];

/** A teaching prompt: shown while a player is in the area until that verb has been done. Never
 *  read by the sim (the app and UI show it), so hints change neither play nor replays. */
const hintSchema = v.strictObject({
  id: entityId,
  verb: v.picklist(HINT_VERBS, `must be one of ${HINT_VERBS.map((w) => `"${w}"`).join(', ')}`),
  /** Top-left corner and size of the area; a player's centre inside it shows the prompt, m. */
  x: bounded(0, MAX_WIDTH),
  y: bounded(0, MAX_HEIGHT),
  w: bounded(0.5, MAX_WIDTH),
  h: bounded(0.5, MAX_HEIGHT),
});

/** The campaign's worlds: each has its own tiles, backdrop, palette and music (src/render/worldLooks.ts,
 *  src/audio/soundFiles.ts). Presentation only: outside the sim and the replays' level hash. */
export const WORLDS = [1, 2, 3] as const;
export type WorldNumber = (typeof WORLDS)[number];
/** The world of a level that names none (files written before worlds existed, shared levels). */
export const DEFAULT_WORLD: WorldNumber = 1;

/** Most hints in a level. */
export const MAX_HINTS = 64;
/** A level's list of hints, as the schema checks it (the app reads hints from the file with it). */
export const hintListSchema = v.pipe(v.array(hintSchema), v.maxLength(MAX_HINTS, `may list at most ${MAX_HINTS} hints`));

const TILE_ROW_V1 = v.pipe(v.string(), v.regex(/^[#=.]*$/, "may only contain '#' (solid), '=' (one-way platform) and '.' (empty)"));
const TILE_ROW = v.pipe(v.string(), v.regex(/^[#=.^]*$/, "may only contain '#' (solid), '=' (one-way platform), '^' (spikes) and '.' (empty)"));

/** Version 1, frozen: what files written for it may hold. */
export const levelSchemaV1 = v.strictObject({
  $schema: v.optional(v.string()),
  format: v.literal(LEVEL_FORMAT, `must be "${LEVEL_FORMAT}"`),
  version: v.literal(1),
  id: entityId,
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), ...shownText(MAX_NAME_CHARS, MAX_NAME_BYTES)),
  author: v.optional(v.pipe(v.string(), ...shownText(MAX_NAME_CHARS, MAX_NAME_BYTES))),
  description: v.optional(v.pipe(v.string(), ...shownText(MAX_DESCRIPTION_CHARS, MAX_DESCRIPTION_BYTES))),
  /** Rows of the grid, top first: '#' solid, '=' one-way platform, '.' empty. */
  tiles: v.pipe(
    v.array(TILE_ROW_V1),
    v.minLength(2, 'needs at least 2 rows'),
    v.maxLength(MAX_HEIGHT, `may have at most ${MAX_HEIGHT} rows`),
  ),
  spawns: v.pipe(v.array(spawnSchema), v.maxLength(2, 'must list exactly 2 spawns'), v.minLength(2, 'must list exactly 2 spawns')),
  goal: goalSchema,
  tether: tetherSchema,
  anchors: v.optional(v.pipe(v.array(anchorSchemaV1), v.maxLength(256, 'may list at most 256 anchors'))),
  boxes: v.optional(v.pipe(v.array(boxSchemaV1), v.maxLength(256, 'may list at most 256 boxes'))),
  ropes: v.optional(v.pipe(v.array(ropeSchema), v.maxLength(256, 'may list at most 256 ropes'))),
  physics: v.optional(physicsSchema),
});

/** Version 2 (current): spike tiles, checkpoints, moving platforms, anchors riding them, pendulum starts. */
export const levelSchema = v.strictObject({
  ...levelSchemaV1.entries,
  version: v.literal(LEVEL_VERSION),
  /** Rows of the grid, top first: '#' solid, '=' one-way platform, '^' spikes, '.' empty. */
  tiles: v.pipe(
    v.array(TILE_ROW),
    v.minLength(2, 'needs at least 2 rows'),
    v.maxLength(MAX_HEIGHT, `may have at most ${MAX_HEIGHT} rows`),
  ),
  anchors: v.optional(v.pipe(v.array(anchorSchema), v.maxLength(256, 'may list at most 256 anchors'))),
  boxes: v.optional(v.pipe(v.array(boxSchema), v.maxLength(256, 'may list at most 256 boxes'))),
  /** In order: reaching a later checkpoint moves the respawn point there. */
  checkpoints: v.optional(v.pipe(v.array(checkpointSchema), v.maxLength(64, 'may list at most 64 checkpoints'))),
  platforms: v.optional(v.pipe(v.array(platformSchema), v.maxLength(64, 'may list at most 64 platforms'))),
  /** Gems to collect: optional for finishing, counted on the level select (MAX_GEMS at most). */
  gems: v.optional(v.pipe(v.array(gemSchema), v.maxLength(MAX_GEMS, `may list at most ${MAX_GEMS} gems`))),
  /** Teaching prompts (optional, presentation only: outside the sim and the replays' level hash). */
  hints: v.optional(hintListSchema),
  /** Which world the level belongs to (looks and music only); DEFAULT_WORLD when absent. */
  world: v.optional(v.picklist(WORLDS, 'must be 1, 2 or 3 (the world whose looks and music the level uses)')),
});

export type LevelFile = v.InferOutput<typeof levelSchema>;
export type LevelFileV1 = v.InferOutput<typeof levelSchemaV1>;
export type LevelHint = v.InferOutput<typeof hintSchema>;
export type LevelRopeEnd = v.InferOutput<typeof ropeEndSchema>;

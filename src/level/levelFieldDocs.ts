// What each field of a level file means, its unit and its default: the words the JSON Schema's
// hovers (tools/levelJsonSchema.ts -> levels/level.schema.json) and the editor's inspector
// (src/editor/doc/fieldMeta.ts) both show. Types and bounds are not here: they come from the
// valibot schema (levelSchema.ts), the one place they are written.

import { defaultPhysicsSettings } from '../sim';
import { LEVEL_FORMAT, LEVEL_VERSION } from './levelSchema';

/** Hover texts for editors, by path: `a.b` for object fields, `a[]` for an array's items. */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, string>> = {
  $schema: 'Path of this JSON Schema, for editors: "./level.schema.json".',
  format: `Always "${LEVEL_FORMAT}".`,
  version: `Format version: write ${LEVEL_VERSION}. The game also reads version 1 files (they are migrated on load) but this schema describes version ${LEVEL_VERSION}.`,
  id: 'Stable id of the level: 1-40 letters, digits, _ or -.',
  name: 'Name shown to players: 1-80 characters as a person sees them (an emoji or an accented letter counts as one), at most 4096 bytes.',
  author: 'Who made the level: at most 80 characters as a person sees them, at most 4096 bytes.',
  description: 'A sentence or two about the level: at most 500 characters as a person sees them, at most 16384 bytes.',
  tiles: "Rows of the grid, top first; all rows equally wide (2-512 tiles), 2-256 rows. '#' solid, '=' one-way wooden plank, '^' spikes (deadly, not solid: put them on a floor), '.' empty. 1 tile = 1 m.",
  spawns: 'Exactly two spawns, one for player 1 and one for player 2, at most tether.length apart.',
  'spawns[]': 'Where a player starts.',
  'spawns[].id': "Unique id (by convention 'p1' / 'p2').",
  'spawns[].player': 'Which player starts here: 1 or 2.',
  'spawns[].x': "x of the player's feet (centre-bottom), m.",
  'spawns[].y': "y of the player's feet (centre-bottom), m; y points down.",
  goal: "Rectangle both players' centres must be inside to complete the level.",
  'goal.x': 'Left edge, m.',
  'goal.y': 'Top edge, m (y points down).',
  'goal.w': 'Width, m.',
  'goal.h': 'Height, m.',
  tether: 'The rope between the two players.',
  'tether.length': 'Rope length between the players, m.',
  'tether.segments': 'Rope segments simulated and drawn.',
  physics: 'Optional overrides of the physics settings.',
  'physics.gravity': 'm/s², default 40.',
  'physics.substeps': 'Solver substeps per tick, default 8.',
  'physics.runSpeed': 'm/s, default 7.',
  'physics.jumpSpeed': 'm/s, default 14.1.',
  'physics.ropeDamping': '1/s, default 0.5.',
  'physics.airDrag': 'Air drag on boxes and rope particles, 1/s, default 0 (a pendulum swings forever).',
  anchors: 'Points ropes hang from: fixed, or riding a moving platform.',
  'anchors[].x': 'm, inside the grid (on a platform: where it is when the level starts).',
  'anchors[].y': 'm, inside the grid (y points down).',
  'anchors[].platform': 'Id of a platform in "platforms": the anchor rides it, keeping its offset from the platform\'s centre.',
  boxes: 'Dynamic boxes.',
  'boxes[].x': 'Centre x, m.',
  'boxes[].y': 'Centre y, m (y points down).',
  'boxes[].w': 'Full width, m.',
  'boxes[].h': 'Full height, m.',
  'boxes[].mass': 'kg.',
  'boxes[].spikes': 'true: touching it kills a player (both respawn at the last checkpoint).',
  'boxes[].startAngle': 'Pendulums: degrees the box starts swung out around the fixed end of the one rope it hangs from (positive = to the right); x, y is where it hangs at rest.',
  'boxes[].push': 'Velocity at the start, [vx, vy] m/s.',
  checkpoints: 'In order: once either player\'s centre is inside a checkpoint later in the list, deaths respawn both players there.',
  'checkpoints[].x': 'Left edge of the area, m.',
  'checkpoints[].y': 'Top edge of the area, m (y points down).',
  'checkpoints[].w': 'Width of the area, m.',
  'checkpoints[].h': 'Height of the area, m.',
  'checkpoints[].p1': "Where player 1 respawns: feet (centre-bottom) [x, y], m.",
  'checkpoints[].p2': "Where player 2 respawns: feet (centre-bottom) [x, y], m; within tether.length of p1.",
  hints: 'Teaching prompts: while either player\'s centre is inside a hint\'s area and that verb has not been done yet this visit, a short prompt shows the players\' own keys for it. Presentation only: hints never change play or replays.',
  'hints[].id': 'Unique id.',
  'hints[].verb': 'What it teaches: "walk", "jump", "anchor", "swing", "pump", "rappel", "haul", "bump" or "ride".',
  'hints[].x': 'Left edge of the area, m.',
  'hints[].y': 'Top edge of the area, m (y points down).',
  'hints[].w': 'Width of the area, m.',
  'hints[].h': 'Height of the area, m.',
  world: 'Which world of the campaign the level belongs to: 1, 2 or 3 (default 1). It picks the tiles, backdrop, colours and music; presentation only, it never changes play or replays.',
  platforms: 'Moving platforms: solid boxes that carry players and anchors along a path.',
  'platforms[].w': 'Full width, m.',
  'platforms[].h': 'Full height, m.',
  'platforms[].path': 'Positions of its centre, [[x, y], ...] m: it starts at the first and moves through the others in order.',
  'platforms[].speed': 'm/s along the path.',
  'platforms[].mode': '"pingpong" (default): back and forth along the path; "loop": from the last point straight on to the first.',
  ropes: 'Ropes between anchors, boxes, players and fixed points.',
  'ropes[].a': 'One end: exactly one of {"anchor": id}, {"box": id, "at"?: [x, y]}, {"player": 1|2}, {"point": [x, y]}, {"free": true} (a loose end, hanging straight down from the other end at the start).',
  'ropes[].b': 'The other end: exactly one of {"anchor": id}, {"box": id, "at"?: [x, y]}, {"player": 1|2}, {"point": [x, y]}, {"free": true} (a loose end, hanging straight down from the other end at the start).',
  'ropes[].length': 'Rest length, m; at least the distance between the ends at the start.',
  'ropes[].segments': 'Segments simulated and drawn.',
  'ropes[].compliance': 'Stretchiness, m/N; default 0 (inextensible).',
  'ropes[].breakTension': 'Tension at which the rope snaps, N; default 0 (never). Needs segments >= 2.',
  'ropes[].maxLength': 'Longest the rope may be reeled out to, m; at least length.',
};

/** What each key of a rope end (`a`, `b`) means. */
export const ROPE_END_DESCRIPTIONS: Readonly<Record<string, string>> = {
  anchor: 'Id of an anchor in "anchors".',
  box: 'Id of a box in "boxes".',
  at: "With \"box\": attachment point relative to the box's centre, m, within the box; default [0, -h/2] (middle of the top side).",
  player: "1 or 2: tied to that player's centre.",
  point: 'A fixed point in the level, [x, y] m.',
};

/** Unit of each number field, by the same paths ('boxes[].mass'); a path missing here has none. */
export const FIELD_UNITS: Readonly<Record<string, string>> = {
  'spawns[].x': 'm', 'spawns[].y': 'm',
  'goal.x': 'm', 'goal.y': 'm', 'goal.w': 'm', 'goal.h': 'm',
  'tether.length': 'm',
  'physics.gravity': 'm/s²', 'physics.runSpeed': 'm/s', 'physics.jumpSpeed': 'm/s',
  'physics.ropeDamping': '1/s', 'physics.airDrag': '1/s',
  'anchors[].x': 'm', 'anchors[].y': 'm',
  'boxes[].x': 'm', 'boxes[].y': 'm', 'boxes[].w': 'm', 'boxes[].h': 'm', 'boxes[].mass': 'kg',
  'boxes[].startAngle': '°', 'boxes[].push': 'm/s',
  'checkpoints[].x': 'm', 'checkpoints[].y': 'm', 'checkpoints[].w': 'm', 'checkpoints[].h': 'm',
  'checkpoints[].p1': 'm', 'checkpoints[].p2': 'm',
  'hints[].x': 'm', 'hints[].y': 'm', 'hints[].w': 'm', 'hints[].h': 'm',
  'platforms[].w': 'm', 'platforms[].h': 'm', 'platforms[].path': 'm', 'platforms[].speed': 'm/s',
  'ropes[].length': 'm', 'ropes[].compliance': 'm/N', 'ropes[].breakTension': 'N', 'ropes[].maxLength': 'm',
  'ropes[].a.at': 'm', 'ropes[].a.point': 'm', 'ropes[].b.at': 'm', 'ropes[].b.point': 'm',
};

const PHYSICS = defaultPhysicsSettings();

/** What an optional field means when it is left out (the game's own defaults). */
export const FIELD_DEFAULTS: Readonly<Record<string, number | boolean | string>> = {
  'physics.gravity': PHYSICS.gravity,
  'physics.substeps': PHYSICS.substeps,
  'physics.runSpeed': PHYSICS.runSpeed,
  'physics.jumpSpeed': PHYSICS.jumpSpeed,
  'physics.ropeDamping': PHYSICS.ropeDamping,
  'physics.airDrag': PHYSICS.airDrag,
  'boxes[].spikes': false,
  'boxes[].startAngle': 0,
  'platforms[].mode': 'pingpong',
  world: 1,
  'ropes[].compliance': 0,
  'ropes[].breakTension': 0,
};

// `npm run schema`: levels/level.schema.json, the JSON Schema editors (VS Code) use to autocomplete
// and check level files, generated from the SAME valibot schema the game validates with
// (src/level/levelSchema.ts), so the two cannot disagree. tests/unit/levelJsonSchema.test.ts fails
// when the committed file is out of date.
//
// What JSON Schema cannot say is left to the game's own checks (parseLevel): finite numbers (JSON
// has no Infinity, but 1e309 parses to it), ids unique and references resolving, equal row widths,
// positions inside the grid, ropes long enough, spawns within the tether, the 1 MiB cap.

import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { toJsonSchema } from '@valibot/to-json-schema';
import { LEVEL_FORMAT, LEVEL_VERSION, levelSchema } from '../src/level/levelSchema';

export const LEVEL_SCHEMA_PATH = fileURLToPath(new URL('../levels/level.schema.json', import.meta.url));

type Node = Record<string, unknown>;

/** Hover texts for editors, by path: `a.b` for object fields, `a[]` for an array's items. */
const DESCRIPTIONS: Record<string, string> = {
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

const END_DESCRIPTIONS: Record<string, string> = {
  anchor: 'Id of an anchor in "anchors".',
  box: 'Id of a box in "boxes".',
  at: "With \"box\": attachment point relative to the box's centre, m, within the box; default [0, -h/2] (middle of the top side).",
  player: "1 or 2: tied to that player's centre.",
  point: 'A fixed point in the level, [x, y] m.',
};

/** The JSON Schema of a level file (plain data, deterministic). */
export function buildLevelJsonSchema(): Node {
  const generated = toJsonSchema(levelSchema, {
    target: 'draft-07',
    // finite(): JSON cannot hold Infinity anyway (parseLevel rejects 1e309); check(): the rope-end
    // rules, re-expressed below, and text lengths in characters as shown (JSON Schema's maxLength
    // counts code points: an emoji of 7 would count 7); max_bytes: JSON Schema has no byte count
    // (the descriptions say both). Anything else that cannot be converted is warned about and
    // skipped, never thrown: the game's validator stays the authority.
    ignoreActions: ['finite', 'check', 'max_bytes'],
    errorMode: 'warn',
  }) as Node;
  const { $schema, ...rest } = generated;
  const schema: Node = {
    $schema,
    title: 'Ropebound level',
    description: `A Ropebound level file (format "${LEVEL_FORMAT}", version ${LEVEL_VERSION}). Units: metres, 1 tile = 1 m, x right, y down, (0, 0) top-left. Generated by \`npm run schema\` from src/level/levelSchema.ts; see docs/LEVELS.md. The game also checks what this schema cannot: unique ids, references, rows of equal width, positions inside the grid, rope lengths, standing room for spawns, respawn points and the goal, what rides a platform, names in characters as shown and in bytes, the cost per tick, the first second of play, the 1 MiB size cap.`,
    ...rest,
  };
  for (const [path, text] of Object.entries(DESCRIPTIONS)) describe(schema, path, text);
  const ropeItem = at(schema, 'ropes[]');
  for (const side of ['a', 'b']) {
    const end = (ropeItem.properties as Record<string, Node>)[side];
    for (const [key, text] of Object.entries(END_DESCRIPTIONS)) (end.properties as Record<string, Node>)[key].description = text;
    // The two valibot check()s of a rope end, in JSON Schema words.
    end.oneOf = ['anchor', 'box', 'player', 'point'].map((k) => ({ required: [k] }));
    end.dependencies = { at: ['box'] };
  }
  return schema;
}

/** The sub-schema at a DESCRIPTIONS path. */
function at(schema: Node, path: string): Node {
  let node = schema;
  for (const part of path.split('.')) {
    const isItem = part.endsWith('[]');
    const key = isItem ? part.slice(0, -2) : part;
    const props = node.properties as Record<string, Node> | undefined;
    if (!props || !(key in props)) throw new Error(`levelJsonSchema: no field '${path}' in the schema (update DESCRIPTIONS)`);
    node = props[key];
    if (isItem) node = node.items as Node;
  }
  return node;
}

function describe(schema: Node, path: string, text: string): void {
  at(schema, path).description = text;
}

export function levelJsonSchemaText(): string {
  return `${JSON.stringify(buildLevelJsonSchema(), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(LEVEL_SCHEMA_PATH, levelJsonSchemaText());
  console.log(`wrote ${LEVEL_SCHEMA_PATH}`);
}

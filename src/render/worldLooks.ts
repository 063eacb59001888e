// The looks of the campaign's three worlds (a level's `world` field, 1-3): the clear colour, the
// colours of solid tiles, planks and side walls, the mortar pattern inside a solid cell, and which
// far layer and top decoration drawTiles draws. Data, so a world costs a table row, not a renderer.
// Players, ropes, crates, spikes and the goal keep palette.ts's colours in every world: each
// world's backdrop stays dark and its tiles mid-dark, so they read the same everywhere.

import { drawGrit, drawMineWall, drawMoss, drawNightSky, drawRuinWall, drawSnow, type WorldLook } from './worldLayers';
import { palette } from './palette';

export type { WorldLayer, WorldLook } from './worldLayers';

const RUINS: WorldLook = {
  background: palette.background,
  solidFill: palette.solidFill,
  solidEdge: palette.solidEdge,
  solidTop: palette.solidTop,
  solidMortar: palette.solidMortar,
  wallFill: palette.wallFill,
  plank: palette.plank,
  plankShade: palette.plankShade,
  // Stone courses: a line halfway down and staggered joints, so the 1 m scale shows inside big masses.
  mortar: [0, 0.49, 1, 0.03, 0.24, 0.05, 0.03, 0.44, 0.74, 0.52, 0.03, 0.46],
  far: palette.backdropStone,
  farEdge: palette.backdropStoneEdge,
  farHang: palette.backdropRoot,
  topDecor: palette.moss,
  drawFar: drawRuinWall,
  drawTops: drawMoss,
};

/** World 2, a timber-and-brick mine: warm dark air, red brick in two courses a cell, timber-lit tops. */
const MINE: WorldLook = {
  background: 0x1b1411,
  solidFill: 0x7a4634,
  solidEdge: 0x432419,
  solidTop: 0xe0b070,
  solidMortar: 0x5a3123,
  wallFill: 0x3c2a20,
  plank: 0x9c7a52,
  plankShade: 0x5a4128,
  mortar: [0, 0.47, 1, 0.04, 0, 0.96, 1, 0.04, 0.49, 0, 0.03, 0.47, 0, 0.51, 0.03, 0.45],
  far: 0x2a1e18,
  farEdge: 0x3a2a20,
  farHang: 0x5e5048,
  topDecor: 0x9a7656,
  drawFar: drawMineWall,
  drawTops: drawGrit,
};

/** World 3, wind-swept heights at night: navy sky with stars, blue ice under snow caps. */
const HEIGHTS: WorldLook = {
  background: 0x0b1326,
  solidFill: 0x46698c,
  solidEdge: 0x263b55,
  solidTop: 0xe6f0fa,
  solidMortar: 0x6a8fb3,
  wallFill: 0x1f3048,
  plank: 0x8c7f6e,
  plankShade: 0x54493d,
  // Strata of a glacier cliff (lines that run on from cell to cell) and two short glints.
  mortar: [0, 0.3, 1, 0.025, 0, 0.72, 1, 0.025, 0.18, 0.12, 0.14, 0.03, 0.6, 0.5, 0.12, 0.03],
  far: 0x3c4d70,
  farEdge: 0xd8e4ff,
  farHang: 0xa8d2ef,
  topDecor: 0xf4f9ff,
  drawFar: drawNightSky,
  drawTops: drawSnow,
};

const LOOKS: readonly WorldLook[] = [RUINS, MINE, HEIGHTS];

/** The look of world `n` (1-3); world 1's for anything else. */
export function worldLook(n: number): WorldLook {
  return LOOKS[n - 1] ?? RUINS;
}

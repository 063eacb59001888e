// Units and the fixed tick, defined once for the whole game.
// Coordinates: metres, with x to the right and **y pointing down** (screen and tile-row order), so
// gravity is positive. One tile is 1 m, so tile coordinates and metres are the same numbers.

/** Fixed simulation rate (ticks per second). */
export const TICK_HZ = 60;
/** Length of one tick in seconds. */
export const DT = 1 / TICK_HZ;
/** How many players a world always has. */
export const PLAYER_COUNT = 2;
/** Most gems a level has (one bit each in the rules' state). */
export const MAX_GEMS = 16;
/** A gem is collected when a player's box comes within this of its centre, m. */
export const GEM_RADIUS = 0.3;

// The chain solves' scratch (world.chain.seg): STRIDE numbers per segment, interleaved in one
// typed array. In the solves' loops V8 checks a typed array's map and reloads its bounds and data
// pointer at every access, once per array an iteration: with one array instead of six to ten,
// the heavy rope's solve (heavyChain.ts) took ~12 % less time a substep on the bench's A10.
// The solves copy these offsets into locals: a bundler (esbuild for the bench, the game's build)
// turns a module's constants into mutable `var`s, which V8 reloads and type-checks at every use.

/** Numbers per entry. Entry k is segment k (from particle k to k + 1) and particle k. */
export const STRIDE = 10;
/** Segment k's direction now (solveChainDirect, heavyChain). */
export const NX = 0;
export const NY = 1;
/** Segment k's direction at the start of the substep (heavyChain). */
export const OX = 2;
export const OY = 3;
/** Row k of the elimination: its coefficient, and its right-hand side, then its multiplier. */
export const CP = 4;
export const DP = 5;
/** Where particle k was before the solve moved it (a step scaled down starts again from there). */
export const SX = 6;
export const SY = 7;
/** The inverse mass of particle k + 1, a box end's generalized one (heavyChain). */
export const W = 8;
/** Segment k's rest length (heavyChain). */
export const REST = 9;

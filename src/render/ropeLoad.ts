// How the load of a rope that can snap maps to its drawn look (drawRopes.ts): the share of its
// breaking tension, and the step of the frayed look from worn straw to vermillion. No pixi, so Node
// tests read it.

/** Steps of load a frayed rope is drawn in below STRAIN_WARNING. */
export const FRAY_STEPS = 6;
/** Fraction of a rope's breaking tension from which it is drawn as strained. */
export const STRAIN_WARNING = 0.7;

/** Share of its breaking tension a rope carries, 0..1 (0 for a rope that cannot break). */
export function loadOf(tension: number, breakTension: number): number {
  if (!(breakTension > 0) || !(tension > 0)) return 0;
  return tension >= breakTension ? 1 : tension / breakTension;
}

/** Which frayed look a load draws: 0..FRAY_STEPS-1 below STRAIN_WARNING, FRAY_STEPS (strained) from it. */
export function frayStep(load: number): number {
  if (load >= STRAIN_WARNING) return FRAY_STEPS;
  return Math.max(0, Math.min(FRAY_STEPS - 1, Math.floor((load / STRAIN_WARNING) * FRAY_STEPS)));
}

// What a menu understands, whatever the device: the keyboard (menuActionForKey) and gamepads both
// produce these, and the app hands them to whichever screen is up (app/appState.ts routeMenuAction).
// Screens never read key codes or pad buttons themselves, so every screen works the same with either.

export type MenuAction = 'up' | 'down' | 'left' | 'right' | 'confirm' | 'back' | 'pause';

/** Keys that move through menus. Both players' movement keys navigate, so either can drive a menu. */
const KEY_ACTIONS: ReadonlyMap<string, MenuAction> = new Map<string, MenuAction>([
  ['ArrowUp', 'up'],
  ['KeyW', 'up'],
  ['ArrowDown', 'down'],
  ['KeyS', 'down'],
  ['ArrowLeft', 'left'],
  ['KeyA', 'left'],
  ['ArrowRight', 'right'],
  ['KeyD', 'right'],
  ['Enter', 'confirm'],
  ['NumpadEnter', 'confirm'],
  ['Space', 'confirm'],
  ['Escape', 'back'],
  ['KeyP', 'pause'],
]);

/** The menu action of a physical key (`KeyboardEvent.code`), or null when it is none. */
export function menuActionForKey(code: string): MenuAction | null {
  return KEY_ACTIONS.get(code) ?? null;
}

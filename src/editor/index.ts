// The level editor's chunk: main.ts loads it with a dynamic import the first time the editor opens,
// so the game's first load does not carry it (npm run size checks both budgets).
export { createEditor, type DraftLevel, type Editor, type EditorDebug, type EditorHost } from './ui/editor';

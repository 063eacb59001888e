// The game's modules "Save to the project" (tools/editorSavePlugin.ts) checks a level and its replay
// with. The dev server loads this file through its own module graph (server.ssrLoadModule), on the
// first save: so the check runs the parser as it is on disk now (an edit to it needs no restart),
// and vite.config.ts's own import graph stays three small files (vite bundles a config with
// everything it imports, and printed ~200 lines of warnings about the sim's imports on every start).

export { parseLevel } from '../src/level/parseLevel';
export { levelContentHash, parseReplay, verifyReplay } from '../src/level/replay';

// Keeps pixi's environment chunks (`browserAll`, `webworkerAll` and the filters chunk they share)
// out of the production build. pixi.js's entry registers two environment extensions whose load()
// is a dynamic import of everything optional (pointer events, accessibility, DOM overlays,
// filters), so rollup emits those chunks even though the game's renderer is created with
// `skipExtensionImports: true` (src/render/renderer.ts) and never fetches them; `npm run size`
// would count 13.7 KiB brotli the game does not load. This plugin makes those two load()s throw
// instead: should anything call them, the renderer fails at once with this message rather than
// missing pixi features in silence. Build only: the dev server pre-bundles pixi untouched.
// Rejected: a size.ts that counts only what the page loads; it needs a browser to know, and it
// would still ship files nobody fetches.
import type { Plugin } from 'vite';

/** pixi's environment extensions, by the end of their module id, and the import each one makes. */
const ENVIRONMENT_IMPORTS: ReadonlyArray<{ module: string; dynamicImport: string }> = [
  { module: 'pixi.js/lib/environment-browser/browserExt.mjs', dynamicImport: "await import('./browserAll.mjs');" },
  { module: 'pixi.js/lib/environment-webworker/webworkerExt.mjs', dynamicImport: "await import('./webworkerAll.mjs');" },
];

export const PIXI_ENVIRONMENT_ERROR = "pixi's environment extensions are not in this build: create renderers with skipExtensionImports: true and import the pixi features you use (tools/pixiEnvironmentPlugin.ts)";

export function pixiEnvironmentPlugin(): Plugin {
  return {
    name: 'ropebound-pixi-environment',
    apply: 'build',
    transform(code, id) {
      const target = ENVIRONMENT_IMPORTS.find((t) => id.replaceAll('\\', '/').endsWith(t.module));
      if (!target) return null;
      // A pixi upgrade that rewrites these modules must fail the build, not bring the chunks back.
      if (!code.includes(target.dynamicImport)) {
        this.error(`${target.module} no longer contains ${target.dynamicImport} (pixi.js upgraded?): update tools/pixiEnvironmentPlugin.ts`);
      }
      return { code: code.replace(target.dynamicImport, `throw new Error(${JSON.stringify(PIXI_ENVIRONMENT_ERROR)});`), map: null };
    },
  };
}

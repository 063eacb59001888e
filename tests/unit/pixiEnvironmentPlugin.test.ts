// tools/pixiEnvironmentPlugin.ts on the installed pixi.js's own modules: each environment
// extension's dynamic import (which made rollup emit chunks the game never loads) becomes a throw,
// and a pixi whose modules no longer match fails the build instead of bringing the chunks back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIXI_ENVIRONMENT_ERROR, pixiEnvironmentPlugin } from '../../tools/pixiEnvironmentPlugin';

const pixiLib = dirname(createRequire(import.meta.url).resolve('pixi.js')); // pixi.js/lib
const modules = ['environment-browser/browserExt.mjs', 'environment-webworker/webworkerExt.mjs'];

type Transform = (this: { error(message: string): never }, code: string, id: string) => { code: string } | null;
const transform = pixiEnvironmentPlugin().transform as unknown as Transform;
const context = { error(message: string): never { throw new Error(message); } };

describe('pixiEnvironmentPlugin', () => {
  it('is for the production build only', () => {
    expect(pixiEnvironmentPlugin().apply).toBe('build');
  });

  for (const module of modules) {
    it(`replaces the dynamic import in pixi.js/lib/${module} with a throw`, () => {
      const id = join(pixiLib, module);
      const code = readFileSync(id, 'utf8');
      expect(code).toContain('import(');
      const out = transform.call(context, code, id);
      expect(out).not.toBeNull();
      expect(out!.code).not.toContain('import(');
      expect(out!.code).toContain(JSON.stringify(PIXI_ENVIRONMENT_ERROR));
    });
  }

  it('leaves every other module alone', () => {
    expect(transform.call(context, "await import('./browserAll.mjs');", '/src/render/renderer.ts')).toBeNull();
  });

  it('fails when pixi no longer has the import it replaces', () => {
    const id = join(pixiLib, modules[0]);
    expect(() => transform.call(context, 'export const browserExt = {};', id)).toThrow(/pixi.js upgraded/);
  });
});

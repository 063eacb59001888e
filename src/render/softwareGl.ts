// Whether WebGL runs on the CPU (SwiftShader, llvmpipe, Microsoft Basic Render: machines with no
// usable GPU, virtual machines, GPUs the browser blocks, headless Chromium). There 4x
// multisampling costs about half the frame: measured in headless Chromium at 1280x720, level 1
// drew 15 frames a second with antialias and 30 without. The game keeps its 60 ticks a second
// either way (fixedStep catches up to 15 ticks a frame), but 15 fps is a slide show, so the
// renderer asks for antialias only on a GPU. Edges are the game's flat shapes, where aliasing
// costs little.

/** Renderer names of software rasterisers (WebGL's UNMASKED_RENDERER_WEBGL, or RENDERER). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export function isSoftwareRendererName(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

/**
 * The renderer's name as `gl` reports it ('' when it has none). The game asks pixi's own test
 * context (pixi.js `getTestContext()`), which pixi creates anyway to probe the device's limits:
 * a throwaway context of its own cost a page open ~90 ms of its main thread on a software
 * rasteriser (each WebGL context starts a device there), and is not needed.
 */
export function webglRendererName(gl: WebGLRenderingContext | WebGL2RenderingContext | null): string {
  if (!gl || gl.isContextLost()) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
}

/**
 * The most textures one of pixi's batches may hold. pixi's batch and graphics shaders pick each
 * pixel's texture with an if-chain as long as this limit (16 here by default), and a software
 * rasteriser runs that chain for every pixel of every shape: measured in headless Chromium at
 * 1280x720 on level 1, 18-22 fps with 16 and 30-36 fps with 1-4, the same pixels. The game's scenes
 * hold a handful of textures at most (the labels' text over plain fills), so batches of 4 cost a
 * GPU nothing either.
 */
export const MAX_BATCH_TEXTURES = 4;

/** pixi's WebGL limits system as far as the cap needs it (GlLimitsSystem; passed in, so this file runs in Node). */
export interface LimitsSystemClass {
  prototype: { contextChange(): void; maxBatchableTextures: number };
}

const capped = new WeakSet<object>();

/**
 * Makes every pixi WebGL renderer created from now on batch at most `max` textures (its shaders are
 * built for that many). pixi has no option for it: its limits system measures the device's limit
 * when the context starts (and again after a lost context), so the cap follows each measurement.
 * Capping a class a second time changes nothing.
 */
export function capBatchTextures(limits: LimitsSystemClass, max: number): void {
  const proto = limits.prototype;
  if (capped.has(proto)) return;
  capped.add(proto);
  const measure = proto.contextChange;
  proto.contextChange = function (this: LimitsSystemClass['prototype']): void {
    measure.call(this);
    this.maxBatchableTextures = Math.min(this.maxBatchableTextures, max);
  };
}

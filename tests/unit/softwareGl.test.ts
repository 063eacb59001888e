// Which WebGL renderer names count as software rasterisers (src/render/softwareGl.ts): those get
// no multisampling. Names as browsers report them (UNMASKED_RENDERER_WEBGL).
import { expect, test } from 'vitest';
import { capBatchTextures, isSoftwareRendererName } from '../../src/render/softwareGl';

test('SwiftShader, llvmpipe and Microsoft Basic Render are software; real GPUs are not', () => {
  const software = [
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.7, 256 bits)',
    'ANGLE (Mesa, llvmpipe (LLVM 17.0.6 256 bits), OpenGL 4.5)',
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
  ];
  const gpu = [
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 (0x00002504) Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    'Apple M1',
    'Adreno (TM) 650',
    '', // no WebGL or no name: keep antialias (the default)
  ];
  for (const name of software) expect(isSoftwareRendererName(name), name).toBe(true);
  for (const name of gpu) expect(isSoftwareRendererName(name), name).toBe(false);
});

test('capBatchTextures caps the batch size pixi measures, at every context start, and keeps a smaller device limit', () => {
  let deviceLimit = 16;
  class Limits {
    maxBatchableTextures = 0;
    contextChange(): void { this.maxBatchableTextures = deviceLimit; }
  }
  capBatchTextures(Limits, 4);
  capBatchTextures(Limits, 4); // twice: still one cap
  const limits = new Limits();
  limits.contextChange();
  expect(limits.maxBatchableTextures).toBe(4);
  deviceLimit = 2; // a restored context on a smaller device
  limits.contextChange();
  expect(limits.maxBatchableTextures).toBe(2);
  deviceLimit = 32;
  limits.contextChange();
  expect(limits.maxBatchableTextures).toBe(4);
});

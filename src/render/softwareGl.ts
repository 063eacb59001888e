// Whether WebGL runs on the CPU (SwiftShader, llvmpipe, Microsoft Basic Render: machines with no
// usable GPU, virtual machines, GPUs the browser blocks, headless Chromium). There 4x
// multisampling costs about half the frame: measured in headless Chromium at 1280x720, level 1
// drew 15 frames a second with antialias and 30 without. The game keeps its 60 ticks a second
// either way (fixedStep catches up to 5 ticks a frame), but 15 fps is a slide show, so the
// renderer asks for antialias only on a GPU. Edges are the game's flat shapes, where aliasing
// costs little.

/** Renderer names of software rasterisers (WebGL's UNMASKED_RENDERER_WEBGL, or RENDERER). */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

export function isSoftwareRendererName(name: string): boolean {
  return SOFTWARE_RENDERER.test(name);
}

/** Asks a throwaway WebGL context for its renderer's name ('' when WebGL is missing). */
export function webglRendererName(): string {
  const canvas = document.createElement('canvas');
  let gl: WebGLRenderingContext | WebGL2RenderingContext | null = null;
  try {
    gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
  } catch {
    return '';
  }
  if (!gl) return '';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  // Browsers cap live contexts (16 in Chromium); give this one back now rather than at GC.
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return name;
}

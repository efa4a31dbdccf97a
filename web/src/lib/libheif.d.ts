// The little of libheif-js's WASM build (Emscripten) that lib/heicPreview.worker.ts uses.
declare module 'libheif-js/libheif-wasm/libheif.js' {
  export interface HeifImage {
    get_width(): number;
    get_height(): number;
    /** Decodes into `target` (RGBA); calls `done` with it, or with null when decoding failed. */
    display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (shown: unknown) => void): void;
  }
  export interface LibheifModule {
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
  }
  /** Emscripten's factory: the options object becomes the module. */
  export default function libheif(options: { wasmBinary?: ArrayBuffer; onRuntimeInitialized?: () => void }): void;
}

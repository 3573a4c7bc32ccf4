/** heic-decode ships no types: the part we use. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface LazyImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  type LazyImages = LazyImage[] & { dispose(): void };
  export function all(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<LazyImages>;
  const one: (input: { buffer: ArrayBufferLike | Uint8Array }) => Promise<DecodedImage>;
  export default one;
}

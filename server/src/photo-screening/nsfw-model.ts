import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_SCREEN_CLASSES, type PhotoScreenClass } from '@app/contract';

/** The model's input side, in pixels (MobileNetV2 as nsfwjs ships it). */
const INPUT_SIDE = 224;

/** The model nsfwjs carries inside its npm package (nothing is fetched at install or run time). */
export const SCREEN_MODEL = 'nsfwjs-4.4/MobileNetV2';

/** The five class probabilities of one photo. */
export type ScreenScores = Record<PhotoScreenClass, number>;

type Classifier = {
  classify(image: unknown, topk?: number): Promise<{ className: string; probability: number }[]>;
};
type Tf = typeof import('@tensorflow/tfjs');
type Wasm = typeof import('@tensorflow/tfjs-backend-wasm');
type Nsfwjs = typeof import('nsfwjs');

/** Loads a package on first use (CommonJS: also from a script run through tsx). */
const requireLater = createRequire(__filename);

let loading: Promise<{ tf: Tf; model: Classifier }> | undefined;

/**
 * The model, loaded once per process on first use (about 3.5 MB of weights bundled in the
 * nsfwjs package as JS modules, read from node_modules; never @tensorflow/tfjs-node, which
 * downloads a binary): TensorFlow.js on its WebAssembly backend (its .wasm files ship in its npm
 * package; some 40 times faster than the pure JavaScript CPU backend). Only the worker scores, so
 * the API process never loads it.
 */
function loaded(): Promise<{ tf: Tf; model: Classifier }> {
  loading ??= (async () => {
    const tf = requireLater('@tensorflow/tfjs') as Tf;
    const wasm = requireLater('@tensorflow/tfjs-backend-wasm') as Wasm;
    // the backend's WebAssembly files, shipped in its package: read from node_modules
    wasm.setWasmPaths(`${path.dirname(requireLater.resolve('@tensorflow/tfjs-backend-wasm'))}/`);
    // one core per worker process (a second core: a second worker process)
    wasm.setThreadsCount(1);
    await tf.setBackend('wasm');
    await tf.ready();
    const nsfwjs = requireLater('nsfwjs') as Nsfwjs;
    const info = console.info;
    // nsfwjs announces the bundled model on the console; the worker's logs stay JSON lines
    console.info = () => undefined;
    try {
      const model = (await nsfwjs.load('MobileNetV2')) as unknown as Classifier;
      return { tf, model };
    } finally {
      console.info = info;
    }
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** Loads the model now (the worker warms it up before its first job; tests, once). */
export async function warmUp(): Promise<void> {
  await loaded();
}

/**
 * Scores one photo (any format sharp reads; the stored WebP): decoded by sharp into a 224x224
 * RGB tensor, classified, the tensor freed again.
 */
export async function scorePhoto(file: Buffer): Promise<ScreenScores> {
  const { data } = await sharp(file, { failOn: 'none' })
    .resize(INPUT_SIDE, INPUT_SIDE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { tf, model } = await loaded();
  const tensor = tf.tensor3d(new Uint8Array(data), [INPUT_SIDE, INPUT_SIDE, 3], 'int32');
  try {
    const predictions = await model.classify(tensor, PHOTO_SCREEN_CLASSES.length);
    const scores = Object.fromEntries(
      PHOTO_SCREEN_CLASSES.map((name) => [name, 0]),
    ) as ScreenScores;
    for (const { className, probability } of predictions) {
      const name = className.toLowerCase() as PhotoScreenClass;
      if (name in scores) scores[name] = Math.round(probability * 10_000) / 10_000;
    }
    return scores;
  } finally {
    tensor.dispose();
  }
}

/** The risk of a photo: how likely it is not a plain photo (porn + hentai + sexy), 0 to 1. */
export function riskOf(scores: ScreenScores): number {
  return Math.min(1, Math.round((scores.porn + scores.hentai + scores.sexy) * 10_000) / 10_000);
}

/**
 * The crop step's arithmetic and drawing: pure functions (tested in crop-image.test.ts) and one
 * canvas drawing. The server still sniffs, checks and re-encodes whatever it is sent.
 */

/** A quarter turn clockwise (90) or anticlockwise (-90) at a time. */
export type Rotation = 0 | 90 | 180 | 270;

/** A rectangle in pixels of the rotated photo (react-easy-crop's croppedAreaPixels). */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The profile card's shape (width / height): the server cuts the card size, 480 x 600, from
 * every photo (server/src/photos/photo-pipeline.ts), so this is how the photo is seen most.
 */
export const CROP_ASPECT = 4 / 5;

/** The longest side of the cropped photo: more than the server keeps (1600 px), not much more. */
export const CROP_MAX_SIDE = 2048;

/** The rotation after turning once more, left (-90) or right (90). */
export function turned(rotation: Rotation, by: 90 | -90): Rotation {
  return ((((rotation + by) % 360) + 360) % 360) as Rotation;
}

/** The photo's size once rotated (a quarter turn swaps width and height). */
export function rotatedSize(size: Size, rotation: Rotation): Size {
  return rotation % 180 === 0 ? size : { width: size.height, height: size.width };
}

/**
 * How far the member may zoom in: not past where the cropped photo's short side would fall
 * under the server's minimum (it would refuse it), at most 4x, at least 1x (no zoom).
 */
export function maxZoom(size: Size, rotation: Rotation, minSide: number, aspect = CROP_ASPECT) {
  const { width, height } = rotatedSize(size, rotation);
  const cropWidth = width / height > aspect ? height * aspect : width;
  const cropHeight = cropWidth / aspect;
  return Math.min(4, Math.max(1, Math.min(cropWidth, cropHeight) / minSide));
}

/** The canvas size for a cropped area: the area, scaled down to CROP_MAX_SIDE when larger. */
export function outputSize(area: Area, maxSide = CROP_MAX_SIDE): Size & { scale: number } {
  const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
  return {
    width: Math.max(1, Math.round(area.width * scale)),
    height: Math.max(1, Math.round(area.height * scale)),
    scale,
  };
}

/** The cropped file's name: the original's with .jpg (`IMG_0042.HEIC` -> `IMG_0042.jpg`). */
export function croppedName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/**
 * Draws the cropped and rotated photo on a canvas and encodes it as a JPEG. `area` is in pixels
 * of the photo rotated by `rotation` (as react-easy-crop gives it); `source` is the decoded photo
 * upright as the browser shows it (EXIF orientation applied), of `size`.
 */
export function renderCrop(
  source: CanvasImageSource,
  size: Size,
  area: Area,
  rotation: Rotation,
  quality = 0.9,
): Promise<Blob> {
  const out = outputSize(area);
  const canvas = document.createElement('canvas');
  canvas.width = out.width;
  canvas.height = out.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d canvas'));
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.imageSmoothingQuality = 'high';
  const rotated = rotatedSize(size, rotation);
  context.scale(out.scale, out.scale);
  // into the rotated photo's coordinates, where the area was chosen ...
  context.translate(-area.x, -area.y);
  // ... in which the photo is drawn turned about its centre
  context.translate(rotated.width / 2, rotated.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(source, -size.width / 2, -size.height / 2, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))),
      'image/jpeg',
      quality,
    ),
  );
}

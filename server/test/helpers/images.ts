import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A photo-like JPEG (a gradient with noise, so it compresses like a photo). */
export async function jpeg(width = 800, height = 600, options: { gps?: boolean } = {}) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#4a7"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality: 85 });
  if (options.gps) {
    image.withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 1', Copyright: 'secret owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 22/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 53/1 0/1',
      },
    });
  }
  return image.toBuffer();
}

export async function png(width = 400, height = 400) {
  return sharp({ create: { width, height, channels: 3, background: '#8844aa' } })
    .png()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header declares width x height (a decompression bomb when large). */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
    '<script>alert(document.cookie)</script><rect width="400" height="400"/></svg>',
);

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * A picture of coloured discs placed by `seed` (the same seed, the same picture): different
 * seeds give pictures a perceptual hash tells apart.
 */
export async function discs(seed: number, width = 1000, height = 800) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const shapes = Array.from({ length: 14 }, () => {
    const colour = `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
    const r = Math.floor((0.05 + next() * 0.2) * Math.min(width, height));
    return `<circle cx="${Math.floor(next() * width)}" cy="${Math.floor(next() * height)}" r="${r}" fill="${colour}"/>`;
  }).join('');
  return sharp({ create: { width, height, channels: 3, background: { r: 235, g: 230, b: 220 } } })
    .composite([{ input: Buffer.from(`<svg width="${width}" height="${height}">${shapes}</svg>`) }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A dark picture with one light band: the model scores it riskier than a plain photo (jpeg). */
export async function darkBand(width = 640, height = 640) {
  const band = Math.round(height / 3);
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 20, b: 20 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><rect x="0" y="${band}" width="${width}" height="${Math.round(height / 6)}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

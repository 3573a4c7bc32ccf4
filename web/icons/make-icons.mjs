/**
 * Makes the installed app's icons (web/public/icons/*.png) from the brand's SVGs in this folder
 * with sharp; nothing is downloaded. The PNGs are committed: run this again after changing an
 * SVG (`node web/icons/make-icons.mjs` from the repository root). sizes.json holds the sizes,
 * read here and by the manifest in web/vite.config.ts.
 */
import sharp from 'sharp';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (name) => fileURLToPath(new URL(name, import.meta.url));
const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));

const sizes = JSON.parse(readFileSync(here('sizes.json'), 'utf8'));

mkdirSync(out(''), { recursive: true });
const render = (svg, size, file) =>
  sharp(here(svg), { density: Math.ceil((72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out(file));

for (const size of sizes.any) await render('brand.svg', size, `icon-${size}.png`);
for (const size of sizes.maskable)
  await render('brand-maskable.svg', size, `icon-maskable-${size}.png`);
// iOS puts no mask of its own on a transparent icon: the full-bleed one, 180 px
await render('brand-maskable.svg', 180, 'apple-touch-icon.png');
await render('brand.svg', 32, 'favicon-32.png');
copyFileSync(here('brand.svg'), out('icon.svg'));
console.log('icons written to web/public/icons');

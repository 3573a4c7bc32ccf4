#!/usr/bin/env node
/**
 * Makes the landers' videos (web/public/landers/): abstract hearts, chat bubbles and sparkles in
 * the site's purple, drawn frame by frame as SVG and encoded by ffmpeg (librsvg decodes the
 * frames) into WebM (VP9) and MP4 (H.264), with a WebP poster. No people, no stock footage.
 *
 *   node web/landers/make-video.mjs      (needs ffmpeg with librsvg, libvpx-vp9, libx264, libwebp)
 *
 * - hearts:      4 s, hearts rising and chat bubbles popping up (the `video` lander)
 * - transitions: 6 s, three scenes (hearts, a chat, a match) joined by a wipe and a zoom fade
 *                (the `transitionsvideolanding` lander)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const OUT = path.resolve(import.meta.dirname, '../public/landers');
const W = 640;
const H = 360;
const FPS = 24;
const PURPLE = '#6f42c1';
const PINK = '#d63384';

const HEART =
  'M0,-6 C-4,-14 -18,-12 -18,0 C-18,10 -6,16 0,22 C6,16 18,10 18,0 C18,-12 4,-14 0,-6 Z';

/** A deterministic pseudo-random sequence (the same video on every run). */
function random(seed) {
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}

const rnd = random(42);
const HEARTS = Array.from({ length: 14 }, () => ({
  x: 40 + rnd() * (W - 80),
  speed: 0.5 + rnd() * 0.8,
  size: 0.7 + rnd() * 1.3,
  phase: rnd(),
  sway: 10 + rnd() * 20,
  tone: rnd() < 0.5 ? '#ffffff' : '#f3c4ff',
}));

const ease = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

function background(t) {
  const shift = Math.round(30 + 10 * Math.sin(t * Math.PI));
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${PURPLE}"/><stop offset="1" stop-color="${PINK}" stop-opacity="0.${shift}"/>
  </linearGradient></defs><rect width="${W}" height="${H}" fill="#4b2a8a"/><rect width="${W}" height="${H}" fill="url(#bg)"/>`;
}

/** Hearts rising from the bottom, swaying; `t` in seconds. */
function hearts(t) {
  return HEARTS.map((h) => {
    const p = (t * h.speed * 0.35 + h.phase) % 1;
    const y = H + 40 - p * (H + 80);
    const x = h.x + Math.sin((p + h.phase) * Math.PI * 4) * h.sway;
    const opacity = Math.sin(p * Math.PI).toFixed(2);
    return `<path d="${HEART}" fill="${h.tone}" opacity="${opacity}" transform="translate(${x.toFixed(1)},${y.toFixed(1)}) scale(${h.size.toFixed(2)})"/>`;
  }).join('');
}

/** Chat bubbles popping in one after another; `t` in seconds from the scene's start. */
function bubbles(t) {
  const rows = [
    { x: 120, y: 90, w: 220, right: false },
    { x: W - 120 - 200, y: 160, w: 200, right: true },
    { x: 120, y: 230, w: 170, right: false },
  ];
  return rows
    .map((b, i) => {
      const k = ease((t - i * 0.45) / 0.35);
      if (k <= 0) return '';
      const fill = b.right ? '#ffffff' : '#f3e8ff';
      const cx = b.right ? b.x + b.w : b.x;
      const tail = b.right
        ? `M${b.x + b.w - 24},${b.y + 44} l26,14 l-8,-20 z`
        : `M${b.x + 24},${b.y + 44} l-26,14 l8,-20 z`;
      const lines = [0.8, 0.55]
        .map(
          (f, j) =>
            `<rect x="${b.x + 18}" y="${b.y + 14 + j * 16}" width="${((b.w - 36) * f).toFixed(0)}" height="8" rx="4" fill="${PURPLE}" opacity="0.35"/>`,
        )
        .join('');
      return `<g opacity="${k.toFixed(2)}" transform="translate(${cx},${b.y + 26}) scale(${(0.6 + 0.4 * k).toFixed(2)}) translate(${-cx},${-(b.y + 26)})">
        <rect x="${b.x}" y="${b.y}" width="${b.w}" height="52" rx="22" fill="${fill}"/><path d="${tail}" fill="${fill}"/>${lines}</g>`;
    })
    .join('');
}

/** Two hearts drawing together and becoming one, with sparkles; `t` from the scene's start. */
function match(t) {
  const k = ease(t / 1.2);
  const gap = 90 * (1 - k);
  const pulse = 1 + 0.08 * Math.sin(t * 8) * k;
  const sparkles = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2 + t;
    const r = 70 + 40 * k;
    const o = (k * (0.5 + 0.5 * Math.sin(t * 6 + i))).toFixed(2);
    return `<circle cx="${(W / 2 + Math.cos(a) * r).toFixed(1)}" cy="${(H / 2 + Math.sin(a) * r).toFixed(1)}" r="4" fill="#fff" opacity="${o}"/>`;
  }).join('');
  return `${sparkles}
    <path d="${HEART}" fill="#ffffff" transform="translate(${W / 2 - gap},${H / 2}) scale(${(2.6 * pulse).toFixed(2)})"/>
    <path d="${HEART}" fill="#f3c4ff" opacity="${(1 - k * 0.6).toFixed(2)}" transform="translate(${W / 2 + gap},${H / 2}) scale(${(2.6 * pulse).toFixed(2)})"/>`;
}

const svg = (body, t) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background(t)}${body}</svg>`;

/** The `hearts` video: rising hearts, and chat bubbles popping in over them (loops cleanly). */
function heartsFrame(t, duration) {
  const fade = Math.min(1, t / 0.4, (duration - t) / 0.4);
  return svg(`${hearts(t)}<g opacity="${fade.toFixed(2)}">${bubbles(t - 0.6)}</g>`, t);
}

/** The `transitions` video: hearts, a wipe to a chat, a zoom fade to a match. */
function transitionsFrame(t) {
  const wipe = ease((t - 1.6) / 0.5); // hearts -> chat
  const zoom = ease((t - 3.7) / 0.5); // chat -> match
  const chatScene = `<g>${bubbles(t - 2.0)}</g>`;
  const layers = [];
  if (wipe < 1) layers.push(`<g>${hearts(t)}</g>`);
  if (wipe > 0 && zoom < 1) {
    layers.push(
      `<clipPath id="w"><rect x="0" y="0" width="${(W * wipe).toFixed(1)}" height="${H}"/></clipPath>` +
        `<g clip-path="url(#w)"><rect width="${W}" height="${H}" fill="#5a32a3"/>` +
        `<g opacity="${(1 - zoom).toFixed(2)}" transform="translate(${W / 2},${H / 2}) scale(${(1 + zoom * 0.6).toFixed(2)}) translate(${-W / 2},${-H / 2})">${chatScene}</g></g>`,
    );
  }
  if (zoom > 0) {
    layers.push(
      `<g opacity="${zoom.toFixed(2)}" transform="translate(${W / 2},${H / 2}) scale(${(0.6 + 0.4 * zoom).toFixed(2)}) translate(${-W / 2},${-H / 2})">${match(t - 3.7)}</g>`,
    );
  }
  return svg(layers.join(''), t);
}

function make(name, duration, frame, posterAt) {
  const dir = mkdtempSync(path.join(tmpdir(), `lander-${name}-`));
  try {
    const frames = Math.round(duration * FPS);
    for (let i = 0; i < frames; i += 1) {
      writeFileSync(path.join(dir, `f${String(i).padStart(4, '0')}.svg`), frame(i / FPS, duration));
    }
    const input = [
      '-y',
      '-loglevel',
      'error',
      '-framerate',
      String(FPS),
      '-i',
      path.join(dir, 'f%04d.svg'),
    ];
    const out = (ext) => path.join(OUT, `${name}.${ext}`);
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-pix_fmt',
      'yuv420p',
      '-an',
      out('webm'),
    ]);
    execFileSync('ffmpeg', [
      ...input,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-crf',
      '30',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-an',
      out('mp4'),
    ]);
    const poster = path.join(dir, `f${String(Math.round(posterAt * FPS)).padStart(4, '0')}.svg`);
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-i',
      poster,
      '-c:v',
      'libwebp',
      '-quality',
      '70',
      '-frames:v',
      '1',
      out('webp'),
    ]);
    for (const ext of ['webm', 'mp4', 'webp']) {
      console.log(`${name}.${ext}: ${(statSync(out(ext)).size / 1024).toFixed(1)} KB`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

make('hearts', 4, heartsFrame, 2.2);
make('transitions', 6, transitionsFrame, 1.0);

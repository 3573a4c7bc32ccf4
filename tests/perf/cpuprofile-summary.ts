/**
 * Ranks where a V8 CPU profile (.cpuprofile, as written by `node --cpu-prof` or the inspector's
 * Profiler.stop) spends its time: self time per function, self time per package, and the time
 * each package is anywhere on the stack (inclusive).
 *
 * Usage: node --import tsx tests/perf/cpuprofile-summary.ts <file.cpuprofile> [--top N]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface CpuProfileNode {
  id: number;
  callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  };
  children?: number[];
}

export interface CpuProfile {
  nodes: CpuProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface Ranked {
  key: string;
  ms: number;
  /** Share of the profile's wall time (idle included). */
  share: number;
}

export interface ProfileSummary {
  wallMs: number;
  /** Wall time minus "(idle)": the process on a CPU (or waiting to get one). */
  busyMs: number;
  byFunction: Ranked[];
  byPackage: Ranked[];
  inclusiveByPackage: Ranked[];
  /** Time each function is anywhere on the stack (callers of the hot code: the send's steps). */
  inclusiveByFunction: Ranked[];
  /**
   * Self time with V8 builtins, native code and node core charged to the nearest package (or
   * app code) that called them: who caused the socket writes, the hashing, the JSON work.
   */
  byCallingPackage: Ranked[];
}

const SPECIAL = new Set(['(idle)', '(program)', '(garbage collector)', '(root)']);
const NOT_A_PACKAGE = new Set(['(V8 builtins / native)', 'node core']);

/** The package (or bucket) a call frame belongs to. */
export function packageOf(frame: CpuProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (SPECIAL.has(functionName) && !url) return functionName;
  if (!url) return '(V8 builtins / native)';
  if (url.startsWith('wasm://')) return 'wasm (Prisma query compiler)';
  if (url.startsWith('node:')) return 'node core';
  const marker = '/node_modules/';
  const at = url.lastIndexOf(marker);
  if (at >= 0) {
    const parts = url.slice(at + marker.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.includes('/generated/prisma/')) return 'app: generated Prisma client';
  if (url.includes('/server/dist/') || url.includes('/server/src/')) return 'app (server)';
  return 'other';
}

function shortUrl(url: string): string {
  if (!url) return '';
  const marker = '/node_modules/';
  const at = url.lastIndexOf(marker);
  if (at >= 0) return url.slice(at + marker.length);
  const dist = url.indexOf('/server/dist/');
  if (dist >= 0) return url.slice(dist + 1);
  return url.startsWith('file://') ? path.basename(url) : url;
}

function functionKey(frame: CpuProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  return `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`;
}

function rank(totals: Map<string, number>, wallMs: number): Ranked[] {
  return [...totals]
    .map(([key, us]) => ({ key, ms: us / 1000, share: us / 1000 / wallMs }))
    .sort((a, b) => b.ms - a.ms);
}

export function summarise(profile: CpuProfile): ProfileSummary {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const selfByNode = new Map<number, number>();
  // timeDeltas[i] is the time before sample i: sample i stands for the interval that follows it
  for (let i = 0; i < profile.samples.length; i++) {
    const next = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i];
    selfByNode.set(id, (selfByNode.get(id) ?? 0) + Math.max(0, next));
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const inclusiveFn = new Map<string, number>();
  const byCaller = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const [id, us] of selfByNode) {
    const node = nodes.get(id);
    if (!node) continue;
    totalUs += us;
    if (node.callFrame.functionName === '(idle)') idleUs += us;
    const fn = functionKey(node.callFrame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const pkg = packageOf(node.callFrame);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const seen = new Set<string>();
    const seenFn = new Set<string>();
    let caller: string | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      const onStack = packageOf(frame);
      seen.add(onStack);
      if (!SPECIAL.has(frame.functionName)) seenFn.add(functionKey(frame));
      if (caller === undefined && !NOT_A_PACKAGE.has(onStack)) caller = onStack;
    }
    const charged = NOT_A_PACKAGE.has(pkg) ? `${caller ?? pkg} (via ${pkg})` : pkg;
    byCaller.set(charged, (byCaller.get(charged) ?? 0) + us);
    for (const pkgOnStack of seen) inclusive.set(pkgOnStack, (inclusive.get(pkgOnStack) ?? 0) + us);
    for (const fn of seenFn) inclusiveFn.set(fn, (inclusiveFn.get(fn) ?? 0) + us);
  }
  const wallMs = totalUs / 1000;
  return {
    wallMs,
    busyMs: (totalUs - idleUs) / 1000,
    byFunction: rank(byFunction, wallMs),
    byPackage: rank(byPackage, wallMs),
    inclusiveByPackage: rank(inclusive, wallMs),
    inclusiveByFunction: rank(inclusiveFn, wallMs),
    byCallingPackage: rank(byCaller, wallMs),
  };
}

/** Markdown tables of a summary: the top `top` rows of each ranking. */
export function formatSummary(summary: ProfileSummary, top = 25, requests?: number): string {
  const perRequest = (ms: number) => (requests ? ` | ${((ms * 1000) / requests).toFixed(1)}` : '');
  const head = (title: string) =>
    `| ${title} | ms | % of wall | % of busy${requests ? ' | µs per request' : ''} |\n` +
    `|---|---|---|---${requests ? '|---' : ''}|`;
  const line = (r: Ranked) =>
    `| ${r.key.replaceAll('|', '\\|')} | ${r.ms.toFixed(0)} | ${(r.share * 100).toFixed(1)} | ` +
    `${r.key === '(idle)' ? '' : ((r.ms / summary.busyMs) * 100).toFixed(1)}` +
    `${perRequest(r.ms)} |`;
  return [
    `wall ${summary.wallMs.toFixed(0)} ms, busy (not idle) ${summary.busyMs.toFixed(0)} ms ` +
      `(${((summary.busyMs / summary.wallMs) * 100).toFixed(0)}%)` +
      (requests ? `, ${requests} requests` : ''),
    '',
    head('self time by package'),
    ...summary.byPackage.slice(0, top).map(line),
    '',
    head('self time, builtins and node core charged to the calling package'),
    ...summary.byCallingPackage.slice(0, top).map(line),
    '',
    head('time on the stack by package (inclusive)'),
    ...summary.inclusiveByPackage.slice(0, top).map(line),
    '',
    head('self time by function'),
    ...summary.byFunction.slice(0, top).map(line),
    '',
    head('time on the stack by function of the app (inclusive)'),
    ...summary.inclusiveByFunction
      .filter((r) => r.key.includes('server/dist/') || r.key.includes('server/src/'))
      .slice(0, top)
      .map(line),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: cpuprofile-summary.ts <file.cpuprofile> [--top N] [--requests N]');
    process.exit(2);
  }
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? Number(process.argv[at + 1]) : undefined;
  };
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  console.log(formatSummary(summarise(profile), option('--top') ?? 25, option('--requests')));
}

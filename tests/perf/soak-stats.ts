/**
 * The soak's arithmetic (tests/perf/soak.ts), pure so that it is tested on its own
 * (soak-stats.test.ts): percentiles, the message accounting (each message sent answered 201
 * must reach its recipient's socket exactly once) and the heap trend (a least-squares slope over
 * the per-minute samples after the warm-up, with its standard error).
 */

export interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles (0 for no values), rounded to 0.1 ms. */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => {
    if (sorted.length === 0) return 0;
    const index = Math.min(
      sorted.length - 1,
      Math.max(0, Math.ceil((p / 100) * sorted.length) - 1),
    );
    return Math.round(sorted[index] * 10) / 10;
  };
  return { p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

export interface DeliveryAccount {
  /** Messages the API accepted (201). */
  sent: number;
  /** Of those, how many reached their recipient's socket at least once. */
  delivered: number;
  /** Accepted but never received. */
  lost: string[];
  /** Received more than once (how often, by id). */
  duplicated: Record<string, number>;
  /** Received without an accepted send (a send that failed or timed out yet was stored). */
  unexpected: string[];
}

/**
 * Holds what was sent against what the recipients' sockets received. `received` counts each
 * message id as often as it arrived (at the socket of the member it was addressed to; a message
 * at another member's socket is counted by the socket clients as misdelivered, not here).
 */
export function accountDeliveries(
  sent: Iterable<string>,
  received: ReadonlyMap<string, number>,
): DeliveryAccount {
  const accepted = new Set(sent);
  const lost: string[] = [];
  const duplicated: Record<string, number> = {};
  let delivered = 0;
  for (const id of accepted) {
    const times = received.get(id) ?? 0;
    if (times === 0) lost.push(id);
    else delivered += 1;
    if (times > 1) duplicated[id] = times;
  }
  const unexpected: string[] = [];
  for (const [id, times] of received) {
    if (accepted.has(id)) continue;
    unexpected.push(id);
    if (times > 1) duplicated[id] = times;
  }
  return { sent: accepted.size, delivered, lost, duplicated, unexpected };
}

/** True when nothing was lost, duplicated or received unasked. */
export function exactlyOnce(account: DeliveryAccount): boolean {
  return (
    account.lost.length === 0 &&
    Object.keys(account.duplicated).length === 0 &&
    account.unexpected.length === 0
  );
}

export interface Fit {
  /** y per unit of x. */
  slope: number;
  intercept: number;
  /** The slope's standard error (Infinity with fewer than three points). */
  stderr: number;
  /** Points fitted. */
  n: number;
}

/** Ordinary least squares y = intercept + slope * x. */
export function fitSlope(points: readonly { x: number; y: number }[]): Fit {
  const n = points.length;
  if (n === 0) return { slope: 0, intercept: 0, stderr: Infinity, n };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  if (sxx === 0) return { slope: 0, intercept: my, stderr: Infinity, n };
  const slope = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0) / sxx;
  const intercept = my - slope * mx;
  if (n < 3) return { slope, intercept, stderr: Infinity, n };
  const residuals = points.reduce((s, p) => s + (p.y - intercept - slope * p.x) ** 2, 0);
  return { slope, intercept, stderr: Math.sqrt(residuals / (n - 2) / sxx), n };
}

export interface HeapTrend extends Fit {
  /** MB per hour (the slope of MB per minute, times 60) and its standard error. */
  mbPerHour: number;
  stderrPerHour: number;
  /**
   * `flat`: no trend beyond noise (the slope is within two standard errors of zero, or it would
   * move the heap by less than `flatMbPerHour`, default 1, an hour); `growing` or `falling`: a
   * trend beyond that, up or down (a heap that settles lower after the warm-up falls: no leak);
   * `unknown`: fewer than three minutes after the warm-up.
   */
  verdict: 'flat' | 'growing' | 'falling' | 'unknown';
}

/** The heap's trend over per-minute samples (minute, MB), leaving out the warm-up minutes. */
export function heapTrend(
  samples: readonly { minute: number; mb: number }[],
  warmupMinutes: number,
  flatMbPerHour = 1,
): HeapTrend {
  const fit = fitSlope(
    samples.filter((s) => s.minute > warmupMinutes).map((s) => ({ x: s.minute, y: s.mb })),
  );
  const mbPerHour = fit.slope * 60;
  const stderrPerHour = fit.stderr * 60;
  const beyondNoise =
    Math.abs(mbPerHour) > 2 * stderrPerHour && Math.abs(mbPerHour) >= flatMbPerHour;
  const verdict =
    fit.n < 3 ? 'unknown' : !beyondNoise ? 'flat' : mbPerHour > 0 ? 'growing' : 'falling';
  return { ...fit, mbPerHour, stderrPerHour, verdict };
}

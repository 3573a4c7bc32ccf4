/**
 * The installed app's badge (SPEC point 4, App badge): unread messages plus new likes, 0 clears
 * it. Browsers without the Badging API do nothing; errors setting it are ignored, whether thrown
 * or a rejected promise (a browser may refuse it outside an installed app).
 */
export function setAppBadge(count: number): void {
  const nav = navigator as Navigator & {
    setAppBadge?: (contents?: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  try {
    const result =
      count > 0
        ? nav.setAppBadge?.(count)
        : typeof nav.clearAppBadge === 'function'
          ? nav.clearAppBadge()
          : nav.setAppBadge?.(0);
    void Promise.resolve(result).catch(() => undefined);
  } catch {
    // ignored (SPEC: errors setting the badge are ignored)
  }
}

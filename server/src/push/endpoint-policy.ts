/**
 * Which push endpoints the site will POST to. A member gives the endpoint, so an open list would
 * let anyone make the server call any address (SSRF): only the browsers' push services, over
 * https on the default port, plus the hosts the operator lists in PUSH_ENDPOINT_HOSTS (a
 * self-hosted push service, the tests' stand-in), over https or http. Never a URL with
 * credentials. The sender never follows redirects.
 */
export const KNOWN_PUSH_HOSTS = [
  // Chrome, Edge on Android, Opera, Samsung Internet (Firebase Cloud Messaging)
  'fcm.googleapis.com',
  // Firefox (Mozilla autopush)
  'updates.push.services.mozilla.com',
  // Safari on macOS and iOS (web.push.apple.com)
  '*.push.apple.com',
  // Edge on Windows (Windows Push Notification Services)
  '*.notify.windows.com',
] as const;

function hostMatches(pattern: string, host: string): boolean {
  if (pattern.startsWith('*.'))
    return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/** Whether the site may send pushes to this endpoint (see above). */
export function endpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  const extra = extraHosts.some((pattern) =>
    // host:port entries name the port; a bare host is on the protocol's default port
    /:\d+$/.test(pattern)
      ? hostMatches(pattern, host)
      : url.port === '' && hostMatches(pattern, hostname),
  );
  if (extra) return true;
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    KNOWN_PUSH_HOSTS.some((pattern) => hostMatches(pattern, hostname))
  );
}

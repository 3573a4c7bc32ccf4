import webpush from 'web-push';
import { loadConfig } from '../config/config';
import { endpointAllowed } from './endpoint-policy';
import { vapidIdentity } from './push-config';

const base = { DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x' };
const keys = webpush.generateVAPIDKeys();

describe('web push configuration', () => {
  it('is off without keys, and on with a pair, its subject defaulting to the MAIL_FROM address', () => {
    expect(vapidIdentity(loadConfig(base))).toBeNull();
    expect(
      vapidIdentity(loadConfig({ ...base, VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' })),
    ).toBeNull();
    const config = loadConfig({
      ...base,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      MAIL_FROM: 'Vonkje <hallo@vonkje.nl>',
    });
    expect(vapidIdentity(config)).toEqual({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      subject: 'mailto:hallo@vonkje.nl',
    });
  });

  it('refuses half a pair, keys that are not P-256 keys, and a subject that is not mailto: or https:', () => {
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY.*set both or neither/,
    );
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY must be a base64url P-256 public key/);
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://vonkje.nl' })).toThrow(
      /VAPID_SUBJECT/,
    );
  });
});

describe('push endpoint policy', () => {
  const none: string[] = [];

  it('accepts the browsers’ push services over https on the default port', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(endpointAllowed(endpoint, none)).toBe(true);
    }
  });

  it('refuses every other host, http, other ports, credentials, and look-alike hosts', () => {
    for (const endpoint of [
      'https://evil.example/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:444/fcm/send/abc',
      'https://a:b@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com/x',
      'https://notify.windows.com.evil/x',
      'https://169.254.169.254/latest/meta-data',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(endpointAllowed(endpoint, none)).toBe(false);
    }
  });

  it('accepts the hosts of PUSH_ENDPOINT_HOSTS, over http too, on the port they name', () => {
    const hosts = ['127.0.0.1:4500', 'push.example.org', '*.push.example.net'];
    expect(endpointAllowed('http://127.0.0.1:4500/push/1', hosts)).toBe(true);
    expect(endpointAllowed('http://127.0.0.1:4501/push/1', hosts)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1/push/1', hosts)).toBe(false);
    expect(endpointAllowed('https://push.example.org/x', hosts)).toBe(true);
    expect(endpointAllowed('https://push.example.org:8443/x', hosts)).toBe(false);
    expect(endpointAllowed('https://eu.push.example.net/x', hosts)).toBe(true);
    expect(endpointAllowed('https://push.example.net/x', hosts)).toBe(false);
  });
});

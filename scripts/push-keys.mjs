// `npm run push:keys`: a new VAPID key pair for web push (RFC 8292), as lines for .env or the
// environment. Every app and worker process of one site uses the same pair; changing it later
// makes every browser's subscription useless (members subscribe again when they next allow it).
import webpush from 'web-push';

const { publicKey, privateKey } = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey}`);

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * What a visitor typed is stored sealed (AES-256-GCM) under SUBMISSIONS_KEY, a
 * setting only the production context has. Netlify Blobs stores are site-wide:
 * a deploy preview's function, whatever its code, can reach the production
 * store, but without the key it reads only ciphertext.
 */

const VERSION = 'v1';

function aesKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'quartz-digital', 'submission fields', 32));
}

export function seal(value: unknown, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', aesKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
}

/** The sealed value; throws when the key is not the one it was sealed with or the text was changed. */
export function unseal(text: string, secret: string): unknown {
  const [version, payload] = text.split('.');
  if (version !== VERSION || !payload) throw new Error('not a sealed value');
  const bytes = Buffer.from(payload, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', aesKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
}

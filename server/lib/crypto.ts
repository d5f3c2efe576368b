import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token (for cookies and e-mailed links); only its hash is ever stored. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function keyFrom(secretKey: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}:${secretKey}`).digest();
}

/** Encrypts a secret (an access token) for storage: AES-256-GCM, `v1.<iv>.<tag>.<data>` in base64url. */
export function encryptSecret(plain: string, secretKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secretKey, 'secrets'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(sealed: string, secretKey: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unrecognised secret format');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyFrom(secretKey, 'secrets'),
    Buffer.from(iv, 'base64url'),
  );
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

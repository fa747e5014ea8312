import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret at rest: AES-256-GCM with its own random 12-byte IV, the auth tag, and the id of the key used. */
export interface EncryptedValue {
  kid: string;
  iv: string;
  tag: string;
  dados: string;
}

interface EncryptionKey {
  id: string;
  key: Buffer;
}

export class UnknownKeyError extends Error {
  constructor(kid: string) {
    super(`no encryption key with id "${kid}" is configured`);
    this.name = 'UnknownKeyError';
  }
}

/**
 * Parses `SETTINGS_ENCRYPTION_KEYS`: comma-separated `keyId:base64(32 bytes)`. The first key encrypts; every
 * listed key decrypts, so a rotation is "put the new key first, keep the old ones until re-encrypted".
 */
export function parseKeys(text: string): EncryptionKey[] {
  const keys = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const separator = part.indexOf(':');
      const id = part.slice(0, separator);
      const key = Buffer.from(part.slice(separator + 1), 'base64');
      if (separator <= 0 || !/^[A-Za-z0-9._-]{1,64}$/.test(id)) throw new Error('each key is keyId:base64 with a simple keyId');
      if (key.length !== 32) throw new Error(`key "${id}" must be 32 bytes (base64 of 32 random bytes)`);
      return { id, key };
    });
  if (keys.length === 0) throw new Error('no key given');
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new Error('key ids must be unique');
  return keys;
}

export function generateDevelopmentKey(): EncryptionKey {
  return { id: `dev-${randomBytes(4).toString('hex')}`, key: randomBytes(32) };
}

/**
 * Encrypts and decrypts secrets. The associated data binds a ciphertext to its company and field, so a value
 * copied into another company's document (or another field) fails authentication instead of decrypting.
 */
export class SecretBox {
  private readonly byId: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(keys: EncryptionKey[]) {
    if (keys.length === 0) throw new Error('at least one encryption key is needed');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
    this.currentKeyId = keys[0].id;
  }

  encrypt(plaintext: Buffer, associatedData: string): EncryptedValue {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.byId.get(this.currentKeyId)!, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const dados = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { kid: this.currentKeyId, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), dados: dados.toString('base64') };
  }

  decrypt(value: EncryptedValue, associatedData: string): Buffer {
    const key = this.byId.get(value.kid);
    if (!key) throw new UnknownKeyError(value.kid);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(value.iv, 'base64'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(value.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(value.dados, 'base64')), decipher.final()]);
  }

  /** Re-encrypts with the current key when the value was made with an older one (rotation on save). */
  reencrypt(value: EncryptedValue, associatedData: string): EncryptedValue {
    return value.kid === this.currentKeyId ? value : this.encrypt(this.decrypt(value, associatedData), associatedData);
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret at rest: AES-256-GCM with its own random 12-byte IV, the auth tag, and the id of the key used. */
export interface ValorCifrado {
  kid: string;
  iv: string;
  tag: string;
  dados: string;
}

export interface ChaveCifra {
  id: string;
  chave: Buffer;
}

export class ChaveDesconhecida extends Error {
  constructor(kid: string) {
    super(`no encryption key with id "${kid}" is configured`);
    this.name = 'ChaveDesconhecida';
  }
}

/**
 * Parses `SETTINGS_ENCRYPTION_KEYS`: comma-separated `keyId:base64(32 bytes)`. The first key encrypts; every
 * listed key decrypts, so a rotation is "put the new key first, keep the old ones until re-encrypted".
 */
export function lerChaves(texto: string): ChaveCifra[] {
  const chaves = texto
    .split(',')
    .map((parte) => parte.trim())
    .filter(Boolean)
    .map((parte) => {
      const separador = parte.indexOf(':');
      const id = parte.slice(0, separador);
      const chave = Buffer.from(parte.slice(separador + 1), 'base64');
      if (separador <= 0 || !/^[A-Za-z0-9._-]{1,64}$/.test(id)) throw new Error('each key is keyId:base64 with a simple keyId');
      if (chave.length !== 32) throw new Error(`key "${id}" must be 32 bytes (base64 of 32 random bytes)`);
      return { id, chave };
    });
  if (chaves.length === 0) throw new Error('no key given');
  if (new Set(chaves.map((c) => c.id)).size !== chaves.length) throw new Error('key ids must be unique');
  return chaves;
}

export function gerarChaveDesenvolvimento(): ChaveCifra {
  return { id: `dev-${randomBytes(4).toString('hex')}`, chave: randomBytes(32) };
}

/**
 * Encrypts and decrypts secrets. The associated data binds a ciphertext to its company and field, so a value
 * copied into another company's document (or another field) fails authentication instead of decrypting.
 */
export class Cofre {
  private readonly porId: Map<string, Buffer>;
  readonly chaveAtual: string;

  constructor(chaves: ChaveCifra[]) {
    if (chaves.length === 0) throw new Error('at least one encryption key is needed');
    this.porId = new Map(chaves.map((c) => [c.id, c.chave]));
    this.chaveAtual = chaves[0].id;
  }

  cifrar(aberto: Buffer, contexto: string): ValorCifrado {
    const iv = randomBytes(12);
    const cifra = createCipheriv('aes-256-gcm', this.porId.get(this.chaveAtual)!, iv);
    cifra.setAAD(Buffer.from(contexto, 'utf8'));
    const dados = Buffer.concat([cifra.update(aberto), cifra.final()]);
    return { kid: this.chaveAtual, iv: iv.toString('base64'), tag: cifra.getAuthTag().toString('base64'), dados: dados.toString('base64') };
  }

  decifrar(valor: ValorCifrado, contexto: string): Buffer {
    const chave = this.porId.get(valor.kid);
    if (!chave) throw new ChaveDesconhecida(valor.kid);
    const decifra = createDecipheriv('aes-256-gcm', chave, Buffer.from(valor.iv, 'base64'));
    decifra.setAAD(Buffer.from(contexto, 'utf8'));
    decifra.setAuthTag(Buffer.from(valor.tag, 'base64'));
    return Buffer.concat([decifra.update(Buffer.from(valor.dados, 'base64')), decifra.final()]);
  }

  /** Re-encrypts with the current key when the value was made with an older one (rotation on save). */
  atualizar(valor: ValorCifrado, contexto: string): ValorCifrado {
    return valor.kid === this.chaveAtual ? valor : this.cifrar(this.decifrar(valor, contexto), contexto);
  }
}

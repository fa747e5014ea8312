import { randomBytes } from 'node:crypto';
import { SecretBox, UnknownKeyError, parseKeys } from '../../src/crypto/secret-box';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('secret box - AES-256-GCM secrets', () => {
  it('secret box - round-trips a value with a fresh 12-byte IV each time and no plaintext in the output', () => {
    const box = new SecretBox(parseKeys(key('k1')));
    const a = box.encrypt(Buffer.from('senha-secreta'), 'c1|nfse.senha');
    const b = box.encrypt(Buffer.from('senha-secreta'), 'c1|nfse.senha');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.tag, 'base64')).toHaveLength(16);
    expect(a.iv).not.toBe(b.iv);
    expect(a.dados).not.toBe(b.dados);
    expect(JSON.stringify(a)).not.toContain('senha-secreta');
    expect(Buffer.from(a.dados, 'base64').toString()).not.toContain('senha');
    expect(box.decrypt(a, 'c1|nfse.senha').toString()).toBe('senha-secreta');
    expect(a.kid).toBe('k1');
  });

  it('secret box - refuses a value moved to another company or field (associated data)', () => {
    const box = new SecretBox(parseKeys(key('k1')));
    const valor = box.encrypt(Buffer.from('x'), 'c1|nfse.senha');
    expect(() => box.decrypt(valor, 'c2|nfse.senha')).toThrow();
    expect(() => box.decrypt(valor, 'c1|certificado.senha')).toThrow();
  });

  it('secret box - refuses a tampered ciphertext', () => {
    const box = new SecretBox(parseKeys(key('k1')));
    const valor = box.encrypt(Buffer.from('abcdef'), 'c');
    const dados = Buffer.from(valor.dados, 'base64');
    dados[0] ^= 1;
    expect(() => box.decrypt({ ...valor, dados: dados.toString('base64') }, 'c')).toThrow();
  });

  it('secret box - rotation: the first key encrypts, older keys still decrypt, reencrypt re-encrypts with the new one', () => {
    const velha = key('k1');
    const antes = new SecretBox(parseKeys(velha));
    const guardado = antes.encrypt(Buffer.from('segredo'), 'c');
    const depois = new SecretBox(parseKeys(`${key('k2')},${velha}`));
    expect(depois.decrypt(guardado, 'c').toString()).toBe('segredo');
    const renovado = depois.reencrypt(guardado, 'c');
    expect(renovado.kid).toBe('k2');
    expect(depois.decrypt(renovado, 'c').toString()).toBe('segredo');
    expect(depois.reencrypt(renovado, 'c')).toBe(renovado);
    expect(() => new SecretBox(parseKeys(key('k3'))).decrypt(guardado, 'c')).toThrow(UnknownKeyError);
  });

  it('secret box - refuses malformed key lists', () => {
    expect(() => parseKeys('')).toThrow();
    expect(() => parseKeys('semid')).toThrow();
    expect(() => parseKeys(`k1:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => parseKeys(`${key('k1')},${key('k1')}`)).toThrow(/unique/);
  });
});

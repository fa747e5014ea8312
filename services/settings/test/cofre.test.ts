import { randomBytes } from 'node:crypto';
import { ChaveDesconhecida, Cofre, lerChaves } from '../src/crypto/cofre';

const chave = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;

describe('cofre - AES-256-GCM secrets', () => {
  it('cofre - round-trips a value with a fresh 12-byte IV each time and no plaintext in the output', () => {
    const cofre = new Cofre(lerChaves(chave('k1')));
    const a = cofre.cifrar(Buffer.from('senha-secreta'), 'c1|nfse.senha');
    const b = cofre.cifrar(Buffer.from('senha-secreta'), 'c1|nfse.senha');
    expect(Buffer.from(a.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(a.tag, 'base64')).toHaveLength(16);
    expect(a.iv).not.toBe(b.iv);
    expect(a.dados).not.toBe(b.dados);
    expect(JSON.stringify(a)).not.toContain('senha-secreta');
    expect(Buffer.from(a.dados, 'base64').toString()).not.toContain('senha');
    expect(cofre.decifrar(a, 'c1|nfse.senha').toString()).toBe('senha-secreta');
    expect(a.kid).toBe('k1');
  });

  it('cofre - refuses a value moved to another company or field (associated data)', () => {
    const cofre = new Cofre(lerChaves(chave('k1')));
    const valor = cofre.cifrar(Buffer.from('x'), 'c1|nfse.senha');
    expect(() => cofre.decifrar(valor, 'c2|nfse.senha')).toThrow();
    expect(() => cofre.decifrar(valor, 'c1|certificado.senha')).toThrow();
  });

  it('cofre - refuses a tampered ciphertext', () => {
    const cofre = new Cofre(lerChaves(chave('k1')));
    const valor = cofre.cifrar(Buffer.from('abcdef'), 'c');
    const dados = Buffer.from(valor.dados, 'base64');
    dados[0] ^= 1;
    expect(() => cofre.decifrar({ ...valor, dados: dados.toString('base64') }, 'c')).toThrow();
  });

  it('cofre - rotation: the first key encrypts, older keys still decrypt, atualizar re-encrypts with the new one', () => {
    const velha = chave('k1');
    const antes = new Cofre(lerChaves(velha));
    const guardado = antes.cifrar(Buffer.from('segredo'), 'c');
    const depois = new Cofre(lerChaves(`${chave('k2')},${velha}`));
    expect(depois.decifrar(guardado, 'c').toString()).toBe('segredo');
    const renovado = depois.atualizar(guardado, 'c');
    expect(renovado.kid).toBe('k2');
    expect(depois.decifrar(renovado, 'c').toString()).toBe('segredo');
    expect(depois.atualizar(renovado, 'c')).toBe(renovado);
    expect(() => new Cofre(lerChaves(chave('k3'))).decifrar(guardado, 'c')).toThrow(ChaveDesconhecida);
  });

  it('cofre - refuses malformed key lists', () => {
    expect(() => lerChaves('')).toThrow();
    expect(() => lerChaves('semid')).toThrow();
    expect(() => lerChaves(`k1:${randomBytes(16).toString('base64')}`)).toThrow(/32 bytes/);
    expect(() => lerChaves(`${chave('k1')},${chave('k1')}`)).toThrow(/unique/);
  });
});

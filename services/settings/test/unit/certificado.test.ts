import { createSecureContext } from 'node:tls';
import forge from 'node-forge';
import { lerCertificadoA1, situacaoValidade } from '../../src/domain/certificado';
import { criarPfx, criarPfxLegadoRc2, criarPfxSemChave } from '../support/certificados';

const DIA = 86_400_000;

describe('certificado - reading A1 .pfx files', () => {
  it('certificado - reads a modern file: holder, CNPJ from the CN, validity, a usable private key', () => {
    const leitura = lerCertificadoA1(criarPfx('segredo', { razaoSocial: 'ACME LTDA', cnpjNoNome: '11222333000181' }), 'segredo');
    expect(leitura.ok).toBe(true);
    if (!leitura.ok) return;
    expect(leitura.certificado).toMatchObject({ titular: 'ACME LTDA:11222333000181', cnpj: '11222333000181', emissor: 'AC TESTE RFB v5' });
    expect(forge.pki.privateKeyFromPem(leitura.certificado.chavePrivadaPem)).toBeTruthy();
  });

  it('certificado - reads a legacy RC2-40 file that OpenSSL 3 defaults refuse', () => {
    const pfx = criarPfxLegadoRc2('legado', { cnpjNoNome: null, cnpjOtherName: '12ABC34501DE35' });
    // Node's TLS stack (OpenSSL 3 without the legacy provider) cannot open it:
    expect(() => createSecureContext({ pfx, passphrase: 'legado' })).toThrow();
    const leitura = lerCertificadoA1(pfx, 'legado');
    expect(leitura.ok && leitura.certificado.cnpj).toBe('12ABC34501DE35');
  });

  it('certificado - the otherName 2.16.76.1.3.3 wins over the CN', () => {
    const leitura = lerCertificadoA1(criarPfx('s', { cnpjNoNome: '11222333000181', cnpjOtherName: '12ABC34501DE35' }), 's');
    expect(leitura.ok && leitura.certificado.cnpj).toBe('12ABC34501DE35');
  });

  it('certificado - wrong password, not PKCS#12, no CNPJ and no key are each refused with their own code', () => {
    expect(lerCertificadoA1(criarPfx('certa'), 'errada')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_SENHA_INVALIDA' });
    expect(lerCertificadoA1(criarPfxLegadoRc2('certa'), 'errada')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_SENHA_INVALIDA' });
    expect(lerCertificadoA1(Buffer.from('-----BEGIN CERTIFICATE-----'), 'x')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_FORMATO_INVALIDO' });
    expect(lerCertificadoA1(Buffer.alloc(0), 'x')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_FORMATO_INVALIDO' });
    expect(lerCertificadoA1(criarPfx('s', { cnpjNoNome: null }), 's')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_SEM_CNPJ' });
    expect(lerCertificadoA1(criarPfxSemChave('s'), 's')).toMatchObject({ ok: false, codigo: 'CERTIFICADO_SEM_CHAVE_PRIVADA' });
  });

  it('certificado - days left and the warning from 30 days out', () => {
    const agora = new Date('2026-01-01T00:00:00Z');
    expect(situacaoValidade(new Date(agora.getTime() + 31 * DIA), agora)).toEqual({ diasParaExpirar: 31, aviso: null });
    expect(situacaoValidade(new Date(agora.getTime() + 30 * DIA), agora)).toMatchObject({ diasParaExpirar: 30, aviso: expect.stringContaining('30 dia') });
    expect(situacaoValidade(new Date(agora.getTime() - DIA), agora)).toMatchObject({ diasParaExpirar: -1, aviso: expect.stringContaining('expirou') });
  });
});

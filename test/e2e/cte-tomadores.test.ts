import { graphql } from '../support/env';
import { CHAVE_NFE, cteProcBaixado, cteSpRj, elementosCte, REMETENTE_SP, textoCte } from './cte-helpers';
import { emitir, empresaFiscal } from './fiscal-helpers';

/**
 * The takers of a CT-e 57 beyond the sender and the recipient: toma3 1 (EXPEDIDOR, with exped) and 2 (RECEBEDOR,
 * with receb), and toma4 (OUTROS, the party inside ide/toma4 with enderToma), through the gateway to the local
 * authority; each ends with a downloaded cteProc valid against procCTe_v4.00.xsd.
 */
const EXPEDIDOR = { ...REMETENTE_SP, documento: '11444777000161', nome: 'Armazém Expedidor Ltda', inscricaoEstadual: '110042490114' };
const RECEBEDOR = { documento: '33000167000101', nome: 'Centro de Distribuição Rio', inscricaoEstadual: '81234567', uf: 'RJ', codigoMunicipio: '3304557', endereco: { logradouro: 'Avenida Brasil', numero: '5000', bairro: 'Penha', municipio: 'Rio de Janeiro', cep: '21020000' } };
const OUTRO = { documento: '52998224725', nome: 'Contratante Pessoa Física', uf: 'MG', codigoMunicipio: '3106200', endereco: { logradouro: 'Rua da Bahia', numero: '1', bairro: 'Centro', municipio: 'Belo Horizonte', cep: '30160011' } };

describe('ct-e takers', () => {
  it('ct-e takers - EXPEDIDOR (toma3 1, exped) by REST and RECEBEDOR (toma3 2, receb) by GraphQL: AUTORIZADO, cteProc valid', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const base = cteSpRj([CHAVE_NFE]);
    const exp = await emitir(e.admin, { ...base, cte: { ...base.cte, tomador: 'EXPEDIDOR', expedidor: EXPEDIDOR } });
    expect([exp.status, exp.body.codigo, exp.body.campos, exp.body.dados?.situacao]).toEqual([201, undefined, undefined, 'AUTORIZADO']);
    const { raiz } = await cteProcBaixado(e.usuario, exp.body.dados.id);
    expect([textoCte(elementosCte(raiz, 'toma3')[0], 'toma'), textoCte(raiz, 'indIEToma')]).toEqual(['1', '1']);
    expect(textoCte(elementosCte(raiz, 'exped')[0], 'CNPJ')).toBe('11444777000161');
    expect(textoCte(elementosCte(raiz, 'enderExped')[0], 'cMun')).toBe('3550308');

    const mutacao = 'mutation($i: EmitirDocumentoFiscalInput!) { emitirDocumentoFiscal(input: $i) { id situacao } }';
    const corpo = cteSpRj([CHAVE_NFE]);
    const rec = await graphql(mutacao, { i: { ...corpo, cte: { ...corpo.cte, tomador: 'RECEBEDOR', recebedor: RECEBEDOR } } }, e.admin);
    expect([rec.errors, rec.data?.emitirDocumentoFiscal?.situacao]).toEqual([undefined, 'AUTORIZADO']);
    const recebido = await cteProcBaixado(e.usuario, rec.data!.emitirDocumentoFiscal.id);
    expect(textoCte(elementosCte(recebido.raiz, 'toma3')[0], 'toma')).toBe('2');
    expect(textoCte(elementosCte(recebido.raiz, 'receb')[0], 'IE')).toBe('81234567');
  }, 90_000);

  it('ct-e takers - OUTROS (toma4 with its party and enderToma, a person not a taxpayer: indIEToma 9): AUTORIZADO, cteProc valid', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const base = cteSpRj([CHAVE_NFE]);
    const r = await emitir(e.admin, { ...base, cte: { ...base.cte, tomador: 'OUTROS', outroTomador: OUTRO } });
    expect([r.status, r.body.codigo, r.body.campos, r.body.dados?.situacao]).toEqual([201, undefined, undefined, 'AUTORIZADO']);
    const { raiz } = await cteProcBaixado(e.usuario, r.body.dados.id);
    const toma4 = elementosCte(raiz, 'toma4')[0];
    expect([textoCte(toma4, 'toma'), textoCte(toma4, 'CPF'), textoCte(toma4, 'cMun'), textoCte(raiz, 'indIEToma')]).toEqual(['4', '52998224725', '3106200', '9']);
    expect(elementosCte(raiz, 'toma3')).toHaveLength(0);
  }, 60_000);

  it('ct-e takers - field errors: EXPEDIDOR without expedidor, OUTROS without outroTomador, outroTomador with another taker', async () => {
    const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO' });
    const base = cteSpRj([CHAVE_NFE]);
    const campos = async (cte: Record<string, unknown>) => {
      const r = await emitir(e.admin, { ...base, cte: { ...base.cte, ...cte } });
      expect(r.status).toBe(400);
      return r.body.campos.map((c: { campo: string; regra: string }) => `${c.campo}:${c.regra}`);
    };
    expect(await campos({ tomador: 'EXPEDIDOR' })).toEqual(['cte.expedidor:obrigatorio_tomador']);
    expect(await campos({ tomador: 'OUTROS' })).toEqual(['cte.outroTomador:obrigatorio_tomador']);
    expect(await campos({ tomador: 'REMETENTE', outroTomador: OUTRO })).toEqual(['cte.outroTomador:somente_outros']);
  }, 60_000);
});

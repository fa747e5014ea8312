import type { DetalheDocumentoFiscal, DocumentoFiscal } from '../../src/api/operations/documents';
import { parseDecimalBR } from '../../src/numbers-br';
import { issueInput } from '../../src/screens/documents/issue-input';
import { pendingCancellationText, substituteForm, substitutionCancelPrefill } from '../../src/screens/documents/nfse-substitution';

const CHAVE = '35503082290219108000162000000000000126110740608887';
const documento = { id: 'd1', modelo: 'NFSE', numero: 7, serie: 1, chaveAcesso: CHAVE, competencia: '11/2026' } as DocumentoFiscal;
const item = { numero: 1, codigo: 'SUP-01', descricao: 'Suporte', quantidade: 2.5, unidade: 'H', valorUnitario: 1234.5678, valorTotal: 3086.42, codigoServico: '01.07', aliquotaIss: 2.5 };
const detalhe = {
  destinatario: { documento: '11222333000181', tipoDocumento: 'CNPJ', nome: 'Tomador', uf: 'SP', codigoMunicipio: '3550308', inscricaoEstadual: null },
  itens: [item],
} as unknown as DetalheDocumentoFiscal;

describe('admin NFS-e substitution - the form filled from the replaced NFS-e', () => {
  it('admin nfse substitution - recipient punctuated, values as typed in Brazil (and read back the same), the key grouped and sent bare', () => {
    const form = substituteForm(documento, detalhe);
    expect(form.recipient).toMatchObject({ documento: '11.222.333/0001-81', nome: 'Tomador', uf: 'SP', codigoMunicipio: '3550308' });
    expect(form.itens[0]).toMatchObject({ quantidade: '2,5', valorUnitario: '1234,5678', aliquotaIss: '2,5', codigoServico: '01.07', unidade: 'H' });
    expect([parseDecimalBR(form.itens[0].quantidade), parseDecimalBR(form.itens[0].valorUnitario)]).toEqual([2.5, 1234.5678]);
    expect(form.competencia).toBe('11/2026');
    expect(form.substituida).toEqual({ numero: 7, serie: 1 });
    expect(form.chaveNfseSubstituida).toBe(CHAVE.replace(/(.{4})/g, '$1 ').trim());
    expect(issueInput(form).input.chaveNfseSubstituida).toBe(CHAVE);
    // An ABRASF key is kept as it is.
    expect(substituteForm({ ...documento, chaveAcesso: '3106200-1-9ZR55THEA' }, detalhe).chaveNfseSubstituida).toBe('3106200-1-9ZR55THEA');
  });

  it('admin nfse substitution - the old one’s cancellation filled with the new key; the next step said by provider', () => {
    expect(substitutionCancelPrefill({ chaveAcesso: CHAVE, numero: 8 })).toEqual({ substituta: CHAVE, motivo: '1', justificativa: 'NFS-e substituída pela NFS-e nº 8, emitida para corrigir esta.' });
    expect(pendingCancellationText(CHAVE)).toContain('105102');
    expect(pendingCancellationText('3106200-1-9ZR55THEA')).toContain('A prefeitura já cancelou');
  });
});

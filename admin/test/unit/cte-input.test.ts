import { emptyCte, partesPresentes } from '../../src/screens/documents/cte-input';
import { situacaoEmPalavras, statusEmPalavras } from '../../src/screens/documents/SefazStatus';
import { cteOsInput, emptyCteOs, MODELOS_EMISSAO, takerLabel } from '../../src/screens/documents/cte-os-input';
import { modelName, printedFormName, xmlLabel } from '../../src/screens/documents/document-labels';
import { emptyAddress, emptyItem, emptyRecipient, issueFieldLabel, issueInput, type IssueForm } from '../../src/screens/documents/issue-input';

const form = (extra: Partial<IssueForm>): IssueForm => ({
  modelo: 'CTE',
  modalidadeFrete: '',
  referencia: 'R-1',
  serie: '',
  recipient: emptyRecipient(),
  address: emptyAddress(),
  itens: [{ ...emptyItem(), valorUnitario: '4.000,00' }],
  competencia: '',
  chaveCte: '',
  chavesNfe: '',
  pagamentos: [],
  cte: emptyCte(),
  os: false,
  cteOs: emptyCteOs(),
  ...extra,
});

describe('admin issue form - CT-e takers and CT-e OS', () => {
  it('admin cte input - the tomador’s own party goes with it, and only that one; its errors by label', () => {
    const cte = emptyCte();
    cte.tomador = 'OUTROS';
    cte.partes.outroTomador.documento = '529.982.247-25';
    cte.partes.expedidor.documento = '11.444.777/0001-61';
    const sent = issueInput(form({ cte })).input.cte!;
    expect([sent.tomador, sent.outroTomador?.documento, sent.expedidor, sent.recebedor]).toEqual(['OUTROS', '529.982.247-25', undefined, undefined]);
    cte.tomador = 'EXPEDIDOR';
    expect(issueInput(form({ cte })).input.cte).toMatchObject({ tomador: 'EXPEDIDOR', expedidor: { documento: '11.444.777/0001-61' } });
    expect(issueInput(form({ cte })).input.cte?.outroTomador).toBeUndefined();
    expect(issueFieldLabel('cte.expedidor.endereco.cep')).toBe('Expedidor: CEP');
    expect(issueFieldLabel('cte.recebedor.inscricaoEstadual')).toBe('Recebedor: Inscrição estadual');
    expect(issueFieldLabel('cte.outroTomador')).toBe('Tomador (outro)');
    expect(issueFieldLabel('cte.inicio.uf')).toBe('Início da prestação: UF');
  });

  it('admin cte input - the shipper and the receiver ticked as present go whoever pays; unticked, they stay home', () => {
    const cte = emptyCte();
    cte.partes.expedidor.documento = '11.444.777/0001-61';
    cte.partes.recebedor.documento = '11.222.333/0001-81';
    expect(partesPresentes(cte)).toEqual([]);
    cte.adicionais = { expedidor: true, recebedor: true };
    expect(partesPresentes(cte)).toEqual(['expedidor', 'recebedor']);
    expect(issueInput(form({ cte })).input.cte).toMatchObject({ tomador: 'REMETENTE', expedidor: { documento: '11.444.777/0001-61' }, recebedor: { documento: '11.222.333/0001-81' } });
    // The taker's own party first, once, even when also ticked.
    cte.tomador = 'RECEBEDOR';
    expect(partesPresentes(cte)).toEqual(['recebedor', 'expedidor']);
    cte.tomador = 'OUTROS';
    cte.adicionais = { expedidor: false, recebedor: true };
    expect(partesPresentes(cte)).toEqual(['outroTomador', 'recebedor']);
    expect(issueInput(form({ cte })).input.cte?.expedidor).toBeUndefined();
  });

  it('admin sefaz status - the answer in words: in operation, paralysed for a while or with no forecast, unknown', () => {
    const status = (cStat: string | null, modelo: 'CTE' | 'CTEOS' = 'CTE') => ({
      uf: 'SP', modelo, ambiente: 'HOMOLOGAÇÃO', autorizador: 'sefaz-cte', cStat, motivo: cStat ? 'Motivo' : 'sem resposta', emOperacao: cStat === '107', consultadoEm: '2026-11-27T13:05:00Z',
    });
    expect(statusEmPalavras(status('107', 'CTEOS'))).toMatch(/^SEFAZ SP, CT-e OS \(67\), homologação: em operação — 107 Motivo \(consultada em 27\/11\/2026, 10:05\)\.$/);
    expect(situacaoEmPalavras(status('108'))).toBe('paralisada no momento (volta em breve)');
    expect(situacaoEmPalavras(status('109'))).toBe('paralisada, sem previsão de volta');
    expect(situacaoEmPalavras(status(null))).toBe('situação desconhecida (a SEFAZ não respondeu)');
  });

  it('admin cte os input - CTE with cteOs (no cte, no NF-e keys), the CFOP on every component, the page’s findings by label', () => {
    const cteOs = { ...emptyCteOs(), cfop: '6353', quantidadePassageiros: '1.200', numeroAutorizacao: '1234.5678-9012', placa: 'ABC1D23', fretamento: 'CONTINUO' as const };
    const recipient = { ...emptyRecipient(), documento: '11222333000181', nome: 'Cliente', uf: 'SP', codigoMunicipio: '3550308' };
    const { input, localErrors } = issueInput(form({ os: true, cteOs, recipient, address: { ...emptyAddress(), logradouro: 'Rua A' }, chavesNfe: '3526...' }));
    expect([input.modelo, input.cte, input.chavesNfeTransportadas, input.itens[0].cfop]).toEqual(['CTE', null, null, '6353']);
    expect(input.cteOs).toMatchObject({ tipoServico: 'TRANSPORTE_PESSOAS', modal: 'RODOVIARIO', quantidadePassageiros: 1200, taf: '123456789012', registroEstadual: null, fretamento: 'CONTINUO' });
    expect(localErrors).toEqual([]);

    // Passengers in words and no number: both named, both sent so that the service refuses them too.
    const wrong = cteOsInput({ ...emptyCteOs(), autorizacao: 'registroEstadual', quantidadePassageiros: '40,5' });
    expect([wrong.cteOs.quantidadePassageiros, wrong.cteOs.taf, wrong.cteOs.registroEstadual]).toEqual([-1, null, null]);
    expect(wrong.localErrors.map((e) => `${issueFieldLabel(e.campo)}: ${e.erro}`)).toEqual(['Quantidade de passageiros: deve ser um número inteiro de passageiros, como 40', 'Número do registro estadual: é obrigatório']);
    // A taker without its address: said in words before the service's keys.
    expect(issueInput(form({ os: true, recipient })).localErrors.map((e) => e.campo)).toContain('destinatario.endereco');
    expect([takerLabel('destinatario.endereco.cep', 'CEP'), takerLabel('destinatario.nome', 'x'), takerLabel('destinatario.endereco', 'x')]).toEqual(['Tomador: CEP', 'Tomador: Nome', 'Tomador: Endereço']);
    expect(MODELOS_EMISSAO.map(([v]) => v)).toEqual(['NFE', 'NFCE', 'CTE', 'CTEOS', 'NFSE']);
  });

  it('admin cte os labels - a CT-e whose key says model 67 is the CT-e OS, with its DACTE OS and cteOSProc', () => {
    const os = { modelo: 'CTE' as const, chaveAcesso: '35261126933440000195670010000000011848495280' };
    const cte = { modelo: 'CTE' as const, chaveAcesso: '35261126933440000195570010000000011848495280' };
    expect([modelName(os), printedFormName(os), xmlLabel(os)]).toEqual(['CT-e OS (67)', 'DACTE OS', 'XML do CT-e OS (cteOSProc)']);
    expect([modelName(cte), printedFormName(cte), xmlLabel(cte)]).toEqual(['CT-e (57)', 'DACTE', 'XML do CT-e (cteProc)']);
  });
});

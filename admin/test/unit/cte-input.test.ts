import { emptyCte } from '../../src/screens/documents/cte-input';
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

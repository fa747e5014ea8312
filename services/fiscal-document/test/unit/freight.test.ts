import type { ConfiguracaoFiscalCompartilhada } from '@erp/contracts';
import { dadosNfe } from '../../src/xml/nfe-data';
import { montarChave } from '../../src/domain/access-key';
import type { DocumentoRecord } from '../../src/store/document-model';
import { montarNfe } from '../../src/xml/nfe';

/** The NF-e's `modFrete` comes from the emission (the ERP order's freight mode), not from a fixed rule. */
const emitidoEm = new Date('2026-11-20T13:05:09Z');
const settings = {
  empresa: {
    razaoSocial: 'Empresa Teste Ltda',
    inscricaoEstadual: '110042490114',
    regimeTributario: 'LUCRO_PRESUMIDO',
    endereco: { logradouro: 'Rua A', numero: '10', complemento: null, bairro: 'Centro', municipio: 'São Paulo', cep: '01001000', telefone: null },
  },
} as unknown as ConfiguracaoFiscalCompartilhada;

function documento(modalidadeFrete: DocumentoRecord['modalidadeFrete'], chaveCteReferenciada: string | null = null): DocumentoRecord {
  return {
    chaveAcesso: montarChave({ cUF: '35', emitidoEm, cnpj: '11222333000181', modelo: 'NFE', serie: 1, numero: 7, cnf: '12345670' }),
    modelo: 'NFE',
    ambiente: 'HOMOLOGAÇÃO',
    emitidoEm,
    simplesRemessa: false,
    emitenteCnpj: '11222333000181',
    emitenteUf: 'SP',
    emitenteMunicipio: '3550308',
    destinatario: { documento: '20695448000184', tipoDocumento: 'CNPJ', nome: 'Cliente', uf: 'SP', codigoMunicipio: null, inscricaoEstadual: null },
    itens: [{ codigo: 'P1', descricao: 'Cadeira', quantidade: 1, valorUnitario: 10, unidade: 'UN', ncm: '94013000', cfop: '5102', cst: '41', csosn: null, codigoServico: null, aliquotaIss: null, valorCentavos: 1000 }],
    impostosPorItem: [{ linhas: [] }],
    chaveCteReferenciada,
    ...(modalidadeFrete === undefined ? {} : { modalidadeFrete }),
  } as unknown as DocumentoRecord;
}

const modFrete = (doc: DocumentoRecord) => /<modFrete>(\d)<\/modFrete>/.exec(montarNfe(dadosNfe(doc, settings, null)))?.[1];

describe('NF-e freight', () => {
  test('NF-e XML - modFrete is the one issued; a document stored before it was kept follows the old rule', () => {
    for (const valor of [0, 1, 2, 3, 4, 9] as const) expect(modFrete(documento(valor))).toBe(String(valor));
    expect(modFrete(documento(undefined))).toBe('9');
    expect(modFrete(documento(undefined, '35210320695448000184570010000035891981839920'))).toBe('0');
  });
});

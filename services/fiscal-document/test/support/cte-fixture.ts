import type { DadosXmlCte } from '../../src/xml/cte';
import type { DadosXmlCteOs } from '../../src/xml/cte/types';
import { chaveDoDocumento } from '../../src/domain/access-key';

const ENDERECO = { logradouro: 'Avenida Paulista', numero: '1000', complemento: null, bairro: 'Bela Vista', municipio: 'São Paulo', cep: '01310100', telefone: '1133334444' };

/** The key of a CT-e 57 of the fixture's carrier (SP, CNPJ 11.222.333/0001-81), number 7, series 1. */
export const CHAVE_CTE = chaveDoDocumento(
  { modelo: 'CTE', serie: 1, emitenteCnpj: '11222333000181', emitenteUf: 'SP', emitidoEm: new Date('2026-11-20T15:00:00Z'), sementeChave: 'abc' } as never,
  7,
);

/**
 * A CT-e of a regime-normal carrier in São Paulo: freight 1,000.00 + toll 50.00 = 1,050.00 from São Paulo to Rio de
 * Janeiro (CFOP 6353), ICMS 12 % interstate SP -> RJ = 126.00; CBS 0.9 % = 9.45 and IBS 0.1 % = 1.05 of 1,050.00
 * (2026 test rates, informative).
 */
export function dadosCte(crt: '1' | '3' = '3'): DadosXmlCte {
  return {
    chave: CHAVE_CTE,
    ambiente: 'HOMOLOGAÇÃO',
    emitidoEm: new Date('2026-11-20T15:00:00Z'),
    emitente: { cnpj: '11222333000181', razaoSocial: 'Transportes Exemplo Ltda', inscricaoEstadual: '110042490114', crt, endereco: { ...ENDERECO, codigoMunicipio: '3550308', uf: 'SP' } },
    destinatario: {
      documento: '33000167000101',
      tipoDocumento: 'CNPJ',
      nome: 'Cliente RJ Ltda',
      uf: 'RJ',
      codigoMunicipio: '3304557',
      inscricaoEstadual: null,
      endereco: { ...ENDERECO, logradouro: 'Rua do Ouvidor', municipio: 'Rio de Janeiro', cep: '20040030' },
    },
    cte: {
      modal: 'RODOVIARIO',
      tomador: 'REMETENTE',
      remetente: { documento: '11444777000161', tipoDocumento: 'CNPJ', nome: 'Remetente SP Ltda', inscricaoEstadual: '110042490114', uf: 'SP', codigoMunicipio: '3550308', endereco: ENDERECO },
      inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
      fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
      valorCargaCentavos: 1_200_000,
      produtoPredominante: 'Móveis',
      pesoKg: 350.5,
      rntrc: '12345678',
      cfop: '6353',
    },
    componentes: [
      { nome: 'Frete peso', valorCentavos: 100_000 },
      { nome: 'Pedágio', valorCentavos: 5_000 },
    ],
    valorPrestacaoCentavos: 105_000,
    cst: crt === '3' ? '00' : null,
    impostos: [
      { tributo: 'ICMS', baseCentavos: 105_000, aliquota: 12, valorCentavos: 12_600, informativo: false },
      { tributo: 'CBS', baseCentavos: 105_000, aliquota: 0.9, valorCentavos: 945, informativo: true },
      { tributo: 'IBS_UF', baseCentavos: 105_000, aliquota: 0.1, valorCentavos: 105, informativo: true },
      { tributo: 'IBS_MUN', baseCentavos: 105_000, aliquota: 0, valorCentavos: 0, informativo: true },
    ],
    chavesNfe: [],
    qrCode: `https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${CHAVE_CTE}&tpAmb=2`,
  };
}

/** The key of a CT-e OS (model 67) of the same carrier, number 3, series 1. */
export const CHAVE_CTE_OS = chaveDoDocumento(
  { modelo: 'CTE', cteOs: {}, serie: 1, emitenteCnpj: '11222333000181', emitenteUf: 'SP', emitidoEm: new Date('2026-11-20T15:00:00Z'), sementeChave: 'os' } as never,
  3,
);

/**
 * A CT-e OS (passenger transport, chartered bus) of the same regime-normal carrier: charter 4,000.00 + toll 150.00 =
 * 4,150.00 São Paulo -> Rio de Janeiro (CFOP 6353), ICMS 12 % = 498.00; CBS 0.9 % = 37.35, IBS 0.1 % = 4.15.
 */
export function dadosCteOs(crt: '1' | '3' = '3'): DadosXmlCteOs {
  const { cte, chavesNfe, ...base } = dadosCte(crt);
  void cte;
  void chavesNfe;
  return {
    ...base,
    chave: CHAVE_CTE_OS,
    destinatario: { ...base.destinatario, inscricaoEstadual: '81234567' },
    cteOs: {
      tipoServico: 'TRANSPORTE_PESSOAS',
      modal: 'RODOVIARIO',
      inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
      fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
      descricaoServico: 'Fretamento de ônibus',
      quantidadePassageiros: 40,
      taf: '123456789012',
      registroEstadual: null,
      placa: 'ABC1D23',
      ufVeiculo: 'SP',
      fretamento: 'EVENTUAL',
      cfop: '6353',
    },
    componentes: [
      { nome: 'Fretamento', valorCentavos: 400_000 },
      { nome: 'Pedágio', valorCentavos: 15_000 },
    ],
    valorPrestacaoCentavos: 415_000,
    impostos: [
      { tributo: 'ICMS', baseCentavos: 415_000, aliquota: 12, valorCentavos: 49_800, informativo: false },
      { tributo: 'CBS', baseCentavos: 415_000, aliquota: 0.9, valorCentavos: 3_735, informativo: true },
      { tributo: 'IBS_UF', baseCentavos: 415_000, aliquota: 0.1, valorCentavos: 415, informativo: true },
      { tributo: 'IBS_MUN', baseCentavos: 415_000, aliquota: 0, valorCentavos: 0, informativo: true },
    ],
    qrCode: `https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe=${CHAVE_CTE_OS}&tpAmb=2`,
  };
}

import type { DadosXmlCte } from '../../src/xml/cte';
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

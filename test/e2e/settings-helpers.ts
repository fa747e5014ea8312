import { newCompanyId, rest, sessionFor } from '../support/env';

export const CAMINHO = '/api/erp/faturamento/configuracao';
export const CNPJ = '11222333000181';
export const CNPJ_ALFANUMERICO = '12ABC34501DE35';

/** A fresh company with an admin session. */
export async function empresaNova(label = 'cfg') {
  const companyId = newCompanyId(label);
  return { companyId, admin: await sessionFor(companyId, 'admin'), usuario: await sessionFor(companyId, 'user') };
}

export function obter(sessao: string) {
  return rest('GET', CAMINHO, { bearer: sessao });
}

export function salvar(sessao: string, body: unknown) {
  return rest('PUT', CAMINHO, { bearer: sessao, body });
}

/** A complete, valid body as an admin UI would send it. */
export function corpoCompleto(extra: Record<string, unknown> = {}) {
  return {
    ambiente: 'PRODUÇÃO',
    seriePadrao: 2,
    series: [1, 2, 5],
    emissaoAutomatica: true,
    timeoutSegundos: 45,
    empresa: {
      cnpj: '11.222.333/0001-81',
      razaoSocial: 'Empresa de Teste Ltda',
      inscricaoEstadual: '110.042.490.114',
      uf: 'SP',
      codigoMunicipio: '3550308',
      regimeTributario: 'SIMPLES_NACIONAL',
      aliquotaDas: 7.5,
    },
    nfse: {
      provedor: 'ABRASF_2_04',
      endpoint: 'https://nfse.prefeitura.example.gov.br/ws',
      codigoCidade: '3550308',
      inscricaoMunicipal: '1234567',
      codigoServico: '01.07',
      usuario: 'usuario-ws',
      senha: 'senha-do-web-service-123',
    },
    ...extra,
  };
}

import { rest } from '../support/env';
import { empresaFiscal, referenciaNova } from './fiscal-helpers';

/**
 * A company whose NFS-e provider is an ABRASF 2.04 profile and whose NFS-e endpoint is the local authority's ABRASF
 * stand-in (`<LOCAL_AUTHORITY_URL>/abrasf/ws`), in Belo Horizonte (3106200); a new company unless `companyId` names one.
 */
export async function empresaAbrasf(provedor = 'ABRASF_2_04', companyId?: string) {
  const e = await empresaFiscal({ regime: 'LUCRO_PRESUMIDO', codigoMunicipio: '3106200', uf: 'MG', companyId });
  const atual = (await rest('GET', '/api/erp/faturamento/configuracao', { bearer: e.admin })).body.dados;
  const nfse = { ...atual.nfse, provedor, endpoint: `${process.env.TEST_LOCAL_AUTHORITY_URL}/abrasf/ws`, inscricaoMunicipal: '0012345001' };
  const salvo = await rest('PUT', '/api/erp/faturamento/configuracao', { bearer: e.admin, body: { ...atual, nfse } });
  expect(salvo.status).toBe(200);
  return e;
}

/** 10 hours at 120.00 = 1,200.00, ISS 2%. */
export const rpsServico = (extra: Record<string, unknown> = {}) => ({
  referencia: referenciaNova('RPS'),
  modelo: 'NFSE',
  destinatario: { documento: '11222333000181', nome: 'Tomador Servicos Ltda' },
  itens: [{ codigo: 'S', descricao: 'Suporte técnico', quantidade: 10, valorUnitario: 120, aliquotaIss: 2 }],
  ...extra,
});

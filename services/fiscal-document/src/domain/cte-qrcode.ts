import type { Ambiente } from '@erp/contracts';
import tabela from './data/cte-qrcode.json';

/**
 * The CT-e QR code (`infCTeSupl/qrCodCTe`, mandatory in 4.00): `<authorizer's QR URL>?chCTe=<chave>&tpAmb=<1|2>`
 * (MOC CT-e 4.00; the `&sign=` part is for EPEC only). The key goes whole, letters included: an alphanumeric CNPJ
 * puts letters in positions 7-18, which sped-cte's QR code strips (its bug, not copied). URLs per authorizer and
 * environment, and the authorizer per UF, are dated data (`data/cte-qrcode.json`, with its source).
 */
const TABELA = tabela as {
  fonte: string;
  lidoEm: string;
  autorizadores: Record<'CTE' | 'CTEOS', Record<string, string>>;
  qrCode: Record<'CTE' | 'CTEOS', Record<string, Partial<Record<Ambiente, string>>>>;
};

export function qrCodeCte(chave: string, uf: string, ambiente: Ambiente, modelo: 'CTE' | 'CTEOS' = 'CTE'): string {
  const autorizador = TABELA.autorizadores[modelo][uf];
  const base = autorizador ? TABELA.qrCode[modelo][autorizador]?.[ambiente] : undefined;
  if (!base) throw new Error(`no CT-e QR code URL for ${uf} (${modelo}, ${ambiente})`);
  return `${base}?chCTe=${chave}&tpAmb=${ambiente === 'PRODUÇÃO' ? '1' : '2'}`;
}

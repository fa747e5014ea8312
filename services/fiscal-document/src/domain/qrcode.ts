import type { Ambiente } from '@erp/contracts';
import consulta from './data/nfce-consulta.json';

/**
 * The NFC-e QR code, version 3 (NT 2025.001): for an NFC-e issued online (tpEmis 1) the text is
 * `<UF's QR URL>?p=<chave>|3|<tpAmb>`, with no CSC hash (version 2 needed one); the DANFCE prints it and
 * `infNFeSupl/urlChave` carries the UF's "consulta por chave" address. URLs per UF and environment are dated
 * data (`data/nfce-consulta.json`, with its source).
 */
const TABELA = consulta as { fonte: string; lidoEm: string; qrCode: Record<Ambiente, Record<string, string>>; urlChave: Record<Ambiente, Record<string, string>> };

export function qrCodeNfce(chave: string, uf: string, ambiente: Ambiente): { url: string; urlChave: string } | null {
  const base = TABELA.qrCode[ambiente][uf];
  const urlChave = TABELA.urlChave[ambiente][uf];
  if (!base || !urlChave) return null;
  const separador = base.includes('?') ? '&' : '?';
  return { url: `${base}${separador}p=${chave}|3|${ambiente === 'PRODUÇÃO' ? '1' : '2'}`, urlChave };
}

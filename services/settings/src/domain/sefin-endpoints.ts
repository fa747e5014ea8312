import { CaminhosSefin, type Ambiente, type DestinoTransmissao } from '@erp/contracts';
import type { Configuracao } from './configuracao';

/**
 * Sefin Nacional (NFS-e national standard) hosts, dated with their source: `../shared/research/transmission.md` §2.1
 * (nfewizard `NFSeServicosUrl.json`, read 2026-11-27). "Produção restrita" is the national standard's homologation.
 */
export const SEFIN_OFICIAL: Record<Ambiente, string> = {
  'HOMOLOGAÇÃO': 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
  'PRODUÇÃO': 'https://sefin.nfse.gov.br/SefinNacional',
};

export type BasesSefin = Record<Ambiente, string>;

/** HOMOLOGAÇÃO on the local authority's Sefin stand-in (`<base>/sefin/SefinNacional`); PRODUÇÃO always Sefin's. */
export function sefinComAutoridadeLocal(base: string): BasesSefin {
  return { ...SEFIN_OFICIAL, 'HOMOLOGAÇÃO': `${base.replace(/\/+$/, '')}/sefin/SefinNacional` };
}

type DestinoSefin = Extract<DestinoTransmissao, { tipo: 'SEFIN_NACIONAL' }>;

/**
 * The URL and headers of a Sefin call, or why it is refused: the company's provider must be NACIONAL and its
 * environment the destination's; the path must be one of the API's (`CaminhosSefin`); a POST carries JSON. The base
 * is the company's own NFS-e endpoint when set (a city hosting the national API elsewhere), else the table's; a
 * HOMOLOGAÇÃO call goes to the local authority whenever the relay was started with it, as NF-e's do.
 */
export function destinoSefin(
  bases: BasesSefin | null,
  destino: DestinoSefin,
  configuracao: Pick<Configuracao, 'ambiente' | 'nfse'>,
  corpo: string,
): { ok: true; url: string; headers: Record<string, string>; metodo: string } | { ok: false; erro: string } {
  if (configuracao.nfse.provedor !== 'NACIONAL') return { ok: false, erro: 'o provedor de NFS-e da empresa não é o NACIONAL' };
  if (configuracao.ambiente !== destino.ambiente) return { ok: false, erro: `a empresa está em ${configuracao.ambiente}, não em ${destino.ambiente}` };
  if (!CaminhosSefin[destino.metodo].test(destino.caminho)) return { ok: false, erro: `${destino.metodo} ${destino.caminho} não é um serviço da Sefin Nacional` };
  const local = bases && bases[destino.ambiente] !== SEFIN_OFICIAL[destino.ambiente] ? bases[destino.ambiente] : null;
  const base = local ?? configuracao.nfse.endpoint ?? (bases ?? SEFIN_OFICIAL)[destino.ambiente];
  if (!base.startsWith('https://')) return { ok: false, erro: 'a Sefin Nacional só é chamada por https' };
  if (destino.metodo === 'POST') {
    try {
      JSON.parse(corpo);
    } catch {
      return { ok: false, erro: 'o corpo de um POST à Sefin Nacional é JSON' };
    }
    return { ok: true, url: base + destino.caminho, headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' }, metodo: 'POST' };
  }
  if (corpo !== '') return { ok: false, erro: `${destino.metodo} não leva corpo` };
  return { ok: true, url: base + destino.caminho, headers: { accept: 'application/json' }, metodo: destino.metodo };
}

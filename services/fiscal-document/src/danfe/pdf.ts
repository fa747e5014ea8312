import type { DadosDanfe } from './data';
import { gerarDanfce } from './danfce-layout';
import { gerarDanfeNfe } from './danfe-layout';

/**
 * The printed document of an authorized NF-e (DANFE, A4) or NFC-e (DANFCE, 80 mm roll) as PDF. A document in
 * homologation carries "SEM VALOR FISCAL", as SEFAZ requires; one issued by the local authorizer says also that
 * SEFAZ never saw it.
 */
export function gerarDanfe(dados: DadosDanfe): Promise<Buffer> {
  return dados.modelo === 'NFCE' ? gerarDanfce(dados) : gerarDanfeNfe(dados);
}

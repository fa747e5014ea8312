import type { FiscalSettingsReader } from '@erp/kit';
import type { OpcoesSimulacao } from '../domain';

/**
 * The company's fiscal settings that act as simulation defaults: regime, UF, effective DAS rate, start of activity
 * and usual LC 116 item (its NFS-e settings), its own due days (ICMS, ISS, CBS, IBS, IS) and its CBS/IBS reference
 * rates per year.
 */
export type CompanyDefaults = (companyId: string) => Promise<OpcoesSimulacao>;

/**
 * The simulation defaults of the company's settings (the kit's reader: a 503 when they do not answer). A company
 * that saved nothing gets the settings defaults (no regime, no UF, no DAS rate), so the engine's own defaults apply.
 */
export function companyDefaults(settings: FiscalSettingsReader): CompanyDefaults {
  return async (companyId) => {
    const configuracao = await settings(companyId);
    const { regimeTributario, uf, aliquotaDas, inicioAtividade } = configuracao.empresa;
    const { icms, iss, cbs, ibs, is } = configuracao.vencimentos;
    return {
      empresa: { regime: regimeTributario, uf, aliquotaDas, inicioAtividade, codigoServico: configuracao.nfse.codigoServico },
      vencimentos: { ICMS: icms, ISS: iss, CBS: cbs, IBS: ibs, IS: is },
      aliquotasReferencia: Object.fromEntries(configuracao.aliquotasReferencia.map(({ ano, ...aliquotas }) => [String(ano), aliquotas])),
    };
  };
}

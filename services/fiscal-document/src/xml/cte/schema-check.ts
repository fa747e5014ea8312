import { validarXml } from '@erp/fiscal-schemas';
import { NS_CTE } from './types';

type Resultado = Awaited<ReturnType<typeof validarXml>>;

/** The modal group inside `infModal` (an `xs:any`), with the CT-e namespace declared on it to stand alone. */
async function validarModal(xml: string, grupo: 'rodo' | 'rodoOS', arquivo: string): Promise<Resultado> {
  const modal = new RegExp(`<${grupo}>[\\s\\S]*</${grupo}>`).exec(xml)?.[0];
  if (!modal) return { ok: false, erros: [{ linha: 0, mensagem: `infModal sem o grupo ${grupo} (modal rodoviário)` }] };
  return validarXml('cte-PL_CTe_400_RTC', arquivo, modal.replace(`<${grupo}>`, `<${grupo} xmlns="${NS_CTE}">`));
}

/**
 * A CT-e against the official package as the authorizer checks it: the CT-e (cte_v4.00.xsd, whose `infModal` is
 * `xs:any`), then the modal's own schema on the `rodo` group (cteModalRodoviario_v4.00.xsd; MOC: 580 on failure).
 */
export async function validarCteCompleto(xml: string): Promise<Resultado> {
  const cte = await validarXml('cte-PL_CTe_400_RTC', 'cte_v4.00.xsd', xml);
  if (!cte.ok) return cte;
  return validarModal(xml, 'rodo', 'cteModalRodoviario_v4.00.xsd');
}

/** The CT-e OS (model 67): cteOS_v4.00.xsd, then its modal `rodoOS` against cteModalRodoviarioOS_v4.00.xsd. */
export async function validarCteOsCompleto(xml: string): Promise<Resultado> {
  const cteOs = await validarXml('cte-PL_CTe_400_RTC', 'cteOS_v4.00.xsd', xml);
  if (!cteOs.ok) return cteOs;
  return validarModal(xml, 'rodoOS', 'cteModalRodoviarioOS_v4.00.xsd');
}

import { validarXml } from '@erp/fiscal-schemas';
import { NS_CTE } from './types';

type Resultado = Awaited<ReturnType<typeof validarXml>>;

/**
 * A CT-e against the official package as the authorizer checks it: the CT-e (cte_v4.00.xsd, whose `infModal` is
 * `xs:any`), then the modal's own schema on the `rodo` group (cteModalRodoviario_v4.00.xsd; MOC: 580 on failure).
 */
export async function validarCteCompleto(xml: string): Promise<Resultado> {
  const cte = await validarXml('cte-PL_CTe_400_RTC', 'cte_v4.00.xsd', xml);
  if (!cte.ok) return cte;
  const rodo = /<rodo>[\s\S]*<\/rodo>/.exec(xml)?.[0];
  if (!rodo) return { ok: false, erros: [{ linha: 0, mensagem: 'infModal sem o grupo rodo (modal rodoviário)' }] };
  return validarXml('cte-PL_CTe_400_RTC', 'cteModalRodoviario_v4.00.xsd', rodo.replace('<rodo>', `<rodo xmlns="${NS_CTE}">`));
}

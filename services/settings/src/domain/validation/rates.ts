import { ANOS_ALIQUOTA_REFERENCIA, AjustesVencimento, PRIMEIRO_ANO_IBS_REFERENCIA, type TributosVencimentoEmpresa, type AliquotaReferenciaAno, type RegraVencimento } from '@erp/contracts';
import { type CamposInvalidos, camposDesconhecidos, ehObjeto, lerInteiro, type Objeto } from '@erp/fiscal-rules';
import { CAMPOS, objetoOpcional } from './fields';

/** The company's due days per tax and its CBS/IBS reference rates per year. */

/** A due day (1-31) and how it moves off a non-business day; null or absent: the default rule of that tax. */
export function validarRegraVencimento(vencimentos: Objeto, chave: (typeof TributosVencimentoEmpresa)[number], erros: CamposInvalidos): RegraVencimento | null {
  const regra = objetoOpcional(vencimentos, chave, erros, 'vencimentos');
  if (!regra) return null;
  const prefixo = `vencimentos.${chave}`;
  camposDesconhecidos(erros, regra, prefixo, CAMPOS.regraVencimento);
  const dia = regra.dia === undefined || regra.dia === null ? erros.add(`${prefixo}.dia`, 'obrigatorio', 'informe o dia do vencimento (1 a 31)') : lerInteiro(erros, regra.dia, `${prefixo}.dia`, { min: 1, max: 31 });
  const ajuste = AjustesVencimento.find((valor) => valor === regra.ajuste);
  if (!ajuste) erros.add(`${prefixo}.ajuste`, 'valor_permitido', `deve ser ${AjustesVencimento.join(' ou ')} (dia não útil: próximo ou anterior dia útil)`);
  return dia === undefined || !ajuste ? null : { dia, ajuste };
}

/**
 * The company's CBS/IBS rates per year (absent or null: none): years 2027-2040, each once; rates in percent,
 * 0 to 50 with at most 4 decimals (what the tax engine accepts); IBS rates only from 2029 (2026-2028 are fixed by
 * law); an entry with no rate at all is refused rather than kept empty. Kept sorted by year.
 */
export function validarAliquotasReferencia(valor: unknown, erros: CamposInvalidos): AliquotaReferenciaAno[] {
  if (valor === undefined || valor === null) return [];
  const { min, max } = ANOS_ALIQUOTA_REFERENCIA;
  if (!Array.isArray(valor)) return erros.add('aliquotasReferencia', 'tipo', 'deve ser uma lista de { ano, cbs, ibsUf, ibsMun }') ?? [];
  if (valor.length > max - min + 1) return erros.add('aliquotasReferencia', 'tamanho_maximo', `no máximo ${max - min + 1} anos`) ?? [];
  const lidas: AliquotaReferenciaAno[] = [];
  valor.forEach((item: unknown, i) => {
    const prefixo = `aliquotasReferencia[${i}]`;
    if (!ehObjeto(item)) return erros.add(prefixo, 'tipo', 'deve ser um objeto { ano, cbs, ibsUf, ibsMun }');
    camposDesconhecidos(erros, item, prefixo, CAMPOS.aliquotaReferencia);
    const ano = item.ano === undefined || item.ano === null ? erros.add(`${prefixo}.ano`, 'obrigatorio', `informe o ano (${min} a ${max})`) : lerInteiro(erros, item.ano, `${prefixo}.ano`, { min, max });
    if (ano !== undefined && lidas.some((l) => l.ano === ano)) erros.add(`${prefixo}.ano`, 'repetido', `o ano ${ano} aparece mais de uma vez`);
    const taxa = (chave: 'cbs' | 'ibsUf' | 'ibsMun'): number | null => {
      const v = item[chave];
      if (v === undefined || v === null) return null;
      const campo = `${prefixo}.${chave}`;
      if (typeof v !== 'number' || !Number.isFinite(v)) return erros.add(campo, 'tipo', 'deve ser um número (percentual)') ?? null;
      if (v < 0 || v > 50) return erros.add(campo, 'intervalo', 'percentual de 0 a 50') ?? null;
      if (Math.round(v * 10_000) / 10_000 !== v) return erros.add(campo, 'casas_decimais', 'no máximo 4 casas decimais') ?? null;
      if (chave !== 'cbs' && ano !== undefined && ano < PRIMEIRO_ANO_IBS_REFERENCIA) {
        return erros.add(campo, 'nao_se_aplica', `o IBS de ${ano} é fixado na lei; informe-o só a partir de ${PRIMEIRO_ANO_IBS_REFERENCIA}`) ?? null;
      }
      return v;
    };
    const aliquotas = { cbs: taxa('cbs'), ibsUf: taxa('ibsUf'), ibsMun: taxa('ibsMun') };
    if (Object.values(aliquotas).every((v) => v === null) && !erros.lista.some((e) => e.campo.startsWith(`${prefixo}.`))) {
      erros.add(prefixo, 'obrigatorio', 'informe ao menos uma alíquota (cbs, ibsUf ou ibsMun)');
    }
    if (ano !== undefined) lidas.push({ ano, ...aliquotas });
  });
  return lidas.sort((a, b) => a.ano - b.ano);
}

import type { Element } from '@xmldom/xmldom';
import { cUfFromMunicipio, cUfFromSigla, municipioProblem } from '@erp/fiscal-rules';
import { chaveDosCampos } from '../domain/chave';
import type { Rejeicao } from '../domain/regras';
import { centavos, filho, filhos, texto } from '../domain/xml';

/**
 * The MOC CT-e 4.00 rules that apply to what we send (model 57, normal, rodoviário; model 67 the same rules on its groups), checked after the schema and
 * the signature, first failure wins, each with its code. Codes marked "(code to confirm)" were not found in the
 * MOC copy at hand; their text names the rule (docs/cte.md).
 */
const NOME_HOMOLOGACAO = 'CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** toma3/toma: which party must be present for the taker named. */
const TOMADOR: Record<string, string> = { '0': 'rem', '1': 'exped', '2': 'receb', '3': 'dest' };

function municipioInvalido(codigo: string | null, uf: string | null): boolean {
  if (!codigo || municipioProblem(codigo)) return true;
  return uf !== null && cUfFromMunicipio(codigo) !== cUfFromSigla(uf);
}

export function validarRegrasCte(inf: Element, tpAmb: string, modeloServico: '57' | '67' = '57'): Rejeicao | null {
  const ide = filho(inf, 'ide')!;
  const emit = filho(inf, 'emit')!;
  const chave = (inf.getAttribute('Id') ?? '').slice(3);
  const campos = {
    cUF: texto(ide, 'cUF') ?? '',
    dhEmi: texto(ide, 'dhEmi') ?? '',
    cnpj: texto(emit, 'CNPJ') ?? '',
    mod: texto(ide, 'mod') ?? '',
    serie: texto(ide, 'serie') ?? '',
    nNF: texto(ide, 'nCT') ?? '',
    tpEmis: texto(ide, 'tpEmis') ?? '',
    cNF: texto(ide, 'cCT') ?? '',
  };
  if (chaveDosCampos(campos) !== chave || texto(ide, 'cDV') !== chave.slice(43)) {
    return { cStat: '502', xMotivo: 'Rejeição: Erro na Chave de Acesso - Campo Id não corresponde à concatenação dos campos correspondentes' };
  }
  if (campos.mod !== modeloServico) return { cStat: '236', xMotivo: `Rejeição: Chave de Acesso inválida [modelo diferente de ${modeloServico} neste serviço]` };
  if (tpAmb === '2') {
    if (filho(inf, 'rem') && texto(filho(inf, 'rem'), 'xNome') !== NOME_HOMOLOGACAO) return { cStat: '646', xMotivo: `Rejeição: CT-e emitido em ambiente de homologação com Razão Social do remetente diferente de ${NOME_HOMOLOGACAO}` };
    if (filho(inf, 'dest') && texto(filho(inf, 'dest'), 'xNome') !== NOME_HOMOLOGACAO) return { cStat: '649', xMotivo: `Rejeição: CT-e emitido em ambiente de homologação com Razão Social do destinatário diferente de ${NOME_HOMOLOGACAO}` };
  }
  const municipios: [string | null, string | null, string][] = [
    [texto(ide, 'cMunEnv'), texto(ide, 'UFEnv'), 'cMunEnv'],
    [texto(ide, 'cMunIni'), texto(ide, 'UFIni'), 'cMunIni'],
    [texto(ide, 'cMunFim'), texto(ide, 'UFFim'), 'cMunFim'],
    [texto(filho(emit, 'enderEmit'), 'cMun'), texto(filho(emit, 'enderEmit'), 'UF'), 'enderEmit/cMun'],
  ];
  for (const [grupo, ender] of [['rem', 'enderReme'], ['exped', 'enderExped'], ['receb', 'enderReceb'], ['dest', 'enderDest'], ['toma', 'enderToma']] as const) {
    const e = filho(filho(inf, grupo), ender);
    if (e) municipios.push([texto(e, 'cMun'), texto(e, 'UF'), `${grupo}/${ender}/cMun`]);
  }
  const enderToma4 = filho(filho(ide, 'toma4'), 'enderToma');
  if (enderToma4) municipios.push([texto(enderToma4, 'cMun'), texto(enderToma4, 'UF'), 'toma4/enderToma/cMun']);
  for (const [codigo, uf, onde] of municipios) {
    if (municipioInvalido(codigo, uf)) return { cStat: '713', xMotivo: `Rejeição: Código de Município inválido ou de outra UF [${onde}] (code to confirm)` };
  }
  const toma = texto(filho(ide, 'toma3'), 'toma');
  if (toma !== null && !filho(inf, TOMADOR[toma] ?? '?')) return { cStat: '519', xMotivo: `Rejeição: Tomador do serviço (toma ${toma}) não informado no CT-e (code to confirm)` };
  const vPrest = filho(inf, 'vPrest')!;
  const vTPrest = centavos(texto(vPrest, 'vTPrest'));
  const componentes = filhos(vPrest).filter((e) => e.localName === 'Comp');
  const soma = componentes.reduce((s, c) => s + centavos(texto(c, 'vComp')), 0);
  if (componentes.length > 0 && soma !== vTPrest) return { cStat: '676', xMotivo: 'Rejeição: Somatório dos componentes do valor da prestação difere do valor total da prestação (code to confirm)' };
  if (centavos(texto(vPrest, 'vRec')) > vTPrest) return { cStat: '677', xMotivo: 'Rejeição: Valor a receber maior que o valor total da prestação (code to confirm)' };
  const imp = filho(inf, 'imp')!;
  // NT 2025.001-RTC v1.12: in 2026 vTotDFe is vTPrest (IBS/CBS not added); rejection 365.
  if (filho(imp, 'vTotDFe') && centavos(texto(imp, 'vTotDFe')) !== vTPrest) return { cStat: '365', xMotivo: 'Rejeição: Valor total do DF-e (vTotDFe) difere do calculado [2026: vTotDFe = vTPrest]' };
  const icms00 = filho(filho(imp, 'ICMS'), 'ICMS00');
  if (icms00) {
    const esperado = Math.round((centavos(texto(icms00, 'vBC')) * Number(texto(icms00, 'pICMS'))) / 100);
    if (Math.abs(esperado - centavos(texto(icms00, 'vICMS'))) > 1) return { cStat: '678', xMotivo: 'Rejeição: Valor do ICMS difere de vBC x pICMS (code to confirm)' };
  }
  const crt = texto(emit, 'CRT');
  if (filho(filho(imp, 'ICMS'), 'ICMSSN') && crt !== '1' && crt !== '4') return { cStat: '680', xMotivo: 'Rejeição: ICMSSN informado por emitente que não é do Simples Nacional (code to confirm)' };
  if (texto(ide, 'modal') !== '01') return { cStat: '580', xMotivo: 'Rejeição: modal não atendido por esta autoridade local (só rodoviário, 01)' };
  return null;
}

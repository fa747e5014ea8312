import { interpretarCodigoServico } from '@erp/fiscal-rules';
import { type Coletor, type Objeto, campo } from './collector';
import { FCP_MAXIMO } from './data/icms';
import { ITENS_SEM_MINIMO_ISS, LIMITES_ISS } from './data/iss';
import { SITUACOES_CSOSN, SITUACOES_CST } from './data/situacoes-icms';
import { emPercentual, type Fracao } from './fraction';
import { type DataLida, lerData } from './input-readers';
import { emVigor } from './validity';

/**
 * The inputs that say how the law applies to this operation beyond its value and parties: the service's LC 116
 * item, the start of activity, the item's ICMS situation, the poverty-fund rate and who the recipient is. Each read
 * on its own here; their combinations are judged in `recusas.ts`.
 */
export interface Servico {
  codigoServico: string | undefined;
  aliquotaIss: Fracao | undefined;
}

/**
 * The service's LC 116 item (the input's, else the company's) and the city's ISS rate, within the legal range in
 * force on the date (the newest when the date itself is wrong); items 7.02, 7.05 and 16.01 may go below 2%.
 */
export function lerServico(c: Coletor, bruta: Objeto, empresa: Objeto, data: DataLida | undefined): Servico {
  const codigoServico = lerCodigoServico(c, 'codigoServico', campo(bruta, 'codigoServico')) ?? lerCodigoServico(c, 'empresa.codigoServico', campo(empresa, 'codigoServico'));
  const dataIso = data?.iso ?? LIMITES_ISS[LIMITES_ISS.length - 1].vigenciaInicio;
  const limites = emVigor(LIMITES_ISS, dataIso) ?? LIMITES_ISS[LIMITES_ISS.length - 1];
  const semMinimo = codigoServico !== undefined && (emVigor(ITENS_SEM_MINIMO_ISS, dataIso)?.itens.includes(codigoServico) ?? false);
  const bruto = campo(bruta, 'aliquotaIss');
  const aliquotaIss = bruto === undefined ? undefined : c.percentual('aliquotaIss', bruto, semMinimo ? 0 : emPercentual(limites.minimo), emPercentual(limites.maximo));
  return { codigoServico, aliquotaIss };
}

export interface Extras {
  inicioAtividade: DataLida | undefined;
  receitaBrutaMesCentavos: number | undefined;
  cst: string | undefined;
  csosn: string | undefined;
  aliquotaFcp: Fracao | undefined;
  exportacaoServico: boolean;
  consumidorFinal: boolean;
  contribuinte: boolean;
}

export function lerExtras(c: Coletor, bruta: Objeto, empresa: Objeto, data: DataLida | undefined, valorCentavos: number | undefined): Extras {
  const inicioAtividade = lerData(c, 'inicioAtividade', campo(bruta, 'inicioAtividade'), false) ?? lerData(c, 'empresa.inicioAtividade', campo(empresa, 'inicioAtividade'), false);
  if (inicioAtividade && data && inicioAtividade.iso > data.iso) {
    c.erro('dataOperacao', 'ANTERIOR_AO_INICIO_ATIVIDADE', `dataOperacao ${data.iso} é anterior ao início de atividade da empresa (${inicioAtividade.iso}).`);
  }
  const receitaMesBruta = campo(bruta, 'receitaBrutaMes');
  const receitaBrutaMesCentavos = receitaMesBruta === undefined ? undefined : c.dinheiro('receitaBrutaMes', receitaMesBruta, 'NAO_NEGATIVO');
  if (receitaBrutaMesCentavos !== undefined && valorCentavos !== undefined && receitaBrutaMesCentavos < valorCentavos) {
    c.erro('receitaBrutaMes', 'FORA_DO_INTERVALO', 'receitaBrutaMes é a receita do mês com esta operação incluída: não pode ser menor que valor.');
  }

  const fcpBruta = campo(bruta, 'aliquotaFcp');
  const contribuinteBruto = campo(bruta, 'destinatarioContribuinteIcms');
  return {
    inicioAtividade,
    receitaBrutaMesCentavos,
    cst: lerSituacao(c, 'cst', campo(bruta, 'cst'), SITUACOES_CST, '2 dígitos da Tabela B (00, 40, 60...)'),
    csosn: lerSituacao(c, 'csosn', campo(bruta, 'csosn'), SITUACOES_CSOSN, '3 dígitos (102, 500...)'),
    aliquotaFcp: fcpBruta === undefined ? undefined : c.percentual('aliquotaFcp', fcpBruta, 0, emPercentual(FCP_MAXIMO)),
    exportacaoServico: c.booleano('exportacaoServico', campo(bruta, 'exportacaoServico')),
    consumidorFinal: c.booleano('consumidorFinal', campo(bruta, 'consumidorFinal')),
    // Absent means a taxpayer: the operation between taxpayers every simulation assumed before the field existed.
    // A value of the wrong type is refused and read as the default, so it raises no second error.
    contribuinte: contribuinteBruto === undefined || c.booleano('destinatarioContribuinteIcms', contribuinteBruto) || typeof contribuinteBruto !== 'boolean',
  };
}

function lerCodigoServico(c: Coletor, nome: string, v: unknown): string | undefined {
  const texto = c.texto(nome, v, 'o item da lista da LC 116/2003 (NN.NN)');
  if (texto === undefined) return undefined;
  const codigo = interpretarCodigoServico(texto);
  if (typeof codigo !== 'string') return codigo.item;
  return c.erro(
    nome,
    'CODIGO_SERVICO_INVALIDO',
    codigo === 'formato' ? `${nome} deve ser o item da LC 116/2003 (NN.NN) ou o código nacional de 6 dígitos.` : `${nome}: ${texto.slice(0, 10)} não é item da lista da LC 116/2003.`,
  );
}

function lerSituacao(c: Coletor, nome: string, v: unknown, tabela: Readonly<Record<string, unknown>>, formato: string): string | undefined {
  const texto = c.texto(nome, v, formato);
  if (texto === undefined) return undefined;
  if (!Object.prototype.hasOwnProperty.call(tabela, texto)) {
    return c.erro(nome, 'VALOR_NAO_PERMITIDO', `${nome} deve ser um de: ${Object.keys(tabela).join(', ')}.`);
  }
  return texto;
}

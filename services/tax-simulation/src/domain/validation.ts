import { PRESUNCOES, ATIVIDADE_PADRAO, type Atividade } from './data/lucro-presumido';
import { ALIQUOTA_DAS_PADRAO } from './data/simples-nacional';
import { Coletor, type Objeto, campo, ehObjeto } from './collector';
import { ANEXOS_POR_DOCUMENTO, DESCRICAO_DOCUMENTO, lerCfop, lerData, lerNcm, lerReferencias, lerVencimentos } from './input-readers';
import { recusar } from './recusas';
import { lerExtras, lerServico } from './validation-extras';
import { lerInsumosIcms } from './validation-icms';
import { ANEXOS_SIMPLES, REGIMES, TIPOS_DOCUMENTO, type AnexoSimples, type ErroCampo, type Regime, type TipoDocumento } from './types';
import { type EntradaNormalizada } from './input';

export { LIMITE_DINHEIRO_CENTAVOS } from './collector';
export { DATA_MINIMA, DATA_MAXIMA } from './input-readers';

export type Validacao = { ok: true; entrada: EntradaNormalizada } | { ok: false; erros: ErroCampo[] };

/**
 * Checks the operation and the company defaults and reports every invalid field at once. Never throws:
 * any JSON value (or anything else) is either a valid operation or a list of `{ campo, regra, erro }`.
 * `exigirRegime` is false for the regime comparison, which supplies each regime itself.
 */
export function validarEntrada(bruta: unknown, opcoes?: unknown, exigirRegime = true): Validacao {
  try {
    return validar(bruta, opcoes, exigirRegime);
  } catch {
    // Only a hostile object (a getter or proxy that throws) gets here; plain JSON never does.
    return { ok: false, erros: [{ campo: 'entrada', regra: 'TIPO_INVALIDO', erro: 'A entrada não pôde ser lida como um objeto JSON.' }] };
  }
}

function validar(bruta: unknown, opcoesBrutas: unknown, exigirRegime: boolean): Validacao {
  const c = new Coletor();
  if (!ehObjeto(bruta)) {
    c.erro('entrada', 'TIPO_INVALIDO', 'A entrada deve ser um objeto com os campos da simulação.');
    return { ok: false, erros: c.lista };
  }
  const opcoes: Objeto = ehObjeto(opcoesBrutas) ? opcoesBrutas : {};
  if (opcoesBrutas !== undefined && opcoesBrutas !== null && !ehObjeto(opcoesBrutas)) {
    c.erro('opcoes', 'TIPO_INVALIDO', 'As opções devem ser um objeto.');
  }
  const empresaBruta = campo(opcoes, 'empresa');
  const empresa: Objeto = ehObjeto(empresaBruta) ? empresaBruta : {};
  if (empresaBruta !== undefined && !ehObjeto(empresaBruta)) c.erro('empresa', 'TIPO_INVALIDO', 'empresa deve ser um objeto.');

  const tipoDocumento = c.opcao<TipoDocumento>('tipoDocumento', campo(bruta, 'tipoDocumento'), TIPOS_DOCUMENTO, true);

  const valorBruto = campo(bruta, 'valor');
  const valorCentavos = valorBruto === undefined ? c.erro('valor', 'OBRIGATORIO', 'valor é obrigatório.') : c.dinheiro('valor', valorBruto, 'POSITIVO');

  const dataBruta = campo(bruta, 'dataOperacao');
  const data = dataBruta === undefined ? c.erro('dataOperacao', 'OBRIGATORIO', 'dataOperacao é obrigatória (AAAA-MM-DD).') : lerData(c, 'dataOperacao', dataBruta, true);

  const regimeEmpresa = c.opcao<Regime>('empresa.regime', campo(empresa, 'regime'), REGIMES);
  const regimeInformado = c.opcao<Regime>('regime', campo(bruta, 'regime'), REGIMES);
  const regime = regimeInformado ?? regimeEmpresa;
  if (exigirRegime && regime === undefined && campo(bruta, 'regime') === undefined && campo(empresa, 'regime') === undefined) {
    c.erro('regime', 'OBRIGATORIO', 'regime é obrigatório quando a empresa não tem regime nas configurações fiscais.');
  }

  const ufEmpresa = c.uf('empresa.uf', campo(empresa, 'uf'));
  const ufOrigem = c.uf('ufOrigem', campo(bruta, 'ufOrigem')) ?? ufEmpresa;
  const ufDestinoInformada = c.uf('ufDestino', campo(bruta, 'ufDestino'));
  const mercadoria = tipoDocumento === 'NFE' || tipoDocumento === 'NFCE' || tipoDocumento === 'CTE';
  // Only when none was sent: a UF sent but unknown already has its own error.
  if (mercadoria && campo(bruta, 'ufOrigem') === undefined && campo(empresa, 'uf') === undefined) {
    c.erro('ufOrigem', 'OBRIGATORIO', 'ufOrigem é obrigatória para NF-e, NFC-e e CT-e quando a empresa não tem UF nas configurações.');
  }
  const ufDestino = ufDestinoInformada ?? ufOrigem;
  if (tipoDocumento === 'NFCE' && ufDestinoInformada !== undefined && ufOrigem !== undefined && ufDestinoInformada !== ufOrigem) {
    c.erro('ufDestino', 'NAO_SE_APLICA', 'A NFC-e só documenta venda presencial dentro da UF do emitente.');
  }

  const ncm = lerNcm(c, campo(bruta, 'ncm'));
  const aliquotaIpiBruta = campo(bruta, 'aliquotaIpi');
  const aliquotaIpi = aliquotaIpiBruta === undefined ? undefined : c.percentual('aliquotaIpi', aliquotaIpiBruta, 0, 300);
  const cfop = lerCfop(c, campo(bruta, 'cfop'), ufOrigem, ufDestinoInformada);
  const servico = lerServico(c, bruta, empresa, data);

  const atividadeInformada = c.opcao<Atividade>('atividade', campo(bruta, 'atividade'), Object.keys(PRESUNCOES) as Atividade[]);
  const anexo = c.opcao<AnexoSimples>('anexoSimples', campo(bruta, 'anexoSimples'), ANEXOS_SIMPLES);
  if (anexo !== undefined && tipoDocumento !== undefined && !ANEXOS_POR_DOCUMENTO[tipoDocumento].includes(anexo)) {
    c.erro('anexoSimples', 'ANEXO_INCOMPATIVEL', `Anexo ${anexo} não tributa ${DESCRICAO_DOCUMENTO[tipoDocumento]}: use ${ANEXOS_POR_DOCUMENTO[tipoDocumento].join(' ou ')}.`);
  }

  const opcional = (nome: string, regra: 'NAO_NEGATIVO' | 'QUALQUER') => {
    const v = campo(bruta, nome);
    return v === undefined ? undefined : c.dinheiro(nome, v, regra);
  };
  const rbt12 = opcional('receitaBruta12Meses', 'NAO_NEGATIVO');
  const compras = opcional('comprasCreditaveis', 'NAO_NEGATIVO');
  const baseAcumulada = opcional('baseAcumuladaTrimestre', 'NAO_NEGATIVO');
  const receitaAcumulada = opcional('receitaAcumuladaAno', 'NAO_NEGATIVO');
  const lucroReal = opcional('lucroRealTrimestre', 'QUALQUER');
  const receitaExcedente = opcional('receitaExcedenteAno', 'NAO_NEGATIVO');
  if (receitaExcedente !== undefined && receitaExcedente > (receitaAcumulada ?? 0)) {
    c.erro('receitaExcedenteAno', 'FORA_DO_INTERVALO', 'receitaExcedenteAno é parte de receitaAcumuladaAno e não pode passar dela.');
  }

  const mercadoriaImportada = c.booleano('mercadoriaImportada', campo(bruta, 'mercadoriaImportada'));
  const produtoZfm = c.booleano('produtoZonaFrancaManaus', campo(bruta, 'produtoZonaFrancaManaus'));
  const issRetido = c.booleano('issRetido', campo(bruta, 'issRetido'));
  const aliquotaIsBruta = campo(bruta, 'aliquotaIs');
  const aliquotaIs = aliquotaIsBruta === undefined ? undefined : c.percentual('aliquotaIs', aliquotaIsBruta, 0, 300);
  const icmsComprasBruta = campo(bruta, 'aliquotaIcmsCompras');
  const aliquotaIcmsCompras = icmsComprasBruta === undefined ? undefined : c.percentual('aliquotaIcmsCompras', icmsComprasBruta, 0, 40);

  const referencia = (nome: string) => {
    const v = campo(bruta, nome);
    return v === undefined ? null : (c.percentual(nome, v, 0, 50) ?? null);
  };
  const referenciaInformada = { cbs: referencia('aliquotaReferenciaCbs'), ibsUf: referencia('aliquotaIbsUf'), ibsMun: referencia('aliquotaIbsMun') };

  const dasBruta = campo(empresa, 'aliquotaDas');
  const aliquotaDas = dasBruta === undefined ? undefined : c.percentual('empresa.aliquotaDas', dasBruta, 0, 33, true);

  const vencimentos = lerVencimentos(c, campo(opcoes, 'vencimentos'));
  const referencias = lerReferencias(c, campo(opcoes, 'aliquotasReferencia'));

  const extras = lerExtras(c, bruta, empresa, data, valorCentavos);
  const insumosIcms = lerInsumosIcms(c, bruta, extras.cst, extras.csosn);
  const exportacao = cfop !== undefined && cfop.startsWith('7');
  recusar(c, {
    tipoDocumento,
    dataIso: data?.iso,
    regime: exigirRegime ? regime : undefined,
    ncm,
    atividade: atividadeInformada,
    cst: extras.cst,
    csosn: extras.csosn,
    produtoZfm,
    ufOrigem,
    ufDestino,
    exportacao,
    // An NFC-e is always a sale to the final consumer.
    consumidorFinal: tipoDocumento === 'NFCE' || extras.consumidorFinal,
    contribuinte: extras.contribuinte,
  });
  // The first month's RBT12 is that month's revenue x 12 (LC 123 art. 18 §2º): a zero RBT12 needs the start date.
  if (anexo !== undefined && rbt12 === 0 && extras.inicioAtividade === undefined && (regime === 'SIMPLES_NACIONAL' || !exigirRegime)) {
    c.erro(
      'inicioAtividade',
      'OBRIGATORIO',
      'receitaBruta12Meses 0: informe inicioAtividade (no início de atividade a alíquota usa a receita do mês × 12, LC 123/2006 art. 18 §2º); uma empresa antiga sem receita informa a data de início.',
    );
  }

  if (c.total > 0 || tipoDocumento === undefined || valorCentavos === undefined || data === undefined) {
    return { ok: false, erros: c.lista };
  }

  const ignorados: string[] = [];
  const presentes = (nomes: readonly string[]) => nomes.filter((n) => campo(bruta, n) !== undefined);
  if (tipoDocumento === 'NFSE') {
    ignorados.push(...presentes(['ncm', 'aliquotaIpi', 'cfop', 'mercadoriaImportada', 'produtoZonaFrancaManaus', 'cst', 'csosn', 'aliquotaFcp', 'consumidorFinal', 'destinatarioContribuinteIcms', 'reducaoBaseIcms', 'diferimentoIcms', 'icmsSt']));
  }
  if (tipoDocumento !== 'NFSE') ignorados.push(...presentes(['aliquotaIss', 'issRetido', 'codigoServico', 'exportacaoServico']));
  if (tipoDocumento === 'CTE' || tipoDocumento === 'NFCE') ignorados.push(...presentes(['ncm', 'aliquotaIpi', 'produtoZonaFrancaManaus']));

  return {
    ok: true,
    entrada: {
      tipoDocumento,
      // Only the comparison, which replaces it, gets here without a regime.
      regime: regime ?? 'SIMPLES_NACIONAL',
      dataIso: data.iso,
      dia: data.dia,
      ano: data.ano,
      mes: data.mes,
      valorCentavos,
      ufOrigem: ufOrigem ?? null,
      ufDestino: ufDestino ?? null,
      ncm: ncm ?? null,
      aliquotaIpi: aliquotaIpi ?? null,
      // An NFS-e has no CFOP: one sent is ignored, so it cannot make a service an export or a shipment.
      cfop: tipoDocumento === 'NFSE' ? null : (cfop ?? null),
      aliquotaIss: servico.aliquotaIss ?? null,
      atividade: atividadeInformada ?? ATIVIDADE_PADRAO[tipoDocumento],
      anexo: anexo ?? null,
      rbt12Centavos: rbt12 ?? null,
      comprasCentavos: compras ?? 0,
      baseAcumuladaTrimestreCentavos: baseAcumulada ?? 0,
      receitaAcumuladaAnoCentavos: receitaAcumulada ?? 0,
      receitaExcedenteAnoCentavos: receitaExcedente ?? 0,
      lucroRealTrimestreCentavos: lucroReal ?? null,
      mercadoriaImportada,
      produtoZfm,
      aliquotaIs: aliquotaIs ?? null,
      aliquotaIcmsCompras: aliquotaIcmsCompras ?? null,
      // Only a service has ISS to withhold.
      issRetido: tipoDocumento === 'NFSE' && issRetido,
      aliquotaDas: aliquotaDas ?? ALIQUOTA_DAS_PADRAO,
      aliquotaDasInformada: aliquotaDas !== undefined,
      vencimentos,
      referencias,
      referenciaInformada,
      ignorados,
      codigoServico: tipoDocumento === 'NFSE' ? (servico.codigoServico ?? null) : null,
      exportacaoServico: tipoDocumento === 'NFSE' && extras.exportacaoServico,
      inicioAtividade: extras.inicioAtividade ? { iso: extras.inicioAtividade.iso, ano: extras.inicioAtividade.ano, mes: extras.inicioAtividade.mes } : null,
      receitaBrutaMesCentavos: extras.receitaBrutaMesCentavos ?? null,
      cst: tipoDocumento === 'NFSE' ? null : (extras.cst ?? null),
      csosn: tipoDocumento === 'NFSE' ? null : (extras.csosn ?? null),
      aliquotaFcp: tipoDocumento === 'NFSE' ? null : (extras.aliquotaFcp ?? null),
      consumidorFinal: tipoDocumento === 'NFCE' || (tipoDocumento !== 'NFSE' && extras.consumidorFinal),
      destinatarioContribuinte: tipoDocumento === 'NFSE' || extras.contribuinte,
      ...(tipoDocumento === 'NFSE' ? { reducaoBaseIcms: null, diferimentoIcms: null, icmsSt: null } : insumosIcms),
    },
  };
}


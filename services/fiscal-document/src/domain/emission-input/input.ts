import { CAMPOS_EMISSAO, ModelosDocumento, type CampoInvalido, type ModeloDocumento } from '@erp/contracts';
import { CamposInvalidos, camposDesconhecidos, competenciaDe, ehObjeto, lerTexto, vazio } from '@erp/fiscal-rules';
import { chaveValida, modeloDaChave } from '../access-key';
import { ehSimplesRemessa } from '../cfop';
import { chaveNfseValida } from '../nfse-chave';
import { ehConsumidorFinal } from '../final-consumer';
import { MAXIMO_CENTAVOS } from '../money';
import { lerExportacao } from './foreign';
import { lerSimplesNacional, SITUACOES_CREDITO_SN } from './icms-inputs';

/** ICMS situations of an export: exempt or not taxed (regime normal), immune or not taxed (Simples Nacional). */
const SITUACOES_EXPORTACAO: ReadonlySet<string> = new Set(['40', '41', '300', '400']);
import { lerCte } from './cte';
import { lerCteOs } from './cte-os';
import { lerItem } from './item';
import { lerPagamentos } from './payment';
import { lerDestinatario } from './recipient';
import { MAX_ITENS, MODALIDADES_FRETE, REFERENCIA_MAX, type ContextoEmissao, type EmissaoValida, type ItemValido, type ModalidadeFrete } from './types';

/**
 * The emission input (GraphQL `EmitirDocumentoFiscalInput`, REST body), checked field by field: every invalid
 * field is reported at once, as `{ campo, regra, erro }` (the platform's one field-error shape). Pure: the
 * company's fiscal settings come in as `ContextoEmissao`.
 */

export type ResultadoValidacao = { ok: true; valor: EmissaoValida } | { ok: false; campos: CampoInvalido[] };

function lerChave(erros: CamposInvalidos, valor: unknown, campo: string, modeloEsperado: string, nome: string): string | null {
  if (typeof valor !== 'string' || !chaveValida(valor.trim().toUpperCase())) {
    return erros.add(campo, 'chave_invalida', 'deve ser uma chave de acesso de 44 caracteres com dígito verificador correto') ?? null;
  }
  const limpa = valor.trim().toUpperCase();
  if (modeloDaChave(limpa) !== modeloEsperado) return erros.add(campo, 'chave_modelo', `deve ser a chave de um(a) ${nome} (modelo ${modeloEsperado})`) ?? null;
  return limpa;
}

export function validarEmissao(entrada: unknown, ctx: ContextoEmissao): ResultadoValidacao {
  const erros = new CamposInvalidos();
  if (!ehObjeto(entrada)) return { ok: false, campos: [{ campo: '', regra: 'tipo', erro: 'o corpo deve ser um objeto com a emissão' }] };
  // The contract declares the fields (GraphQL refuses others by its type; REST the same way here).
  camposDesconhecidos(erros, entrada, '', CAMPOS_EMISSAO);
  const referencia = lerTexto(erros, entrada.referencia, 'referencia', { obrigatorio: true, max: REFERENCIA_MAX });
  const modelo = (ModelosDocumento as readonly unknown[]).includes(entrada.modelo) ? (entrada.modelo as ModeloDocumento) : null;
  if (!modelo) erros.add('modelo', 'modelo_invalido', `deve ser um de ${ModelosDocumento.join(', ')}`);

  let serie = ctx.seriePadrao;
  if (!vazio(entrada.serie)) {
    if (typeof entrada.serie !== 'number' || !Number.isInteger(entrada.serie)) erros.add('serie', 'tipo', 'deve ser um número inteiro');
    else if (!ctx.series.includes(entrada.serie)) erros.add('serie', 'serie_nao_configurada', `deve ser uma das séries da empresa: ${ctx.series.join(', ')}`);
    else serie = entrada.serie;
  }

  // Without a valid model the per-model rules below cannot be judged: report what can be.
  if (!modelo) return { ok: false, campos: erros.lista };

  const { valido: dest, uf: ufDestino } = lerDestinatario(erros, entrada.destinatario, modelo);
  const itensBrutos = entrada.itens;
  const itens: ItemValido[] = [];
  if (!Array.isArray(itensBrutos) || itensBrutos.length === 0) erros.add('itens', 'obrigatorio', 'deve ter ao menos um item');
  else if (itensBrutos.length > MAX_ITENS) erros.add('itens', 'maximo', `no máximo ${MAX_ITENS} itens por documento`);
  else {
    itensBrutos.forEach((bruto, i) => {
      // A CT-e's CFOP goes by where the service starts and ends (cte.ts), not by the recipient's UF.
      const valido = lerItem(erros, bruto, i, modelo, ctx, { uf: modelo === 'CTE' ? undefined : ufDestino, consumidorFinal: ehConsumidorFinal(modelo, dest) });
      if (valido) itens.push(valido);
    });
  }
  // The tax engine applies the Simples Remessa rule to the NF-e only; another model with such a CFOP is taxed as usual.
  const remessas = modelo === 'NFE' ? itens.filter((i) => i.cfop !== null && ehSimplesRemessa(i.cfop)).length : 0;
  if (remessas > 0 && remessas < itens.length) {
    erros.add('itens', 'cfop_misto', 'uma Simples Remessa não mistura itens de venda: use CFOPs de remessa em todos os itens, ou em nenhum');
  }

  let chaveCteReferenciada: string | null = null;
  if (!vazio(entrada.chaveCteReferenciada)) {
    if (modelo !== 'NFE') erros.add('chaveCteReferenciada', 'somente_nfe', 'só se aplica a NF-e');
    else chaveCteReferenciada = lerChave(erros, entrada.chaveCteReferenciada, 'chaveCteReferenciada', '57', 'CT-e');
  }
  const chavesNfeTransportadas: string[] = [];
  const transportadas = entrada.chavesNfeTransportadas;
  // A CT-e OS (model 67) is a CT-e with the group cteOs instead of cte: no cargo, no NF-e carried.
  const ehCteOs = modelo === 'CTE' && !vazio(entrada.cteOs);
  if (modelo === 'CTE' && !ehCteOs) {
    if (!Array.isArray(transportadas) || transportadas.length === 0) {
      erros.add('chavesNfeTransportadas', 'obrigatorio', 'o CT-e informa as chaves das NF-e que transporta');
    } else if (transportadas.length > 2000) {
      erros.add('chavesNfeTransportadas', 'maximo', 'no máximo 2000 chaves');
    } else {
      transportadas.forEach((valor, i) => {
        const lida = lerChave(erros, valor, `chavesNfeTransportadas[${i}]`, '55', 'NF-e');
        if (lida) chavesNfeTransportadas.push(lida);
      });
    }
  } else if (!vazio(transportadas) && !(Array.isArray(transportadas) && transportadas.length === 0)) {
    erros.add('chavesNfeTransportadas', ehCteOs ? 'somente_cte_57' : 'somente_cte', ehCteOs ? 'o CT-e OS não transporta NF-e' : 'só se aplica a CT-e');
  }

  let cte: EmissaoValida['cte'] = null;
  let cteOs: EmissaoValida['cteOs'] = null;
  if (ehCteOs) {
    cteOs = lerCteOs(erros, entrada.cteOs, ctx, dest, itens);
    if (!vazio(entrada.cte)) erros.add('cte', 'cte_ou_cte_os', 'informe cte (CT-e, modelo 57) ou cteOs (CT-e OS, modelo 67), não os dois');
  } else if (modelo === 'CTE') cte = lerCte(erros, entrada.cte, ctx, dest, itens);
  else {
    if (!vazio(entrada.cte)) erros.add('cte', 'somente_cte', 'só se aplica a CT-e');
    if (!vazio(entrada.cteOs)) erros.add('cteOs', 'somente_cte', 'só se aplica a CT-e (OS, modelo 67)');
  }

  let competencia: string | null = null;
  if (!vazio(entrada.competencia)) {
    const valor = entrada.competencia;
    const match = typeof valor === 'string' ? /^(0[1-9]|1[0-2])\/(20\d{2})$/.exec(valor.trim()) : null;
    if (modelo !== 'NFSE') erros.add('competencia', 'somente_nfse', 'só se aplica a NFS-e');
    else if (!match) erros.add('competencia', 'formato', 'deve ser MM/AAAA');
    else competencia = competenciaNaFaixa(erros, Number(match[1]), Number(match[2]), ctx.emitidoEm);
  }

  let chaveNfseSubstituida: string | null = null;
  if (!vazio(entrada.chaveNfseSubstituida)) {
    const valor = entrada.chaveNfseSubstituida;
    if (modelo !== 'NFSE') erros.add('chaveNfseSubstituida', 'somente_nfse', 'só se aplica a NFS-e');
    else if (typeof valor !== 'string' || !chaveNfseValida(valor.trim())) erros.add('chaveNfseSubstituida', 'chave_invalida', 'deve ser a chave de 50 dígitos de uma NFS-e (ou a chave <município>-<número>-<código de verificação> de uma NFS-e ABRASF)');
    else chaveNfseSubstituida = valor.trim();
  }

  let modalidadeFrete: ModalidadeFrete | null = modelo === 'NFE' ? (chaveCteReferenciada ? 0 : 9) : null;
  if (!vazio(entrada.modalidadeFrete)) {
    const valor = entrada.modalidadeFrete;
    if (modelo !== 'NFE') erros.add('modalidadeFrete', 'somente_nfe', 'só se aplica a NF-e');
    else if (!(MODALIDADES_FRETE as readonly unknown[]).includes(valor)) {
      erros.add('modalidadeFrete', 'modalidade_frete_invalida', `deve ser um de ${MODALIDADES_FRETE.join(', ')} (modFrete da NF-e)`);
    } else if (chaveCteReferenciada && valor !== 0) {
      erros.add('modalidadeFrete', 'frete_incoerente', 'com chaveCteReferenciada o frete é do emitente: modalidadeFrete 0');
    } else modalidadeFrete = valor as ModalidadeFrete;
  }

  if (itens.reduce((soma, i) => soma + BigInt(i.valorCentavos), 0n) > MAXIMO_CENTAVOS) {
    erros.add('itens', 'valor_total_maximo', 'a soma dos itens passa de R$ 9.999.999.999.999,99 (vNF da NF-e)');
  }

  const exterior = dest?.tipoDocumento === 'ESTRANGEIRO' || ufDestino === 'EX';
  const exportacao = lerExportacao(erros, entrada.exportacao, exterior, modelo === 'NFE');
  // An export is immune to the ICMS (CF art. 155 §2º X a): its items say so with the situation of the immune.
  if (exterior) {
    itens.forEach((item, i) => {
      if (item.cst !== null && !SITUACOES_EXPORTACAO.has(item.cst)) erros.add(`itens[${i}].cst`, 'situacao_exportacao', 'na exportação o ICMS não incide: CST 40 ou 41');
      if (item.csosn !== null && !SITUACOES_EXPORTACAO.has(item.csosn)) erros.add(`itens[${i}].csosn`, 'situacao_exportacao', 'na exportação o ICMS não incide: CSOSN 300 ou 400');
    });
  }
  const precisaFaixa = itens.some((i) => i.csosn !== null && SITUACOES_CREDITO_SN.has(i.csosn));
  const simplesNacional = modelo === 'NFE' || modelo === 'NFCE' ? lerSimplesNacional(erros, entrada.simplesNacional, ctx.regime === 'SIMPLES_NACIONAL', precisaFaixa) : null;
  if (modelo !== 'NFE' && modelo !== 'NFCE' && !vazio(entrada.simplesNacional)) erros.add('simplesNacional', 'somente_mercadoria', 'só se aplica a NF-e e NFC-e');

  const valorTotalCentavos = itens.reduce((soma, i) => soma + i.valorCentavos, 0);
  const pagamentos = lerPagamentos(erros, entrada.pagamentos, modelo, valorTotalCentavos);

  if (erros.total > 0 || !referencia) return { ok: false, campos: erros.lista };
  return {
    ok: true,
    valor: {
      referencia,
      modelo,
      serie,
      destinatario: dest,
      itens,
      valorTotalCentavos,
      simplesRemessa: remessas > 0,
      chaveCteReferenciada,
      chavesNfeTransportadas,
      competencia,
      chaveNfseSubstituida,
      modalidadeFrete,
      simplesNacional,
      exportacao,
      cte,
      cteOs,
      pagamentos,
    },
  };
}

/**
 * An NFS-e's competence month (the month the service was rendered) is never after the month of issue (a service
 * is invoiced once rendered) and not before January of the previous year (Brasília): older services are settled
 * with the municipality, not by a new NFS-e here. Our rule, written in docs/fiscal-documents.md.
 */
function competenciaNaFaixa(erros: CamposInvalidos, mes: number, ano: number, emitidoEm: Date): string | null {
  const [mesAtual, anoAtual] = competenciaDe(emitidoEm).split('/').map(Number);
  const indice = ano * 12 + mes - 1;
  if (indice > anoAtual * 12 + mesAtual - 1) return erros.add('competencia', 'competencia_futura', `não pode ser posterior ao mês de emissão (${competenciaDe(emitidoEm)})`) ?? null;
  if (indice < (anoAtual - 1) * 12) return erros.add('competencia', 'competencia_antiga', `deve ser de janeiro de ${anoAtual - 1} em diante`) ?? null;
  return `${String(mes).padStart(2, '0')}/${ano}`;
}


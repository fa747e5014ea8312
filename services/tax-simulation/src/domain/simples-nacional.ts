import { ignorarReferenciasInformadas } from './cbs-ibs';
import { type Apuracao } from './apuracao';
import { textoPercentual } from './text';
import { type FaseTransicao } from './data/transicao';
import { aplicar, ZERO } from './fraction';
import { difalSemRecolhimento } from './difal';
import { ehExportacao, revendaDeCombustivel, temDifal } from './operacao';
import { porAnexo } from './simples-anexo';
import { limitesDoAno, receitaDaAliquota } from './simples-receita';
import { FONTE_DAS, FONTE_ISS_RETIDO, type ForaDoDas } from './simples-tabelas';
import { situacaoDoItem } from './situacao';
import { apurarIcmsSt, icmsProprioDoSimples } from './icms-st';
import { type TributoPartilha } from './types';

/**
 * LC 123/2006 art. 18 §4º-A: an export (IV, and §14) leaves out the PIS, COFINS, IPI, ICMS and ISS shares; the resale
 * of a single-phase fuel (I, and §§12 to 14) the PIS, COFINS and ICMS shares; an item whose CSOSN carries no ICMS of
 * the issuer (ICMS withheld by ST or single-phase, I; the state's exemption for a revenue band, §20; immune or not
 * taxed) the ICMS share.
 */
export function foraDoDas(a: Apuracao): ForaDoDas {
  const tributos = new Set<TributoPartilha>();
  const textos: string[] = [];
  if (ehExportacao(a)) {
    for (const t of ['PIS', 'COFINS', 'IPI', 'ICMS', 'ISS'] as const) tributos.add(t);
    textos.push('exportação: sem as parcelas de PIS, COFINS, IPI, ICMS e ISS (LC 123/2006 art. 18 §4º-A IV e §14)');
  }
  const combustivel = revendaDeCombustivel(a);
  if (combustivel) {
    for (const t of ['PIS', 'COFINS', 'ICMS', 'IPI'] as const) tributos.add(t);
    textos.push(`revenda de ${combustivel.descricao} de tributação monofásica: sem as parcelas de PIS, COFINS e ICMS (LC 123/2006 art. 18 §4º-A I e §§12 a 14)`);
  }
  const situacao = a.entrada.tipoDocumento === 'NFSE' ? null : situacaoDoItem(a);
  if (situacao !== null && situacao.efeito.efeito === 'SEM_ICMS') {
    tributos.add('ICMS');
    textos.push(`${situacao.nome} (${situacao.efeito.descricao}): sem a parcela do ICMS (LC 123/2006 art. 18 §4º-A I, §§12 a 14 e 20)`);
  }
  return { tributos, textos };
}

/**
 * Simples Nacional: one DAS at the effective rate, from the annex tables when `anexoSimples` and the revenue the
 * rate needs are given (the RBT12, or the month's revenue at the start of activity), else at the company's effective
 * rate (default 6%). The split is shown per tax; for an NFS-e the ISS share is an informative line, since it is paid
 * inside the DAS. When the taker withholds the ISS (`issRetido`), that share leaves the DAS (art. 21 §4º).
 */
export function apurarSimplesNacional(a: Apuracao, fase: FaseTransicao): void {
  const e = a.entrada;
  if (fase.cbsIbs.modo === 'TESTE') {
    a.aviso('CBS/IBS de teste de 2026 não se aplicam ao Simples Nacional (LC 214/2025 art. 348 III c).');
  } else {
    a.aviso('A partir de 2027 a CBS e o IBS do optante pelo Simples Nacional estão dentro do DAS; a opção por pagá-los no regime regular não é simulada.');
  }
  ignorarReferenciasInformadas(a, 'o Simples Nacional não tem linhas de CBS e IBS');
  if (temDifal(a)) {
    a.aviso(
      'DIFAL: o optante pelo Simples Nacional não recolhe o DIFAL da venda a não contribuinte de outra UF: a LC 123/2006 não o prevê ' +
        '(o art. 13 §1º XIII h trata das aquisições do optante) e o STF suspendeu a cláusula nona do Convênio ICMS 93/2015 (ADI 5464, referendo de 12/05/2021).',
    );
    // The NF-e still carries its ICMSUFDest group, with the rates and zero amounts.
    difalSemRecolhimento(a);
  }
  const fora = foraDoDas(a);
  const anexo = e.anexo;
  const receita = anexo !== null ? receitaDaAliquota(a, e.rbt12Centavos) : null;
  if (e.tipoDocumento !== 'NFSE') {
    // The ST is charged outside the DAS (LC 123/2006 art. 13 §1º XIII a), the own ICMS deducted at the normal rate.
    apurarIcmsSt(a, fase, { valorComIpiCentavos: e.valorCentavos, icmsProprioCentavos: icmsProprioDoSimples(a, fase), origemProprio: 'à alíquota de um contribuinte do regime normal' });
  }
  if ((e.csosn === '101' || e.csosn === '201') && (anexo === null || receita === null)) {
    a.aviso(`CSOSN ${e.csosn}: o crédito do comprador (pCredSN) é a parcela do ICMS da faixa; informe anexoSimples e receitaBruta12Meses para calculá-lo.`);
  }
  if (anexo !== null && receita !== null) {
    porAnexo(a, fase, anexo, receita, fora);
    return;
  }
  if (anexo !== null || e.rbt12Centavos !== null) {
    a.aviso('Simples Nacional: a alíquota efetiva das tabelas exige anexoSimples e receitaBruta12Meses juntos (ou o mês de início de atividade); usada a alíquota efetiva da empresa.');
  }
  const motivoAno = limitesDoAno(a, 1);
  if (motivoAno !== null) {
    a.naoCalculavel('DAS', e.aliquotaDas, `${FONTE_DAS}.`, motivoAno);
    return;
  }
  porAliquotaDaEmpresa(a, fora);
}

function porAliquotaDaEmpresa(a: Apuracao, fora: ForaDoDas): void {
  const e = a.entrada;
  const origem = e.aliquotaDasInformada
    ? `alíquota efetiva configurada pela empresa (${textoPercentual(e.aliquotaDas)})`
    : `alíquota efetiva padrão da especificação (${textoPercentual(e.aliquotaDas)}), sem anexo e receita de 12 meses`;
  if (fora.tributos.size > 0) {
    a.naoCalculavel('DAS', e.aliquotaDas, `${FONTE_DAS}.`, `O DAS desta operação deixa parcelas de fora (${fora.textos.join('; ')}), que dependem do anexo e da faixa: informe anexoSimples e receitaBruta12Meses.`);
    return;
  }
  if (e.issRetido) {
    const motivo = `Com o ISS retido pelo tomador a parte do ISS sai do DAS (${FONTE_ISS_RETIDO}), e ela depende do anexo e da faixa: informe anexoSimples e receitaBruta12Meses.`;
    a.naoCalculavel('DAS', e.aliquotaDas, `${FONTE_DAS}: ${origem}.`, motivo);
    a.naoCalculavel('ISS', ZERO, `ISS retido na fonte e pago pelo tomador do serviço (${FONTE_ISS_RETIDO}).`, motivo, true);
    return;
  }
  a.adicionar({ tributo: 'DAS', baseCentavos: e.valorCentavos, aliquota: e.aliquotaDas, valorCentavos: aplicar(e.valorCentavos, e.aliquotaDas), fundamento: `${FONTE_DAS}: ${origem}.` });
  if (e.tipoDocumento === 'NFSE') {
    a.naoCalculavel('ISS', ZERO, 'ISS dentro do DAS (LC 123/2006 art. 13 VIII); pago à parte só se retido pelo tomador (art. 21 §4º).', 'A parte do ISS no DAS depende do anexo e da faixa: informe anexoSimples e receitaBruta12Meses.', true);
  }
}

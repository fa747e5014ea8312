import { type Apuracao } from './apuracao';
import { ANEXOS, VIGENCIA_PARTILHA } from './data/simples-nacional';
import { type FaseTransicao } from './data/transicao';
import { apurarIcms } from './icms';
import { apurarIss } from './iss';
import { aplicar, fracao, somar, ZERO } from './fraction';
import { ehExportacao } from './operacao';
import { ateLimite, limitesDoAno, type ReceitaDaAliquota } from './simples-receita';
import { FONTE_DAS, FONTE_ISS_RETIDO, aliquotaEfetiva, faixaDe, partesDaAliquota, repartir, type ForaDoDas, type Parte } from './simples-tabelas';
import { textoPercentual, textoReais } from './text';
import { type AnexoSimples } from './types';
import { vigeEm } from './validity';

/**
 * The DAS from the annex tables: the band of the RBT12 the rate reads (the start of activity has its own), the
 * effective rate and its split, less the shares this operation leaves out (`ForaDoDas`) and, with the ISS withheld by
 * the taker, the ISS share. Above the sublimit (band 6) ICMS and ISS leave the DAS and follow the normal rules.
 */
export function porAnexo(a: Apuracao, fase: FaseTransicao, anexo: AnexoSimples, receita: ReceitaDaAliquota, fora: ForaDoDas): void {
  const e = a.entrada;
  const tabela = ANEXOS[anexo];
  const rbt12 = receita.rbt12;
  const faixa = faixaDe(tabela, rbt12);
  const efetiva = aliquotaEfetiva(faixa, rbt12);
  const motivoAno = limitesDoAno(a, faixa.faixa);
  if (motivoAno !== null) {
    a.naoCalculavel('DAS', efetiva, `${FONTE_DAS}.`, motivoAno);
    return;
  }
  if (!ateLimite(rbt12, tabela.faixas[tabela.faixas.length - 1].limiteCentavos)) {
    a.premissa('RBT12 acima de R$ 4.800.000,00: alíquota da 6ª faixa (os anexos não têm outra); a exclusão do Simples Nacional é decidida pela receita do ano-calendário (LC 123/2006 art. 3º II e §9º-A).');
  }
  const exportacao = ehExportacao(a);
  const acimaDoSublimite = faixa.faixa === 6;
  // Above the sublimit the ISS is outside the DAS already; the withholding is then the normal one (apurarIss).
  const issRetidoDoDas = e.issRetido && !acimaDoSublimite;
  const comPartilha = vigeEm(VIGENCIA_PARTILHA, e.dataIso);
  const descricao = `Anexo ${anexo} (${tabela.fonte}), faixa ${faixa.faixa}: alíquota efetiva (RBT12 × ${textoPercentual(faixa.aliquotaNominal)} − ${textoReais(faixa.parcelaDeduzirCentavos)}) / RBT12 = ${textoPercentual(efetiva)} (LC 123/2006 art. 18 §1º-A; ${receita.texto})`;
  if (!comPartilha) {
    a.premissa('Simples Nacional a partir de 2027: alíquotas nominais e parcelas a deduzir da LC 155/2016 mantidas (a nova partilha com CBS/IBS não foi pesquisada).');
  }
  if (anexo === 'IV') a.aviso('Anexo IV: a CPP (contribuição patronal sobre a folha) é paga fora do DAS e não é simulada.');

  let partes: Parte[] | null = null;
  let issRetido: Parte | undefined;
  let texto = descricao;
  if (comPartilha) {
    partes = partesDaAliquota(tabela, faixa, efetiva);
    if (issRetidoDoDas) {
      issRetido = partes.find((p) => p.tributo === 'ISS');
      partes = partes.filter((p) => p.tributo !== 'ISS');
      texto += `; ISS retido pelo tomador: sem a parcela do ISS (${FONTE_ISS_RETIDO})`;
    }
    if (e.tipoDocumento === 'CTE') {
      // Cargo transport: annex III less its ISS share, plus annex I's ICMS share (LC 123 art. 18 §5º-E).
      const tabelaI = ANEXOS.I;
      const faixaI = faixaDe(tabelaI, rbt12);
      const icms = partesDaAliquota(tabelaI, faixaI, aliquotaEfetiva(faixaI, rbt12)).filter((p) => p.tributo === 'ICMS');
      partes = [...partes.filter((p) => p.tributo !== 'ISS'), ...icms];
      texto += '; transporte de cargas: sem a parcela do ISS e com a parcela do ICMS do Anexo I (LC 123/2006 art. 18 §5º-E)';
    }
    if (fora.tributos.size > 0) {
      partes = partes.filter((p) => !fora.tributos.has(p.tributo));
      texto += `; ${fora.textos.join('; ')}`;
    }
  } else if (e.tipoDocumento === 'CTE' || fora.tributos.size > 0 || issRetidoDoDas) {
    const motivo = 'O DAS deste documento depende da partilha entre os tributos, que não está embutida para operações a partir de 2027.';
    a.naoCalculavel('DAS', efetiva, `${FONTE_DAS}: ${descricao}.`, motivo);
    if (issRetidoDoDas) a.naoCalculavel('ISS', ZERO, `ISS retido na fonte e pago pelo tomador do serviço (${FONTE_ISS_RETIDO}).`, motivo, true);
    return;
  }

  const aliquota = partes ? partes.reduce((soma, p) => somar(soma, p.fracao), ZERO) : efetiva;
  const das = aplicar(e.valorCentavos, aliquota);
  a.adicionar({ tributo: 'DAS', baseCentavos: e.valorCentavos, aliquota, valorCentavos: das, fundamento: `${FONTE_DAS}: ${texto}.` });
  if (partes) a.partilhaDas = repartir(e.valorCentavos, das, partes);
  if (partes) creditoDoComprador(a, partes);

  if (acimaDoSublimite && !exportacao) {
    a.aviso('Receita de 12 meses acima do sublimite de R$ 3.600.000,00: ICMS e ISS saem do DAS e seguem as regras normais (LC 123/2006 arts. 13-A e 20); supõe-se que a receita do ano também passou do sublimite.');
    if (e.tipoDocumento === 'NFSE') apurarIss(a, fase);
    else if (!fora.tributos.has('ICMS')) apurarIcms(a, fase);
    return;
  }
  if (issRetido) {
    // The taker applies the rate stated on the document to the price, on its own: not the DAS split's rounded part.
    a.premissa('ISS retido no Simples Nacional: alíquota efetiva do ISS da faixa da receitaBruta12Meses informada; a lei manda a do mês anterior ao da prestação (LC 123/2006 art. 21 §4º I) e 2% no mês de início de atividade (inciso II).');
    a.adicionar({
      tributo: 'ISS',
      baseCentavos: e.valorCentavos,
      aliquota: issRetido.fracao,
      valorCentavos: aplicar(e.valorCentavos, issRetido.fracao),
      retidoPeloTomador: true,
      fundamento: `ISS retido na fonte pelo tomador do serviço à alíquota efetiva do ISS da faixa (${textoPercentual(issRetido.fracao)}), fora do DAS (${FONTE_ISS_RETIDO}): pago pelo tomador, não é um pagamento da empresa.`,
    });
    return;
  }
  if (e.tipoDocumento === 'NFSE') {
    const fundamento = 'ISS dentro do DAS, mostrado à parte (LC 123/2006 arts. 13 VIII e 18); não é um segundo pagamento, salvo retenção pelo tomador (art. 21 §4º).';
    const iss = a.partilhaDas?.find((p) => p.tributo === 'ISS');
    const issParte = partes?.find((p) => p.tributo === 'ISS');
    if (iss && issParte) {
      a.adicionar({ tributo: 'ISS', baseCentavos: e.valorCentavos, aliquota: issParte.fracao, valorCentavos: iss.valorCentavos, informativo: true, fundamento });
    } else if (!exportacao) {
      a.naoCalculavel('ISS', ZERO, fundamento, 'A partilha do DAS a partir de 2027 não está embutida.', true);
    }
  }
}

/**
 * CSOSN 101 / 201: the ICMS credit the buyer may take (pCredSN, vCredICMSSN): the ICMS share of the band's effective
 * rate, applied to the operation's value (LC 123/2006 art. 23 §§1º-2º; Res. CGSN 140/2018 art. 59 — the article
 * number was not re-read here). The NF-e writes pCredSN with at most 4 decimals, so the rate is rounded there, half
 * up, and the credit is the value times the rate as written: whoever reads the document finds the same figure.
 */
function creditoDoComprador(a: Apuracao, partes: readonly Parte[]): void {
  const e = a.entrada;
  if (e.csosn !== '101' && e.csosn !== '201') return;
  const icms = partes.find((p) => p.tributo === 'ICMS');
  if (!icms) return;
  // percent with 4 decimals = round(fraction x 1,000,000) / 10,000
  const escalado = aplicar(1_000_000, icms.fracao);
  const aliquota = fracao(BigInt(escalado), 1_000_000n);
  a.detalharIcms({ creditoSimples: { aliquota: escalado / 10_000, valorCentavos: aplicar(e.valorCentavos, aliquota) } });
}

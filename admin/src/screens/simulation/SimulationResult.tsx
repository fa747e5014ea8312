import type { ReactNode, Ref } from 'react';
import type { RegimeTributario, SimulacaoImposto } from '../../api/operations/simulation';
import { focusSoon } from '../../components/focus';
import { Message, type Outcome } from '../../components/Message';
import { formatDay, formatMoney, formatMonth, formatPercent } from '../../format';
import { MODELOS } from '../documents/document-labels';
import { CAMPO_ALIQUOTA_IBS, ROTULOS, semChaves } from './simulation-input';
import { credorLabel, REGIMES, tributoLabel } from '../../labels';

/** One simulation: its lines with base, rate, value, due date and legal basis, its notes, and its provisioning. */
export function SimulationResult(props: {
  simulacao: SimulacaoImposto;
  headingRef: Ref<HTMLHeadingElement> | undefined;
  canProvision: boolean;
  /** The company's regime in its fiscal settings: null when they name none, undefined while not read. */
  companyRegime: RegimeTributario | null | undefined;
  onProvision: () => void;
  outcome: Outcome | null;
  outcomeRef: Ref<HTMLDivElement>;
}) {
  const s = props.simulacao;
  // Only the company's own regime becomes titles (the API refuses another with REGIME_DIFERENTE_DA_EMPRESA): said
  // before the click, with the button off.
  const otherRegime = props.companyRegime !== undefined && props.companyRegime !== s.regime;
  const modelo = MODELOS[s.tipoDocumento];
  return (
    <section className="cartao" aria-labelledby="resultado-titulo">
      <h2 id="resultado-titulo" tabIndex={-1} ref={props.headingRef}>
        Resultado — {REGIMES[s.regime]}, {modelo}, {formatMoney(s.valor)} em {formatDay(s.dataOperacao)}
      </h2>
      <p className="destaque">
        Total devido <strong>{formatMoney(s.totalDevido)}</strong> · carga efetiva <strong>{formatPercent(s.cargaEfetiva)}</strong>
        {s.completo ? '' : ' · incompleto: alguma linha não pôde ser calculada, o total é um piso'}
      </p>
      <div className="tabela-rolavel">
        <table>
          <caption className="so-leitor">Linhas da simulação</caption>
          <thead>
            <tr>
              <th scope="col">Tributo</th>
              <th scope="col" className="num">Base</th>
              <th scope="col" className="num">Alíquota</th>
              <th scope="col" className="num">Valor</th>
              <th scope="col">Vencimento</th>
              <th scope="col">Observação</th>
              <th scope="col">Fundamento</th>
            </tr>
          </thead>
          <tbody>
            {s.linhas.map((l) => (
              <tr key={l.tributo} className={l.informativo ? 'informativa' : undefined}>
                <th scope="row">{tributoLabel(l.tributo)}</th>
                <td className="num">{formatMoney(l.base)}</td>
                <td className="num">{formatPercent(l.aliquota)}</td>
                <td className="num">{formatMoney(l.valor)}</td>
                <td>{formatDay(l.vencimento)}</td>
                <td>{observacao(l, s.dataOperacao)}</td>
                <td className="fundamento">{l.fundamento}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {s.partilhaDas?.length ? <p>Partilha do DAS: {s.partilhaDas.map((p) => `${tributoLabel(p.tributo)} ${formatMoney(p.valor)}`).join(' · ')}</p> : null}
      {s.avisos.length ? (
        <>
          <h3>Avisos</h3>
          <ul>
            {s.avisos.map((a, i) => (
              <li key={i}>{semChaves(a)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {s.premissas.length ? (
        <details>
          <summary>Premissas ({s.premissas.length})</summary>
          <ul>
            {s.premissas.map((p, i) => (
              <li key={i}>{semChaves(p)}</li>
            ))}
          </ul>
        </details>
      ) : null}

      <h3>Provisão no financeiro</h3>
      {props.outcome ? (
        <Message kind={props.outcome.kind} ref={props.outcomeRef}>
          {props.outcome.text}
        </Message>
      ) : null}
      {s.provisionada ? (
        <div className="tabela-rolavel">
          <table>
            <caption>Títulos a pagar criados</caption>
            <thead>
              <tr>
                <th scope="col">Tributo</th>
                <th scope="col" className="num">Valor</th>
                <th scope="col">Vencimento</th>
                <th scope="col">Competência</th>
                <th scope="col">Credor</th>
                <th scope="col">Código de receita</th>
              </tr>
            </thead>
            <tbody>
              {s.titulos.map((t) => (
                <tr key={t.id}>
                  <th scope="row">{tributoLabel(t.tributo)}</th>
                  <td className="num">{formatMoney(t.valor)}</td>
                  <td>{formatDay(t.vencimento)}</td>
                  <td>{formatMonth(t.competencia)}</td>
                  <td>{credorLabel(t.credor)}</td>
                  <td>{t.codigoReceita ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : props.canProvision ? (
        <>
          {otherRegime ? (
            <p className="aviso" id="provisionar-aviso">
              {props.companyRegime
                ? `Esta simulação é do ${REGIMES[s.regime]}, e a empresa é do ${REGIMES[props.companyRegime]} nas configurações fiscais: ela serve para comparar e não vira títulos a pagar. Para provisionar, simule no regime da empresa (deixe o regime em branco).`
                : `As configurações fiscais da empresa não dizem o seu regime tributário: nada é provisionado até que digam. Esta simulação (${REGIMES[s.regime]}) serve para comparar.`}
            </p>
          ) : null}
          <button type="button" className="primario" onClick={props.onProvision} disabled={otherRegime} aria-describedby={otherRegime ? 'provisionar-aviso' : undefined}>
            Provisionar impostos…
          </button>
        </>
      ) : (
        <p className="discreto">Só administradores provisionam impostos.</p>
      )}
    </section>
  );
}

type Linha = SimulacaoImposto['linhas'][number];

/**
 * A line's note. The IBS of a year no norm has fixed (2029 on) is not computable until a rate is given: instead of
 * the engine's text, which names API fields, the page says where to give it, in this form or in the settings.
 */
function observacao(l: Linha, dataOperacao: string): ReactNode {
  if (!l.naoCalculavel) return l.informativo ? 'informativo (não pago à parte)' : '';
  const ibs = l.informativo ? undefined : CAMPO_ALIQUOTA_IBS[l.tributo];
  if (!ibs) return `não calculável: ${semChaves(l.motivo ?? '')}`;
  const ano = dataOperacao.slice(0, 4);
  const informar = () => {
    const grupo = document.getElementById('sim-reforma') as HTMLDetailsElement | null;
    if (grupo) grupo.open = true;
    focusSoon(() => document.getElementById(`sim-${ibs}`));
  };
  return (
    <>
      não calculável: a alíquota de {ano} ainda não foi fixada em norma.{' '}
      <button type="button" onClick={informar}>
        Informar “{ROTULOS[ibs]}” na simulação
      </button>{' '}
      ou <a href="#/configuracoes">cadastrar a alíquota de {ano} nas configurações fiscais</a>.
    </>
  );
}

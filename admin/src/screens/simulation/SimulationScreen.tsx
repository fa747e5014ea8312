import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client';
import { COMPARAR_REGIMES, PROVISIONAR_IMPOSTOS, SIMULAR_IMPOSTOS, type SimulacaoImposto } from '../../api/operations/simulation';
import { useApp } from '../../app-context';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { ErrorSummary } from '../../components/ErrorSummary';
import { focusSoon } from '../../components/focus';
import type { Outcome } from '../../components/Message';
import { ScreenTitle } from '../../components/ScreenTitle';
import { formatDay, formatMoney } from '../../format';
import { useFieldErrors } from '../../hooks/useFieldErrors';
import { RegimeComparison } from './RegimeComparison';
import { SimulationForm } from './SimulationForm';
import { SimulationResult } from './SimulationResult';
import { newSimulationFlags, newSimulationForm, simulationInput, type SimulationFlags } from './simulation-input';
import { REGIMES, tributoLabel } from '../../labels';

/** The tax simulation: what an operation owes and when, in the company's regime or compared across the three, and its provisioning. */
export function SimulationScreen(props: { title: string }) {
  const { api, session, announce, company, reloadCompany } = useApp();
  const [form, setForm] = useState(newSimulationForm);
  const [flags, setFlags] = useState<SimulationFlags>(newSimulationFlags);
  const [shown, setShown] = useState<SimulacaoImposto | null>(null);
  const [comparison, setComparison] = useState<SimulacaoImposto[] | null>(null);
  const [sending, setSending] = useState(false);
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fieldErrors = useFieldErrors();
  const resultHeading = useRef<HTMLHeadingElement | null>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);
  // The company's regime decides what may be provisioned: read fresh when the screen opens.
  useEffect(reloadCompany, [reloadCompany]);

  async function send(event: FormEvent, compare: boolean) {
    event.preventDefault();
    fieldErrors.clearGeneral();
    setOutcome(null);
    const { input, localErrors } = simulationInput(form, flags, compare);
    if (localErrors.length) return fieldErrors.show(localErrors);
    setSending(true);
    try {
      if (compare) {
        const all = (await api.graphql(COMPARAR_REGIMES, { input })).compararRegimes;
        setComparison(all);
        const lowest = [...all].sort((a, b) => a.totalDevido - b.totalDevido)[0];
        setShown(lowest);
        announce(`Comparação pronta: menor total no ${REGIMES[lowest.regime]}, ${formatMoney(lowest.totalDevido)}.`);
      } else {
        const simulacao = (await api.graphql(SIMULAR_IMPOSTOS, { input })).simularImpostos;
        setComparison(null);
        setShown(simulacao);
        announce(`Simulação pronta: total devido ${formatMoney(simulacao.totalDevido)}.`);
      }
      fieldErrors.reset();
      focusSoon(() => resultHeading.current);
    } catch (e) {
      fieldErrors.fail(e);
    } finally {
      setSending(false);
    }
  }

  function askProvision(simulacao: SimulacaoImposto) {
    const payable = simulacao.linhas.filter((l) => !l.informativo && l.vencimento && l.valor > 0);
    setRequest({
      title: 'Provisionar os impostos desta simulação?',
      message: (
        <>
          <p>
            Cria no financeiro <strong>um título a pagar por tributo</strong> ({payable.length}), uma vez só: pedir de novo não cria outros.
          </p>
          <ul>
            {payable.map((l) => (
              <li key={l.tributo}>
                {tributoLabel(l.tributo)}: {formatMoney(l.valor)}, vencimento {formatDay(l.vencimento)}
              </li>
            ))}
          </ul>
          {simulacao.pendentesDeVencimento.length ? <p>Sem vencimento definido, ficam de fora: {simulacao.pendentesDeVencimento.map(tributoLabel).join(', ')}.</p> : null}
        </>
      ),
      action: 'Provisionar impostos',
      onConfirm: async () => {
        try {
          const provisioned = (await api.graphql(PROVISIONAR_IMPOSTOS, { id: simulacao.id })).provisionarImpostos;
          setShown(provisioned);
          setComparison((all) => all?.map((s) => (s.id === provisioned.id ? provisioned : s)) ?? null);
          const n = provisioned.titulos.length;
          setOutcome({ kind: 'ok', text: n === 1 ? '1 título a pagar criado no financeiro.' : `${n} títulos a pagar criados no financeiro.` });
        } catch (e) {
          setOutcome({ kind: 'error', text: errorMessage(e) });
        }
        focusSoon(() => outcomeRef.current);
      },
    });
  }

  return (
    <section>
      <ScreenTitle>{props.title}</ScreenTitle>
      <p className="introducao">
        Quanto a operação gera de impostos, quando vence cada um e quanto custaria em outro regime. Os campos vazios usam o padrão das
        configurações fiscais da empresa (regime, UF, alíquota do DAS).
      </p>
      <ErrorSummary fieldErrors={fieldErrors} intro={() => 'A simulação não foi feita. Corrija:'} fieldId={(campo) => (campo ? `sim-${campo}` : null)} wholeLabel="simulação" />
      <SimulationForm
        form={form}
        onChange={(field, value) => setForm((f) => ({ ...f, [field]: value }))}
        flags={flags}
        onFlags={setFlags}
        fieldErrors={fieldErrors}
        sending={sending}
        onSubmit={(event, compare) => void send(event, compare)}
      />
      {comparison ? <RegimeComparison simulacoes={comparison} shownId={shown?.id ?? null} onShow={setShown} headingRef={resultHeading} /> : null}
      {shown ? (
        <SimulationResult
          simulacao={shown}
          headingRef={comparison ? undefined : resultHeading}
          canProvision={session.role === 'admin'}
          companyRegime={company ? (company.empresa.regimeTributario ?? null) : undefined}
          onProvision={() => askProvision(shown)}
          outcome={outcome}
          outcomeRef={outcomeRef}
        />
      ) : null}
      <ConfirmDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client';
import { INUTILIZAR_NUMERACAO, type Inutilizacao } from '../../api/operations/voiding';
import { useApp } from '../../app-context';
import { Field } from '../../components/Field';
import { focusSoon } from '../../components/focus';
import { Message, type Outcome } from '../../components/Message';
import { formatDateTime } from '../../format';

type Campo = 'modelo' | 'serie' | 'de' | 'ate' | 'justificativa';
const LABELS: Record<Campo, string> = { modelo: 'Modelo', serie: 'Série', de: 'Do número', ate: 'Até o número', justificativa: 'Justificativa' };
type Modelo = 'NFE' | 'NFCE' | 'CTE';

/** A whole number typed in Brazilian style ("1.234" is 1234), or null. */
const whole = (text: string): number | null => (/^\d{1,3}(\.?\d{3})*$/.test(text.trim()) ? Number(text.trim().replace(/\./g, '')) : null);

/** Every field error at once, by label, before the API is asked (one round of errors). */
function validate(form: Record<Campo, string>): Partial<Record<Campo, string>> {
  const errors: Partial<Record<Campo, string>> = {};
  const serie = whole(form.serie);
  const de = whole(form.de);
  const ate = whole(form.ate);
  if (serie === null || serie > 999) errors.serie = 'Série: informe um número de 0 a 999.';
  if (de === null || de < 1 || de > 999_999_999) errors.de = 'Do número: informe um número de 1 a 999.999.999.';
  if (ate === null || ate < 1 || ate > 999_999_999) errors.ate = 'Até o número: informe um número de 1 a 999.999.999.';
  else if (de !== null && ate < de) errors.ate = 'Até o número: deve ser maior ou igual a "Do número".';
  const length = form.justificativa.trim().length;
  if (length < 15 || length > 255) errors.justificativa = `Justificativa: de 15 a 255 caracteres (tem ${length}).`;
  return errors;
}

/**
 * "Inutilizar numeração" (admin): numbers of a series that were skipped and will never be used are voided at SEFAZ
 * before the 10th of the next month; the form says, before the click, that it cannot be undone.
 */
export function VoidingForm() {
  const { api, session } = useApp();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Record<Campo, string>>({ modelo: 'NFE', serie: '1', de: '', ate: '', justificativa: '' });
  const [errors, setErrors] = useState<Partial<Record<Campo, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  if (session.role !== 'admin') return null;

  const set = (campo: Campo) => (value: string) => setForm((f) => ({ ...f, [campo]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome(null);
    const found = validate(form);
    setErrors(found);
    const first = (Object.keys(LABELS) as Campo[]).find((c) => found[c]);
    if (first) return focusSoon(document.getElementById(`inut-${first}`));
    setSending(true);
    try {
      const vars = { modelo: form.modelo as Modelo, serie: whole(form.serie)!, de: whole(form.de)!, ate: whole(form.ate)!, justificativa: form.justificativa.trim() };
      const done: Inutilizacao = (await api.graphql(INUTILIZAR_NUMERACAO, vars)).inutilizarNumeracao;
      setOutcome({ kind: 'ok', text: `Números ${done.de} a ${done.ate} da série ${done.serie} inutilizados (protocolo ${done.protocolo ?? '—'}${done.inutilizadaEm ? `, em ${formatDateTime(done.inutilizadaEm)}` : ''}).` });
      setForm((f) => ({ ...f, de: '', ate: '', justificativa: '' }));
    } catch (e) {
      // The API's field errors go under their fields, named by label; anything else is said above the button.
      const byField = e instanceof ApiError ? e.fieldErrors.filter((f) => f.campo in LABELS) : [];
      if (byField.length > 0) setErrors(Object.fromEntries(byField.map((f) => [f.campo, `${LABELS[f.campo as Campo]}: ${f.erro}`])));
      else setOutcome({ kind: 'error', text: errorMessage(e) });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="cartao" aria-labelledby="inut-titulo">
      <div className="linha espalhada">
        <h2 id="inut-titulo">Inutilizar numeração</h2>
        <button type="button" aria-expanded={open} aria-controls="inut-form" onClick={() => setOpen((v) => !v)}>
          {open ? 'Fechar' : 'Inutilizar números…'}
        </button>
      </div>
      {open ? (
        <form id="inut-form" onSubmit={(e) => void submit(e)} aria-label="Inutilizar numeração" noValidate>
          <p className="discreto">Para números pulados que nunca serão usados: a SEFAZ registra a faixa como inutilizada. Não pode ser desfeito.</p>
          <Field id="inut-modelo" label={LABELS.modelo} required error={errors.modelo} width="short">
            {(a) => (
              <select {...a} value={form.modelo} onChange={(e) => set('modelo')(e.target.value)}>
                <option value="NFE">NF-e (55)</option>
                <option value="NFCE">NFC-e (65)</option>
                <option value="CTE">CT-e (57)</option>
              </select>
            )}
          </Field>
          {(['serie', 'de', 'ate'] as const).map((campo) => (
            <Field key={campo} id={`inut-${campo}`} label={LABELS[campo]} required error={errors[campo]} width="short">
              {(a) => <input {...a} inputMode="numeric" value={form[campo]} onChange={(e) => set(campo)(e.target.value)} />}
            </Field>
          ))}
          <Field id="inut-justificativa" label={LABELS.justificativa} required error={errors.justificativa} help="De 15 a 255 caracteres." width="long">
            {(a) => <textarea {...a} rows={2} maxLength={255} value={form.justificativa} onChange={(e) => set('justificativa')(e.target.value)} />}
          </Field>
          {outcome ? <Message kind={outcome.kind}>{outcome.text}</Message> : null}
          <button type="submit" className="perigo" disabled={sending}>
            {sending ? 'Inutilizando…' : 'Inutilizar a faixa'}
          </button>
        </form>
      ) : null}
    </section>
  );
}

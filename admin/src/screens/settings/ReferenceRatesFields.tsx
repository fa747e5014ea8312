import { Field } from '../../components/Field';
import type { SettingsBinding } from './settings-binding';
import { RATE_KEYS, type ReferenceRateRow } from './settings-form';

const RATE_LABELS: Record<(typeof RATE_KEYS)[number], string> = { cbs: 'CBS (%)', ibsUf: 'IBS estadual (%)', ibsMun: 'IBS municipal (%)' };

/**
 * The company's CBS / IBS reference rates, per year of the transition: the rates the tax simulation uses from 2029
 * (IBS) when the form gives none, so a simulation from 2029 is not "não calculável". One row per year, 2027-2040.
 */
export function ReferenceRatesFields(props: { bind: SettingsBinding }) {
  const { form, update, readOnly, errorFor } = props.bind;
  const rows = form.aliquotasReferencia;
  const change = (i: number, key: keyof ReferenceRateRow, value: string) => update({ aliquotasReferencia: rows.map((row, j) => (j === i ? { ...row, [key]: value } : row)) });
  const nextYear = () => String(Math.max(2028, ...rows.map((r) => Number(r.ano) || 0)) + 1);

  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>Alíquotas de referência da reforma (CBS e IBS)</legend>
      <p className="ajuda">
        Percentuais por ano (2027 a 2040; o IBS a partir de 2029), usados pela simulação de impostos quando ela não recebe outros. Vazio: sem
        alíquota da empresa para aquele tributo no ano.
      </p>
      {rows.map((row, i) => (
        <div key={i} className="grade linha-aliquota" role="group" aria-label={`Alíquotas de ${row.ano || 'um ano'}`}>
          <Field id={`cfg-aliquotasReferencia[${i}].ano`} label="Ano" error={errorFor(`aliquotasReferencia[${i}].ano`)} width="short">
            {(a) => <input {...a} required={false} inputMode="numeric" value={row.ano} onChange={(e) => change(i, 'ano', e.target.value)} />}
          </Field>
          {RATE_KEYS.map((key) => (
            <Field key={key} id={`cfg-aliquotasReferencia[${i}].${key}`} label={RATE_LABELS[key]} error={errorFor(`aliquotasReferencia[${i}].${key}`)} width="short">
              {(a) => <input {...a} required={false} inputMode="decimal" value={row[key]} onChange={(e) => change(i, key, e.target.value)} />}
            </Field>
          ))}
          <button type="button" onClick={() => update({ aliquotasReferencia: rows.filter((_, j) => j !== i) })}>
            Remover {row.ano || 'esta linha'}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => update({ aliquotasReferencia: [...rows, { ano: nextYear(), cbs: '', ibsUf: '', ibsMun: '' }] })}>
        Adicionar ano
      </button>
      {errorFor('aliquotasReferencia') ? <p className="erro-campo">{errorFor('aliquotasReferencia')}</p> : null}
    </fieldset>
  );
}

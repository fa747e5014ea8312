import { Field } from '../../components/Field';
import { Options } from '../../components/Options';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import type { SimplesForm } from './issue-input';

const ANEXOS: [string, string][] = [
  ['', 'Escolha'],
  ['I', 'Anexo I — Comércio'],
  ['II', 'Anexo II — Indústria'],
];

/**
 * An item with CSOSN 101 or 201 gives the buyer an ICMS credit (pCredSN) that the service computes from the issuer's
 * Simples Nacional band: without these two fields the form could only be refused (`simplesNacional` required).
 */
export function SimplesBandFields(props: { simples: SimplesForm; onChange: (simples: SimplesForm) => void; fieldErrors: FieldErrors }) {
  const { simples, onChange } = props;
  const { errorFor } = props.fieldErrors;
  return (
    <fieldset className="grupo" id="simplesNacional" tabIndex={-1}>
      <legend>Faixa do Simples Nacional (CSOSN 101 ou 201)</legend>
      <p className="ajuda">O crédito de ICMS do comprador sai da alíquota efetiva da faixa da empresa no Simples Nacional.</p>
      {errorFor('simplesNacional') ? <p className="erro-campo">{errorFor('simplesNacional')}</p> : null}
      <div className="grade">
        <Field id="simplesNacional.anexo" label="Anexo do Simples Nacional" required error={errorFor('simplesNacional.anexo')} width="medium">
          {(a) => (
            <select {...a} value={simples.anexo} onChange={(e) => onChange({ ...simples, anexo: e.target.value })}>
              <Options choices={ANEXOS} />
            </select>
          )}
        </Field>
        <Field id="simplesNacional.receitaBruta12Meses" label="Receita bruta dos últimos 12 meses (R$)" required error={errorFor('simplesNacional.receitaBruta12Meses')} help="Como 1.200.000,00." width="medium">
          {(a) => <input {...a} inputMode="decimal" value={simples.receita} onChange={(e) => onChange({ ...simples, receita: e.target.value })} />}
        </Field>
      </div>
    </fieldset>
  );
}

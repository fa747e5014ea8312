import { Field } from '../../components/Field';
import { formatMoney } from '../../format';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { parseDecimalBR } from '../../numbers-br';
import { changeFor, emptyPayment, MEIOS_PAGAMENTO, type PagamentoForm } from './payment-input';
import { Options } from '../../components/Options';

/** The NFC-e's means of payment (pag/detPag): each by label with its value; the change (vTroco) while typing. */
export function PaymentFields(props: { pagamentos: PagamentoForm[]; total: number | null; onChange: (update: (list: PagamentoForm[]) => PagamentoForm[]) => void; fieldErrors: FieldErrors }) {
  const { pagamentos, onChange } = props;
  const { errorFor } = props.fieldErrors;
  const change = (i: number, key: keyof PagamentoForm, value: string) => onChange((list) => list.map((p, j) => (j === i ? { ...p, [key]: value } : p)));
  const troco = changeFor(pagamentos, props.total, parseDecimalBR);

  return (
    <fieldset className="grupo">
      <legend>Pagamento</legend>
      {errorFor('pagamentos') ? (
        <p className="erro-campo" id="pagamentos">
          {errorFor('pagamentos')}
        </p>
      ) : null}
      {pagamentos.map((p, i) => (
        <div key={i} className="grade">
          <Field id={`pagamentos[${i}].meio`} label={`Meio de pagamento ${i + 1}`} error={errorFor(`pagamentos[${i}].meio`)} width="medium">
            {(a) => (
              <select {...a} required={false} value={p.meio} onChange={(e) => change(i, 'meio', e.target.value)}>
                <Options choices={MEIOS_PAGAMENTO} />
              </select>
            )}
          </Field>
          <Field id={`pagamentos[${i}].valor`} label={`Valor pago ${i + 1} (R$)`} error={errorFor(`pagamentos[${i}].valor`)} width="short">
            {(a) => <input {...a} required={false} inputMode="decimal" placeholder="1.200,00" value={p.valor} onChange={(e) => change(i, 'valor', e.target.value)} />}
          </Field>
          {p.meio === '99' ? (
            <Field id={`pagamentos[${i}].descricao`} label={`Descrição do meio ${i + 1}`} error={errorFor(`pagamentos[${i}].descricao`)} width="medium">
              {(a) => <input {...a} required={false} maxLength={60} value={p.descricao} onChange={(e) => change(i, 'descricao', e.target.value)} />}
            </Field>
          ) : null}
          {pagamentos.length > 1 ? (
            <button type="button" onClick={() => onChange((list) => list.filter((_, j) => j !== i))}>
              Remover pagamento {i + 1}
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" onClick={() => onChange((list) => [...list, emptyPayment('03')])}>
        Adicionar meio de pagamento
      </button>
      <p className="troco" aria-live="polite">
        Troco: <strong>{troco === null ? '—' : formatMoney(troco)}</strong>
      </p>
    </fieldset>
  );
}

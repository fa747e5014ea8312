import { Field } from '../../components/Field';
import { Message } from '../../components/Message';
import { groupedKey } from '../../format';
import type { FieldErrors } from '../../hooks/useFieldErrors';

/**
 * The issue form's "Chave da NFS-e substituída" (`chaveNfseSubstituida`): filled when the form was opened by
 * "Emitir NFS-e substituta…" of an authorized NFS-e, and typed by hand otherwise. Spaces are for reading only.
 */
export function NfseSubstitutedField(props: { chave: string; substituida: { numero: number; serie: number } | null | undefined; onChange: (chave: string) => void; fieldErrors: FieldErrors }) {
  return (
    <>
      {props.substituida ? (
        <Message kind="warning">
          Esta NFS-e substitui a NFS-e nº {props.substituida.numero}, série {props.substituida.serie}: os dados dela já estão abaixo; corrija o que motivou a
          substituição e emita. Depois, a NFS-e substituída é cancelada com a chave desta (o detalhe da nova leva até lá).
        </Message>
      ) : null}
      <Field
        id="chaveNfseSubstituida"
        label="Chave da NFS-e substituída (opcional)"
        error={props.fieldErrors.errorFor('chaveNfseSubstituida')}
        help="Só numa NFS-e que substitui outra: a chave de 50 dígitos da NFS-e substituída (ou município-número-código numa prefeitura ABRASF)."
        width="long"
      >
        {(a) => <input {...a} required={false} value={props.chave} onChange={(e) => props.onChange(e.target.value)} />}
      </Field>
    </>
  );
}

/** A key as the page shows it: the national 50 digits in groups of four, an ABRASF key as it is. */
export const readableNfseKey = (chave: string) => (/^\d{44,50}$/.test(chave) ? groupedKey(chave) : chave);

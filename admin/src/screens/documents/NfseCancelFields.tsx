import { Field } from '../../components/Field';

/** The reasons of an NFS-e cancellation (event 101101 cMotivo), by their meaning. */
export const MOTIVOS_CANCELAMENTO_NFSE: [string, string][] = [
  ['1', 'Erro na emissão'],
  ['2', 'Serviço não prestado'],
  ['9', 'Outros'],
];

/**
 * What an NFS-e's cancellation asks besides the justification: its reason, and, for a cancellation by substitution
 * (event 105102; in an ABRASF city, SubstituirNfse already cancelled it), the key of the NFS-e issued in its place.
 */
export function NfseCancelFields(props: { motivo: string; onMotivo: (motivo: string) => void; substituta: string; onSubstituta: (chave: string) => void; substitutaError: string | null }) {
  return (
    <>
      <Field id="doc-motivo-nfse" label="Motivo do cancelamento" required>
        {(a) => (
          <select {...a} value={props.motivo} onChange={(e) => props.onMotivo(e.target.value)}>
            {MOTIVOS_CANCELAMENTO_NFSE.map(([valor, rotulo]) => (
              <option key={valor} value={valor}>
                {rotulo}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="doc-substituta"
        label="Chave da NFS-e que substitui esta"
        required={false}
        error={props.substitutaError}
        help="Só no cancelamento por substituição: a chave da NFS-e emitida com esta como substituída (50 dígitos, ou município-número-código numa prefeitura ABRASF). Vazia: cancelamento comum."
        width="long"
      >
        {(a) => <input {...a} value={props.substituta} onChange={(e) => props.onSubstituta(e.target.value)} />}
      </Field>
    </>
  );
}

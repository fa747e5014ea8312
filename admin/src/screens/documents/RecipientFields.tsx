import type { ModeloDocumento } from '../../api/operations/documents';
import { Field, type FieldWidth } from '../../components/Field';
import { UfSelect } from '../../components/UfSelect';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { maskCep, maskCnpjCpf, maskIe } from '../../masks';
import { takesAddress, type AddressField, type AddressForm, type RecipientForm } from './issue-input';

/** The recipient's address fields (NF-e enderDest), as the API names them; a CT-e party's are the same but the phone. */
export const ADDRESS: [AddressField, string, FieldWidth][] = [
  ['logradouro', 'Logradouro', 'long'],
  ['numero', 'Número', 'short'],
  ['complemento', 'Complemento', 'medium'],
  ['bairro', 'Bairro', 'medium'],
  ['municipio', 'Município (nome)', 'medium'],
  ['cep', 'CEP', 'short'],
  ['telefone', 'Telefone', 'short'],
];

/** The recipient of a document, and its address for the goods documents (NF-e, NFC-e) and the CT-e. */
export function RecipientFields(props: {
  modelo: ModeloDocumento;
  /** A CT-e OS: the recipient is the taker of the service (toma), who hires and pays it. */
  taker?: boolean;
  recipient: RecipientForm;
  address: AddressForm;
  onRecipient: (recipient: RecipientForm) => void;
  onAddress: (address: AddressForm) => void;
  fieldErrors: FieldErrors;
}) {
  const { modelo, recipient, address, onRecipient, onAddress } = props;
  const { errorFor } = props.fieldErrors;
  const text = (key: keyof RecipientForm, transform: (value: string) => string = (value) => value) => ({
    value: recipient[key],
    onChange: (e: { target: { value: string } }) => onRecipient({ ...recipient, [key]: transform(e.target.value) }),
  });
  return (
    <fieldset className="grupo">
      <legend>{props.taker ? 'Tomador do serviço (quem contrata e paga)' : `Destinatário${modelo === 'NFCE' ? ' (opcional na NFC-e: CPF do consumidor)' : ''}`}</legend>
      <div className="grade">
        <Field id="destinatario.documento" label="CNPJ ou CPF" error={errorFor('destinatario.documento') ?? errorFor('destinatario')} width="medium">
          {(a) => <input {...a} required={modelo !== 'NFCE'} inputMode="numeric" {...text('documento', maskCnpjCpf)} />}
        </Field>
        <Field id="destinatario.nome" label="Nome" error={errorFor('destinatario.nome')} width="long">
          {(a) => <input {...a} required={false} {...text('nome')} />}
        </Field>
        <UfSelect id="destinatario.uf" label="UF" required={false} value={recipient.uf} onChange={(uf) => onRecipient({ ...recipient, uf })} error={errorFor('destinatario.uf')} />
        <Field id="destinatario.codigoMunicipio" label="Município (IBGE)" error={errorFor('destinatario.codigoMunicipio')} width="short">
          {(a) => <input {...a} required={false} inputMode="numeric" {...text('codigoMunicipio')} />}
        </Field>
        <Field id="destinatario.inscricaoEstadual" label="Inscrição estadual" error={errorFor('destinatario.inscricaoEstadual')} width="short">
          {(a) => <input {...a} required={false} {...text('inscricaoEstadual', (v) => maskIe(v, recipient.uf))} />}
        </Field>
      </div>
      {takesAddress(modelo) ? (
        <fieldset className="grupo">
          <legend>
            {props.taker ? 'Endereço do tomador (exigido no CT-e OS; com UF e município)' : 'Endereço do destinatário'}
            {props.taker ? '' : modelo === 'NFE' ? ' (exigido pela SEFAZ na NF-e; com UF e município)' : modelo === 'CTE' ? ' (exigido no CT-e; com UF e município)' : ' (opcional)'}
          </legend>
          {errorFor('destinatario.endereco') ? <p className="erro-campo">{errorFor('destinatario.endereco')}</p> : null}
          <div className="grade">
            {ADDRESS.map(([key, label, width]) => (
              <Field key={key} id={`destinatario.endereco.${key}`} label={label} error={errorFor(`destinatario.endereco.${key}`)} width={width}>
                {(a) => (
                  <input
                    {...a}
                    required={false}
                    inputMode={key === 'cep' ? 'numeric' : undefined}
                    value={address[key]}
                    onChange={(e) => onAddress({ ...address, [key]: key === 'cep' ? maskCep(e.target.value) : e.target.value })}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      ) : null}
    </fieldset>
  );
}

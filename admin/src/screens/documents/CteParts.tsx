import { Field, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { maskCep, maskCnpjCpf, maskIe } from '../../masks';
import { UfSelect } from '../../components/UfSelect';
import type { MunicipioForm, ParteForm } from './cte-input';
import { ADDRESS as RECIPIENT_ADDRESS } from './RecipientFields';

const ADDRESS = RECIPIENT_ADDRESS.filter(([key]) => key !== 'telefone');

/** Where a CT-e's (or CT-e OS's) service starts or ends: IBGE code, name, UF; `prefix` is "cte.inicio", "cteOs.fim", ... */
export function PlaceFields(props: { prefix: string; legend: string; place: MunicipioForm; onChange: (place: MunicipioForm) => void; fieldErrors: FieldErrors }) {
  const { prefix, place } = props;
  const { errorFor } = props.fieldErrors;
  const change = (key: keyof MunicipioForm) => (value: string) => props.onChange({ ...place, [key]: value });
  return (
    <fieldset className="grupo">
      <legend>{props.legend}</legend>
      <div className="grade">
        <Field id={`${prefix}.codigoMunicipio`} label="Município (IBGE)" required error={errorFor(`${prefix}.codigoMunicipio`)} help="7 dígitos." width="short">
          {(a) => <input {...a} inputMode="numeric" value={place.codigoMunicipio} onChange={(e) => change('codigoMunicipio')(e.target.value)} />}
        </Field>
        <Field id={`${prefix}.municipio`} label="Município (nome)" required error={errorFor(`${prefix}.municipio`)} width="medium">
          {(a) => <input {...a} value={place.municipio} onChange={(e) => change('municipio')(e.target.value)} />}
        </Field>
        <UfSelect id={`${prefix}.uf`} label="UF" value={place.uf} onChange={change('uf')} error={errorFor(`${prefix}.uf`)} />
      </div>
    </fieldset>
  );
}

/**
 * A party of the CT-e named in full (rem, exped, receb, toma4): CNPJ / CPF and IE punctuated while typed, name, UF,
 * IBGE city and its address; `prefix` is the API's key ("cte.expedidor"), so each error lands under its field.
 */
export function PartyFields(props: { prefix: string; legend: string; parte: ParteForm; onChange: (parte: ParteForm) => void; fieldErrors: FieldErrors }) {
  const { prefix, parte: p } = props;
  const { errorFor } = props.fieldErrors;
  const set = (key: Exclude<keyof ParteForm, 'endereco'>) => (value: string) => props.onChange({ ...p, [key]: value });
  const text = (key: 'documento' | 'nome' | 'codigoMunicipio', label: string, width: FieldWidth, mask: (v: string) => string = (v) => v) => (
    <Field id={`${prefix}.${key}`} label={label} required error={errorFor(`${prefix}.${key}`) ?? (key === 'documento' ? errorFor(prefix) : null)} width={width}>
      {(a) => <input {...a} inputMode={key === 'nome' ? undefined : 'numeric'} value={p[key]} onChange={(e) => set(key)(mask(e.target.value))} />}
    </Field>
  );
  return (
    <fieldset className="grupo">
      <legend>{props.legend}</legend>
      <div className="grade">
        {text('documento', 'CNPJ ou CPF', 'medium', maskCnpjCpf)}
        {text('nome', 'Nome', 'long')}
        <Field id={`${prefix}.inscricaoEstadual`} label="Inscrição estadual" error={errorFor(`${prefix}.inscricaoEstadual`)} help="ISENTO, ou vazia se não contribuinte." width="short">
          {(a) => <input {...a} required={false} value={p.inscricaoEstadual} onChange={(e) => set('inscricaoEstadual')(maskIe(e.target.value, p.uf))} />}
        </Field>
        <UfSelect id={`${prefix}.uf`} label="UF" value={p.uf} onChange={set('uf')} error={errorFor(`${prefix}.uf`)} />
        {text('codigoMunicipio', 'Município (IBGE)', 'short')}
      </div>
      <div className="grade">
        {ADDRESS.map(([key, label, width]) => (
          <Field key={key} id={`${prefix}.endereco.${key}`} label={label} required={key !== 'complemento'} error={errorFor(`${prefix}.endereco.${key}`)} width={width}>
            {(a) => (
              <input
                {...a}
                inputMode={key === 'cep' ? 'numeric' : undefined}
                value={p.endereco[key]}
                onChange={(e) => props.onChange({ ...p, endereco: { ...p.endereco, [key]: key === 'cep' ? maskCep(e.target.value) : e.target.value } })}
              />
            )}
          </Field>
        ))}
      </div>
    </fieldset>
  );
}

import { Fragment } from 'react';
import { Field, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { PARTE_DO_TOMADOR, PARTES, partesPresentes, TOMADORES, type CteForm, type ParteAdicional, type ParteCte } from './cte-input';
import { PartyFields, PlaceFields } from './CteParts';
import { Options } from '../../components/Options';

/**
 * The CT-e model 57 rodoviário group of the issue form: who pays (tomador) and, when it is the shipper, the receiver
 * or another party, that party's own fields; "Há expedidor" / "Há recebedor" add the shipper or the receiver when
 * someone else pays (the CT-e carries them whoever the taker is); the sender (remetente) with its address, where the service starts and
 * ends (IBGE code, name and UF), the cargo (value, predominant product, gross weight), the RNTRC and the transport
 * CFOP that goes on every component of the value. The recipient, the NF-e keys carried and the components are the
 * form's own fields.
 */
export function CteFields(props: { cte: CteForm; onChange: (update: (cte: CteForm) => CteForm) => void; fieldErrors: FieldErrors }) {
  const { cte, onChange, fieldErrors } = props;
  const { errorFor, errors } = fieldErrors;
  // The service checks the CFOP on each component (itens[i].cfop): said under the one CFOP field the CT-e has.
  const cfopError = errorFor('cte.cfop') ?? (errors.find((e) => /^itens\[\d+\]\.cfop$/.test(e.campo))?.erro || null);
  const set = <K extends keyof CteForm>(key: K, value: CteForm[K]) => onChange((c) => ({ ...c, [key]: value }));
  const input = (campo: string, label: string, value: string, change: (value: string) => void, width: FieldWidth = 'medium', extra: { inputMode?: 'numeric' | 'decimal'; help?: string } = {}) => (
    <Field id={campo} label={label} required error={campo === 'cte.cfop' ? cfopError : errorFor(campo)} help={extra.help} width={width}>
      {(a) => <input {...a} inputMode={extra.inputMode} value={value} onChange={(e) => change(e.target.value)} />}
    </Field>
  );
  const party = (key: ParteCte, legend: string) => (
    <PartyFields prefix={`cte.${key}`} legend={legend} parte={cte.partes[key]} onChange={(parte) => onChange((c) => ({ ...c, partes: { ...c.partes, [key]: parte } }))} fieldErrors={fieldErrors} />
  );
  const takersParty = PARTE_DO_TOMADOR[cte.tomador];
  const present = partesPresentes(cte);
  const legend = (key: ParteCte) =>
    key === takersParty ? (key === 'outroTomador' ? 'Tomador do serviço (outro): quem paga' : `${PARTES[key]}: o tomador do serviço`) : PARTES[key];
  const extra = (key: ParteAdicional, label: string, help: string) =>
    key === takersParty ? null : (
      <label className="opcao">
        <input type="checkbox" id={`cte.ha-${key}`} checked={cte.adicionais[key]} onChange={(e) => onChange((c) => ({ ...c, adicionais: { ...c.adicionais, [key]: e.target.checked } }))} /> {label}{' '}
        <span className="discreto">{help}</span>
      </label>
    );

  return (
    <fieldset className="grupo">
      <legend>Transporte (CT-e rodoviário)</legend>
      <div className="grade">
        <Field id="cte.tomador" label="Tomador do serviço (quem paga)" required error={errorFor('cte.tomador')} help="Expedidor: entrega a carga ao transportador; recebedor: recebe-a dele." width="medium">
          {(a) => (
            <select {...a} value={cte.tomador} onChange={(e) => set('tomador', e.target.value as CteForm['tomador'])}>
              <Options choices={TOMADORES} />
            </select>
          )}
        </Field>
        {input('cte.cfop', 'CFOP do transporte', cte.cfop, (v) => set('cfop', v), 'short', { inputMode: 'numeric', help: '5351 a 5360 na mesma UF, 6351 a 6360 entre UFs.' })}
        {input('cte.rntrc', 'RNTRC', cte.rntrc, (v) => set('rntrc', v.toUpperCase()), 'short', { help: '8 dígitos, ou ISENTO.' })}
      </div>
      {party('remetente', 'Remetente')}
      {extra('expedidor', 'Há expedidor', '(quem entrega a carga ao transportador, se não é o remetente)')}
      {extra('recebedor', 'Há recebedor', '(quem recebe a carga do transportador, se não é o destinatário)')}
      {present.map((key) => (
        <Fragment key={key}>{party(key, legend(key))}</Fragment>
      ))}
      <PlaceFields prefix="cte.inicio" legend="Início da prestação" place={cte.inicio} onChange={(p) => set('inicio', p)} fieldErrors={fieldErrors} />
      <PlaceFields prefix="cte.fim" legend="Fim da prestação" place={cte.fim} onChange={(p) => set('fim', p)} fieldErrors={fieldErrors} />
      <fieldset className="grupo">
        <legend>Carga</legend>
        <div className="grade">
          {input('cte.valorCarga', 'Valor da carga (R$)', cte.valorCarga, (v) => set('valorCarga', v), 'short', { inputMode: 'decimal' })}
          {input('cte.produtoPredominante', 'Produto predominante', cte.produtoPredominante, (v) => set('produtoPredominante', v), 'long')}
          {input('cte.pesoKg', 'Peso bruto (kg)', cte.pesoKg, (v) => set('pesoKg', v), 'short', { inputMode: 'decimal' })}
        </div>
      </fieldset>
    </fieldset>
  );
}

import { Field, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { maskCep, maskCnpjCpf, maskIe } from '../../masks';
import { UFS } from '../../ufs';
import { TOMADORES, type CteForm, type MunicipioForm } from './cte-input';
import type { AddressField } from './issue-input';

const ADDRESS: [AddressField, string, FieldWidth][] = [
  ['logradouro', 'Logradouro', 'long'],
  ['numero', 'Número', 'short'],
  ['complemento', 'Complemento', 'medium'],
  ['bairro', 'Bairro', 'medium'],
  ['municipio', 'Município (nome)', 'medium'],
  ['cep', 'CEP', 'short'],
];

/**
 * The CT-e model 57 rodoviário group of the issue form: who pays (tomador), the sender (remetente) with its address,
 * where the service starts and ends (IBGE code, name and UF), the cargo (value, predominant product, gross weight),
 * the RNTRC and the transport CFOP that goes on every component of the value. The recipient, the NF-e keys carried
 * and the components are the form's own fields.
 */
export function CteFields(props: { cte: CteForm; onChange: (update: (cte: CteForm) => CteForm) => void; fieldErrors: FieldErrors }) {
  const { cte, onChange } = props;
  const { errorFor, errors } = props.fieldErrors;
  // The service checks the CFOP on each component (itens[i].cfop): said under the one CFOP field the CT-e has.
  const cfopError = errorFor('cte.cfop') ?? (errors.find((e) => /^itens\[\d+\]\.cfop$/.test(e.campo))?.erro || null);
  const set = <K extends keyof CteForm>(key: K, value: CteForm[K]) => onChange((c) => ({ ...c, [key]: value }));
  const input = (campo: string, label: string, value: string, change: (value: string) => void, width: FieldWidth = 'medium', extra: { inputMode?: 'numeric' | 'decimal'; help?: string } = {}) => (
    <Field id={campo} label={label} required error={campo === 'cte.cfop' ? cfopError : errorFor(campo)} help={extra.help} width={width}>
      {(a) => <input {...a} inputMode={extra.inputMode} value={value} onChange={(e) => change(e.target.value)} />}
    </Field>
  );
  const place = (end: 'inicio' | 'fim', legend: string) => {
    const m = cte[end];
    const change = (key: keyof MunicipioForm) => (value: string) => set(end, { ...m, [key]: key === 'uf' ? value.toUpperCase() : value });
    return (
      <fieldset className="grupo">
        <legend>{legend}</legend>
        <div className="grade">
          {input(`cte.${end}.codigoMunicipio`, 'Município (IBGE)', m.codigoMunicipio, change('codigoMunicipio'), 'short', { inputMode: 'numeric', help: '7 dígitos.' })}
          {input(`cte.${end}.municipio`, 'Município (nome)', m.municipio, change('municipio'))}
          <Field id={`cte.${end}.uf`} label="UF" required error={errorFor(`cte.${end}.uf`)} width="short">
            {(a) => (
              <select {...a} value={m.uf} onChange={(e) => change('uf')(e.target.value)}>
                <option value="">—</option>
                {UFS.map((uf) => (
                  <option key={uf}>{uf}</option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </fieldset>
    );
  };
  const r = cte.remetente;
  const setRemetente = (key: keyof CteForm['remetente']) => (value: string) => set('remetente', { ...r, [key]: value });

  return (
    <fieldset className="grupo">
      <legend>Transporte (CT-e rodoviário)</legend>
      <div className="grade">
        <Field id="cte.tomador" label="Tomador do serviço (quem paga)" required error={errorFor('cte.tomador')} width="medium">
          {(a) => (
            <select {...a} value={cte.tomador} onChange={(e) => set('tomador', e.target.value as CteForm['tomador'])}>
              {TOMADORES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input('cte.cfop', 'CFOP do transporte', cte.cfop, (v) => set('cfop', v), 'short', { inputMode: 'numeric', help: '5351 a 5360 na mesma UF, 6351 a 6360 entre UFs.' })}
        {input('cte.rntrc', 'RNTRC', cte.rntrc, (v) => set('rntrc', v.toUpperCase()), 'short', { help: '8 dígitos, ou ISENTO.' })}
      </div>
      <fieldset className="grupo">
        <legend>Remetente</legend>
        <div className="grade">
          {input('cte.remetente.documento', 'CNPJ ou CPF', r.documento, (v) => setRemetente('documento')(maskCnpjCpf(v)), 'medium', { inputMode: 'numeric' })}
          {input('cte.remetente.nome', 'Nome', r.nome, setRemetente('nome'), 'long')}
          <Field id="cte.remetente.inscricaoEstadual" label="Inscrição estadual" error={errorFor('cte.remetente.inscricaoEstadual')} width="short">
            {(a) => <input {...a} required={false} value={r.inscricaoEstadual} onChange={(e) => setRemetente('inscricaoEstadual')(maskIe(e.target.value, r.uf))} />}
          </Field>
          <Field id="cte.remetente.uf" label="UF" required error={errorFor('cte.remetente.uf')} width="short">
            {(a) => (
              <select {...a} value={r.uf} onChange={(e) => setRemetente('uf')(e.target.value)}>
                <option value="">—</option>
                {UFS.map((uf) => (
                  <option key={uf}>{uf}</option>
                ))}
              </select>
            )}
          </Field>
          {input('cte.remetente.codigoMunicipio', 'Município (IBGE)', r.codigoMunicipio, setRemetente('codigoMunicipio'), 'short', { inputMode: 'numeric' })}
        </div>
        <div className="grade">
          {ADDRESS.map(([key, label, width]) => (
            <Field key={key} id={`cte.remetente.endereco.${key}`} label={label} required={key !== 'complemento'} error={errorFor(`cte.remetente.endereco.${key}`)} width={width}>
              {(a) => (
                <input
                  {...a}
                  inputMode={key === 'cep' ? 'numeric' : undefined}
                  value={cte.remetenteEndereco[key]}
                  onChange={(e) => set('remetenteEndereco', { ...cte.remetenteEndereco, [key]: key === 'cep' ? maskCep(e.target.value) : e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
      </fieldset>
      {place('inicio', 'Início da prestação')}
      {place('fim', 'Fim da prestação')}
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

import { Field, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { AUTORIZACOES, FRETAMENTOS, TIPOS_SERVICO_OS, type CteOsForm } from './cte-os-input';
import { UfSelect } from '../../components/UfSelect';
import { PlaceFields } from './CteParts';
import { Options } from '../../components/Options';

/**
 * The CT-e OS (model 67) group of the issue form, passenger transport by road: the service type, the transport CFOP
 * (on every component of the value), the route's start and end, the service described with its passengers, the
 * fare's authority (the ANTT's TAF or the state agency's registration: one of them, as rodoOS asks), the vehicle and
 * the charter's kind. The taker is the form's recipient; the components are the form's items.
 */
export function CteOsFields(props: { os: CteOsForm; onChange: (update: (os: CteOsForm) => CteOsForm) => void; fieldErrors: FieldErrors }) {
  const { os, onChange, fieldErrors } = props;
  const { errorFor, errors } = fieldErrors;
  // The service checks the CFOP on each component (itens[i].cfop): said under the one CFOP field.
  const cfopError = errors.find((e) => /^itens\[\d+\]\.cfop$/.test(e.campo))?.erro || null;
  const set = <K extends keyof CteOsForm>(key: K, value: CteOsForm[K]) => onChange((o) => ({ ...o, [key]: value }));
  const input = (campo: 'cfop' | 'descricaoServico' | 'quantidadePassageiros' | 'placa', label: string, width: FieldWidth, extra: { inputMode?: 'numeric'; help?: string; required?: boolean; error?: string | null; transform?: (v: string) => string } = {}) => (
    <Field id={`cteOs.${campo}`} label={label} required={extra.required ?? true} error={extra.error ?? errorFor(`cteOs.${campo}`)} help={extra.help} width={width}>
      {(a) => <input {...a} inputMode={extra.inputMode} value={os[campo]} onChange={(e) => set(campo, (extra.transform ?? ((v) => v))(e.target.value))} />}
    </Field>
  );
  const [, , numeroLabel, numeroAjuda] = AUTORIZACOES.find(([k]) => k === os.autorizacao)!;
  // The number's field carries the API's key of the choice, so its errors land under it.
  const numeroId = `cteOs.${os.autorizacao}`;

  return (
    <fieldset className="grupo">
      <legend>Transporte de passageiros (CT-e OS)</legend>
      <div className="grade">
        <Field id="cteOs.tipoServico" label="Tipo de serviço" required error={errorFor('cteOs.tipoServico')} help="Transporte de valores e excesso de bagagem ainda não são emitidos." width="medium">
          {(a) => (
            <select {...a} value={os.tipoServico} onChange={(e) => set('tipoServico', e.target.value as CteOsForm['tipoServico'])}>
              <Options choices={TIPOS_SERVICO_OS} />
            </select>
          )}
        </Field>
        {input('cfop', 'CFOP do transporte', 'short', { inputMode: 'numeric', help: '5351 a 5360 na mesma UF, 6351 a 6360 entre UFs.', error: cfopError })}
      </div>
      <PlaceFields prefix="cteOs.inicio" legend="Início da prestação" place={os.inicio} onChange={(p) => set('inicio', p)} fieldErrors={fieldErrors} />
      <PlaceFields prefix="cteOs.fim" legend="Fim da prestação" place={os.fim} onChange={(p) => set('fim', p)} fieldErrors={fieldErrors} />
      <fieldset className="grupo">
        <legend>Serviço</legend>
        <div className="grade">
          {input('descricaoServico', 'Descrição do serviço', 'long', { help: `Até 30 caracteres (${os.descricaoServico.trim().length} digitados).` })}
          {input('quantidadePassageiros', 'Quantidade de passageiros', 'short', { inputMode: 'numeric', required: false })}
        </div>
      </fieldset>
      <fieldset className="grupo">
        <legend>Autorização do fretamento</legend>
        <div className="grade">
          {AUTORIZACOES.map(([value, label]) => (
            <label key={value} className="opcao">
              <input type="radio" name="cteOs.autorizacao" value={value} checked={os.autorizacao === value} onChange={() => set('autorizacao', value)} /> {label}
            </label>
          ))}
        </div>
        <div className="grade">
          <Field id={numeroId} label={numeroLabel} required error={errorFor(numeroId)} help={numeroAjuda} width="medium">
            {(a) => <input {...a} inputMode="numeric" value={os.numeroAutorizacao} onChange={(e) => set('numeroAutorizacao', e.target.value.replace(/[^\d.\-/ ]/g, ''))} />}
          </Field>
        </div>
      </fieldset>
      <fieldset className="grupo">
        <legend>Veículo e fretamento</legend>
        <div className="grade">
          {input('placa', 'Placa do veículo', 'short', { required: false, help: 'ABC1234 ou ABC1D23.', transform: (v) => v.toUpperCase() })}
          <UfSelect id="cteOs.ufVeiculo" label="UF do veículo" required={false} value={os.ufVeiculo} onChange={(uf) => set('ufVeiculo', uf)} error={errorFor('cteOs.ufVeiculo')} />
          <Field id="cteOs.fretamento" label="Fretamento" error={errorFor('cteOs.fretamento')} width="medium">
            {(a) => (
              <select {...a} required={false} value={os.fretamento} onChange={(e) => set('fretamento', e.target.value as CteOsForm['fretamento'])}>
                <Options choices={FRETAMENTOS} />
              </select>
            )}
          </Field>
        </div>
      </fieldset>
    </fieldset>
  );
}

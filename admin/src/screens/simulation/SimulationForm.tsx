import type { FormEvent, ReactNode } from 'react';
import { Field, type FieldAttributes, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { UfOptions } from '../../components/UfSelect';
import { REGIMES } from '../../labels';
import { ATIVIDADES, ROTULOS, type SimulationField, type SimulationFlags, type SimulationForm as Form } from './simulation-input';
import { Options } from '../../components/Options';

/** The simulation's fields (the rarer ones under "Mais campos"), "Simular" and "Comparar regimes". */
export function SimulationForm(props: {
  form: Form;
  onChange: (field: SimulationField, value: string) => void;
  flags: SimulationFlags;
  onFlags: (flags: SimulationFlags) => void;
  fieldErrors: FieldErrors;
  sending: boolean;
  onSubmit: (event: FormEvent, compare: boolean) => void;
}) {
  const { form, flags, onFlags, sending, onSubmit } = props;
  const { errorFor } = props.fieldErrors;
  const field = (key: SimulationField, control: (a: FieldAttributes) => ReactNode, extra: { help?: string; width?: FieldWidth } = {}) => (
    <Field id={`sim-${key}`} label={ROTULOS[key]} error={errorFor(key)} help={extra.help} width={extra.width ?? 'short'}>
      {(a) => control({ ...a, required: false })}
    </Field>
  );
  const text = (key: SimulationField) => ({ value: form[key], onChange: (e: { target: { value: string } }) => props.onChange(key, e.target.value) });
  const ufSelect = (key: SimulationField) => (a: FieldAttributes) => (
    <select {...a} {...text(key)}>
      <UfOptions blank="padrão" />
    </select>
  );
  const decimal = (key: SimulationField) => (a: FieldAttributes) => <input {...a} inputMode="decimal" {...text(key)} />;
  // Ticked is "yes"; unticked is "not said" (see SimulationFlags).
  const box = (key: keyof SimulationFlags) => (
    <label className="opcao">
      <input type="checkbox" checked={flags[key]} onChange={(e) => onFlags({ ...flags, [key]: e.target.checked })} /> {ROTULOS[key]}
    </label>
  );

  return (
    <form onSubmit={(e) => onSubmit(e, false)} noValidate className="cartao" aria-label="Simulação de impostos">
      <div className="grade">
        {field('tipoDocumento', (a) => (
          <select {...a} {...text('tipoDocumento')}>
            <option value="NFSE">NFS-e (serviço)</option>
            <option value="NFE">NF-e (mercadoria)</option>
            <option value="NFCE">NFC-e (consumidor)</option>
            <option value="CTE">CT-e (transporte)</option>
          </select>
        ))}
        {field('valor', decimal('valor'))}
        {field('dataOperacao', (a) => <input {...a} type="date" {...text('dataOperacao')} />)}
        {field(
          'regime',
          (a) => (
            <select {...a} {...text('regime')}>
              <option value="">o da empresa</option>
              <Options choices={REGIMES} />
            </select>
          ),
          { help: 'Ignorado em "Comparar regimes".' },
        )}
        {field('ufOrigem', ufSelect('ufOrigem'))}
        {field('ufDestino', ufSelect('ufDestino'))}
        {field('ncm', (a) => <input {...a} inputMode="numeric" {...text('ncm')} />, { help: '8 dígitos, com ou sem pontos.' })}
        {field('cfop', (a) => <input {...a} inputMode="numeric" {...text('cfop')} />, { help: '4 dígitos, com ou sem ponto.' })}
        {field('aliquotaIss', decimal('aliquotaIss'), { help: 'De 2 a 5; padrão 5.' })}
        {field(
          'atividade',
          (a) => (
            <select {...a} {...text('atividade')}>
              <option value="">padrão do documento</option>
              <Options choices={ATIVIDADES} />
            </select>
          ),
          { width: 'medium' },
        )}
        {field('anexoSimples', (a) => (
          <select {...a} {...text('anexoSimples')}>
            <option value="">padrão</option>
            {['I', 'II', 'III', 'IV', 'V'].map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        ))}
        {field('receitaBruta12Meses', decimal('receitaBruta12Meses'), { help: 'RBT12, para a alíquota efetiva do Simples.' })}
        {field('comprasCreditaveis', decimal('comprasCreditaveis'))}
      </div>
      <details id="sim-reforma">
        <summary>Alíquotas da reforma (CBS e IBS, 2027 em diante)</summary>
        <p className="ajuda">
          Valem sobre as alíquotas de referência das configurações fiscais. O IBS de 2029 em diante depende de resolução do Senado ainda não
          publicada: sem ele aqui ou nas configurações, a linha do IBS fica sem cálculo.
        </p>
        <div className="grade">
          {field('aliquotaReferenciaCbs', decimal('aliquotaReferenciaCbs'), { help: 'Padrão: a das configurações, ou a premissa de 8,8.' })}
          {field('aliquotaIbsUf', decimal('aliquotaIbsUf'))}
          {field('aliquotaIbsMun', decimal('aliquotaIbsMun'))}
        </div>
      </details>
      <details>
        <summary>Mais campos (apuração, serviços, importação)</summary>
        <div className="grade">
          {field('aliquotaIpi', decimal('aliquotaIpi'))}
          {field('baseAcumuladaTrimestre', decimal('baseAcumuladaTrimestre'))}
          {field('receitaAcumuladaAno', decimal('receitaAcumuladaAno'))}
          {field('receitaExcedenteAno', decimal('receitaExcedenteAno'), { help: 'LC 224/2025; padrão 0.', width: 'medium' })}
          {field('lucroRealTrimestre', decimal('lucroRealTrimestre'))}
          {field('aliquotaIs', decimal('aliquotaIs'))}
          {field('aliquotaIcmsCompras', decimal('aliquotaIcmsCompras'))}
          {field('codigoServico', (a) => <input {...a} {...text('codigoServico')} />, { help: 'NN.NN; padrão: o das configurações NFS-e.' })}
          {field('inicioAtividade', (a) => <input {...a} type="date" {...text('inicioAtividade')} />, { help: 'Padrão: o das configurações.' })}
        </div>
        {box('mercadoriaImportada')}
        {box('produtoZonaFrancaManaus')}
        {box('issRetido')}
        {box('exportacaoServico')}
      </details>
      <div className="botoes">
        <button type="submit" className="primario" disabled={sending}>
          Simular
        </button>
        <button type="button" disabled={sending} onClick={(e) => onSubmit(e, true)}>
          Comparar regimes
        </button>
      </div>
    </form>
  );
}

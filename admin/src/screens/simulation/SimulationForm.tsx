import type { FormEvent, ReactNode } from 'react';
import { Field, type FieldAttributes, type FieldWidth } from '../../components/Field';
import type { FieldErrors } from '../../hooks/useFieldErrors';
import { UFS } from '../../ufs';
import { ATIVIDADES, REGIMES, type SimulationField, type SimulationFlags, type SimulationForm as Form } from './simulation-input';

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
  const field = (key: SimulationField, label: string, control: (a: FieldAttributes) => ReactNode, extra: { help?: string; width?: FieldWidth } = {}) => (
    <Field id={`sim-${key}`} label={label} error={errorFor(key)} help={extra.help} width={extra.width ?? 'short'}>
      {(a) => control({ ...a, required: false })}
    </Field>
  );
  const text = (key: SimulationField) => ({ value: form[key], onChange: (e: { target: { value: string } }) => props.onChange(key, e.target.value) });
  const ufSelect = (key: SimulationField) => (a: FieldAttributes) => (
    <select {...a} {...text(key)}>
      <option value="">padrão</option>
      {UFS.map((uf) => (
        <option key={uf}>{uf}</option>
      ))}
    </select>
  );
  const decimal = (key: SimulationField) => (a: FieldAttributes) => <input {...a} inputMode="decimal" {...text(key)} />;
  // Ticked is "yes"; unticked is "not said" (see SimulationFlags).
  const box = (key: keyof SimulationFlags, label: string) => (
    <label className="opcao">
      <input type="checkbox" checked={flags[key]} onChange={(e) => onFlags({ ...flags, [key]: e.target.checked })} /> {label}
    </label>
  );

  return (
    <form onSubmit={(e) => onSubmit(e, false)} noValidate className="cartao" aria-label="Simulação de impostos">
      <div className="grade">
        {field('tipoDocumento', 'Documento', (a) => (
          <select {...a} {...text('tipoDocumento')}>
            <option value="NFSE">NFS-e (serviço)</option>
            <option value="NFE">NF-e (mercadoria)</option>
            <option value="NFCE">NFC-e (consumidor)</option>
            <option value="CTE">CT-e (transporte)</option>
          </select>
        ))}
        {field('valor', 'Valor da operação (R$)', decimal('valor'))}
        {field('dataOperacao', 'Data da operação', (a) => <input {...a} type="date" {...text('dataOperacao')} />)}
        {field(
          'regime',
          'Regime',
          (a) => (
            <select {...a} {...text('regime')}>
              <option value="">o da empresa</option>
              {Object.entries(REGIMES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          ),
          { help: 'Ignorado em "Comparar regimes".' },
        )}
        {field('ufOrigem', 'UF de origem', ufSelect('ufOrigem'))}
        {field('ufDestino', 'UF de destino', ufSelect('ufDestino'))}
        {field('ncm', 'NCM', (a) => <input {...a} inputMode="numeric" {...text('ncm')} />, { help: '8 dígitos, sem pontos.' })}
        {field('cfop', 'CFOP', (a) => <input {...a} inputMode="numeric" {...text('cfop')} />, { help: '4 dígitos, sem ponto.' })}
        {field('aliquotaIss', 'Alíquota ISS (%)', decimal('aliquotaIss'), { help: 'De 2 a 5; padrão 5.' })}
        {field(
          'atividade',
          'Atividade (presunção do LP)',
          (a) => (
            <select {...a} {...text('atividade')}>
              <option value="">padrão do documento</option>
              {Object.entries(ATIVIDADES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          ),
          { width: 'medium' },
        )}
        {field('anexoSimples', 'Anexo do Simples', (a) => (
          <select {...a} {...text('anexoSimples')}>
            <option value="">padrão</option>
            {['I', 'II', 'III', 'IV', 'V'].map((x) => (
              <option key={x}>{x}</option>
            ))}
          </select>
        ))}
        {field('receitaBruta12Meses', 'Receita bruta 12 meses (R$)', decimal('receitaBruta12Meses'), { help: 'RBT12, para a alíquota efetiva do Simples.' })}
        {field('comprasCreditaveis', 'Compras creditáveis (R$)', decimal('comprasCreditaveis'))}
      </div>
      <details id="sim-reforma">
        <summary>Alíquotas da reforma (CBS e IBS, 2027 em diante)</summary>
        <p className="ajuda">
          Valem sobre as alíquotas de referência das configurações fiscais. O IBS de 2029 em diante depende de resolução do Senado ainda não
          publicada: sem ele aqui ou nas configurações, a linha do IBS fica sem cálculo.
        </p>
        <div className="grade">
          {field('aliquotaReferenciaCbs', 'CBS de referência (%)', decimal('aliquotaReferenciaCbs'), { help: 'Padrão: a das configurações, ou a premissa de 8,8.' })}
          {field('aliquotaIbsUf', 'IBS estadual (%)', decimal('aliquotaIbsUf'))}
          {field('aliquotaIbsMun', 'IBS municipal (%)', decimal('aliquotaIbsMun'))}
        </div>
      </details>
      <details>
        <summary>Mais campos (apuração, serviços, importação)</summary>
        <div className="grade">
          {field('aliquotaIpi', 'Alíquota IPI (%)', decimal('aliquotaIpi'))}
          {field('baseAcumuladaTrimestre', 'Base IRPJ já acumulada no trimestre (R$)', decimal('baseAcumuladaTrimestre'))}
          {field('receitaAcumuladaAno', 'Receita acumulada no ano (R$)', decimal('receitaAcumuladaAno'))}
          {field('receitaExcedenteAno', 'Receita do ano já com a presunção acrescida (R$)', decimal('receitaExcedenteAno'), { help: 'LC 224/2025; padrão 0.', width: 'medium' })}
          {field('lucroRealTrimestre', 'Lucro real do trimestre (R$)', decimal('lucroRealTrimestre'))}
          {field('aliquotaIs', 'Imposto Seletivo (%)', decimal('aliquotaIs'))}
          {field('aliquotaIcmsCompras', 'ICMS das compras (%)', decimal('aliquotaIcmsCompras'))}
          {field('codigoServico', 'Item da LC 116 (NFS-e)', (a) => <input {...a} {...text('codigoServico')} />, { help: 'NN.NN; padrão: o das configurações NFS-e.' })}
          {field('inicioAtividade', 'Início da atividade', (a) => <input {...a} type="date" {...text('inicioAtividade')} />, { help: 'Padrão: o das configurações.' })}
        </div>
        {box('mercadoriaImportada', 'Mercadoria importada (ICMS interestadual 4%)')}
        {box('produtoZonaFrancaManaus', 'Produto incentivado da Zona Franca de Manaus')}
        {box('issRetido', 'NFS-e: o tomador retém o ISS na fonte')}
        {box('exportacaoServico', 'NFS-e: exportação de serviço (sem ISS, PIS, COFINS, CBS e IBS)')}
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

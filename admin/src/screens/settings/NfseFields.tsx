import type { ConfiguracaoFiscal } from '../../api/operations/settings';
import { Field } from '../../components/Field';
import { settingsFieldId } from './settings-form';
import type { SettingsBinding } from './settings-binding';

/** The providers the service speaks (docs/nfse.md), by what a person recognises. */
export const PROVEDORES_NFSE: [string, string][] = [
  ['NACIONAL', 'Padrão nacional (Sefin Nacional / Emissor Nacional)'],
  ['ABRASF_2_04', 'Web service da prefeitura — ABRASF 2.04'],
  ['GISS_2_04', 'GISS Online (ABRASF 2.04)'],
];

/** The NFS-e: provider, the city's web service, codes, the municipal cancellation deadline, the signature profile, user and password. */
export function NfseFields(props: { bind: SettingsBinding; nfse: ConfiguracaoFiscal['nfse'] }) {
  const { form, update, readOnly, field, text, errorFor } = props.bind;
  const stored = props.nfse;
  const provedor = form.texts['nfse.provedor'];
  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>NFS-e (serviços)</legend>
      <div className="grade">
        {field('nfse.provedor', 'Provedor da NFS-e', (a) => (
          <select {...a} {...text('nfse.provedor')}>
            <option value="">Não emite NFS-e</option>
            {PROVEDORES_NFSE.map(([valor, rotulo]) => (
              <option key={valor} value={valor}>
                {rotulo}
              </option>
            ))}
          </select>
        ))}
        {field('nfse.endpoint', 'Endereço do web service da prefeitura', (a) => <input {...a} type="url" {...text('nfse.endpoint')} />, {
          width: 'long',
          help: provedor === 'NACIONAL' ? 'Em branco: a Sefin Nacional do ambiente. Só https.' : 'Obrigatório para ABRASF; só https.',
        })}
        {field('nfse.codigoCidade', 'Código da cidade (IBGE)', (a) => <input {...a} inputMode="numeric" {...text('nfse.codigoCidade')} />, { help: '7 dígitos.' })}
        {field('nfse.inscricaoMunicipal', 'Inscrição municipal', (a) => <input {...a} {...text('nfse.inscricaoMunicipal')} />)}
        {field('nfse.codigoServico', 'Código de serviço (LC 116/2003)', (a) => <input {...a} {...text('nfse.codigoServico')} />, {
          help: stored.descricaoServico ? `Atual: ${stored.descricaoServico}` : 'Item NN.NN (ex.: 01.07) ou código nacional de 6 dígitos.',
        })}
        {field('nfse.codigoServicoNacional', 'Código de tributação nacional (cTribNac)', (a) => <input {...a} inputMode="numeric" {...text('nfse.codigoServicoNacional')} />, {
          help: '6 dígitos. Vazio: derivado do item.',
        })}
        {field('nfse.codigoNbs', 'Código NBS', (a) => <input {...a} inputMode="numeric" {...text('nfse.codigoNbs')} />, { help: '9 dígitos; obrigatório no regime normal (grupo IBS/CBS).' })}
        {field('prazosCancelamento.nfseDias', 'Prazo de cancelamento do município (dias)', (a) => <input {...a} inputMode="numeric" {...text('prazosCancelamento.nfseDias')} />, {
          width: 'short',
          help: 'Em branco: até o fim do mês de competência.',
        })}
        {field('nfse.algoritmoAssinatura', 'Algoritmo da assinatura', (a) => (
          <select {...a} {...text('nfse.algoritmoAssinatura')}>
            <option value="">Padrão (RSA-SHA1)</option>
            <option value="RSA-SHA1">RSA-SHA1</option>
            <option value="RSA-SHA256">RSA-SHA256</option>
          </select>
        ))}
        {field('nfse.canonicalizacao', 'Canonicalização da assinatura', (a) => (
          <select {...a} {...text('nfse.canonicalizacao')}>
            <option value="">Padrão (C14N)</option>
            <option value="C14N">C14N</option>
            <option value="C14N_EXCLUSIVA">C14N exclusiva</option>
          </select>
        ))}
        {field('nfse.usuario', 'Usuário do web service', (a) => <input {...a} autoComplete="off" {...text('nfse.usuario')} />)}
        <Field
          id={settingsFieldId('nfse.senha')}
          label="Senha do web service"
          error={errorFor('nfse.senha')}
          help={stored.senha ? 'Há uma senha guardada (oculta). Deixe em branco para mantê-la.' : 'Nenhuma senha guardada.'}
        >
          {(a) => (
            <input
              {...a}
              required={false}
              type="password"
              autoComplete="new-password"
              placeholder={stored.senha ? '•••••••• (guardada)' : ''}
              value={form.nfseSenha}
              disabled={form.removerNfseSenha}
              onChange={(e) => update({ nfseSenha: e.target.value })}
            />
          )}
        </Field>
      </div>
      {stored.senha ? (
        <label className="opcao">
          <input type="checkbox" checked={form.removerNfseSenha} onChange={(e) => update({ removerNfseSenha: e.target.checked, nfseSenha: '' })} /> Remover a senha guardada
          ao salvar
        </label>
      ) : null}
    </fieldset>
  );
}

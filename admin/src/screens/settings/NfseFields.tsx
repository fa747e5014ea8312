import type { ConfiguracaoFiscal } from '../../api/operations/settings';
import { Field } from '../../components/Field';
import { settingsFieldId } from './settings-form';
import type { SettingsBinding } from './settings-binding';

/** The municipality's NFS-e web service: provider, endpoint, codes, user and the stored password. */
export function NfseFields(props: { bind: SettingsBinding; nfse: ConfiguracaoFiscal['nfse'] }) {
  const { form, update, readOnly, field, text, errorFor } = props.bind;
  const stored = props.nfse;
  return (
    <fieldset disabled={readOnly} className="grupo">
      <legend>NFS-e (prefeitura)</legend>
      <div className="grade">
        {field('nfse.provedor', 'Provedor', (a) => <input {...a} {...text('nfse.provedor')} />)}
        {field('nfse.endpoint', 'Endpoint (URL do web service)', (a) => <input {...a} type="url" {...text('nfse.endpoint')} />, { width: 'long', help: 'https obrigatório em PRODUÇÃO.' })}
        {field('nfse.codigoCidade', 'Código da cidade (IBGE)', (a) => <input {...a} inputMode="numeric" {...text('nfse.codigoCidade')} />, { help: '7 dígitos.' })}
        {field('nfse.inscricaoMunicipal', 'Inscrição municipal', (a) => <input {...a} {...text('nfse.inscricaoMunicipal')} />)}
        {field('nfse.codigoServico', 'Código de serviço (LC 116/2003)', (a) => <input {...a} {...text('nfse.codigoServico')} />, {
          help: stored.descricaoServico ? `Atual: ${stored.descricaoServico}` : 'Item NN.NN (ex.: 01.07) ou código nacional de 6 dígitos.',
        })}
        {field('nfse.codigoServicoNacional', 'Código nacional (cTribNac)', (a) => <input {...a} inputMode="numeric" {...text('nfse.codigoServicoNacional')} />, { help: 'Vazio: derivado do item.' })}
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

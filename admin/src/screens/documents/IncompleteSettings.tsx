import { ApiError } from '../../api/client';
import { Message } from '../../components/Message';

/** The settings the fiscal-document service finds missing (`CONFIGURACAO_INCOMPLETA`'s `faltando`), by the settings screen's labels. */
const ROTULOS: Record<string, string> = {
  'empresa.cnpj': 'CNPJ',
  'empresa.uf': 'UF',
  'empresa.codigoMunicipio': 'Município (código IBGE)',
  'empresa.regimeTributario': 'Regime tributário',
  'empresa.razaoSocial': 'Razão social',
  'empresa.inscricaoEstadual': 'Inscrição estadual',
  'empresa.endereco': 'Endereço',
  series: 'Séries em uso',
  'nfse.provedor': 'Provedor da NFS-e',
  'nfse.codigoCidade': 'Código da cidade (IBGE)',
  'nfse.codigoServicoNacional': 'Código de tributação nacional (cTribNac)',
  'nfse.codigoNbs': 'Código NBS',
  'nfse.endpoint': 'Endereço do web service da prefeitura',
  'nfse.inscricaoMunicipal': 'Inscrição municipal',
};

/** The missing settings' labels when the API refused for want of them; null for any other error. */
export function missingSettings(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'CONFIGURACAO_INCOMPLETA') return null;
  const faltando = Array.isArray(error.extensions.faltando) ? (error.extensions.faltando as unknown[]) : [];
  return faltando.map((campo) => ROTULOS[String(campo)] ?? String(campo));
}

/**
 * Not a dead end: the API's "falta empresa.razaoSocial, ..." said by the fields' labels, with the way to the screen
 * where they are filled in.
 */
export function IncompleteSettings(props: { faltando: string[] }) {
  return (
    <Message kind="error">
      <p>
        O documento não foi emitido: as configurações fiscais da empresa estão incompletas{props.faltando.length ? `; falta: ${props.faltando.join(', ')}` : ''}.{' '}
        <a href="#/configuracoes">Completar as configurações fiscais</a>
      </p>
    </Message>
  );
}

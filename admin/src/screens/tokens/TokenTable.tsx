import type { EntidadeIngestao } from '../../api/operations/entities';
import type { StatusToken, TokenIngestao } from '../../api/operations/tokens';
import { formatDateTime } from '../../format';
import { modoIngestaoLabel } from '../../labels';
import { entityName } from '../entity-name';

const STATUS: Record<StatusToken, string> = { ATIVO: 'Ativo', INATIVO: 'Inativo', REVOGADO: 'Revogado', EXPIRADO: 'Expirado' };

export interface TokenActions {
  reactivate: (t: TokenIngestao) => void;
  inactivate: (t: TokenIngestao) => void;
  renew: (t: TokenIngestao) => void;
  rescope: (t: TokenIngestao) => void;
  revoke: (t: TokenIngestao) => void;
}

/** The company's tokens with status, prefix, mode, scope, expiry and last use, and what can be done with each. */
export function TokenTable(props: { tokens: TokenIngestao[]; entidades: EntidadeIngestao[]; actions: TokenActions }) {
  const { actions } = props;
  return (
    <div className="tabela-rolavel">
      <table>
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Status</th>
            <th scope="col">Prefixo</th>
            <th scope="col">Modo</th>
            <th scope="col">Escopo</th>
            <th scope="col">Expira em</th>
            <th scope="col">Último uso</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {props.tokens.map((t) => (
            <tr key={t.id} data-token-id={t.id}>
              <th scope="row">{t.nome}</th>
              <td>
                <span className={`selo selo-${t.status.toLowerCase()}`}>{STATUS[t.status]}</span>
              </td>
              <td>
                <code>{t.prefixo}…</code>
              </td>
              <td>{modoIngestaoLabel(t.modo)}</td>
              <td>{t.entidades.length ? t.entidades.map((e) => entityName(props.entidades, e)).join(', ') : <em>sem escopo</em>}</td>
              <td>{t.expiraEm ? formatDateTime(t.expiraEm) : 'não expira'}</td>
              <td>{t.ultimoUsoEm ? formatDateTime(t.ultimoUsoEm) : 'nunca'}</td>
              <td>
                <div className="acoes">
                  {t.status === 'INATIVO' ? (
                    <button type="button" onClick={() => actions.reactivate(t)} aria-label={`Reativar ${t.nome}`}>
                      Reativar
                    </button>
                  ) : null}
                  {t.status === 'ATIVO' || t.status === 'EXPIRADO' ? (
                    <button type="button" onClick={() => actions.inactivate(t)} aria-label={`Inativar ${t.nome}`}>
                      Inativar
                    </button>
                  ) : null}
                  {t.status !== 'REVOGADO' ? (
                    <>
                      <button type="button" onClick={() => actions.renew(t)} aria-label={`Renovar ${t.nome}`}>
                        Renovar
                      </button>
                      <button type="button" onClick={() => actions.rescope(t)} aria-label={`Alterar escopo de ${t.nome}`}>
                        Escopo
                      </button>
                      <button type="button" className="perigo" onClick={() => actions.revoke(t)} aria-label={`Revogar ${t.nome}`}>
                        Revogar
                      </button>
                    </>
                  ) : (
                    <span className="discreto">nenhuma (revogado)</span>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

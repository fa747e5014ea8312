import { IngestionErrorCodes as Codes, isTokenExpired, Refusal, TOKEN_VALUE_PREFIX, type TokenIdentity } from '@erp/contracts';

/** Refusals decided from the request and the token identity alone (no I/O), each with its HTTP status. */
type BearerRead = { ok: true; value: string } | { ok: false; refusal: Refusal };

const unauthorized = (codigo: string, erro: string, extra?: Record<string, unknown>) => new Refusal(codigo, erro, { status: 401, extra });

/**
 * Reads `Authorization: Bearer <token>`. No header, another scheme or nothing after `Bearer` is TOKEN_AUSENTE;
 * anything else after `Bearer` that is not one `ing_` value (more words, a value too long) cannot be an
 * ingestion token, so it is TOKEN_INVALIDO without asking the token service.
 */
export function readBearer(header: string | undefined): BearerRead {
  const text = (header ?? '').trim();
  const scheme = /^Bearer[ \t]+/i.exec(text);
  if (!scheme) return { ok: false, refusal: unauthorized(Codes.TOKEN_AUSENTE, 'cabeçalho "Authorization: Bearer <token de ingestão>" ausente') };
  const value = text.slice(scheme[0].length);
  if (/\s/.test(value) || !value.startsWith(TOKEN_VALUE_PREFIX) || value.length > 512) return { ok: false, refusal: unknownToken() };
  return { ok: true, value };
}

export function unknownToken(): Refusal {
  return unauthorized(Codes.TOKEN_INVALIDO, 'token de ingestão não reconhecido');
}

/** `31/12/2026 23:59 UTC`: the form people read in Brazil, with the zone stated so nobody guesses it. */
function formatDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** EXPIRADO is derived from `expiraEm` at the moment of use, so an identity served from a cache cannot outlive it. */
export function effectiveStatus(identity: TokenIdentity, now: Date): TokenIdentity['status'] {
  if (identity.status !== 'ATIVO') return identity.status;
  if (isTokenExpired(identity.expiraEm, now)) return 'EXPIRADO';
  return 'ATIVO';
}

/**
 * Maps a token's state to the 401 of spec section 7, in the order a client can act on: a revoked token is
 * final whatever else is true of it; an empty scope matters only once the token is otherwise usable.
 */
export function tokenRefusal(identity: TokenIdentity, now: Date): Refusal | null {
  switch (effectiveStatus(identity, now)) {
    case 'REVOGADO':
      return unauthorized(Codes.TOKEN_REVOGADO, 'token revogado: repetir não adianta; o administrador precisa emitir um novo token');
    case 'INATIVO':
      return unauthorized(Codes.TOKEN_INATIVO, 'token temporariamente inativo; o administrador pode reativá-lo');
    case 'EXPIRADO': {
      const expiraEm = identity.expiraEm ?? '';
      return expiraEm
        ? unauthorized(Codes.TOKEN_EXPIRADO, `token expirado em ${formatDate(expiraEm)} (${expiraEm}); o administrador pode renová-lo`, { expiraEm })
        : unauthorized(Codes.TOKEN_EXPIRADO, 'token expirado; o administrador pode renová-lo');
    }
    case 'ATIVO':
      break;
  }
  if (identity.entidades.length === 0) {
    return unauthorized(Codes.TOKEN_SEM_ESCOPO, 'o token não tem nenhuma entidade no escopo; o administrador precisa incluir ao menos uma');
  }
  return null;
}

/** 404 for a name that is no entity at all, 403 for an entity that exists but was not ticked for this token. */
export function entityRefusal(entidade: string, tokenEntities: readonly string[], existing: readonly string[]): Refusal | null {
  if (!existing.includes(entidade)) {
    return new Refusal(Codes.ENTIDADE_DESCONHECIDA, `entidade desconhecida: "${entidade.slice(0, 100)}"`, {
      status: 404,
      extra: { entidadesExistentes: [...existing] },
    });
  }
  if (!tokenEntities.includes(entidade)) {
    return new Refusal(
      Codes.ENTIDADE_FORA_DO_ESCOPO,
      `a entidade "${entidade}" existe, mas está fora do escopo deste token; peça ao administrador para incluí-la`,
      { status: 403, extra: { entidadesDoToken: existing.filter((name) => tokenEntities.includes(name)) } },
    );
  }
  return null;
}

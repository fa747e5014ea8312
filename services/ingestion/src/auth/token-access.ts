import { IngestionErrorCodes, TOKEN_VALUE_PREFIX, type TokenIdentity } from '@erp/contracts';

/** A refusal decided from the request and the token identity alone (no I/O), with its HTTP status. */
export interface AccessRefusal {
  status: 401 | 403 | 404;
  codigo: string;
  erro: string;
  extra?: Record<string, unknown>;
}

export type BearerRead = { ok: true; value: string } | { ok: false; refusal: AccessRefusal };

/**
 * Reads `Authorization: Bearer <token>`. A value without the `ing_` prefix cannot be an ingestion token, so it
 * is refused here without asking the token service.
 */
export function readBearer(header: string | undefined): BearerRead {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  if (!match) {
    return {
      ok: false,
      refusal: {
        status: 401,
        codigo: IngestionErrorCodes.TOKEN_AUSENTE,
        erro: 'cabeçalho "Authorization: Bearer <token de ingestão>" ausente',
      },
    };
  }
  if (!match[1].startsWith(TOKEN_VALUE_PREFIX) || match[1].length > 512) return { ok: false, refusal: unknownToken() };
  return { ok: true, value: match[1] };
}

export function unknownToken(): AccessRefusal {
  return { status: 401, codigo: IngestionErrorCodes.TOKEN_INVALIDO, erro: 'token de ingestão não reconhecido' };
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
  if (identity.expiraEm !== null && Date.parse(identity.expiraEm) <= now.getTime()) return 'EXPIRADO';
  return 'ATIVO';
}

/**
 * Maps a token's state to the 401 of spec section 7, in the order a client can act on: a revoked token is
 * final whatever else is true of it; an empty scope matters only once the token is otherwise usable.
 */
export function tokenRefusal(identity: TokenIdentity, now: Date): AccessRefusal | null {
  switch (effectiveStatus(identity, now)) {
    case 'REVOGADO':
      return {
        status: 401,
        codigo: IngestionErrorCodes.TOKEN_REVOGADO,
        erro: 'token revogado: repetir não adianta; o administrador precisa emitir um novo token',
      };
    case 'INATIVO':
      return {
        status: 401,
        codigo: IngestionErrorCodes.TOKEN_INATIVO,
        erro: 'token temporariamente inativo; o administrador pode reativá-lo',
      };
    case 'EXPIRADO': {
      const expiraEm = identity.expiraEm ?? '';
      return {
        status: 401,
        codigo: IngestionErrorCodes.TOKEN_EXPIRADO,
        erro: expiraEm
          ? `token expirado em ${formatDate(expiraEm)} (${expiraEm}); o administrador pode renová-lo`
          : 'token expirado; o administrador pode renová-lo',
        extra: expiraEm ? { expiraEm } : {},
      };
    }
    case 'ATIVO':
      break;
  }
  if (identity.entidades.length === 0) {
    return {
      status: 401,
      codigo: IngestionErrorCodes.TOKEN_SEM_ESCOPO,
      erro: 'o token não tem nenhuma entidade no escopo; o administrador precisa incluir ao menos uma',
    };
  }
  return null;
}

/** 404 for a name that is no entity at all, 403 for an entity that exists but was not ticked for this token. */
export function entityRefusal(
  entidade: string,
  tokenEntities: readonly string[],
  existing: readonly string[],
): AccessRefusal | null {
  if (!existing.includes(entidade)) {
    return {
      status: 404,
      codigo: IngestionErrorCodes.ENTIDADE_DESCONHECIDA,
      erro: `entidade desconhecida: "${entidade.slice(0, 100)}"`,
      extra: { entidadesExistentes: [...existing] },
    };
  }
  if (!tokenEntities.includes(entidade)) {
    return {
      status: 403,
      codigo: IngestionErrorCodes.ENTIDADE_FORA_DO_ESCOPO,
      erro: `a entidade "${entidade}" existe, mas está fora do escopo deste token; peça ao administrador para incluí-la`,
      extra: { entidadesDoToken: existing.filter((name) => tokenEntities.includes(name)) },
    };
  }
  return null;
}

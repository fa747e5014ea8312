import { requireAdmin, resolver } from '@erp/kit';
import { DirectoryErrorCodes, Refusal } from '@erp/contracts';
import { validUserInput } from '../domain/usuario';
import type { UsuarioRecord, UsuarioStore } from '../store/usuario-store';

function view(user: UsuarioRecord) {
  return { id: user._id.toHexString(), email: user.email, nome: user.nome, criadoEm: user.criadoEm };
}

/** The company user directory, administered by the company's admin; the company comes from the session. */
export function usuarioResolvers(users: UsuarioStore) {
  return {
    Query: {
      usuariosEmpresa: resolver(async (_parent, _args, context) => {
        const session = requireAdmin(context);
        return (await users.listByCompany(session.companyId)).map(view);
      }),
    },
    Mutation: {
      adicionarUsuarioEmpresa: resolver<{ email: string; nome: string }, ReturnType<typeof view>>(async (_parent, args, context) => {
        const session = requireAdmin(context);
        const { email, nome } = validUserInput(args.email, args.nome);
        return view(await users.add({ companyId: session.companyId, email, nome, criadoEm: new Date() }));
      }),
      removerUsuarioEmpresa: resolver<{ id: string }, boolean>(async (_parent, { id }, context) => {
        const session = requireAdmin(context);
        if (!(await users.remove(session.companyId, id))) {
          throw new Refusal(DirectoryErrorCodes.USUARIO_NAO_ENCONTRADO, 'usuário não encontrado');
        }
        return true;
      }),
    },
  };
}

import Joi from 'joi';
import { enderecoEntradaSchema } from './address';

/**
 * The CT-e's own part of the emission input (`cte`): what the transport service is, beyond the parties and values
 * every document has. The items of a CT-e are the components of the service value (`vPrest/Comp`); the recipient
 * is `destinatario`. Validated field by field in fiscal-document (`domain/emission-input/cte.ts`).
 */

/** `toma3/toma` 0-3 and `toma4` (4): who pays for the service; EXPEDIDOR / RECEBEDOR / OUTROS name their party (`expedidor`, `recebedor`, `outroTomador`). */
export const TomadoresCte = ['REMETENTE', 'EXPEDIDOR', 'RECEBEDOR', 'DESTINATARIO', 'OUTROS'] as const;
export type TomadorCte = (typeof TomadoresCte)[number];

/** `ide/modal` 01-06. Only RODOVIARIO is built for now; the others are refused with `modal_nao_suportado`. */
export const ModaisCte = ['RODOVIARIO', 'AEREO', 'AQUAVIARIO', 'FERROVIARIO', 'DUTOVIARIO', 'MULTIMODAL'] as const;
export type ModalCte = (typeof ModaisCte)[number];

const municipioSchema = Joi.object({
  codigoMunicipio: Joi.string().max(7).required().description('Código IBGE, 7 dígitos.').example('3550308'),
  municipio: Joi.string().min(2).max(60).required().example('São Paulo'),
  uf: Joi.string().max(2).required().example('SP'),
});

export const parteCteSchema = Joi.object({
  documento: Joi.string().max(20).required().description('CNPJ (numérico ou alfanumérico) ou CPF; pontuação aceita.').example('11222333000181'),
  nome: Joi.string().min(2).max(60).required(),
  inscricaoEstadual: Joi.string().max(20).description('De 2 a 14 dígitos, ou ISENTO.'),
  uf: Joi.string().max(2).required().example('SP'),
  codigoMunicipio: Joi.string().max(7).required().example('3550308'),
  endereco: enderecoEntradaSchema.required(),
});

export const cteEntradaSchema = Joi.object({
  modal: Joi.string()
    .valid(...ModaisCte)
    .description('Padrão: RODOVIARIO (o único emitido por enquanto).'),
  tomador: Joi.string()
    .valid(...TomadoresCte)
    .required()
    .description('Quem paga o frete: REMETENTE (0), EXPEDIDOR (1), RECEBEDOR (2), DESTINATARIO (3) em toma3; OUTROS em toma4, com outroTomador.'),
  remetente: parteCteSchema.required().description('rem, com endereço (enderReme).'),
  expedidor: parteCteSchema.description('exped (enderExped): quem entrega a carga ao transportador; obrigatório com tomador EXPEDIDOR.'),
  recebedor: parteCteSchema.description('receb (enderReceb): quem recebe a carga do transportador; obrigatório com tomador RECEBEDOR.'),
  outroTomador: parteCteSchema.description('toma4 (enderToma): o tomador que não é parte da carga; obrigatório com tomador OUTROS, e só com ele.'),
  inicio: municipioSchema.required().description('Município de início da prestação (cMunIni, xMunIni, UFIni).'),
  fim: municipioSchema.required().description('Município de término da prestação (cMunFim, xMunFim, UFFim).'),
  valorCarga: Joi.number().required().description('vCarga, em reais.').example(12000),
  produtoPredominante: Joi.string().min(1).max(60).required().description('proPred.').example('Móveis'),
  pesoKg: Joi.number().required().description('Peso bruto da carga em kg (infQ, cUnid 01), até 4 casas.').example(350.5),
  rntrc: Joi.string().required().description('RNTRC do transportador (8 dígitos, ou ISENTO).').example('12345678'),
});

/** The fields of the `cte` group (the validator refuses any other with `campo_desconhecido`). */
export const CAMPOS_CTE: readonly string[] = Object.keys((cteEntradaSchema.describe() as { keys: Record<string, unknown> }).keys);

/**
 * A complete CT-e emission body (model 57, rodoviário, São Paulo -> Rio de Janeiro, the sender pays), as the OpenAPI
 * document shows it: it issues on the default stack exactly as written for a regime-normal carrier in SP
 * (test/e2e/cte-openapi-example.test.ts posts it). The NF-e key carried is well-formed (check digit 3).
 */
export const EXEMPLO_EMISSAO_CTE = {
  referencia: 'FRETE-2026-0001',
  modelo: 'CTE',
  destinatario: {
    documento: '33000167000101',
    nome: 'Cliente Rio Ltda',
    uf: 'RJ',
    codigoMunicipio: '3304557',
    endereco: { logradouro: 'Rua do Ouvidor', numero: '50', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '20040030' },
  },
  itens: [
    { codigo: 'FRETE', descricao: 'Frete peso', quantidade: 1, valorUnitario: 1000, cfop: '6353', cst: '00' },
    { codigo: 'PEDAGIO', descricao: 'Pedágio', quantidade: 1, valorUnitario: 50, cfop: '6353', cst: '00' },
  ],
  chavesNfeTransportadas: ['35261111222333000181550010000001231102030403'],
  cte: {
    tomador: 'REMETENTE',
    remetente: {
      documento: '11222333000181',
      nome: 'Remetente Indústria Ltda',
      inscricaoEstadual: '110042490114',
      uf: 'SP',
      codigoMunicipio: '3550308',
      endereco: { logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', cep: '01304000' },
    },
    inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
    fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
    valorCarga: 12000,
    produtoPredominante: 'Móveis de escritório',
    pesoKg: 350.5,
    rntrc: '12345678',
  },
};

import Joi from 'joi';
import { ModaisCte } from './cte';

/**
 * The CT-e OS's own part of the emission input (`cteOs`, model 67, Conhecimento de Transporte Eletrônico para Outros
 * Serviços): a CT-e (`modelo: CTE`, the spec's model value) whose group is `cteOs` instead of `cte`. The items are the
 * components of the service value (`vPrest/Comp`), as in the model 57; the taker (`toma`) is `destinatario`, named in
 * full. Validated field by field in fiscal-document (`domain/emission-input/cte-os.ts`).
 */

/** `ide/tpServ` 6-8. Only TRANSPORTE_PESSOAS is issued for now (the others: `tipo_servico_nao_suportado`). */
export const TiposServicoCteOs = ['TRANSPORTE_PESSOAS', 'TRANSPORTE_VALORES', 'EXCESSO_BAGAGEM'] as const;
export type TipoServicoCteOs = (typeof TiposServicoCteOs)[number];

/** `rodoOS/infFretamento/tpFretamento`: 1 eventual, 2 contínuo. */
export const FretamentosCteOs = ['EVENTUAL', 'CONTINUO'] as const;
export type FretamentoCteOs = (typeof FretamentosCteOs)[number];

const municipioOsSchema = Joi.object({
  codigoMunicipio: Joi.string().max(7).required().description('Código IBGE, 7 dígitos.').example('3550308'),
  municipio: Joi.string().min(2).max(60).required().example('São Paulo'),
  uf: Joi.string().max(2).required().example('SP'),
});

export const cteOsEntradaSchema = Joi.object({
  tipoServico: Joi.string()
    .valid(...TiposServicoCteOs)
    .description('tpServ. Padrão: TRANSPORTE_PESSOAS (o único emitido por enquanto).'),
  modal: Joi.string()
    .valid(...ModaisCte)
    .description('Padrão: RODOVIARIO (o único emitido por enquanto; os outros: modal_nao_suportado).'),
  inicio: municipioOsSchema.required().description('Município de início da prestação (cMunIni, xMunIni, UFIni).'),
  fim: municipioOsSchema.required().description('Município de término da prestação (cMunFim, xMunFim, UFFim).'),
  descricaoServico: Joi.string().min(1).max(30).required().description('infServico/xDescServ (até 30 caracteres).').example('Fretamento de ônibus'),
  quantidadePassageiros: Joi.number().integer().min(1).description('infServico/infQ/qCarga: passageiros transportados.').example(40),
  taf: Joi.string().description('Termo de Autorização de Fretamento da ANTT (12 dígitos); ou registroEstadual.').example('123456789012'),
  registroEstadual: Joi.string().description('Número do registro na agência reguladora estadual (25 dígitos); ou taf.'),
  placa: Joi.string().description('Placa do veículo (veic/placa): AAA9999 ou AAA9A99.').example('ABC1D23'),
  ufVeiculo: Joi.string().max(2).description('UF de licenciamento do veículo (veic/UF).').example('SP'),
  fretamento: Joi.string()
    .valid(...FretamentosCteOs)
    .description('infFretamento/tpFretamento: EVENTUAL (1) ou CONTINUO (2).'),
});

/** The fields of the `cteOs` group (the validator refuses any other with `campo_desconhecido`). */
export const CAMPOS_CTE_OS: readonly string[] = Object.keys((cteOsEntradaSchema.describe() as { keys: Record<string, unknown> }).keys);

/**
 * A complete CT-e OS emission body (model 67, passenger transport by road, chartered bus São Paulo -> Rio de Janeiro,
 * the taker is the recipient), as the OpenAPI document shows it: it issues on the default stack exactly as written for
 * a regime-normal carrier in SP (test/e2e/cte-os-openapi-example.test.ts posts it).
 */
export const EXEMPLO_EMISSAO_CTE_OS = {
  referencia: 'FRETAMENTO-2026-0001',
  modelo: 'CTE',
  destinatario: {
    documento: '33000167000101',
    nome: 'Cliente Rio Ltda',
    inscricaoEstadual: '81234567',
    uf: 'RJ',
    codigoMunicipio: '3304557',
    endereco: { logradouro: 'Rua do Ouvidor', numero: '50', bairro: 'Centro', municipio: 'Rio de Janeiro', cep: '20040030' },
  },
  itens: [
    { codigo: 'FRETAMENTO', descricao: 'Fretamento', quantidade: 1, valorUnitario: 4000, cfop: '6353', cst: '00' },
    { codigo: 'PEDAGIO', descricao: 'Pedágio', quantidade: 1, valorUnitario: 150, cfop: '6353', cst: '00' },
  ],
  cteOs: {
    tipoServico: 'TRANSPORTE_PESSOAS',
    inicio: { codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' },
    fim: { codigoMunicipio: '3304557', municipio: 'Rio de Janeiro', uf: 'RJ' },
    descricaoServico: 'Fretamento de ônibus',
    quantidadePassageiros: 40,
    taf: '123456789012',
    placa: 'ABC1D23',
    ufVeiculo: 'SP',
    fretamento: 'EVENTUAL',
  },
};

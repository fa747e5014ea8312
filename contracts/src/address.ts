import Joi from 'joi';

/** An address as the NF-e writes it (TEnderEmi / TEndereco; UF and IBGE city code are fields of their own). */
export const enderecoEntradaSchema = Joi.object({
  logradouro: Joi.string().min(2).max(60).required(),
  numero: Joi.string().min(1).max(60).required(),
  complemento: Joi.string().max(60),
  bairro: Joi.string().min(2).max(60).required(),
  municipio: Joi.string().min(2).max(60).required().description('Nome do município (xMun).'),
  cep: Joi.string().max(10).required().description('8 dígitos (pontuação aceita e removida).').example('01310100'),
  telefone: Joi.string().max(20).description('DDD e número, de 6 a 14 dígitos (pontuação aceita e removida).'),
}).description('enderDest da NF-e, com uf e codigoMunicipio; obrigatório para a NF-e transmitida à SEFAZ, opcional nos demais casos.');

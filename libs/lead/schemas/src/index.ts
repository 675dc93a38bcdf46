export * from './lead.schemas';
export { normaliseKenyanPhone } from './kenyan-phone';

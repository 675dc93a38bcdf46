export { MakeOffer, type TradeInLead } from './lib/admin/MakeOffer';
export { TradeInOfferPage } from './lib/offer/TradeInOffer.page';

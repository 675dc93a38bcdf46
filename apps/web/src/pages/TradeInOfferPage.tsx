// The screen lives in the trade-in-offer feature lib; this module is the route's lazy chunk boundary.
export { TradeInOfferPage } from '@dealership/trade-in-offer-web';

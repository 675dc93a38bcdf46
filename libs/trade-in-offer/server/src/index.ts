export { TradeInOfferModule } from './trade-in-offer.module';
export { TradeInOfferRouter } from './trade-in-offer.router';
export { TradeInOfferService } from './trade-in-offer.service';
export { TradeInCredits, type TradedCar } from './trade-in-credits';

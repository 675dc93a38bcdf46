import { TradeInOfferCreateInputSchema } from './trade-in-offer.schemas';

describe('trade-in offer contracts', () => {
  it('takes the buyer, the car and a whole amount; refuses what is missing, naming the field', () => {
    const offer = { buyerName: ' Amina ', buyerPhone: '0712 345 678', car: '2015 Toyota Axio, 120,000 km', amountKes: 850_000 };
    expect(TradeInOfferCreateInputSchema.parse(offer)).toEqual({ ...offer, buyerName: 'Amina', buyerPhone: '+254712345678' });
    const issues = TradeInOfferCreateInputSchema.safeParse({ ...offer, amountKes: 850_000.5, validUntil: '14/12/2026' }).error?.issues;
    expect(issues?.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['amountKes', 'Offer amount (KES) must be a whole number of shillings'],
      ['validUntil', 'Valid until must be a date (YYYY-MM-DD)'],
    ]);
  });
});

import { AuditModule } from '@dealership/audit-server';
import { MessageModule } from '@dealership/message-server';
import { Module } from '@nestjs/common';
import { SettingModule } from '@dealership/setting-server';
import { TradeInOfferLinks } from './trade-in-offer-links';
import { TradeInOfferPersonalData } from './trade-in-offer.personal-data';
import { TradeInOfferRepository } from './trade-in-offer.repository';
import { TradeInOfferRouter } from './trade-in-offer.router';
import { TradeInOfferService } from './trade-in-offer.service';
import { TradeInCredits } from './trade-in-credits';

@Module({
  imports: [AuditModule, MessageModule, SettingModule],
  providers: [TradeInOfferRepository, TradeInOfferService, TradeInOfferRouter, TradeInOfferLinks, TradeInOfferPersonalData, TradeInCredits],
  exports: [TradeInOfferService, TradeInOfferRouter, TradeInCredits],
})
export class TradeInOfferModule {}

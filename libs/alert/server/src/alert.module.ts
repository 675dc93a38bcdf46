import { CarAlertMatchingModule } from '@dealership/car-server';
import { MessageModule } from '@dealership/message-server';
import { Module } from '@nestjs/common';
import { AlertLinks } from './alert-links';
import { AlertController } from './alert.controller';
import { AlertPersonalData } from './alert.personal-data';
import { AlertRepository } from './alert.repository';
import { AlertRouter } from './alert.router';
import { AlertService } from './alert.service';

@Module({
  imports: [MessageModule, CarAlertMatchingModule],
  controllers: [AlertController],
  providers: [AlertRepository, AlertService, AlertRouter, AlertLinks, AlertPersonalData],
  exports: [AlertService, AlertRouter],
})
export class AlertModule {}

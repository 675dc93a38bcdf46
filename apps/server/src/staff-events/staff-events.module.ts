import { Module } from '@nestjs/common';
import { StaffEventHub } from './staff-event-hub';
import { StaffEventsController } from './staff-events.controller';

/**
 * The back office's live feed (`GET /api/staff/events`). Here rather than in the lead or order
 * feature: it serves both, from their tables' triggers, and belongs to neither.
 */
@Module({ controllers: [StaffEventsController], providers: [StaffEventHub], exports: [StaffEventHub] })
export class StaffEventsModule {}

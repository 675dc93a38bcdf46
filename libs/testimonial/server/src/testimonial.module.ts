import { AuditModule } from '@dealership/audit-server';
import { Module } from '@nestjs/common';
import { TestimonialRepository } from './testimonial.repository';
import { TestimonialRouter } from './testimonial.router';
import { TestimonialService } from './testimonial.service';

@Module({
  imports: [AuditModule],
  providers: [TestimonialRepository, TestimonialService, TestimonialRouter],
  exports: [TestimonialService, TestimonialRouter],
})
export class TestimonialModule {}

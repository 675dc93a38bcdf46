import { Module } from '@nestjs/common';
import { TestimonialRepository } from './testimonial.repository';
import { TestimonialRouter } from './testimonial.router';
import { TestimonialService } from './testimonial.service';

@Module({
  providers: [TestimonialRepository, TestimonialService, TestimonialRouter],
  exports: [TestimonialService, TestimonialRouter],
})
export class TestimonialModule {}

export { BrandModule } from './brand.module';
export { BrandRouter } from './brand.router';

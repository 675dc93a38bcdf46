export { ApiModule } from './api.module';
export { AppRouterFactory, type AppRouter } from './app-router.factory';
export { createApp, type CreateAppOptions } from './create-app';

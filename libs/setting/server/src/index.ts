export { SettingModule } from './setting.module';
export { SettingRouter } from './setting.router';
export { SettingService } from './setting.service';

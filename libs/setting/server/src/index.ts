export { SettingModule } from './setting.module';
export { SettingRouter } from './setting.router';
export { SettingService } from './setting.service';
export { BUILT_IN_SETTING } from './setting.service';

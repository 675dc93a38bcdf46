export interface DomainGeneratorSchema {
  name: string;
  web?: boolean;
  publicRead?: boolean;
  skipMigration?: boolean;
}

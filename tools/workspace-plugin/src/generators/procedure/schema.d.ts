export interface ProcedureGeneratorSchema {
  domain: string;
  name: string;
  kind: 'query' | 'mutation';
  access: 'public' | 'authed' | 'admin';
}

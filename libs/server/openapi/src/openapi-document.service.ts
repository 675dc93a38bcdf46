import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ApplicationConfig, ModulesContainer, Reflector } from '@nestjs/core';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

/** What the document says first (Swagger UI shows it under the title). */
const DESCRIPTION = [
  "The legacy REST contract of the dealership's site: the shapes third-party clients and the old front end read (our own web app uses tRPC at `/trpc`). The repository's `docs/rest-api.md` tells its conventions and facts.",
  '- **Tokens**: `Authorization: <token>` (bare, as the legacy client sends it) or `Authorization: Bearer <token>`, from `POST /api/user/login`. Each operation says its access: public, signed in (`x-access: user`) or admins only (`x-access: admin`).',
  '- **Envelope**: `{success, message, ...}`, except the order lists (bare arrays), the auth checks (`{ok}`), the client token and the card payment.',
  '- **Errors**: `{success:false, message}` (a validation error adds `errors`, every field); 401 without a valid token, 403 for a non-admin, 503 with `Retry-After` while the database is away, 429 with `Retry-After` when throttled.',
  '- **Names**: the legacy field names and spellings are kept (see the schemas); ids are UUIDs, prices whole KES, times ISO strings.',
].join('\n');

/** The app's OpenAPI document, built once at start (a route without documentation stops the start). */
@Injectable()
export class OpenApiDocumentService implements OnApplicationBootstrap {
  private built?: { document: OpenApiDocument; json: string };

  constructor(
    private readonly modules: ModulesContainer,
    private readonly reflector: Reflector,
    private readonly config: ApplicationConfig,
  ) {}

  onApplicationBootstrap(): void {
    const document = buildOpenApiDocument({ modules: this.modules, reflector: this.reflector, config: this.config }, { description: DESCRIPTION });
    this.built = { document, json: JSON.stringify(document) };
  }

  get document(): OpenApiDocument {
    return this.ready().document;
  }

  /** The document as served, serialised once. */
  get json(): string {
    return this.ready().json;
  }

  private ready() {
    if (!this.built) throw new Error('The OpenAPI document is built when the app starts (app.init())');
    return this.built;
  }
}

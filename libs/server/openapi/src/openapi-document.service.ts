import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ApplicationConfig, ModulesContainer, Reflector } from '@nestjs/core';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';

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
    const document = buildOpenApiDocument({ modules: this.modules, reflector: this.reflector, config: this.config });
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

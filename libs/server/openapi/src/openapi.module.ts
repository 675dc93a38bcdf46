import { Module } from '@nestjs/common';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocumentService } from './openapi-document.service';

/** Serves the REST contract: `GET /api/openapi.json` and the `GET /api/docs` page. */
@Module({ controllers: [OpenApiController], providers: [OpenApiDocumentService], exports: [OpenApiDocumentService] })
export class OpenApiModule {}

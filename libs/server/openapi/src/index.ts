export { buildOpenApiDocument, type OpenApiDocument, type OpenApiDocumentOptions, type RestRouteInfo, type RouteSource } from './openapi-document';
export { OpenApiDocumentService } from './openapi-document.service';
export { OpenApiModule } from './openapi.module';
export { RestRoute, type RestBodyDoc, type RestResponseDoc, type RestRouteDoc } from './rest-route';

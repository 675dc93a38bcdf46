import { AdminOnly, LoggedIn, Public } from '@dealership/server-auth';
import { LegacyExceptionFilter } from '@dealership/server-core';
import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document';
import { RestRoute } from './rest-route';
import { checkRestContract, ContractViolationError, openApiProblems } from './testing';

const ThingSchema = z.strictObject({ id: z.string(), name: z.string() }).meta({ id: 'Thing' });
const ThingResponseSchema = z.strictObject({ success: z.literal(true), thing: ThingSchema });

@Public()
@Controller('thing')
class ThingController {
  @Get(':id')
  @RestRoute({
    summary: 'A thing',
    params: z.object({ id: z.string() }),
    query: z.object({ shape: z.enum(['right', 'wrong', 'status']).optional() }),
    responses: { 200: { description: 'The thing.', schema: ThingResponseSchema }, 404: 'No such thing.' },
  })
  byId(@Param('id') id: string, @Query('shape') shape?: string) {
    if (id === 'missing') throw new NotFoundException();
    if (shape === 'status') throw new Error('a 500 nobody documented');
    return { success: true, thing: shape === 'wrong' ? { id, name: 42 } : { id, name: 'Thing' } };
  }

  @LoggedIn()
  @Post()
  @RestRoute({
    summary: 'Makes a thing',
    body: { json: z.object({ name: z.string() }) },
    responses: { 201: { description: 'Made.', schema: ThingResponseSchema } },
  })
  create(@Body() body: { name: string }) {
    return { success: true, thing: { id: '1', name: body.name } };
  }

  @AdminOnly()
  @Post('reset')
  @HttpCode(204)
  @RestRoute({ summary: 'Resets things', responses: { 204: 'Done.' }, database: false })
  reset() {
    return undefined;
  }
}

@Public()
@Controller('other')
class UndocumentedController {
  @Get()
  list() {
    return [];
  }
}

async function appOf(controllers: (new (...args: never[]) => unknown)[], check?: (app: NestFastifyApplication) => void) {
  const moduleRef = await Test.createTestingModule({ controllers }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  app.setGlobalPrefix('api', { exclude: ['thing/reset'] });
  app.useGlobalFilters(new LegacyExceptionFilter());
  check?.(app);
  await app.init();
  return app;
}

describe('the OpenAPI document of the REST routes', () => {
  let app: NestFastifyApplication;
  let document: OpenApiDocument;

  beforeAll(async () => {
    app = await appOf([ThingController], (created) => checkRestContract(created, () => document));
    document = buildOpenApiDocument(app);
  });
  afterAll(() => app?.close());

  it('is a valid OpenAPI 3.1 document of the routes under the prefix, with their access and standard errors', async () => {
    expect(await openApiProblems(document)).toEqual([]);
    expect(Object.keys(document.paths ?? {})).toEqual(['/api/thing', '/api/thing/{id}']);
    const read = document.paths?.['/api/thing/{id}']?.get;
    expect(read).toMatchObject({ operationId: 'thing.byId', tags: ['thing'], 'x-access': 'public' });
    expect(Object.keys(read?.responses ?? {})).toEqual(['200', '400', '404', '503']);
    const create = document.paths?.['/api/thing']?.post;
    expect(create?.security).toEqual([{ bearerToken: [] }, { bareToken: [] }]);
    expect(Object.keys(create?.responses ?? {})).toEqual(['201', '400', '401', '413', '415', '503']);
    expect(document.components?.schemas?.['Thing']).toBeDefined();
  });

  it('passes answers that match it', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/thing/7' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/thing/missing' })).statusCode).toBe(404);
    // No access guard in this app: the route answers anyone.
    expect((await app.inject({ method: 'POST', url: '/api/thing', payload: { name: 'x' } })).statusCode).toBe(201);
  });

  it('fails a body that does not match, naming the route, the status and the problem', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/thing/7?shape=wrong' })).rejects.toThrow(ContractViolationError);
    await expect(app.inject({ method: 'GET', url: '/api/thing/7?shape=wrong' })).rejects.toThrow(
      /GET \/api\/thing\/:id -> 200: .*\/thing\/name must be string/,
    );
  });

  it('fails a status the route does not document', async () => {
    await expect(app.inject({ method: 'GET', url: '/api/thing/7?shape=status' })).rejects.toThrow(/-> 500: status 500 is not documented/);
  });

  it('leaves routes outside the prefix and requests no route took alone', async () => {
    expect((await app.inject({ method: 'POST', url: '/thing/reset' })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('refuses to build with a route under the prefix that has no documentation', async () => {
    const other = await appOf([ThingController, UndocumentedController]);
    try {
      expect(() => buildOpenApiDocument(other)).toThrow('REST routes without @RestRoute documentation: GET /api/other (UndocumentedController.list)');
    } finally {
      await other.close();
    }
  });
});

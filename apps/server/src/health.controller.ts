import { Public } from '@dealership/server-auth';
import { RestRoute } from '@dealership/server-openapi';
import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, type HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { DatabaseHealthIndicator } from './database.health';

/** `GET /api/health`'s answer: the shape the older check scripts read. */
const ApiHealthSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('ok'), db: z.literal('up') }),
  z.strictObject({ status: z.literal('error'), db: z.literal('down') }),
]);

/**
 * Health for load balancers and orchestrators, outside the /api prefix: `GET /health/live` (the
 * process answers) and `GET /health/ready` (and so does the database). `GET /api/health` keeps the
 * shape scripts read: `{status:'ok', db:'up'}`, or 503 `{status:'error', db:'down'}`.
 */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: DatabaseHealthIndicator,
  ) {}

  @Get()
  @RestRoute({
    summary: 'Health as the older check scripts read it (the process and its database)',
    description: 'Also `GET /health/live` (the process) and `GET /health/ready` (and the database), outside `/api`, for load balancers.',
    responses: {
      200: { description: 'Serving, and the database answers.', schema: ApiHealthSchema },
      503: { description: 'The database does not answer.', schema: ApiHealthSchema },
    },
  })
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    const { database } = await this.database.isHealthy('database');
    if (database.status === 'up') return { status: 'ok', db: 'up' };
    void reply.status(503);
    return { status: 'error', db: 'down' };
  }

  /** 200 while the process runs and serves; nothing else is checked (restart it when this fails). */
  @Get('live')
  @HealthCheck()
  live(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(reply, () => this.health.check([]));
  }

  /** 200 when the database answers, else 503 (take the instance out of rotation until it does). */
  @Get('ready')
  @HealthCheck()
  ready(@Res({ passthrough: true }) reply: FastifyReply) {
    return this.answer(reply, () => this.health.check([() => this.database.isHealthy('database')]));
  }

  /** Terminus' own body (`{status, info, error, details}`) on 503 too, not the REST error shape. */
  private async answer(reply: FastifyReply, check: () => Promise<HealthCheckResult>): Promise<HealthCheckResult> {
    void reply.header('cache-control', 'no-store');
    try {
      return await check();
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      void reply.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }
}

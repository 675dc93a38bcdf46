import { Public } from '@dealership/server-auth';
import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, type HealthCheckResult, HealthCheckService } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { DatabaseHealthIndicator } from './database.health';

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

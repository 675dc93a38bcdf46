import { Public } from '@dealership/server-auth';
import { DB_HANDLE, type DatabaseHandle } from '@dealership/server-db';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

@Public()
@Controller('health')
export class HealthController {
  constructor(@Inject(DB_HANDLE) private readonly database: DatabaseHandle) {}

  /** `{status:'ok', db:'up'}`, or 503 when the database does not answer within 2 s. */
  @Get()
  async check(@Res({ passthrough: true }) reply: FastifyReply) {
    void reply.header('cache-control', 'no-store');
    try {
      await Promise.race([
        this.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2000).unref()),
      ]);
      return { status: 'ok', db: 'up' };
    } catch {
      void reply.status(503);
      return { status: 'error', db: 'down' };
    }
  }
}

import { outboxMessages } from '@dealership/message-data';
import { backupRuns, PeriodicJobs } from '@dealership/server-db';
import { useWholeServer } from './testing/whole-server';

const TOKEN = 'metrics-token-for-the-test-0001';

// What an operator watches (issue 42): GET /metrics in Prometheus's format, behind METRICS_TOKEN.
describe('GET /metrics (integration: the whole server)', () => {
  const server = useWholeServer({ METRICS_TOKEN: TOKEN });
  const scrape = (authorization?: string) => server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses without the token, and counts a request by its route pattern, tRPC calls, a failed message and a job run with it', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);

    await server.app.inject({ method: 'GET', url: '/api/car/getCarById-car/a-secret-looking-slug-000' });
    expect((await server.app.inject({ method: 'GET', url: '/trpc/brand.list' })).statusCode).toBe(200);
    const missing = encodeURIComponent(JSON.stringify({ slug: 'another-secret-looking-slug' }));
    expect((await server.app.inject({ method: 'GET', url: `/trpc/car.bySlug?input=${missing}` })).statusCode).toBe(404);
    // A batch counts each call; a path that names no procedure is no series of its own.
    await server.app.inject({ method: 'GET', url: `/trpc/brand.list,car.bySlug?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { slug: 'x' } }))}` });
    await server.app.inject({ method: 'GET', url: '/trpc/no.such.procedure' });
    await server.database.db.insert(outboxMessages).values({ channel: 'sms', recipient: '+254700000001', topic: 'lead.buyer', bodyText: 'x', status: 'failed' });
    await server.app.get(PeriodicJobs).tick('metrics.test', 60_000, async () => undefined);
    // The last backup comes from the database (it outlives a restart), not from the job's run.
    const finishedAt = new Date('2026-12-01T02:00:00Z');
    await server.database.db.insert(backupRuns).values({ startedAt: finishedAt, finishedAt, trigger: 'daily', outcome: 'written', file: '/backups/b.tar', bytes: 1, takenBy: 'another-host:1' });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/car\/getCarById-car\/:slug",status="\d{3}"\} 1/);
    expect(text).not.toContain('a-secret-looking-slug');
    expect(text).toMatch(/^trpc_procedure_duration_seconds_count\{path="brand\.list",outcome="ok"\} 2$/m);
    expect(text).toMatch(/^trpc_procedure_duration_seconds_count\{path="car\.bySlug",outcome="NOT_FOUND"\} 2$/m);
    expect(text).not.toContain('no.such.procedure');
    expect(text).toMatch(/^outbox_messages_failed 1$/m);
    expect(text).toMatch(/^outbox_messages_pending \d+$/m);
    expect(text).toMatch(/periodic_job_runs_total\{job="metrics\.test",outcome="done"\} 1/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^outbox_oldest_pending_seconds \d+(\.\d+)?$/m);
    expect(text).toMatch(new RegExp(`^backup_last_written_timestamp_seconds ${finishedAt.getTime() / 1000}$`, 'm'));
    expect(text).toMatch(/^backup_last_failed_timestamp_seconds 0$/m);
    // The PostgreSQL pool (TEST_DATABASE_URL); PGlite has none, and nothing is said of one.
    if (server.database.engine === 'postgres') {
      expect(text).toMatch(/^db_pool_connections [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections_idle \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests 0$/m);
      expect(text).toMatch(/^db_pool_connections_max \d+$/m);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });
});

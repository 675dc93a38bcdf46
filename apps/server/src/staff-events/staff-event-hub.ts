import { type DatabaseHandle, DB_HANDLE } from '@dealership/server-db';
import { STAFF_STREAMS_PER_USER, type StaffEvent, StaffEventSchema } from '@dealership/shared-schemas';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PassThrough, type Readable } from 'node:stream';

/** The NOTIFY channel the `leads` and `orders` insert triggers signal on, after commit (migration 0019). */
export const STAFF_EVENTS_CHANNEL = 'staff_events';
/**
 * A comment line goes to every stream this often: below the server's own 15 s cut of silent
 * sockets (`HTTP_TIMEOUTS.connectionTimeout`) and proxies' idle limits (nginx 60 s), and it finds
 * dead clients (a write to a gone socket fails) and ended sessions (re-checked at each beat).
 */
export const STAFF_HEARTBEAT_MS = 10_000;
/** Open streams per process, all admins together: sockets and memory stay bounded whatever the clients do. */
export const MAX_STAFF_STREAMS = 200;
/** A stream whose reader has fallen this far behind (unsent bytes) is ended: the client reconnects and refetches. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/** One reader's stream: the body to send, and how to end it. */
export interface StaffStream {
  readonly body: Readable;
  close(): void;
}

interface OpenStream {
  readonly userId: string;
  readonly body: PassThrough;
  /** Whether the reader may still read (session not ended, still an admin); asked at each heartbeat. */
  readonly stillAllowed: () => Promise<boolean>;
}

/**
 * The back office's live feed in this process: one LISTEN on `staff_events` (not one per reader),
 * fanned out to every open stream as server-sent events. Each instance listens for itself, so an
 * insert made through any instance reaches the readers of all of them. Nothing is replayed: a
 * reader that (re)connects gets `ready` and refetches, and so do all readers when the LISTEN
 * connection comes back after a loss (what was inserted meanwhile was not announced).
 */
@Injectable()
export class StaffEventHub implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('StaffEvents');
  private readonly streams = new Set<OpenStream>();
  private stopListening?: () => Promise<void>;
  private heartbeat?: NodeJS.Timeout;
  private lost = false;
  private stopped = false;

  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopListening = await this.handle.listen(STAFF_EVENTS_CHANNEL, {
      onNotify: (payload) => this.publish(payload),
      onListening: (listening) => {
        if (!listening && !this.lost) this.logger.warn('lead and order notifications lost: the back office falls back to polling until they are back');
        if (listening && this.lost) {
          this.logger.log('lead and order notifications are back');
          this.broadcast({ kind: 'ready' });
        }
        this.lost = !listening;
      },
    });
    this.heartbeat = setInterval(() => void this.beat(), STAFF_HEARTBEAT_MS).unref();
  }

  /**
   * Before the HTTP server closes: it waits for open responses, and these never finish on their
   * own. Readers see the end and reconnect (to another instance, behind a balancer).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    for (const stream of this.streams) stream.body.end();
    await this.stopListening?.();
  }

  /** A new stream for `userId`, starting with `ready`; undefined when they, or everyone, hold as many as allowed. */
  open(userId: string, stillAllowed: () => Promise<boolean>): StaffStream | undefined {
    let held = 0;
    for (const stream of this.streams) if (stream.userId === userId) held++;
    if (held >= STAFF_STREAMS_PER_USER || this.streams.size >= MAX_STAFF_STREAMS) return undefined;
    const stream: OpenStream = { userId, body: new PassThrough(), stillAllowed };
    this.streams.add(stream);
    stream.body.once('close', () => this.streams.delete(stream));
    // Shutting down: an empty answer, so the reader goes elsewhere at once.
    if (this.stopped) stream.body.end();
    else this.send(stream, `data: ${JSON.stringify({ kind: 'ready' } satisfies StaffEvent)}\n\n`);
    return { body: stream.body, close: () => stream.body.destroy() };
  }

  /** Streams open in this process (tests, and to see the limits at work). */
  get size(): number {
    return this.streams.size;
  }

  private publish(payload: string): void {
    let event: StaffEvent;
    try {
      event = StaffEventSchema.parse(JSON.parse(payload));
    } catch {
      this.logger.warn('a staff_events notification of an unknown shape was dropped');
      return;
    }
    this.broadcast(event);
  }

  private broadcast(event: StaffEvent): void {
    const message = `data: ${JSON.stringify(event)}\n\n`;
    for (const stream of this.streams) this.send(stream, message);
  }

  private send(stream: OpenStream, text: string): void {
    if (stream.body.writableEnded) return;
    if (stream.body.writableLength > MAX_BUFFERED_BYTES) {
      stream.body.destroy();
      return;
    }
    stream.body.write(text);
  }

  private async beat(): Promise<void> {
    await Promise.all(
      [...this.streams].map(async (stream) => {
        this.send(stream, ': heartbeat\n\n');
        // A database hiccup keeps the stream: only a clear "no" (logged out, expired, demoted) ends it.
        const allowed = await stream.stillAllowed().catch(() => true);
        if (!allowed) stream.body.end();
      }),
    );
  }
}

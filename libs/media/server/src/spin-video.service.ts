import type { ImageRef, SpinVideoStatus } from '@dealership/media-schemas';
import { APP_CONFIG, type AppConfig } from '@dealership/server-core';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FfmpegProgram, locateFfmpeg, runFfmpeg } from './ffmpeg';
import { UPLOAD_MAX_SIDE } from './image-encoder';
import { FfmpegMissingError, UnsupportedVideoError, UnusableVideoError } from './media.errors';
import { MediaService } from './media.service';
import { extractArgs, probeArgs, readProbe, sniffVideoContainer, SPIN_VIDEO_MAX_SECONDS, type VideoContainer } from './video-frames';

/** ffmpeg's whole work on one video (reading it, then taking its frames) is killed past this. */
export const SPIN_VIDEO_TIMEOUT_MS = 120_000;

/**
 * A car's 360-degree frames taken from a short walk-around video (issue 44): the video, written
 * to a temporary folder, is recognised by its bytes, read by ffmpeg (a separate program),
 * and `count` frames spread evenly over it are stored exactly as uploaded pictures are
 * (`MediaService.upload`: re-encoded as WebP, recorded as unattached, so the sweep takes the
 * frames nobody saves). One video at a time per instance: ffmpeg takes every core.
 */
@Injectable()
export class SpinVideoService {
  private readonly logger = new Logger('SpinVideo');
  private program?: Promise<FfmpegProgram | undefined>;
  /** The end of the queue: each video waits for the one before. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly media: MediaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether videos can be taken here (looked for once, on first use), with the limits the back office shows. */
  async status(): Promise<SpinVideoStatus> {
    const program = await this.ffmpeg();
    return {
      available: program !== undefined,
      reason: program ? null : new FfmpegMissingError().message,
      maxBytes: this.config.spinVideoMaxBytes,
      maxSeconds: SPIN_VIDEO_MAX_SECONDS,
    };
  }

  /** The ffmpeg to run, or a 503 saying how to get one. */
  async requireFfmpeg(): Promise<FfmpegProgram> {
    const program = await this.ffmpeg();
    if (!program) throw new FfmpegMissingError();
    return program;
  }

  /**
   * Frames of a video, stored as unattached uploads, in turning order. `receive` writes the video
   * to the path it is given and says how many frames to take; the path is in a folder of this
   * call's own, removed afterwards whatever happens (the video, the frames, a run ffmpeg was killed
   * in). Refuses (4xx naming `file`) what is not an MP4/MOV/WebM video, has no moving picture, runs
   * over a minute or has fewer pictures than frames asked; 503 without ffmpeg, before anything is received.
   */
  async takeFrames(receive: (videoPath: string) => Promise<number>): Promise<ImageRef[]> {
    const program = await this.requireFfmpeg();
    const folder = await mkdtemp(join(tmpdir(), 'spin-video-'));
    try {
      const video = join(folder, 'video');
      const count = await receive(video);
      const container = sniffVideoContainer(await head(video));
      if (!container) throw new UnsupportedVideoError();
      const frames = join(folder, 'frames');
      await mkdir(frames);
      return await this.oneAtATime(() => this.extract(program, { container, path: video, count, folder: frames }));
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  private async extract(program: FfmpegProgram, video: { container: VideoContainer; path: string; count: number; folder: string }): Promise<ImageRef[]> {
    const { container, path, count, folder } = video;
    const started = performance.now();
    const deadline = started + SPIN_VIDEO_TIMEOUT_MS;
    const probe = await this.run(program, probeArgs(container, path), deadline);
    const found = readProbe(probe.code, probe.stderr);
    if (found.kind === 'unreadable') throw new UnusableVideoError('file could not be read as a video; it may be damaged');
    if (found.kind === 'no-video') throw new UnusableVideoError('file has no moving picture in it');
    if (found.seconds > SPIN_VIDEO_MAX_SECONDS) {
      throw new UnusableVideoError(`file runs ${found.seconds.toFixed(1)} seconds; a walk-around video may be at most ${SPIN_VIDEO_MAX_SECONDS} seconds`);
    }
    if (found.pictures < count || found.seconds <= 0)
      throw new UnusableVideoError(`file has ${found.pictures} picture(s); ${count} frames need a longer video`);
    const extraction = await this.run(program, extractArgs({ container, path, seconds: found.seconds, count, maxSide: UPLOAD_MAX_SIDE, folder }), deadline);
    const files = (await readdir(folder)).filter((name) => /^frame-\d+\.jpg$/.test(name)).sort();
    if (extraction.code !== 0 || files.length < count) throw new UnusableVideoError('file could not be read to its end; it may be damaged');
    const extracted = performance.now();
    const stored = await this.store(folder, files.slice(0, count));
    this.logger.log(
      `${count} frames from a ${found.seconds.toFixed(1)} s video: ffmpeg ${Math.round(extracted - started)} ms, storing ${Math.round(performance.now() - extracted)} ms`,
    );
    return stored;
  }

  private ffmpeg(): Promise<FfmpegProgram | undefined> {
    this.program ??= locateFfmpeg(this.config.ffmpegPath).then((program) => {
      if (program) this.logger.log(`ffmpeg ${program.version} (${program.source}: ${program.path}) takes spin frames from videos`);
      else this.logger.warn(`no ffmpeg found${this.config.ffmpegPath ? ` at FFMPEG_PATH=${this.config.ffmpegPath}` : ''}: spin videos are refused (503)`);
      return program;
    });
    return this.program;
  }

  /** One ffmpeg run within what is left of the video's time; a run killed on time is the video's fault. */
  private async run(program: FfmpegProgram, args: string[], deadline: number) {
    const run = await runFfmpeg(program.path, args, Math.max(1, deadline - performance.now()));
    if (run.timedOut) throw new UnusableVideoError(`file took longer than ${SPIN_VIDEO_TIMEOUT_MS / 1000} seconds to read; send a shorter or smaller video`);
    return run;
  }

  /** Each frame through the uploads' own path; if one fails, those already stored go at once. */
  private async store(folder: string, files: string[]): Promise<ImageRef[]> {
    const stored: ImageRef[] = [];
    try {
      for (const [index, file] of files.entries()) {
        const { url, publicId } = await this.media.upload({ data: await readFile(join(folder, file)), fileName: `spin-frame-${index + 1}` });
        stored.push({ url, publicId });
      }
      return stored;
    } catch (error) {
      for (const frame of stored) await this.media.removeUnattached(frame.publicId).catch(() => undefined);
      throw error;
    }
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.tail.then(work, work);
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

/** The first bytes of a file (the container's signature). */
async function head(path: string): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const bytes = Buffer.alloc(16);
    const { bytesRead } = await file.read(bytes, 0, bytes.length, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

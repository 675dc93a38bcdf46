import { spawn } from 'node:child_process';

/** What one ffmpeg run left: how it ended and the end of what it wrote on stderr. */
export interface FfmpegRun {
  code: number | null;
  /** Killed because it ran past its time. */
  timedOut: boolean;
  /** What it printed (`-version` prints there); frames go to files, never here. */
  stdout: string;
  stderr: string;
}

/** The ffmpeg that runs here, and where it was found. */
export interface FfmpegProgram {
  path: string;
  source: 'FFMPEG_PATH' | 'PATH' | 'bundled';
  /** Its own words, e.g. "4.1" or "7.1.1-1+b1". */
  version: string;
}

/** Output kept per run: the stream and duration lines come first on stderr, the progress line last. */
const STDERR_KEPT = 256 * 1024;

/**
 * Runs ffmpeg with an argument list (never a shell, so nothing in a file name is interpreted),
 * stdin closed, and SIGKILLs it after `timeoutMs`: a hostile or huge video
 * cannot hold the process. Resolves when it has exited (its files are closed); rejects only when
 * it could not be started (ENOENT, EACCES).
 */
export function runFfmpeg(program: string, args: readonly string[], timeoutMs: number): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false, windowsHide: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < STDERR_KEPT) stdout += chunk;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      // The head (streams, duration) and the tail (last progress line) are what is read.
      if (stderr.length > STDERR_KEPT * 2) stderr = stderr.slice(0, STDERR_KEPT) + stderr.slice(-STDERR_KEPT);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, stdout, stderr });
    });
  });
}

/** The version an ffmpeg says it is (`ffmpeg version 4.1 Copyright ...`). */
export const ffmpegVersion = (banner: string) => /ffmpeg version (\S+)/.exec(banner)?.[1] ?? 'unknown';

/** The static build of the optional npm package `@ffmpeg-installer/ffmpeg`, when it installed for this platform. */
async function bundledFfmpeg(): Promise<string | undefined> {
  try {
    const module = await import('@ffmpeg-installer/ffmpeg');
    return (module.default ?? module).path;
  } catch {
    // Not installed (an optional dependency), or no binary for this platform: it throws a string.
    return undefined;
  }
}

/** Whether `program -version` runs and exits 0; its version if so. */
async function versionOf(program: string): Promise<string | undefined> {
  try {
    const run = await runFfmpeg(program, ['-hide_banner', '-version'], 10_000);
    return run.code === 0 ? ffmpegVersion(run.stdout) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ffmpeg to use: `configured` (`FFMPEG_PATH`) alone when set, so a wrong setting is reported
 * rather than silently replaced; else `ffmpeg` on PATH (the distribution's build, which gets
 * security updates); else the bundled static build. Undefined when none runs.
 */
export async function locateFfmpeg(configured: string | undefined): Promise<FfmpegProgram | undefined> {
  const candidates: { path: string | undefined; source: FfmpegProgram['source'] }[] = configured
    ? [{ path: configured, source: 'FFMPEG_PATH' }]
    : [
        { path: 'ffmpeg', source: 'PATH' },
        { path: await bundledFfmpeg(), source: 'bundled' },
      ];
  for (const { path, source } of candidates) {
    if (!path) continue;
    const version = await versionOf(path);
    if (version) return { path, source, version };
  }
  return undefined;
}

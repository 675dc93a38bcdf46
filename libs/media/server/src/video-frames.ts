// What the spin-video path asks of ffmpeg and reads back: pure functions, tested without ffmpeg.

/** The containers a walk-around video may come in, as ffmpeg's demuxers name them. */
export type VideoContainer = 'mov' | 'matroska';

/** A spin set's video may run this long at most. */
export const SPIN_VIDEO_MAX_SECONDS = 60;

/**
 * The container by its leading bytes, or undefined: an ISO BMFF `ftyp` box (MP4, MOV, phone
 * videos) or the EBML magic (WebM, Matroska). Names and declared types are never consulted.
 */
export function sniffVideoContainer(head: Buffer): VideoContainer | undefined {
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mov';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'matroska';
  return undefined;
}

/**
 * The input options of every run: the demuxer is forced to the container the bytes showed (no
 * playlist, concat list or image sequence, whatever the file claims), and only the local file
 * protocol is allowed, so a video cannot make ffmpeg open another file or a network address.
 */
const inputArgs = (container: VideoContainer, path: string) => [
  '-hide_banner',
  '-nostdin',
  '-f',
  container,
  '-protocol_whitelist',
  'file',
  '-i',
  `file:${path}`,
];

/**
 * A pass that copies the first real video stream (`V`: not a cover picture) to nowhere: it reads
 * the container without decoding a picture, and its last progress line gives the stream's own
 * length and picture count (the container's duration may be the longer audio's, or missing, as in
 * a browser's WebM recording).
 */
export const probeArgs = (container: VideoContainer, path: string) => [...inputArgs(container, path), '-map', '0:V:0', '-c', 'copy', '-f', 'null', '-'];

/** What the probe pass found out. */
export type VideoProbe = { kind: 'video'; seconds: number; pictures: number } | { kind: 'unreadable' } | { kind: 'no-video' };

const lastMatch = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].at(-1);

/** Reads the probe pass's stderr (and exit code). */
export function readProbe(code: number | null, stderr: string): VideoProbe {
  if (!/^Input #0/m.test(stderr)) return { kind: 'unreadable' };
  if (/matches no streams/.test(stderr)) return { kind: 'no-video' };
  if (code !== 0) return { kind: 'unreadable' };
  const time = lastMatch(stderr, /time=\s*(\d+):(\d\d):(\d\d(?:\.\d+)?)/g);
  const frames = lastMatch(stderr, /frame=\s*(\d+)/g);
  if (!time || !frames) return { kind: 'unreadable' };
  const seconds = Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]);
  const pictures = Number(frames[1]);
  return pictures > 0 ? { kind: 'video', seconds, pictures } : { kind: 'no-video' };
}

/**
 * The extraction pass: `count` pictures at equal steps over the video's `seconds` (the first at
 * its start, the last one step before its last picture, so each exists), turned upright from the
 * phone's rotation flag (ffmpeg does that by default), fitted inside `maxSide` without enlarging,
 * written as high-quality JPEGs `frame-001.jpg`... in `folder`. Sound, subtitles and data are left.
 */
export function extractArgs(input: { container: VideoContainer; path: string; seconds: number; count: number; maxSide: number; folder: string }): string[] {
  const { container, path, seconds, count, maxSide, folder } = input;
  const rate = (count / seconds).toFixed(6);
  const fit = `scale=w='min(iw,${maxSide})':h='min(ih,${maxSide})':force_original_aspect_ratio=decrease`;
  return [
    '-loglevel',
    'error',
    ...inputArgs(container, path),
    '-map',
    '0:V:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `fps=${rate},${fit}`,
    '-frames:v',
    String(count),
    '-q:v',
    '2',
    '-f',
    'image2',
    `file:${folder}/frame-%03d.jpg`,
  ];
}

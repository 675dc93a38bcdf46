import { extractArgs, readProbe, sniffVideoContainer } from './video-frames';

// ffmpeg's own words, as the bundled 4.1 and Debian's builds print them.
const INPUT = "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:/tmp/spin-video-x/video':\n  Duration: 00:00:03.00, start: 0.000000, bitrate: 193 kb/s\n";

describe('sniffVideoContainer', () => {
  it('knows MP4/MOV by the ftyp box and WebM/Matroska by the EBML magic, nothing by name', () => {
    expect(sniffVideoContainer(Buffer.from('00000020667479706973766d00000200', 'hex'))).toBe('mov');
    expect(sniffVideoContainer(Buffer.from('1a45dfa3a34286810142f7810142f281', 'hex'))).toBe('matroska');
    expect(sniffVideoContainer(Buffer.from('Not a video, only text.'))).toBeUndefined();
    expect(sniffVideoContainer(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('readProbe', () => {
  it("reads the video stream's own length and picture count from the last progress line", () => {
    const stderr = `${INPUT}frame=   45 fps=0.0 time=00:00:01.46 bitrate=N/A\rframe=   90 fps=0.0 q=-1.0 Lsize=N/A time=00:00:02.96 bitrate=N/A speed=8.4e+03x\n`;
    expect(readProbe(0, stderr)).toEqual({ kind: 'video', seconds: 2.96, pictures: 90 });
    expect(readProbe(0, `${INPUT}frame=1800 fps=0.0 time=00:01:00.50 bitrate=N/A\n`)).toEqual({ kind: 'video', seconds: 60.5, pictures: 1800 });
  });

  it('tells a file with no moving picture (sound, a cover) from one ffmpeg cannot read', () => {
    expect(readProbe(1, `${INPUT}Stream map '0:V:0' matches no streams.\n`)).toEqual({ kind: 'no-video' });
    expect(readProbe(1, 'file:/tmp/x/video: Invalid data found when processing input\n')).toEqual({ kind: 'unreadable' });
    expect(readProbe(1, `${INPUT}Error while decoding\n`)).toEqual({ kind: 'unreadable' });
  });
});

describe('extractArgs', () => {
  it('forces the sniffed demuxer, local files only, and spreads the frames over the length', () => {
    const args = extractArgs({ container: 'mov', path: '/tmp/v/video', seconds: 3, count: 36, maxSide: 2560, folder: '/tmp/v/frames' });
    expect(args.slice(args.indexOf('-f'), args.indexOf('-i') + 2)).toEqual(['-f', 'mov', '-protocol_whitelist', 'file', '-i', 'file:/tmp/v/video']);
    expect(args[args.indexOf('-vf') + 1]).toMatch(/^fps=12\.000000,scale=/);
    expect(args[args.indexOf('-frames:v') + 1]).toBe('36');
  });
});

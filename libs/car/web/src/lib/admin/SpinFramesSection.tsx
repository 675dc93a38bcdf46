import { SPIN_MAX_FRAMES, SPIN_MIN_FRAMES, SPIN_VIDEO_FRAMES } from '@dealership/car-schemas';
import type { ImageRef, SpinVideoStatus } from '@dealership/media-schemas';
import {
  deleteUnattachedImage,
  fetchSpinVideoStatus,
  PICKABLE_IMAGE_TYPES,
  PICKABLE_VIDEO_TYPES,
  resizeImage,
  uploadImage,
  uploadSpinVideo,
} from '@dealership/media-web';
import { describeApiError, readAuthToken } from '@dealership/web-session';
import { trpc } from '@dealership/web-trpc-client';
import { notifyError, notifySuccess } from '@dealership/web-ui';
import { Button, FileButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';

/** Frames uploaded at once (the car pictures' own concurrency). */
const FRAME_UPLOADS_AT_ONCE = 2;

/** The frames in turning order: by file name, numbers as numbers ("frame-2" before "frame-10"). */
export function framesInOrder(files: readonly File[]): File[] {
  return [...files].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

/** Why a choice of files cannot be a spin set, or null when it can. */
export function frameCountProblem(count: number): string | null {
  if (count < SPIN_MIN_FRAMES) return `Choose at least ${SPIN_MIN_FRAMES} frames (you chose ${count}).`;
  if (count > SPIN_MAX_FRAMES) return `Choose at most ${SPIN_MAX_FRAMES} frames (you chose ${count}).`;
  return null;
}

/**
 * The back office's "360-degree view" of a car (issue 44): staff choose 24-72 photos taken around
 * the car (ordered by file name), each is shrunk and uploaded as the car's pictures are, then saved
 * as the car's spin set in one write; or a short walk-around video, from which the server takes the
 * frames (it needs ffmpeg: the section asks first, and explains when the server has none); or they
 * clear the set.
 */
export function SpinFramesSection({ carId }: { carId: string }) {
  const utils = trpc.useUtils();
  const spin = trpc.car.spin.useQuery({ carId });
  const setSpin = trpc.car.setSpin.useMutation();
  const clearSpin = trpc.car.clearSpin.useMutation();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [video, setVideo] = useState<SpinVideoStatus | null>(null);
  /** The video being sent (the fraction sent), then its frames being taken, then saved. */
  const [videoStage, setVideoStage] = useState<{ sent: number } | 'frames' | 'saving' | null>(null);
  const count = spin.data?.frames.length ?? 0;
  const busy = progress !== null || videoStage !== null || setSpin.isPending || clearSpin.isPending;

  useEffect(() => {
    let current = true;
    void fetchSpinVideoStatus(readAuthToken()).then((status) => current && setVideo(status));
    return () => {
      current = false;
    };
  }, []);

  const save = async (frames: ImageRef[], what: string) => {
    await setSpin.mutateAsync({ carId, frames });
    notifySuccess(`360-degree view saved: ${what}`);
    await utils.car.spin.invalidate({ carId });
  };

  /** Nothing was saved: the frames already uploaded go now rather than wait for the sweep. */
  const failed = (error: unknown, uploaded: readonly (ImageRef | undefined)[]) => {
    for (const frame of uploaded) if (frame) void deleteUnattachedImage(frame.publicId, readAuthToken());
    const message = error instanceof Error && !('data' in error) ? error.message : describeApiError(error).message;
    setProblem(message);
    notifyError(message);
  };

  const upload = async (chosen: File[]) => {
    const files = framesInOrder(chosen);
    const refused = frameCountProblem(files.length);
    setProblem(refused);
    if (refused) return;
    const frames: (ImageRef | undefined)[] = new Array(files.length);
    let done = 0;
    setProgress({ done, total: files.length });
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const index = next++;
        const file = files[index];
        const { url, publicId } = await uploadImage(await resizeImage(file), { token: readAuthToken(), fileName: file.name });
        frames[index] = { url, publicId };
        setProgress({ done: ++done, total: files.length });
      }
    };
    try {
      await Promise.all(Array.from({ length: FRAME_UPLOADS_AT_ONCE }, worker));
      await save(frames as ImageRef[], `${files.length} frames`);
    } catch (error) {
      failed(error, frames);
    } finally {
      setProgress(null);
    }
  };

  const fromVideo = async (file: File | null) => {
    if (!file || !video?.available) return;
    if (file.size > video.maxBytes) {
      const message = `The video is larger than ${Math.round(video.maxBytes / 1_048_576)} MB; send a shorter one.`;
      setProblem(message);
      notifyError(message);
      return;
    }
    setProblem(null);
    setVideoStage({ sent: 0 });
    let frames: ImageRef[] = [];
    try {
      frames = await uploadSpinVideo(file, {
        token: readAuthToken(),
        fileName: file.name,
        onProgress: (sent) => setVideoStage(sent < 1 ? { sent } : 'frames'),
      });
      setVideoStage('saving');
      await save(frames, `${frames.length} frames from the video`);
    } catch (error) {
      failed(error, frames);
    } finally {
      setVideoStage(null);
    }
  };

  const clear = async () => {
    try {
      await clearSpin.mutateAsync({ carId });
      notifySuccess('360-degree view removed');
      await utils.car.spin.invalidate({ carId });
    } catch (error) {
      notifyError(describeApiError(error).message);
    }
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="spin-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="spin-heading">
          360-degree view
        </Title>
        <Text c="dimmed" size="sm">
          {SPIN_MIN_FRAMES}-{SPIN_MAX_FRAMES} photos taken in a circle around the car, named in turning order (frame-01.jpg, frame-02.jpg …). Buyers turn the
          car on its page with a drag, a swipe or the arrow keys.
        </Text>
        <Text fw={600} aria-live="polite">
          {spin.isPending ? 'Loading…' : count > 0 ? `${count} frames` : 'No 360-degree view yet'}
        </Text>
        {progress ? (
          <Stack gap={4}>
            <Text size="sm">
              Uploading frame {Math.min(progress.done + 1, progress.total)} of {progress.total}…
            </Text>
            <Progress value={(progress.done / progress.total) * 100} aria-label="Frames uploaded" />
          </Stack>
        ) : null}
        {videoStage ? (
          <Stack gap={4}>
            <Text size="sm">
              {videoStage === 'frames'
                ? 'Taking frames from the video…'
                : videoStage === 'saving'
                  ? 'Saving the 360-degree view…'
                  : `Uploading the video… ${Math.round(videoStage.sent * 100)}%`}
            </Text>
            {typeof videoStage === 'string' ? (
              <Progress value={100} striped animated aria-label={videoStage === 'frames' ? 'Taking frames from the video' : 'Saving the 360-degree view'} />
            ) : (
              <Progress value={videoStage.sent * 100} aria-label="Video uploaded" />
            )}
          </Stack>
        ) : null}
        {problem ? (
          <Text c="red.8" size="sm" role="alert">
            {problem}
          </Text>
        ) : null}
        <Group gap="sm">
          <FileButton multiple accept={PICKABLE_IMAGE_TYPES.join(',')} onChange={(files) => void upload(files)} disabled={busy}>
            {(props) => (
              <Button {...props} loading={progress !== null || (setSpin.isPending && videoStage === null)}>
                {count > 0 ? 'Replace frames' : 'Upload frames'}
              </Button>
            )}
          </FileButton>
          <FileButton accept={PICKABLE_VIDEO_TYPES.join(',')} onChange={(file) => void fromVideo(file)} disabled={busy || !video?.available}>
            {(props) => (
              <Button {...props} variant="default" loading={videoStage !== null} disabled={!video?.available}>
                Take frames from a video
              </Button>
            )}
          </FileButton>
          {count > 0 ? (
            <Button variant="light" color="red" onClick={() => void clear()} loading={clearSpin.isPending} disabled={busy}>
              Remove 360-degree view
            </Button>
          ) : null}
        </Group>
        <Text c="dimmed" size="sm">
          {video === null
            ? 'Checking whether this server can take frames from a video…'
            : video.available
              ? `Or a walk-around video of up to ${video.maxSeconds} seconds (MP4, MOV or WebM): the server takes ${SPIN_VIDEO_FRAMES} frames from it.`
              : `${video.reason ?? 'Videos cannot be used on this server'}.`}
        </Text>
      </Stack>
    </Paper>
  );
}

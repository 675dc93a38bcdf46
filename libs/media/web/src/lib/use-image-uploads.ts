import { IMAGE_SIZE_LIMIT_BYTES, type ImageRef } from '@dealership/media-schemas';
import { readAuthToken } from '@dealership/web-session';
import { notifyError } from '@dealership/web-ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { resizeImage } from './resize-image';
import { deleteUnattachedImage, uploadImage, type UploadImage } from './upload-image';

/** What the pictures are for: sets the size cap of spec §5 (200 KB brand, 40 MB car). */
export type ImageKind = keyof typeof IMAGE_SIZE_LIMIT_BYTES;

/** Spec §8 "Image upload failure". */
export const UPLOAD_ERROR_MESSAGE = 'Error uploading image';

/** Pictures sent at once: two keeps a slow link busy without starving each progress bar. */
export const UPLOAD_CONCURRENCY = 2;

export interface UploadItem {
  key: string;
  /** The picked file's name (or the stored image's id for saved pictures). */
  name: string;
  /**
   * What to show: the stored URL of a saved picture, or a local preview of the resized picture (a
   * phone would otherwise decode each full-size original). None while the file is resizing.
   */
  previewUrl?: string;
  status: 'resizing' | 'uploading' | 'done' | 'failed';
  /** 0-1 of the bytes sent. */
  progress: number;
  image?: ImageRef;
  /** Already saved with the car or brand (removing it is the screen's business). */
  attached: boolean;
  error?: string;
}

export interface ImageUploadsOptions {
  kind: ImageKind;
  /** Pictures already saved with the record, in order. */
  initial?: readonly ImageRef[];
  /** Replaceable in tests: the browser resize and the upload request. */
  resize?: (file: Blob) => Promise<Blob>;
  upload?: UploadImage;
  /**
   * What becomes of an upload taken out of the list before the record took it: deleted now (the
   * staff's uploads, by default), or left to the server's sweep of unclaimed uploads (a buyer's).
   */
  discard?: (publicId: string) => void;
}

const deleteNow = (publicId: string) => void deleteUnattachedImage(publicId, readAuthToken());

export interface ImageUploads {
  items: UploadItem[];
  /** The uploaded pictures in their order (the first is the main one), failed and pending ones left out. */
  images: ImageRef[];
  isUploading: boolean;
  /** Resizes and uploads the picked files; a file over the cap after resizing is dropped silently (spec §5). */
  add: (files: readonly File[]) => void;
  /** Takes a picture out of the list; an upload no record took is deleted from storage. */
  remove: (key: string) => void;
  /** Moves the picture at `from` to `to`. */
  move: (from: number, to: number) => void;
  /** Replaces the list with saved pictures (after the record reloads). */
  reset: (images: readonly ImageRef[]) => void;
}

let nextKey = 0;
const newKey = () => `upload-${++nextKey}`;

const savedItem = (image: ImageRef): UploadItem => ({
  key: `saved-${image.publicId}`,
  name: image.publicId,
  previewUrl: image.url,
  status: 'done',
  progress: 1,
  image,
  attached: true,
});

/** Runs tasks at most `limit` at a time (a dozen 4G photos at once would all crawl). */
function createQueue(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (running >= limit) return;
    const start = waiting.shift();
    if (start) {
      running++;
      start();
    }
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            running--;
            next();
          });
      });
      next();
    });
}

/**
 * The picture list of an admin form: picked files are resized in the browser, uploaded with a
 * progress per file, reordered and removed before the form is saved. The form sends `images`.
 */
export function useImageUploads({ kind, initial = [], resize = resizeImage, upload = uploadImage, discard = deleteNow }: ImageUploadsOptions): ImageUploads {
  const [items, setItems] = useState<UploadItem[]>(() => initial.map(savedItem));
  const queue = useMemo(() => createQueue(UPLOAD_CONCURRENCY), []);
  // One per picked file from the moment it is added: removing it while it resizes cancels it too.
  const controllers = useRef(new Map<string, AbortController>());
  // The object URL of each item's preview, revoked as soon as the item leaves the list.
  const previews = useRef(new Map<string, string>());
  const mounted = useRef(true);
  // The list as last rendered, for the side effects of `remove` (an updater must stay pure).
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);

  useEffect(() => {
    mounted.current = true;
    const urls = previews.current;
    const uploads = controllers.current;
    return () => {
      mounted.current = false;
      for (const controller of uploads.values()) controller.abort();
      uploads.clear();
      for (const url of urls.values()) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const dropPreview = useCallback((key: string) => {
    const url = previews.current.get(key);
    if (url === undefined) return;
    URL.revokeObjectURL(url);
    previews.current.delete(key);
  }, []);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    if (!mounted.current) return;
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const uploadOne = useCallback(
    async (key: string, file: File, controller: AbortController) => {
      const stopped = () => controller.signal.aborted || !mounted.current;
      try {
        let resized: Blob;
        try {
          resized = await resize(file);
        } catch {
          if (stopped()) return;
          patch(key, { status: 'failed', error: UPLOAD_ERROR_MESSAGE });
          notifyError(UPLOAD_ERROR_MESSAGE);
          return;
        }
        // Removed (or the form left) while resizing: nothing is sent.
        if (stopped()) return;
        if (resized.size > IMAGE_SIZE_LIMIT_BYTES[kind]) {
          // Spec §5: kept only within the limit, otherwise dropped with no message.
          dropPreview(key);
          setItems((list) => list.filter((item) => item.key !== key));
          return;
        }
        // The preview shows the resized picture, a fraction of the original's decoded size.
        dropPreview(key);
        const previewUrl = URL.createObjectURL(resized);
        previews.current.set(key, previewUrl);
        patch(key, { status: 'uploading', previewUrl });
        try {
          const stored = await queue(() =>
            controller.signal.aborted
              ? Promise.reject(new Error('cancelled'))
              : upload(resized, {
                  token: readAuthToken(),
                  fileName: file.name.replace(/\.[^.]*$/, '') + '.jpg',
                  signal: controller.signal,
                  onProgress: (progress) => patch(key, { progress }),
                }),
          );
          if (controller.signal.aborted) {
            discard(stored.publicId);
            return;
          }
          patch(key, { status: 'done', progress: 1, image: { url: stored.url, publicId: stored.publicId } });
        } catch (error) {
          if (controller.signal.aborted) return;
          patch(key, { status: 'failed', error: error instanceof Error ? error.message : UPLOAD_ERROR_MESSAGE });
          notifyError(UPLOAD_ERROR_MESSAGE);
        }
      } finally {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      }
    },
    [discard, dropPreview, kind, patch, queue, resize, upload],
  );

  const add = useCallback(
    (files: readonly File[]) => {
      const picked = files.filter((file) => file.type.startsWith('image/') || file.type === '');
      const added = picked.map((file) => {
        const item: UploadItem = { key: newKey(), name: file.name, status: 'resizing', progress: 0, attached: false };
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        return { file, item, controller };
      });
      setItems((list) => [...list, ...added.map((a) => a.item)]);
      for (const { file, item, controller } of added) void uploadOne(item.key, file, controller);
    },
    [uploadOne],
  );

  const remove = useCallback(
    (key: string) => {
      // Only picked files have a controller: aborting stops their resize, queue slot or request.
      controllers.current.get(key)?.abort();
      controllers.current.delete(key);
      const item = latest.current.find((i) => i.key === key);
      if (item && !item.attached && item.image) discard(item.image.publicId);
      dropPreview(key);
      setItems((list) => list.filter((i) => i.key !== key));
    },
    [discard, dropPreview],
  );

  const move = useCallback((from: number, to: number) => {
    setItems((list) => {
      if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
      const next = [...list];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved);
      return next;
    });
  }, []);

  const reset = useCallback((images: readonly ImageRef[]) => {
    setItems((list) => [...images.map(savedItem), ...list.filter((item) => !item.attached)]);
  }, []);

  const images = useMemo(() => items.flatMap((item) => (item.status === 'done' && item.image ? [item.image] : [])), [items]);
  const isUploading = items.some((item) => item.status === 'resizing' || item.status === 'uploading');

  return { items, images, isUploading, add, remove, move, reset };
}

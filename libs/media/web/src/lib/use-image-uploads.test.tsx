import { act, renderHook, waitFor } from '@testing-library/react';
import type { UploadImage, UploadOptions } from './upload-image';
import { useImageUploads } from './use-image-uploads';

let urls = 0;
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => `blob:preview-${++urls}`, revokeObjectURL: () => undefined });
});

const photo = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** An upload the test settles by hand, recording the progress callbacks. */
function manualUpload() {
  const pending: { file: Blob; options: UploadOptions; resolve: (n: number) => void; reject: (e: Error) => void }[] = [];
  const upload: UploadImage = (file, options) =>
    new Promise((resolve, reject) => {
      pending.push({
        file,
        options,
        resolve: (n) => resolve({ url: `/media/cars/${n}.webp`, publicId: `cars/${n}`, width: 800, height: 600 }),
        reject,
      });
    });
  return { upload, pending };
}

describe('useImageUploads', () => {
  it('resizes, uploads two at a time with progress, and keeps the pictures in order', async () => {
    const { upload, pending } = manualUpload();
    const resize = jest.fn(async (file: Blob) => file);
    const { result } = renderHook(() => useImageUploads({ kind: 'car', resize, upload }));

    act(() => result.current.add([photo('a.png'), photo('b.jpg'), photo('c.jpg')]));
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(result.current.isUploading).toBe(true);
    expect(pending[0].options.fileName).toBe('a.jpg');

    act(() => pending[0].options.onProgress?.(0.5));
    expect(result.current.items[0]).toMatchObject({ status: 'uploading', progress: 0.5 });

    await act(async () => pending[1].resolve(2));
    await waitFor(() => expect(pending).toHaveLength(3));
    await act(async () => pending[0].resolve(1));
    await act(async () => pending[2].resolve(3));

    await waitFor(() => expect(result.current.isUploading).toBe(false));
    expect(result.current.images.map((i) => i.publicId)).toEqual(['cars/1', 'cars/2', 'cars/3']);

    act(() => result.current.move(2, 0));
    expect(result.current.images.map((i) => i.publicId)).toEqual(['cars/3', 'cars/1', 'cars/2']);
  });

  it('drops a picture over the cap after resizing, with no message (spec §5)', async () => {
    const { upload, pending } = manualUpload();
    const resize = async () => new Blob([new Uint8Array(204_801)]);
    const { result } = renderHook(() => useImageUploads({ kind: 'brand', resize, upload }));

    act(() => result.current.add([photo('huge.png')]));
    await waitFor(() => expect(result.current.items).toHaveLength(0));
    expect(pending).toHaveLength(0);
  });

  it('marks a refused upload failed and leaves it out of the pictures', async () => {
    const { upload, pending } = manualUpload();
    const { result } = renderHook(() => useImageUploads({ kind: 'car', resize: async (f) => f, upload }));

    act(() => result.current.add([photo('a.jpg')]));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0].reject(new Error('The file is not an image we accept')));

    await waitFor(() => expect(result.current.items[0].status).toBe('failed'));
    expect(result.current.items[0].error).toBe('The file is not an image we accept');
    expect(result.current.images).toEqual([]);
  });

  it('starts from the saved pictures and removes one from the list', async () => {
    const saved = [
      { url: '/media/cars/x.webp', publicId: 'cars/x' },
      { url: '/media/cars/y.webp', publicId: 'cars/y' },
    ];
    const { result } = renderHook(() => useImageUploads({ kind: 'car', initial: saved }));
    expect(result.current.images).toEqual(saved);
    expect(result.current.items.every((item) => item.attached)).toBe(true);

    act(() => result.current.remove(result.current.items[0].key));
    expect(result.current.images).toEqual([saved[1]]);

    act(() => result.current.reset(saved));
    expect(result.current.images).toEqual(saved);
  });

  describe('resizing', () => {
    /** A resize the test settles by hand. */
    function manualResize() {
      const pending: { file: Blob; resolve: (blob: Blob) => void }[] = [];
      const resize = (file: Blob) => new Promise<Blob>((resolve) => pending.push({ file, resolve }));
      return { resize, pending };
    }

    /** Object URLs made and revoked, with the blob each was made from. */
    function trackObjectUrls() {
      const made = new Map<string, Blob>();
      const revoked: string[] = [];
      const create = jest.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        const url = `blob:tracked-${made.size + 1}`;
        made.set(url, blob as Blob);
        return url;
      });
      const revoke = jest.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
      const live = () => [...made.keys()].filter((url) => !revoked.includes(url));
      return { made, revoked, live, restore: () => (create.mockRestore(), revoke.mockRestore()) };
    }

    it('sends nothing for a picture removed while it was still resizing', async () => {
      const { upload, pending } = manualUpload();
      const resizing = manualResize();
      const { result } = renderHook(() => useImageUploads({ kind: 'car', resize: resizing.resize, upload }));

      act(() => result.current.add([photo('a.jpg')]));
      await waitFor(() => expect(resizing.pending).toHaveLength(1));
      act(() => result.current.remove(result.current.items[0].key));
      await act(async () => resizing.pending[0].resolve(new Blob([new Uint8Array(4)])));

      expect(pending).toHaveLength(0);
      expect(result.current.items).toEqual([]);
    });

    it('sends nothing when the form is left while a picture resizes', async () => {
      const { upload, pending } = manualUpload();
      const resizing = manualResize();
      const { result, unmount } = renderHook(() => useImageUploads({ kind: 'car', resize: resizing.resize, upload }));

      act(() => result.current.add([photo('a.jpg')]));
      await waitFor(() => expect(resizing.pending).toHaveLength(1));
      unmount();
      await act(async () => resizing.pending[0].resolve(new Blob([new Uint8Array(4)])));
      expect(pending).toHaveLength(0);
    });

    it('previews the resized picture, not the original, and shows none while resizing', async () => {
      const urls = trackObjectUrls();
      try {
        const { upload } = manualUpload();
        const resizing = manualResize();
        const { result } = renderHook(() => useImageUploads({ kind: 'car', resize: resizing.resize, upload }));
        const original = photo('big.jpg', 64);

        act(() => result.current.add([original]));
        expect(result.current.items[0].previewUrl).toBeUndefined();
        expect(urls.made.size).toBe(0);

        const small = new Blob([new Uint8Array(8)], { type: 'image/jpeg' });
        await act(async () => resizing.pending[0].resolve(small));
        await waitFor(() => expect(result.current.items[0].previewUrl).toBeDefined());
        expect(urls.made.get(result.current.items[0].previewUrl ?? '')).toBe(small);
        expect([...urls.made.values()]).not.toContain(original);
      } finally {
        urls.restore();
      }
    });

    it('revokes a preview when its picture is removed, and makes none for one dropped over the cap', async () => {
      const urls = trackObjectUrls();
      try {
        const { upload, pending } = manualUpload();
        const resize = async (file: Blob) => ((file as File).name === 'huge.jpg' ? new Blob([new Uint8Array(204_801)]) : file);
        const { result } = renderHook(() => useImageUploads({ kind: 'brand', resize, upload }));

        act(() => result.current.add([photo('a.jpg'), photo('huge.jpg'), photo('b.jpg')]));
        await waitFor(() => expect(result.current.items.map((i) => i.name)).toEqual(['a.jpg', 'b.jpg']));
        await waitFor(() => expect(pending).toHaveLength(2));
        expect(urls.live()).toHaveLength(2);

        const [first, second] = result.current.items;
        act(() => result.current.remove(first.key));
        expect(urls.revoked).toEqual([first.previewUrl]);
        expect(urls.live()).toEqual([second.previewUrl]);
      } finally {
        urls.restore();
      }
    });

    it('revokes every preview left when the form is left', async () => {
      const urls = trackObjectUrls();
      try {
        const { upload, pending } = manualUpload();
        const { result, unmount } = renderHook(() => useImageUploads({ kind: 'car', resize: async (f) => f, upload }));
        act(() => result.current.add([photo('a.jpg'), photo('b.jpg')]));
        await waitFor(() => expect(pending).toHaveLength(2));
        expect(urls.live()).toHaveLength(2);
        unmount();
        expect(urls.live()).toHaveLength(0);
      } finally {
        urls.restore();
      }
    });
  });
});

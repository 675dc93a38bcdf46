import { renderWithProviders } from '@dealership/web-ui/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PictureViewer, type PictureViewerProps } from './PictureViewer';
import { swipeStep, VIEWER_AUTOPLAY_MS, viewerIndexText, wrapIndex } from './picture-viewer-settings';

const NAME = 'Mazda CX-5';
const images = [1, 2, 3].map((n) => ({ url: `/media/cars/cx5-${n}.webp`, publicId: `cars/cx5-${n}` }));

function renderViewer(props: Partial<PictureViewerProps> = {}) {
  const onClose = jest.fn();
  renderWithProviders(<PictureViewer images={images} name={NAME} startIndex={0} onClose={onClose} {...props} />);
  const dialog = screen.getByRole('dialog', { name: `Photos of ${NAME}` });
  return { onClose, dialog, view: within(dialog) };
}

/** The 'n / N' index shown. */
function indexText(dialog: HTMLElement): string {
  return within(dialog).getByText(/^\d+ \/ \d+$/).textContent ?? '';
}

function press(key: string) {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
}

/** jsdom has no PointerEvent: a MouseEvent with the pointer fields the viewer reads. */
class TestPointerEvent extends MouseEvent {
  readonly pointerType: string;
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'touch';
    this.pointerId = init.pointerId ?? 1;
  }
}

function mockReducedMotion(reduce: boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  return () => {
    window.matchMedia = original;
  };
}

describe('PictureViewer', () => {
  afterEach(() => jest.useRealTimers());

  it('opens full screen on the picture asked for, with the index, the picture and the thumbnails', () => {
    const { dialog, view } = renderViewer({ startIndex: 1 });
    expect(indexText(dialog)).toBe('2 / 3');
    const picture = view.getByRole('img', { name: `${NAME}, photo 2 of 3` });
    expect(picture).toHaveAttribute('src', '/media/cars/cx5-2.webp');
    expect(picture.getAttribute('srcset')).toContain('/media/cars/cx5-2.w960.webp 960w');
    const thumbs = within(view.getByRole('list', { name: 'Choose a photo' })).getAllByRole('button');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[1]).toHaveAttribute('aria-current', 'true');
    expect(thumbs[0].querySelector('img')).toHaveAttribute('src', '/media/cars/cx5-1.w320.webp');
  });

  it('moves with the arrow keys and the buttons, wrapping around both ends', () => {
    const { dialog, view } = renderViewer();
    press('ArrowLeft');
    expect(indexText(dialog)).toBe('3 / 3');
    press('ArrowRight');
    expect(indexText(dialog)).toBe('1 / 3');
    press('ArrowRight');
    expect(indexText(dialog)).toBe('2 / 3');
    fireEvent.click(view.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(view.getByRole('button', { name: 'Next photo' }));
    expect(indexText(dialog)).toBe('1 / 3');
    fireEvent.click(view.getByRole('button', { name: 'Previous photo' }));
    expect(indexText(dialog)).toBe('3 / 3');
    fireEvent.click(view.getByRole('button', { name: 'Show photo 2' }));
    expect(indexText(dialog)).toBe('2 / 3');
    expect(view.getByRole('img', { name: `${NAME}, photo 2 of 3` })).toBeInTheDocument();
  });

  it('closes on Escape and on Close, telling which picture it showed last', () => {
    const { onClose, view } = renderViewer();
    press('ArrowRight');
    press('Escape');
    expect(onClose).toHaveBeenLastCalledWith(1);
    fireEvent.click(view.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('plays every 3000 ms once started, ignores the arrow keys meanwhile, and pauses', () => {
    jest.useFakeTimers();
    const { dialog, view } = renderViewer();
    fireEvent.click(view.getByRole('button', { name: 'Play slideshow' }));
    act(() => jest.advanceTimersByTime(VIEWER_AUTOPLAY_MS - 1));
    expect(indexText(dialog)).toBe('1 / 3');
    act(() => jest.advanceTimersByTime(1));
    expect(indexText(dialog)).toBe('2 / 3');

    press('ArrowRight');
    press('ArrowLeft');
    expect(indexText(dialog)).toBe('2 / 3');

    act(() => jest.advanceTimersByTime(VIEWER_AUTOPLAY_MS));
    expect(indexText(dialog)).toBe('3 / 3');
    act(() => jest.advanceTimersByTime(VIEWER_AUTOPLAY_MS));
    expect(indexText(dialog)).toBe('1 / 3'); // wrapped past the last

    fireEvent.click(view.getByRole('button', { name: 'Pause slideshow' }));
    act(() => jest.advanceTimersByTime(3 * VIEWER_AUTOPLAY_MS));
    expect(indexText(dialog)).toBe('1 / 3');
    press('ArrowRight');
    expect(indexText(dialog)).toBe('2 / 3');
  });

  it('starts playing by itself only when asked to', () => {
    jest.useFakeTimers();
    const { dialog, view } = renderViewer({ autoPlay: true });
    expect(view.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(VIEWER_AUTOPLAY_MS));
    expect(indexText(dialog)).toBe('2 / 3');
  });

  it('under prefers-reduced-motion neither starts autoplay by itself nor animates the slides', () => {
    const restore = mockReducedMotion(true);
    try {
      jest.useFakeTimers();
      const { dialog, view } = renderViewer({ autoPlay: true });
      expect(view.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(2 * VIEWER_AUTOPLAY_MS));
      expect(indexText(dialog)).toBe('1 / 3');
      press('ArrowRight');
      const picture = view.getByRole('img', { name: `${NAME}, photo 2 of 3` });
      expect(picture).not.toHaveClass('fromRight');
      expect(picture).not.toHaveClass('fromLeft');
    } finally {
      restore();
    }
  });

  it('slides in from the side it moves to when motion is welcome', () => {
    const { view } = renderViewer();
    press('ArrowRight');
    expect(view.getByRole('img', { name: `${NAME}, photo 2 of 3` })).toHaveClass('fromRight');
    press('ArrowLeft');
    expect(view.getByRole('img', { name: `${NAME}, photo 1 of 3` })).toHaveClass('fromLeft');
  });

  it('shows a fallback instead of a broken picture', () => {
    const { view } = renderViewer();
    fireEvent.error(view.getByRole('img', { name: `${NAME}, photo 1 of 3` }));
    expect(view.getByRole('img', { name: `${NAME}, photo 1 of 3 could not be loaded` })).toHaveTextContent('Photo unavailable');
    expect(view.queryByRole('img', { name: `${NAME}, photo 1 of 3` })).not.toBeInTheDocument();
    press('ArrowRight');
    expect(view.getByRole('img', { name: `${NAME}, photo 2 of 3` })).toBeInTheDocument();
  });

  it('changes the slide on a fast swipe and not on a slow short one', () => {
    const original = window.PointerEvent;
    Object.assign(window, { PointerEvent: TestPointerEvent });
    try {
      jest.useFakeTimers();
      const { dialog, view } = renderViewer();
      const stage = view.getByRole('img', { name: `${NAME}, photo 1 of 3` }).parentElement as HTMLElement;
      fireEvent.pointerDown(stage, { clientX: 300, pointerType: 'touch' });
      act(() => jest.advanceTimersByTime(100));
      fireEvent.pointerUp(stage, { clientX: 150, pointerType: 'touch' }); // 1.5 px/ms, leftwards
      expect(indexText(dialog)).toBe('2 / 3');

      fireEvent.pointerDown(stage, { clientX: 100, pointerType: 'touch' });
      act(() => jest.advanceTimersByTime(1000));
      fireEvent.pointerUp(stage, { clientX: 140, pointerType: 'touch' }); // 0.04 px/ms, no width to measure in jsdom
      expect(indexText(dialog)).toBe('2 / 3');
    } finally {
      Object.assign(window, { PointerEvent: original });
    }
  });

  it('has no slideshow, arrows or thumbnails for a single picture', () => {
    const { dialog, view } = renderViewer({ images: images.slice(0, 1) });
    expect(indexText(dialog)).toBe('1 / 1');
    expect(view.queryByRole('button', { name: 'Play slideshow' })).not.toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument();
    expect(view.queryByRole('list')).not.toBeInTheDocument();
  });
});

describe('picture viewer settings', () => {
  it("writes the index as 'n / N'", () => {
    expect(viewerIndexText(0, 12)).toBe('1 / 12');
  });

  it('wraps indexes around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });

  it('counts a swipe past 30% of the width, or faster than 0.4 px/ms', () => {
    expect(swipeStep(-301, 2000, 1000)).toBe(1);
    expect(swipeStep(301, 2000, 1000)).toBe(-1);
    expect(swipeStep(-299, 2000, 1000)).toBe(0);
    expect(swipeStep(-100, 200, 1000)).toBe(1); // 0.5 px/ms
    expect(swipeStep(100, 300, 1000)).toBe(0); // 0.33 px/ms
    expect(swipeStep(0, 1, 1000)).toBe(0);
  });
});

import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { frameAfterDrag } from './spin-frames';
import { SpinViewer } from './SpinViewer';

const LABEL = 'Toyota Prado 2019';
const frames = Array.from({ length: 24 }, (_, i) => ({ url: `/media/documents/prado-${i}.webp`, publicId: `documents/prado-${i}` }));

/** jsdom has no PointerEvent: a MouseEvent with the pointer fields the viewer reads. */
class TestPointerEvent extends MouseEvent {
  readonly pointerType = 'touch';
  readonly pointerId = 1;
}

function renderViewer() {
  renderWithProviders(<SpinViewer frames={frames} label={LABEL} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: '360-degree view' });
  const stage = within(dialog).getByRole('group', { name: /drag, swipe or use the left and right arrow keys/ });
  const frame = () => within(stage).getByRole('img').getAttribute('alt');
  return { dialog, stage, frame };
}

describe('SpinViewer', () => {
  it('turns with the arrow keys on its focusable stage, round past the last frame, and says which frame it shows', () => {
    const { stage, frame } = renderViewer();
    expect(frame()).toBe('Toyota Prado 2019, frame 1 of 24');
    expect(stage.tabIndex).toBe(0);
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(frame()).toBe('Toyota Prado 2019, frame 3 of 24');
    for (let i = 0; i < 3; i++) fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(frame()).toBe('Toyota Prado 2019, frame 24 of 24');
    fireEvent.keyDown(stage, { key: 'Home' });
    expect(frame()).toBe('Toyota Prado 2019, frame 1 of 24');
  });

  it('loads the first frame at once and the others only once it is shown', () => {
    const requested: string[] = [];
    const spy = jest.spyOn(window, 'Image').mockImplementation(() => {
      const image = document.createElement('img');
      Object.defineProperty(image, 'src', { set: (url: string) => requested.push(url) });
      return image;
    });
    try {
      const { stage } = renderViewer();
      const first = within(stage).getByRole('img');
      expect(first.getAttribute('src')).toMatch(/^\/media\/documents\/prado-0\./);
      expect(requested).toEqual([]);
      fireEvent.load(first);
      expect(requested).toHaveLength(23);
      expect(requested[0]).toMatch(/^\/media\/documents\/prado-1\./);
    } finally {
      spy.mockRestore();
    }
  });

  it('turns with a drag or a swipe (pointer events)', () => {
    const { stage, frame } = renderViewer();
    fireEvent(stage, new TestPointerEvent('pointerdown', { bubbles: true, clientX: 200 }));
    // jsdom lays nothing out: the stage is 0 px wide, so a frame is the 4 px minimum.
    fireEvent(stage, new TestPointerEvent('pointermove', { bubbles: true, clientX: 180 }));
    expect(frame()).toBe('Toyota Prado 2019, frame 6 of 24');
    fireEvent(stage, new TestPointerEvent('pointerup', { bubbles: true, clientX: 180 }));
    fireEvent(stage, new TestPointerEvent('pointermove', { bubbles: true, clientX: 100 }));
    expect(frame()).toBe('Toyota Prado 2019, frame 6 of 24');
    expect(frameAfterDrag(0, 40, 10, 24)).toBe(20);
  });
});

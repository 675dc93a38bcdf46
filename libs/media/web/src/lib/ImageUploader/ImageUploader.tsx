import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Loader, Progress, SimpleGrid, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useId } from 'react';
import type { ImageUploads, UploadItem } from '../use-image-uploads';
import classes from './ImageUploader.module.css';

/** Spec §2 "Create Car": shown while pictures upload (trailing space included). */
export const UPLOADING_MESSAGE = 'Uploading Images. Please Wait... ';

/**
 * Said near Submit while some pictures failed: they are left out of the save, which stays allowed.
 * Nothing when none failed.
 */
export function failedUploadsMessage(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count === 1
    ? '1 picture failed to upload and will not be saved — remove it or try again'
    : `${count} pictures failed to upload and will not be saved — remove them or try again`;
}

/** The warning of `failedUploadsMessage` for an upload list, to put next to the form's Submit. */
export function FailedUploadsWarning({ uploads }: { uploads: Pick<ImageUploads, 'items'> }) {
  const message = failedUploadsMessage(uploads.items.filter((item) => item.status === 'failed').length);
  if (!message) return null;
  return (
    <Text size="sm" c="red.8" fw={500}>
      {message}
    </Text>
  );
}

/** What the browser may pick: anything it can decode and redraw; SVG is never offered. */
export const PICKABLE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/bmp'];

export interface ImageUploaderProps {
  uploads: ImageUploads;
  /** Names the drop area and the list ("Car Images", "Brand Image"). */
  label: string;
  /** Picking several at once (cars) or one at a time (a brand logo). */
  multiple?: boolean;
  /** Removes a picture already saved with the record (the screen asks the server first). */
  onRemoveSaved?: (item: UploadItem) => void;
  /** Keys of saved pictures whose removal is in flight: their remove control waits (see `usePendingRemovals`). */
  pendingRemovals?: ReadonlySet<string>;
  /** Drag to reorder (the first picture is the main one). */
  sortable?: boolean;
  disabled?: boolean;
  /** Shown under the drop area's prompt. */
  hint?: string;
  error?: string;
}

interface TileProps {
  item: UploadItem;
  index: number;
  sortable: boolean;
  /** Its removal is in flight. */
  removing: boolean;
  onRemove: () => void;
}

function Tile({ item, index, sortable, removing, onRemove }: TileProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.key, disabled: !sortable });
  const busy = item.status === 'resizing' || item.status === 'uploading';
  const label = item.attached ? `picture ${index + 1}` : item.name;
  return (
    <li
      ref={setNodeRef}
      className={classes.tile}
      data-status={item.status}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={`Picture ${index + 1}${index === 0 ? ', main picture' : ''}`}
    >
      {item.previewUrl ? (
        <img src={item.previewUrl} alt="" className={classes.image} />
      ) : (
        // Resizing: the original is never decoded for a preview (a phone photo is ~48 MB of bitmap).
        <div className={classes.placeholder} aria-hidden="true" />
      )}
      {index === 0 && item.status === 'done' && (
        <Badge className={classes.main} size="xs" radius="sm">
          Main
        </Badge>
      )}
      {sortable && (
        <button type="button" className={classes.handle} aria-label={`Drag to reorder ${label}`} {...attributes} {...listeners}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path
              fill="currentColor"
              d="M9 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm0 7a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 8.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM18 5a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Zm-1.5 8.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM18 19a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0Z"
            />
          </svg>
        </button>
      )}
      <ActionIcon
        className={classes.remove}
        variant="filled"
        color="red"
        size="sm"
        radius="xl"
        aria-label={`Remove ${label}`}
        loading={removing}
        disabled={removing}
        loaderProps={{ size: 12 }}
        onClick={onRemove}
      >
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </ActionIcon>
      {busy && (
        <div className={classes.status}>
          <Progress
            value={Math.round(item.progress * 100)}
            size="sm"
            animated={item.status === 'resizing'}
            aria-label={`Uploading ${item.name}`}
            aria-valuenow={Math.round(item.progress * 100)}
          />
        </div>
      )}
      {item.status === 'failed' && (
        <Text className={classes.failed} size="xs" c="red.8" role="alert">
          {item.error}
        </Text>
      )}
    </li>
  );
}

/**
 * A picture list for an admin form: a drop area (or tap to pick), one tile per picture with its
 * upload progress, a remove control, and drag to reorder (mouse, touch or keyboard: focus the
 * handle, Space, arrows, Space). Built on Mantine Dropzone and dnd-kit.
 */
export function ImageUploader({ uploads, label, multiple = true, onRemoveSaved, pendingRemovals, sortable = true, disabled, hint, error }: ImageUploaderProps) {
  const hintId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = uploads.items.map((item) => item.key);
  const nameOf = (id: string | number) => {
    const index = keys.indexOf(String(id));
    const item = uploads.items[index];
    return item?.attached ? `picture ${index + 1}` : (item?.name ?? 'picture');
  };
  const position = (id: string | number) => {
    const index = keys.indexOf(String(id));
    return index === 0 ? 'position 1, the main picture' : `position ${index + 1}`;
  };
  // What a screen reader hears while a picture is moved (dnd-kit's defaults name internal ids).
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${position(over.id)}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${position(over.id)}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    uploads.move(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };

  const removeItem = (item: UploadItem) => {
    if (pendingRemovals?.has(item.key)) return;
    if (item.attached && onRemoveSaved) onRemoveSaved(item);
    else uploads.remove(item.key);
  };

  return (
    <div className={classes.root}>
      <Dropzone
        onDrop={(files) => uploads.add(files)}
        accept={PICKABLE_IMAGE_TYPES}
        multiple={multiple}
        disabled={disabled}
        // react-dropzone's focusable root says role="presentation": a screen reader would find no name or role.
        role="button"
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        aria-disabled={disabled || undefined}
        className={classes.dropzone}
        data-invalid={error ? true : undefined}
        inputProps={{ 'aria-label': label }}
      >
        <Group justify="center" gap="xs" mih={72} style={{ pointerEvents: 'none' }}>
          <div>
            <Text fw={600} ta="center">
              <Dropzone.Idle>{multiple ? 'Drop pictures here or tap to choose' : 'Drop a picture here or tap to choose'}</Dropzone.Idle>
              <Dropzone.Accept>Drop to upload</Dropzone.Accept>
              <Dropzone.Reject>Images only</Dropzone.Reject>
            </Text>
            {hint && (
              <Text size="sm" c="dimmed" ta="center" id={hintId}>
                {hint}
              </Text>
            )}
          </div>
        </Group>
      </Dropzone>
      {error && (
        <Text size="sm" c="red.8" mt={4} role="alert">
          {error}
        </Text>
      )}
      {uploads.isUploading && (
        <Group gap="xs" mt="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{UPLOADING_MESSAGE}</Text>
        </Group>
      )}
      {uploads.items.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
          <SortableContext items={keys} strategy={rectSortingStrategy}>
            <SimpleGrid component="ul" cols={{ base: 3, sm: 4, md: 5 }} spacing="xs" className={classes.list} aria-label={label}>
              {uploads.items.map((item, index) => (
                <Tile
                  key={item.key}
                  item={item}
                  index={index}
                  sortable={sortable && uploads.items.length > 1}
                  removing={pendingRemovals?.has(item.key) ?? false}
                  onRemove={() => removeItem(item)}
                />
              ))}
            </SimpleGrid>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

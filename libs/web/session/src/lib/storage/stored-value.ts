import { useCallback, useMemo, useSyncExternalStore } from 'react';

// Same-tab writes notify other hook instances through this event; other tabs through `storage`.
const LOCAL_CHANGE_EVENT = 'dealership:storage';

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(key: string, raw: string | null): void {
  try {
    if (raw === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, raw);
  } catch {
    // Storage blocked (private mode, quota): the value lives until reload only via the event below.
  }
  window.dispatchEvent(new CustomEvent<string>(LOCAL_CHANGE_EVENT, { detail: key }));
}

function subscribe(key: string, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  const onLocal = (event: Event) => {
    if (event instanceof CustomEvent && event.detail === key) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(LOCAL_CHANGE_EVENT, onLocal);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(LOCAL_CHANGE_EVENT, onLocal);
  };
}

/** Parses the raw JSON text of a stored value; receives `null` when nothing is stored. */
export type StoredValueParser<T> = (raw: string | null) => T;

/** Reads and parses a stored value outside React. */
export function readStoredValue<T>(key: string, parse: StoredValueParser<T>): T {
  return parse(readRaw(key));
}

/** Writes a value as JSON, or removes it when `value` is null. */
export function writeStoredValue<T>(key: string, value: T | null): void {
  writeRaw(key, value === null ? null : JSON.stringify(value));
}

/** Safe `JSON.parse`: `undefined` for missing or malformed text. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A `localStorage` entry as React state, shared by every component that reads the same key
 * and kept in sync across tabs. `parse` must be a stable (module-level) function.
 */
export function useStoredValue<T>(key: string, parse: StoredValueParser<T>): [T, (update: (current: T) => T | null) => void] {
  const subscribeKey = useCallback((onChange: () => void) => subscribe(key, onChange), [key]);
  const raw = useSyncExternalStore(
    subscribeKey,
    () => readRaw(key),
    () => null,
  );
  const value = useMemo(() => parse(raw), [parse, raw]);
  // Updates read the freshest stored value, so concurrent writers never lose each other's changes.
  const update = useCallback((fn: (current: T) => T | null) => writeStoredValue(key, fn(readStoredValue(key, parse))), [key, parse]);
  return [value, update];
}

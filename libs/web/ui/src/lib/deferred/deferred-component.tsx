import { type ComponentType, createContext, lazy, type RefObject, Suspense, useContext, useEffect, useRef } from 'react';
import { PageLoader } from '../PageLoader/PageLoader';
import classes from './deferred-component.module.css';
import { announceTypedTextIn } from './typed-before-hydration';

/**
 * During a server render (apps/web/src/entry-server.tsx): the source files of the deferred
 * components the page rendered, so the server inlines their chunks' styles with the page's own
 * (libs/server/http/src/web-app.ts). Absent in the browser.
 */
export const DeferredChunksContext = createContext<Set<string> | undefined>(undefined);

export interface DeferredOptions {
  /**
   * The component's source file from the repository's root
   * (`libs/lead/web/src/lib/trade-in/TradeInForm.tsx`): the key of its chunk in Vite's manifest.
   */
  source: string;
  /** Height kept for it while its chunk loads after a link inside the app. */
  minHeight: number;
  label?: string;
}

/** Taps on a deferred part's controls made before its code ran, held until it has hydrated (`holdTapIfDeferred`). */
const heldTaps: HTMLElement[] = [];

/**
 * For the page's replay of early taps (apps/web early-taps-replay): a tap on a control inside a
 * deferred part that has not hydrated yet is held (true), and replayed by that part once it has;
 * clicking it now would reach no handler, and hydration would then undo what it changed.
 */
export function holdTapIfDeferred(element: HTMLElement): boolean {
  if (!element.closest('[data-deferred]:not([data-hydrated])')) return false;
  heldTaps.push(element);
  return true;
}

/**
 * Once the deferred part has hydrated (its Suspense boundary committed), hands the component the
 * text typed into its server-rendered fields while its code was on its way, then clicks again the
 * controls tapped meanwhile: the page is interactive before this part is, and a buyer who started
 * typing their name would otherwise see it in the field and read "Name is required" on sending.
 */
function TypedBeforeHydration({ root }: { root: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    const part = root.current;
    if (!part) return;
    part.setAttribute('data-hydrated', 'true');
    announceTypedTextIn(part);
    for (let i = 0; i < heldTaps.length; ) {
      const element = heldTaps[i];
      if (!part.contains(element)) {
        i++;
        continue;
      }
      heldTaps.splice(i, 1);
      if (element.isConnected) element.click();
    }
  }, [root]);
  return null;
}

/**
 * A component written into a page whose code comes in a chunk of its own: the server renders it
 * with the page (and its styles), and in the browser React hydrates the rest of the page first and
 * this part when its chunk has arrived. For a large part below the fold (a lead form with its form
 * library and inputs), so the header and the page's own buttons answer sooner on a slow phone.
 * The placeholder only shows when the page was reached by a link inside the app, while the chunk
 * loads.
 */
export function deferredComponent<Props extends object>(load: () => Promise<ComponentType<Props>>, { source, minHeight, label = 'Loading…' }: DeferredOptions) {
  const Component = lazy(async () => ({ default: await load() }));
  function Deferred(props: Props) {
    useContext(DeferredChunksContext)?.add(source);
    const root = useRef<HTMLDivElement>(null);
    // A box that adds nothing to the layout, to find the part's fields once it has hydrated.
    return (
      <div ref={root} className={classes.root} data-deferred="">
        <Suspense fallback={<PageLoader label={label} minHeight={minHeight} />}>
          <Component {...props} />
          <TypedBeforeHydration root={root} />
        </Suspense>
      </div>
    );
  }
  return Deferred;
}

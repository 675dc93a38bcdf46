import {
  type ComponentType,
  createContext,
  lazy,
  type RefObject,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { PageLoader } from '../PageLoader/PageLoader';
import classes from './deferred-component.module.css';
import { editsIn } from './typed-before-hydration';

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
  // A second tap before the code is the same wish, not a second send.
  if (!heldTaps.includes(element)) heldTaps.push(element);
  return true;
}

/** Controls whose tap needs the part's code: buttons (a form's send among them). */
const BUTTONS = 'button, [role="button"], input[type="submit"]';

/**
 * From the page's hydration (early-taps.js held taps until then) to a part's: React stops a click
 * on the part's content from propagating, as no handler of it is there yet, but leaves its default
 * (a form's send would be sent by the browser itself). A tap on one of the part's buttons is held
 * for the part to replay once it has hydrated. Fields, boxes and lists are left to change, and are
 * announced then (`editsIn`). On the document, in the capture phase: before React's own
 * listener at the app's root.
 */
function holdTapBeforePartHydrated(event: MouseEvent): void {
  const control = event.target instanceof Element ? event.target.closest<HTMLElement>(BUTTONS) : null;
  if (control && !control.matches(':disabled') && holdTapIfDeferred(control)) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}

let holdingTaps = false;

const noSubscription = () => () => undefined;
const isHydrating = () => true;
const isNotHydrating = () => false;

/** Holds taps on the buttons of deferred parts not hydrated yet, from the first part's hydration on. */
function useTapsHeldUntilHydrated(): void {
  useEffect(() => {
    if (holdingTaps) return;
    holdingTaps = true;
    document.addEventListener('click', holdTapBeforePartHydrated, true);
  }, []);
}

/** Clicks again the held taps on controls inside `part`, in order. */
function replayTapsIn(part: Element): void {
  for (let i = 0; i < heldTaps.length; ) {
    const element = heldTaps[i];
    if (!part.contains(element)) {
      i++;
      continue;
    }
    heldTaps.splice(i, 1);
    if (element.isConnected) element.click();
  }
}

/**
 * Once the deferred part has hydrated (its Suspense boundary committed), hands the component what
 * was filled into its server-rendered fields while its code was on its way (text, boxes ticked,
 * choices, photos picked: `editsIn`), then clicks again the controls tapped meanwhile: the
 * page is interactive before this part is, and a buyer who started typing their name would
 * otherwise see it in the field and read "Name is required" on sending. The taps wait for a task:
 * by then React has rendered what the edits changed (a photo picked is uploading), which a send
 * tapped must see.
 */
function TypedBeforeHydration({ root, fromServer, onHydrated }: { root: RefObject<HTMLDivElement | null>; fromServer: boolean; onHydrated: () => void }) {
  useEffect(() => {
    const part = root.current;
    // Once: a second run (StrictMode's) would pick the photos again.
    if (!part || part.hasAttribute('data-hydrated')) return;
    part.setAttribute('data-hydrated', 'true');
    onHydrated();
    // Read now, before a render resets a field; announced once React has left its effects.
    // Drawn in the browser, the part had no fields before its code (and its lists mark no default).
    const edits = fromServer ? editsIn(part) : [];
    queueMicrotask(() => {
      for (const announce of edits) announce();
    });
    setTimeout(() => replayTapsIn(part));
  }, [root, fromServer, onHydrated]);
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
    useTapsHeldUntilHydrated();
    // Until the part has hydrated, a render of the page must not reach it at once (a tap's, or an
    // address changed): React would give up hydrating it and draw it anew, its placeholder and then
    // an empty form, and what the visitor typed into it would be gone. It keeps the props it was
    // drawn with; new ones follow in a transition, which waits for the part to have hydrated.
    // Only a part hydrated from the server's page: one drawn in the browser takes its props at once.
    // Whether it was first drawn hydrating (true only then), kept: React draws it again just after.
    const [fromServer] = useState(useSyncExternalStore(noSubscription, isNotHydrating, isHydrating));
    const [early, setEarly] = useState<{ props: Props } | null>(fromServer ? { props } : null);
    const shown = early?.props ?? props;
    useEffect(() => {
      if (early && early.props !== props) startTransition(() => setEarly({ props }));
    });
    const part = useMemo(
      () => (
        <Suspense fallback={<PageLoader label={label} minHeight={minHeight} />}>
          <Component {...shown} />
          <TypedBeforeHydration root={root} fromServer={fromServer} onHydrated={() => setEarly(null)} />
        </Suspense>
      ),
      [shown, fromServer],
    );
    // A box that adds nothing to the layout, to find the part's fields once it has hydrated.
    return (
      <div ref={root} className={classes.root} data-deferred="">
        {part}
      </div>
    );
  }
  return Deferred;
}

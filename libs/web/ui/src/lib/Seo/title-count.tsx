import { createContext, useContext } from 'react';

/**
 * A count the page titles below show first, "(3) Leads | …", as mail and chat tabs do: the back
 * office's waiting leads and orders, seen from another tab. Through the pages' own `<title>`
 * (React 19 owns it) rather than by writing `document.title`, which React would overwrite.
 */
export const TitleCountContext = createContext(0);

/** `title` with the count first while there is one. */
export function countedTitle(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title;
}

/** The count of the enclosing `TitleCountContext` (0 outside one). */
export const useTitleCount = () => useContext(TitleCountContext);

import { Center, Pagination, type MantineSize } from '@mantine/core';

// Public pages load only the Mantine sheets they use (apps/web/src/mantine-styles.ts): the pagination's own.
import '@mantine/core/styles/Pagination.css';

const CONTROL_LABELS: Record<string, string> = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' };

export interface PageNavProps {
  /** Number of pages. */
  total: number;
  /** The page shown (1-based); past the last is shown as the last. */
  page: number;
  onChange: (page: number) => void;
  /** Names the navigation ('Order pages'). */
  label: string;
  size?: MantineSize;
}

/** The pages of a long list (the back office's, the testimonials): Mantine Pagination with spoken names ('Page 3', 'Next page'); nothing for one page. */
export function PageNav({ total, page, onChange, label, size }: PageNavProps) {
  if (total <= 1) return null;
  return (
    <Center component="nav" aria-label={label}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={onChange}
        size={size}
        siblings={1}
        boundaries={1}
        getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] ?? control })}
      />
    </Center>
  );
}

import type { ChecklistArea } from '@dealership/inspection-schemas';

/**
 * The checklist as the owner edits it: an area per `# Name` line, its points one per line below.
 * Plain text in a textarea: reordering, adding and renaming points is typing.
 */
export function checklistToText(areas: ChecklistArea[]): string {
  return areas.map((area) => [`# ${area.name}`, ...area.points].join('\n')).join('\n\n');
}

/** The areas of the owner's text; points before the first `#` line go under "General". */
export function checklistFromText(text: string): ChecklistArea[] {
  const areas: ChecklistArea[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) areas.push({ name: line.replace(/^#+\s*/, ''), points: [] });
    else (areas.at(-1) ?? areas[areas.push({ name: 'General', points: [] }) - 1]).points.push(line);
  }
  return areas;
}

import { checklistFromText, checklistToText } from './checklist-text';

describe('the checklist as text', () => {
  it('reads areas and their points back as written', () => {
    const areas = [
      { name: 'Engine', points: ['Starts from cold', 'No leaks'] },
      { name: 'Brakes', points: ['Pads'] },
    ];
    expect(checklistFromText(checklistToText(areas))).toEqual(areas);
    expect(checklistFromText('Logbook\n\n#  Engine \n  Idles \n')).toEqual([
      { name: 'General', points: ['Logbook'] },
      { name: 'Engine', points: ['Idles'] },
    ]);
  });
});

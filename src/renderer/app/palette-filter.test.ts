import { describe, expect, it } from 'vitest';
import { nearStart, normalize, paletteEntries, rankEntries } from './palette-filter';

const ids = (query: string) => rankEntries(paletteEntries, query).map((e) => e.id);

describe('command palette filtering', () => {
  it('lists every command but the palette itself, in the menu order, for an empty query', () => {
    expect(ids('')).toEqual(paletteEntries.map((e) => e.id));
    expect(ids('   ')).not.toContain('palette');
    expect(ids('')[0]).toBe('new-post');
  });

  it('puts "Go to <section>" first when the section is typed', () => {
    expect(ids('planner')[0]).toBe('go-planner');
    // "New post" mentions the planner among its keywords, so it is offered too, after.
    expect(ids('planner')).toContain('new-post');
    expect(ids('sett')[0]).toBe('go-settings');
    expect(ids('studio')[0]).toBe('go-studio');
    expect(ids('go to sync')[0]).toBe('go-sync');
  });

  it('matches keywords, not only labels', () => {
    expect(ids('dark mode')).toEqual(['toggle-theme']);
    expect(ids('preferences')).toEqual(['go-settings']);
    expect(ids('generate')).toEqual(['run-ai-job']);
    expect(ids('logs')).toEqual(['export-diagnostics']);
  });

  it('needs every typed word to match, in any order', () => {
    expect(ids('post new')).toEqual(['new-post']);
    expect(ids('new zebra')).toEqual([]);
    expect(ids('zzz')).toEqual([]);
  });

  it('ignores case, accents and the ellipsis, and accepts letters in order', () => {
    expect(normalize('Import media…')).toBe('import media');
    expect(ids('IMPORT')[0]).toBe('import');
    expect(ids('thème')[0]).toBe('toggle-theme');
    expect(ids('sncnw')).toEqual(['sync-now']);
  });

  it('ranks a label that starts with the query above one that merely contains it', () => {
    expect(ids('sync')).toEqual(['go-sync', 'sync-now']);
    expect(ids('s')[0]).toBe('search');
  });

  it('finds commands by synonyms, and forgives one slip in a longer word', () => {
    expect(ids('sched')[0]).toBe('schedule-post');
    expect(ids('sched')).toEqual(expect.arrayContaining(['new-post', 'open-calendar', 'go-planner']));
    expect(ids('compose')[0]).toBe('new-post');
    expect(ids('calendar')[0]).toBe('open-calendar');
    expect(ids('upload')[0]).toBe('import');
    expect(ids('shcedule')[0]).toBe('schedule-post');
    expect(ids('improt')[0]).toBe('import');
    expect(nearStart('sync', 'sink')).toBe(false);
    expect(nearStart('imp', 'imq')).toBe(false);
    expect(nearStart('cxlxndar', 'calendar')).toBe(false);
    expect(nearStart('calednar', 'calendar')).toBe(true);
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { record } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { TemplatesPanel } from '../TemplatesPanel';

// Snippets are media template records marked with their kind: the Templates tab must not list them.
const template = record('mediaTemplates', 't1', { name: 'Weekly offer', body: 'Hello {{product}}' });
const snippet = record('mediaTemplates', 's1', { name: 'Launch tags', body: '#launch', snippet: 'hashtags' });

describe('templates tab', () => {
  it('lists templates only, never snippets', async () => {
    const fake = fakeBackend().answer('records.list', { items: [snippet, template], total: 2 });
    renderWithBackend(<TemplatesPanel request={null} />, fake);
    expect((await screen.findByTestId('template-row-t1')).textContent).toContain('Weekly offer');
    expect(screen.queryByTestId('template-row-s1')).toBeNull();
    expect(screen.queryByText('Launch tags')).toBeNull();
  });
});

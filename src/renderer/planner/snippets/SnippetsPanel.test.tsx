import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChannelArgs } from '../../../shared/contract';
import type { Snippet } from '../../../shared/snippets';
import { appError } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { SnippetsPanel } from './SnippetsPanel';
import { snippetView } from './test-snippets';

const tags = snippetView({ id: 's1', name: 'Launch tags', body: '#launch #{{product}}', uses: 3 });
const sign = snippetView({ id: 's2', name: 'Sign-off', body: '— Mara', kind: 'signature' });

/** The tab on a backend that keeps the snippets it is given and makes, changes and removes them. */
function panel(list: Snippet[] = [tags, sign]) {
  const fake = fakeBackend()
    .answer('snippets.list', () => list)
    .answer('snippets.create', ({ fields }: ChannelArgs<'snippets.create'>) => {
      const made = snippetView({ id: 's-new', ...fields });
      list = [...list, made];
      return made;
    })
    .answer('snippets.update', ({ id, fields }: ChannelArgs<'snippets.update'>) => {
      list = list.map((s) => (s.id === id ? snippetView({ ...s, ...fields }) : s));
      return list.find((s) => s.id === id)!;
    })
    .answer('snippets.remove', ({ id }) => {
      list = list.filter((s) => s.id !== id);
      return {};
    });
  return renderWithBackend(<SnippetsPanel request={null} />, fake);
}

describe('snippets tab', () => {
  it('lists each snippet with its kind and how often it was used', async () => {
    panel();
    expect((await screen.findByTestId('snippet-row-s1')).textContent).toContain('Hashtag set · used 3×');
    expect(screen.getByTestId('snippet-row-s2').textContent).toContain('Signature · not used yet');
  });

  it('creates a snippet, naming the variables it will ask for', async () => {
    const { user, fake } = panel([]);
    expect(await screen.findByText(/No snippets yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New snippet' }));
    await user.type(screen.getByLabelText('Name'), 'Shop CTA');
    await user.selectOptions(screen.getByLabelText('Kind'), 'cta');
    await user.type(screen.getByLabelText('Text'), 'Shop {{{{product}} at {{{{link}}');
    expect(screen.getByText('Asked for when inserted: {{product}} {{link}}')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create snippet' }));
    await waitFor(() => expect(fake.calls('snippets.create')).toHaveLength(1));
    expect(fake.calls('snippets.create')[0]!.fields).toEqual({
      name: 'Shop CTA',
      kind: 'cta',
      body: 'Shop {{product}} at {{link}}',
    });
    expect(await screen.findByText('Snippet created.')).toBeTruthy();
    expect(await screen.findByTestId('snippet-row-s-new')).toBeTruthy();
  });

  it('edits a snippet and deletes it after asking once more', async () => {
    const { user, fake } = panel();
    await user.click(await screen.findByTestId('snippet-row-s2'));
    expect(screen.getByTestId('snippet-uses').textContent).toBe('Not used yet on this computer.');
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Signature');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.calls('snippets.update')).toHaveLength(1));
    expect(fake.calls('snippets.update')[0]).toEqual({
      id: 's2',
      fields: { name: 'Signature', body: '— Mara', kind: 'signature' },
    });
    expect(await screen.findByText('Saved.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete…' }));
    expect(fake.calls('snippets.remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete “Signature”' }));
    await waitFor(() => expect(fake.calls('snippets.remove')).toEqual([{ id: 's2' }]));
    await waitFor(() => expect(screen.queryByTestId('snippet-row-s2')).toBeNull());
    expect(screen.getByText(/Choose a snippet to edit it/)).toBeTruthy();
  });

  it('refuses an empty name and text without asking the core; shows its refusals beside the field', async () => {
    const { user, fake } = panel();
    await user.click(await screen.findByRole('button', { name: 'New snippet' }));
    await user.click(screen.getByRole('button', { name: 'Create snippet' }));
    expect(await screen.findByText('Enter a name for the snippet')).toBeTruthy();
    expect(screen.getByText('Write the text of the snippet')).toBeTruthy();
    expect(fake.calls('snippets.create')).toHaveLength(0);

    fake.failOnce(
      'snippets.create',
      appError({
        code: 'validation',
        message: 'This snippet is not valid.',
        issues: [{ path: 'fields.name', message: 'That name is taken' }],
      }),
    );
    await user.type(screen.getByLabelText('Name'), 'Tags');
    await user.type(screen.getByLabelText('Text'), '#a');
    await user.click(screen.getByRole('button', { name: 'Create snippet' }));
    expect(await screen.findByText('That name is taken')).toBeTruthy();
  });
});

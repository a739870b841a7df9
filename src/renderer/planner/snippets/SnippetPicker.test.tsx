import { screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChannelArgs } from '../../../shared/contract';
import { assetDetail, record } from '../../test-support/test-fixtures';
import { fakeBackend, renderWithBackend } from '../../test-support/test-render';
import { PostEditor } from '../PostEditor';
import { fillForTest } from './test-fill';
import { SNIPPET_TARGET } from './insert-text';
import { SnippetPicker } from './SnippetPicker';
import { snippetView } from './test-snippets';

const tags = snippetView({ id: 's1', name: 'Launch tags', body: '#launch #studio', uses: 4 });
const cta = snippetView({
  id: 's2',
  name: 'Shop CTA',
  body: 'Shop {{product}} on {{channel}} by {{date}}',
  kind: 'cta',
});
const sign = snippetView({ id: 's3', name: 'Sign-off', body: '— Mara', kind: 'signature' });

/** A controlled text field (as a channel's variant text is) with a picker beside it. */
function Host({ start }: { start: string }) {
  const [text, setText] = useState(start);
  const box = useRef<HTMLTextAreaElement | null>(null);
  return (
    <>
      <label htmlFor="t">Text</label>
      <textarea id="t" ref={box} {...{ [SNIPPET_TARGET]: '' }} value={text} onChange={(e) => setText(e.target.value)} />
      <SnippetPicker target={() => box.current} known={{ channel: 'Shop', date: '2026-11-30' }} />
    </>
  );
}

/** A backend with the snippets, filling their variables as the core does. */
function backend() {
  return fakeBackend()
    .answer('snippets.list', [tags, cta, sign])
    .answer('snippets.use', ({ id, values }: ChannelArgs<'snippets.use'>) => {
      const s = [tags, cta, sign].find((x) => x.id === id)!;
      return { ...fillForTest(s.body, values), uses: s.uses + 1 };
    });
}

function host(start = 'Hello world') {
  const rendered = renderWithBackend(<Host start={start} />, backend());
  const box = () => screen.getByLabelText<HTMLTextAreaElement>('Text');
  return { ...rendered, box };
}

describe('snippet picker', () => {
  it('asks for nothing until it is opened', async () => {
    const { user, fake } = host();
    await user.type(screen.getByLabelText('Text'), '!');
    expect(fake.calls('snippets.list')).toHaveLength(0);
  });

  it('inserts a chosen snippet at the caret, counts the use, and gives the keyboard back to the text', async () => {
    const { user, fake, box } = host();
    box().focus();
    box().setSelectionRange(5, 5);
    await user.click(screen.getByRole('button', { name: 'Insert snippet…' }));
    const option = await screen.findByTestId('snippet-option-s1');
    expect(option.textContent).toContain('used 4×');
    await user.click(option);
    await waitFor(() => expect(box().value).toBe('Hello #launch #studio world'));
    expect(fake.calls('snippets.use')).toEqual([{ id: 's1', values: {} }]);
    expect(screen.queryByTestId('snippet-picker-dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(box()));
    expect(box().selectionStart).toBe('Hello #launch #studio'.length);
  });

  it('replaces the selected words, and works from the keyboard alone', async () => {
    const { user, box } = host('Hello world');
    box().focus();
    box().setSelectionRange(6, 11);
    await user.keyboard('{Tab}{Enter}');
    const search = await screen.findByRole('combobox', { name: 'Search snippets' });
    expect(document.activeElement).toBe(search);
    await user.type(search, 'mara');
    await screen.findByTestId('snippet-option-s3');
    expect(screen.queryByTestId('snippet-option-s1')).toBeNull();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(box().value).toBe('Hello — Mara'));
  });

  it('asks for the variables, with the post’s known values filled in, and leaves blank ones to fill', async () => {
    const { user, fake, box } = host('');
    await user.click(screen.getByRole('button', { name: 'Insert snippet…' }));
    await user.click(await screen.findByTestId('snippet-option-s2'));
    expect(screen.getByRole('heading', { name: 'Insert “Shop CTA”' })).toBeTruthy();
    const product = screen.getByLabelText('{{product}}');
    await waitFor(() => expect(document.activeElement).toBe(product));
    expect(screen.getByLabelText<HTMLInputElement>('{{channel}}').value).toBe('Shop');
    expect(screen.getByLabelText<HTMLInputElement>('{{date}}').value).toBe('2026-11-30');
    await user.clear(screen.getByLabelText('{{date}}'));
    await user.type(product, 'mugs{Enter}');
    await waitFor(() => expect(box().value).toBe('Shop mugs on Shop by {{date}}'));
    expect(fake.calls('snippets.use')).toEqual([{ id: 's2', values: { product: 'mugs', channel: 'Shop', date: '' } }]);
    expect(screen.getByTestId('snippet-picker-said').textContent).toBe('Still to fill: {{date}}');
  });

  it('closes on Escape without touching the text', async () => {
    const { user, fake, box } = host();
    await user.click(screen.getByRole('button', { name: 'Insert snippet…' }));
    await screen.findByTestId('snippet-option-s1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('snippet-picker-dialog')).toBeNull());
    expect(box().value).toBe('Hello world');
    expect(fake.calls('snippets.use')).toHaveLength(0);
  });
});

describe('snippets in the post editor', () => {
  it('puts a snippet into the post’s text, offers the scheduled day for {{date}}, and saves it', async () => {
    const fake = backend()
      .answer('channels.list', [])
      .answer('library.get', ({ id }) => assetDetail({ id }))
      .answer('records.create', ({ fields }) => record('posts', 'p-new', fields));
    const { user } = renderWithBackend(
      <PostEditor record={null} plans={[]} tz="UTC" notice={null} onSaved={vi.fn()} onDeleted={vi.fn()} />,
      fake,
    );
    await user.type(screen.getByLabelText('Text'), 'New mugs.');
    await user.type(screen.getByLabelText('Scheduled for'), '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Insert snippet… into the post’s text' }));
    await user.click(await screen.findByTestId('snippet-option-s2'));
    expect(screen.getByLabelText<HTMLInputElement>('{{date}}').value).toBe('2026-12-01');
    await user.type(screen.getByLabelText('{{product}}'), 'mugs');
    await user.type(screen.getByLabelText('{{channel}}'), 'the shop{Enter}');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLTextAreaElement>('Text').value).toBe(
        'New mugs. Shop mugs on the shop by 2026-12-01',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create post' }));
    await waitFor(() => expect(fake.calls('records.create')).toHaveLength(1));
    expect(fake.calls('records.create')[0]!.fields.text).toBe('New mugs. Shop mugs on the shop by 2026-12-01');
  });
});

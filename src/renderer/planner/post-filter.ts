import type { PostStatus, PostView } from './fields';

export interface PostFilter {
  text: string;
  status: PostStatus | '';
  channel: string;
}

export const noPostFilter: PostFilter = { text: '', status: '', channel: '' };

/** Posts matching every word of the search (in text or any channel's name), the status and one of the channels. */
export function filterPosts(posts: readonly PostView[], f: PostFilter): PostView[] {
  const words = f.text.toLowerCase().split(/\s+/).filter(Boolean);
  return posts.filter((p) => {
    if (f.status && p.status !== f.status) return false;
    const wanted = f.channel.toLowerCase();
    if (wanted && !p.channels.some((c) => c.toLowerCase() === wanted)) return false;
    const hay = `${p.text}\n${p.channels.join('\n')}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** Distinct channel labels, case-insensitively, in the spelling first seen; sorted. */
export function channelsOf(...lists: readonly (readonly (string | null | undefined)[])[]): string[] {
  const seen = new Map<string, string>();
  for (const list of lists)
    for (const c of list)
      if (c?.trim() && !seen.has(c.trim().toLowerCase())) seen.set(c.trim().toLowerCase(), c.trim());
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}

export const statusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  scheduled: 'Scheduled',
  published: 'Published',
  failed: 'Failed',
};

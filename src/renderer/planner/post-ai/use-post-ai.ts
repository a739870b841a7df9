import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import type { PostAiRequestView } from '../../../shared/post-ai';
import { useAssetRecords } from '../use-asset-records';
import { useBackend, useChannel } from '../../backend/context';
import type { PostValues } from '../post-form';
import { withImage } from './post-ai-view';

type Form = UseFormReturn<PostValues, unknown, PostValues>;

/** A saved post's AI requests, fetched again when one changes or the AI queue moves. */
export function usePostAiRequests(postId: string | null) {
  const api = useBackend();
  const client = useQueryClient();
  const query = useChannel('planner.postAiRequests', { postId: postId ?? '' }, { enabled: postId !== null });
  useEffect(() => {
    if (postId === null) return;
    const refresh = () => void client.invalidateQueries({ queryKey: ['planner.postAiRequests', { postId }] });
    const offMine = api.on('planner.postAiChanged', ({ postIds }) => postIds.includes(postId) && refresh());
    const offQueue = api.on('ai.changed', ({ progressOnly }) => !progressOnly && refresh());
    return () => {
      offMine();
      offQueue();
    };
  }, [api, client, postId]);
  return query;
}

/**
 * What the core attached while this composer is open, put in the form too: the composer shows the new image,
 * and a save does not take it away. Only requests seen waiting here are mirrored (an image the person
 * removed earlier is not brought back). Returns a function that marks a just-started request as seen.
 */
export function useMirrorAttached(form: Form, requests: readonly PostAiRequestView[] | undefined) {
  const seen = useRef(new Set<string>());
  const mirrored = useRef(new Set<string>());
  const client = useQueryClient();
  useEffect(() => {
    for (const r of requests ?? []) {
      if (r.state === 'waiting') seen.current.add(r.id);
      if (r.state !== 'done' || !seen.current.has(r.id) || mirrored.current.has(r.id)) continue;
      mirrored.current.add(r.id);
      if (r.kind === 'image') {
        const next = withImage(form.getValues(), r);
        form.setValue('asset_ids', next.asset_ids);
        form.setValue('targets', next.targets);
      }
      // The alt text the core wrote shows on the media's button and in the previews.
      if (r.kind === 'altText' && r.assetId)
        void client.invalidateQueries({ queryKey: ['library.get', { id: r.assetId }] });
    }
  }, [requests, form, client]);
  return useCallback((id: string) => void seen.current.add(id), []);
}

/** The library's records of these media (names and kinds), shared with the thumbnails' cache. */
export function useMediaFacts(ids: readonly string[]) {
  return useAssetRecords(ids).flatMap((r) => (r.data ? [r.data] : []));
}

import type { AppError } from '../../shared/errors';

/** A short message about the last action, shown in the library's status region. */
export interface Notice {
  tone: 'info' | 'error';
  text: string;
  hint?: string | undefined;
  action?: { label: string; run: () => void } | undefined;
}

export const errorNotice = (e: AppError): Notice => ({ tone: 'error', text: e.message, hint: e.hint });

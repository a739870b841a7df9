import type { AppError } from '../../shared/errors';

import type { ToastNotice } from '../app/NoticeToast';

/** A short message about the last action: a passing toast, or an error kept in the library's status region. */
export interface Notice extends ToastNotice {
  tone: 'info' | 'error';
}

export const errorNotice = (e: AppError): Notice => ({ tone: 'error', text: e.message, hint: e.hint });

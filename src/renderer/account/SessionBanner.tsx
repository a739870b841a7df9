import type { SectionId } from '../app/sections';
import { useChannel } from '../backend/context';

/** One clear, app-wide prompt when the session needs the user; nothing otherwise. */
export function SessionBanner({ go }: { go: (id: SectionId) => void }) {
  const session = useChannel('session.get', {});
  const s = session.data;
  if (!s) return null;
  let text: string | null = null;
  if (s.state === 'needs_sign_in')
    text =
      `Your session ended${s.message ? ` (“${s.message}”)` : ''}. ` +
      'Sign in again — your queued work is waiting, not lost.';
  else if (s.state === 'api_key_expired')
    text = 'Your API key expired. Generate a new one in your account’s API Key section and paste it in Settings.';
  else if (s.state === 'api_key_denied')
    text =
      `The platform refused your API key${s.message ? ` (“${s.message}”)` : ''}. ` +
      'Generate a new one in your account’s API Key section.';
  else if (s.apiKey?.warning === '1d')
    text = 'Your API key expires within a day. Generate a new one in your account’s API Key section.';
  else if (s.apiKey?.warning === '7d') text = 'Your API key expires within 7 days.';
  if (!text) return null;
  return (
    <div className="banner" role="alert" data-testid="session-banner">
      <span>{text}</span>
      <button type="button" onClick={() => go('settings')}>
        Open Settings
      </button>
    </div>
  );
}

import { useState } from 'react';
import type { ReplaceOutcome } from '../../shared/backups';
import { useBackend } from '../backend/context';

/**
 * After a restore or rescue the core reopens on the new database. The desktop app relaunches by
 * itself; browser mode reloads the page once the new core answers.
 */
export function useReopen(): { reopening: boolean; after: (outcome: ReplaceOutcome) => void; message: string | null } {
  const api = useBackend();
  const [state, setState] = useState<{ reopening: boolean; message: string | null }>({
    reopening: false,
    message: null,
  });
  return {
    ...state,
    after: (outcome) => {
      if (!outcome.restarting) {
        setState({
          reopening: false,
          message: `Done. The previous database is kept as ${outcome.keptAs}. Start Atelier again to open the new one.`,
        });
        return;
      }
      setState({ reopening: true, message: 'Done. Atelier is reopening…' });
      if (api.transport === 'web') setTimeout(() => window.location.reload(), 300);
    },
  };
}

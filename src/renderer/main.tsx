import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from './app/App';
import { BackendContext } from './backend/context';
import { selectBackend } from './backend/select';
import { BridgeProblem } from './app/BridgeProblem';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const choice = selectBackend();
const queries = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

root.render(
  <StrictMode>
    {'api' in choice ? (
      <BackendContext.Provider value={choice.api}>
        <QueryClientProvider client={queries}>
          <App />
        </QueryClientProvider>
      </BackendContext.Provider>
    ) : (
      <BridgeProblem message={choice.problem} />
    )}
  </StrictMode>,
);

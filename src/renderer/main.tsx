import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BackendProvider, createQueryClient } from './backend/context';
import { selectBackend } from './backend/select';
import { BridgeProblem } from './app/BridgeProblem';
import { prefetchFirstPage } from './library/first-page';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
const choice = selectBackend();
const queries = createQueryClient();
// The first page's query and the first paint overlap (see first-page.ts).
if ('api' in choice) prefetchFirstPage(queries, choice.api);

root.render(
  <StrictMode>
    {'api' in choice ? (
      <BackendProvider api={choice.api} client={queries}>
        <App />
      </BackendProvider>
    ) : (
      <BridgeProblem message={choice.problem} />
    )}
  </StrictMode>,
);

// Entry point: start the session actor, build the router around it, and render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { applyDocumentLanguage } from '#lib/locale';
import './styles.css';
import { createQueryClient, Providers } from './Providers';
import { createAppRouter } from './AppRoutes';
import { startSession } from './session';
import { startInspector } from './inspector';

applyDocumentLanguage();
await startInspector();

const session = startSession();
const queryClient = createQueryClient();
const router = createAppRouter(session);

// Cached server data belongs to one person: drop it when the signed-in user changes or signs out.
let userId = session.getSnapshot().context.record?.id ?? null;
session.subscribe((snapshot) => {
  const next = snapshot.context.record?.id ?? null;
  if (next !== userId) {
    userId = next;
    queryClient.clear();
  }
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers session={session} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
